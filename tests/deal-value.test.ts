import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";
import { signedInMember } from "./helpers/signed-in";

// One definition of a deal's value (docs/decisions/0080): the value set on the lead, else the chosen
// package's price. One fixture, two won leads (one with a value of its own above the package's
// price, one without a value), read through every place that shows a deal's value.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/navigation", () => ({ redirect: () => {}, notFound: () => {} }));

const handle = setUpTestDatabase();
// A change an endpoint takes enqueues its delivery's job (docs/decisions/0093).
setUpJobQueue();
const { analyticsEvents, apiKeys, leads, webhookDeliveries } = await import("@/server/kernel/db/schema");
const { dealValueOf, dealValueSql, dealValueWithSource } = await import("@/lib/deal-value");
const { packageDealValue, packageChoices } = await import("@/content/services");
const { overviewReport } = await import("@/server/dashboard/data/overview");
const { loadBoard } = await import("@/server/pipeline/data/pipeline");
const { readBoardFilters } = await import("@/lib/pipeline");
const { analyticsReport } = await import("@/server/analytics/data/analytics-report");
const { personHeader } = await import("@/server/people/data/people-rows");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { hashApiKey } = await import("@/server/integrations/api-keys");
const { leadSummary } = await import("@/server/integrations/mcp-desk-tools");
const { getLead } = await import("@/server/integrations/api-leads");
const exportRoute = await import("@/app/admin/export/[table]/route");
const apiRoute = await import("@/app/api/v1/[...path]/route");

const NOW = new Date();
const SET = 480_000;
const PACKAGE = { service: "SEO Optimization", package: "Growth" };
const PRICE = packageDealValue(PACKAGE.service, PACKAGE.package)!;
const ids = { set: "", priced: "", none: "" };
const emails = { set: `set-${crypto.randomUUID()}@brand.in`, priced: `priced-${crypto.randomUUID()}@brand.in` };
let token = "";

beforeAll(async () => {
  expect(PRICE).toBe(100_000);
  const member = await signedInMember(handle.db, "owner", { prefix: "deal-value" });
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, cookie: member.cookie });
  await handle.db.execute(sql`truncate leads, webhook_deliveries, webhook_endpoints, analytics_events cascade`);
  const createdAt = new Date(NOW.getTime() - 20 * 60_000);
  const wonAt = new Date(NOW.getTime() - 10 * 60_000);
  const base = { mobileNumber: "+919876543210", ...PACKAGE, status: "won", wonAt, createdAt };
  const rows = await handle.db
    .insert(leads)
    .values([
      { ...base, name: "Set Value", email: emails.set, dealValue: SET, visitorId: "a".repeat(64) },
      { ...base, name: "Package Price", email: emails.priced, dealValue: null, visitorId: "b".repeat(64) },
      { ...base, name: "No Package", email: `none-${crypto.randomUUID()}@brand.in`, service: null, package: null, dealValue: null },
    ])
    .returning({ id: leads.id, name: leads.name });
  ids.set = rows.find((r) => r.name === "Set Value")!.id;
  ids.priced = rows.find((r) => r.name === "Package Price")!.id;
  ids.none = rows.find((r) => r.name === "No Package")!.id;
  // Each lead with a visit begun before it was sent, so that Analytics joins it: the visit's day is
  // the UTC day of its first page view (yesterday's, in the first 25 minutes after midnight UTC).
  const at = new Date(createdAt.getTime() - 5 * 60_000);
  const day = at.toISOString().slice(0, 10);
  await handle.db.insert(analyticsEvents).values(
    ["a".repeat(64), "b".repeat(64)].map((visitorId) => ({
      at,
      day,
      visitorId,
      path: "/free-audit",
      device: "desktop" as const,
      utmSource: "newsletter",
      utmMedium: "email",
    })),
  );
  token = `kg_live_${crypto.randomBytes(32).toString("base64url")}`;
  await handle.db.insert(apiKeys).values({ name: "crm", tokenHash: hashApiKey(token), shownPrefix: token.slice(0, 12), scopes: ["leads:read", "leads:write"] });
}, 120_000);

async function api(method: "GET" | "PATCH", path: string, body?: unknown) {
  const url = new URL(`${SITE}/api/v1/${path}`);
  const headers = new Headers({ authorization: `Bearer ${token}` });
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await apiRoute[method](new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), {
    params: Promise.resolve({ path: url.pathname.slice("/api/v1/".length).split("/").filter(Boolean) }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

describe(`one deal value through every surface (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("the rule: the value set on the lead, else the package's price, else none; SQL agrees for every package", async () => {
    expect(dealValueOf({ dealValue: SET, ...PACKAGE })).toBe(SET);
    expect(dealValueWithSource({ dealValue: null, ...PACKAGE })).toEqual({ value: PRICE, source: "package" });
    expect(dealValueOf({ dealValue: null, service: PACKAGE.service, package: "Discontinued" })).toBeNull();
    expect(dealValueOf({ dealValue: 0, ...PACKAGE })).toBe(0);
    for (const choice of packageChoices()) {
      const inSql = await handle.db.execute<{ v: string | null }>(
        sql`select ${dealValueSql({ dealValue: sql`null::bigint`, service: sql`${choice.serviceTitle}::text`, package: sql`${choice.name}::text` })}::text as v`,
      );
      expect(Number(inSql.rows[0]!.v), choice.value).toBe(packageDealValue(choice.serviceTitle, choice.name));
    }
  });

  it("the Overview's won value and won per month", async () => {
    const overview = await overviewReport(4, new Date());
    expect(overview.won).toEqual({ count: 3, value: SET + PRICE, paidPaise: 0 });
    expect(overview.pipeline.wonByMonth.reduce((n, m) => n + m.value, 0)).toBe(SET + PRICE);
  });

  it("the pipeline's Won column and its cards", async () => {
    const board = await loadBoard(readBoardFilters({}));
    const won = board.columns.find((c) => c.key === "won")!;
    expect(won.total).toBe(SET + PRICE);
    expect(won.cards.find((c) => c.id === ids.set)).toMatchObject({ dealValue: SET, dealValueFromPackage: false });
    expect(won.cards.find((c) => c.id === ids.priced)).toMatchObject({ dealValue: PRICE, dealValueFromPackage: true });
    expect(won.cards.find((c) => c.id === ids.none)).toMatchObject({ dealValue: null, dealValueFromPackage: false });
  });

  it("Analytics' won value", async () => {
    const report = await analyticsReport(7, {}, NOW);
    expect(report.funnelByChannel.reduce((n, r) => n + r.wonValue, 0)).toBe(SET + PRICE);
    expect(report.funnelByChannel.find((r) => r.key === "email")).toMatchObject({ won: 2, wonValue: SET + PRICE });
  });

  it("the person page", async () => {
    expect((await personHeader(emails.set)).dealValue).toBe(SET);
    expect((await personHeader(emails.priced)).dealValue).toBe(PRICE);
  });

  it("the leads' CSV export", async () => {
    const response = await exportRoute.GET(new Request(`${SITE}/admin/export/leads`), { params: Promise.resolve({ table: "leads" }) });
    expect(response.status).toBe(200);
    const [head, ...lines] = (await response.text()).trim().split(/\r?\n/);
    const column = head!.split(",").indexOf("Deal value (INR)");
    const from = head!.split(",").indexOf("Deal value from");
    const byName = (name: string) => lines.find((l) => l.startsWith(name) || l.includes(`,${name},`))!.split(",");
    expect(byName("Set Value")[column]).toBe(String(SET));
    expect(byName("Package Price")[column]).toBe(String(PRICE));
    expect(byName("Package Price")[from]).toBe("package");
    expect(byName("No Package")[column]).toBe("");
  });

  it("the REST API and the MCP tools", async () => {
    expect(await api("GET", `leads/${ids.set}`)).toMatchObject({ dealValue: SET, dealValueFrom: "set" });
    expect(await api("GET", `leads/${ids.priced}`)).toMatchObject({ dealValue: PRICE, dealValueFrom: "package" });
    const listed = (await api("GET", "leads?status=won")) as unknown as Record<string, unknown>[];
    expect(listed.find((l) => l.id === ids.priced)).toMatchObject({ dealValue: PRICE });
    const key = { id: "test", name: "crm", scopes: ["leads:read"] } as never;
    expect(leadSummary(await getLead(key, ids.priced))).toMatchObject({ dealValue: PRICE, dealValueFrom: "package" });
    expect(leadSummary(await getLead(key, ids.set))).toMatchObject({ dealValue: SET, dealValueFrom: "set" });
    // Reading and writing back what was read does not turn the package's price into a value of its own.
    await api("PATCH", `leads/${ids.priced}`, { notes: "Called back" });
    const [row] = await handle.db.select({ dealValue: leads.dealValue }).from(leads).where(eq(leads.id, ids.priced));
    expect(row!.dealValue).toBeNull();
  });

  it("the webhook payload", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example.com/crm", kind: "standard", events: ["lead.updated"] });
    await api("PATCH", `leads/${ids.priced}`, { notes: "Sent the proposal" });
    await api("PATCH", `leads/${ids.set}`, { notes: "Signed" });
    const payloads = await handle.db.select({ recordId: webhookDeliveries.recordId, payload: webhookDeliveries.payload }).from(webhookDeliveries);
    expect(payloads.find((p) => p.recordId === ids.priced)?.payload).toMatchObject({ dealValue: PRICE, dealValueFrom: "package" });
    expect(payloads.find((p) => p.recordId === ids.set)?.payload).toMatchObject({ dealValue: SET, dealValueFrom: "set" });
  });
});
