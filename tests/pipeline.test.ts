import crypto from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The pipeline (docs/decisions/0067): the owner's stages beside the five built-in ones, a lead's deal
// value, and the board, whose move is the lead's status change and nothing else. Members sign in for
// real (better-auth's sessions), so a role the actions refuse is refused as it would be on the site.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
const redirects: string[] = [];
vi.mock("next/navigation", () => ({ redirect: (to: string) => void redirects.push(to), notFound: () => {} }));

const handle = setUpTestDatabase();
// A change an endpoint takes enqueues its delivery's job (docs/decisions/0093).
setUpJobQueue();
const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const schema = await import("@/server/kernel/db/schema");
const { activityEvents, apiKeys, leadStages, leads, profiles, webhookDeliveries } = schema;
const pipeline = await import("@/server/pipeline/pipeline-actions");
const admin = await import("@/server/dashboard/admin-actions");
const { loadBoard } = await import("@/server/pipeline/data/pipeline");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const { readBoardFilters } = await import("@/lib/pipeline");
const { AdminLeadSchema } = await import("@/lib/schemas/admin");
const { packageDealValue } = await import("@/content/services");
const { dealValueWithSource } = await import("@/lib/deal-value");
const { createLead } = await import("@/server/leads/data/leads");
const { hashApiKey } = await import("@/server/integrations/api-keys");
const route = await import("@/app/api/v1/[...path]/route");

const IDLE = { status: "idle" } as const;
const PASSWORD = "Monsoon-Ledger-2026";
type Role = "owner" | "admin" | "sales" | "editor";
const cookies = new Map<Role, string>();
const ids = new Map<Role, string>();

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};

/** The next calls are made as this member (their session cookie), or as nobody signed in. */
function as(role: Role | null) {
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, ...(role ? { cookie: cookies.get(role)! } : {}) });
}

beforeAll(async () => {
  const context = await getAuth().$context;
  for (const role of ["owner", "admin", "sales", "editor"] as const) {
    const email = `${role}@pipeline.test`;
    const user = await context.internalAdapter.createUser({ name: `Member ${role}`, email, emailVerified: true }, { method: "email-password" });
    await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(PASSWORD) });
    await handle.db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
    const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    cookies.set(
      role,
      headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
    ids.set(role, user.id);
  }
}, 120_000);

beforeEach(async () => {
  // The trail is never emptied (docs/decisions/0037): each test reads only the rows written since it began.
  await handle.db.execute(sql`truncate leads, webhook_deliveries, webhook_endpoints cascade`);
  testStart = new Date(Date.now() - 1);
  await handle.db.delete(leadStages).where(eq(leadStages.builtin, false));
  redirects.length = 0;
  as("owner");
});

async function lead(values: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await handle.db
    .insert(leads)
    .values({ name: "Asha Rao", email: `asha-${crypto.randomUUID()}@brand.in`, mobileNumber: "+919876543210", ...values })
    .returning({ id: leads.id });
  return row!.id;
}
const leadRow = async (id: string) => (await handle.db.select().from(leads).where(eq(leads.id, id)))[0];
const stages = async () => (await handle.db.select().from(leadStages).orderBy(leadStages.position)).map((s) => s.key);
let testStart = new Date();
const activityFor = (id: string) =>
  handle.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.tableName, "leads"), eq(activityEvents.recordId, id)));
const stageActivity = (action: string, key: string) =>
  handle.db
    .select()
    .from(activityEvents)
    .where(
      and(eq(activityEvents.tableName, "lead_stages"), eq(activityEvents.action, action), eq(activityEvents.recordId, key), gte(activityEvents.at, testStart)),
    );
const deliveriesFor = (id: string) => handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.recordId, id));
const addStage = async (name: string, after = "qualified") => pipeline.createStageAction(IDLE, formOf({ name, after }));

describe(`pipeline stages (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("starts with the five built-in stages in order", async () => {
    expect(await stages()).toEqual(["new", "contacted", "qualified", "won", "lost"]);
  });

  it("adds a stage where it is asked for, with a key made once from its name, and records it", async () => {
    expect(await addStage("Proposal sent")).toMatchObject({ status: "success" });
    expect(await stages()).toEqual(["new", "contacted", "qualified", "proposal-sent", "won", "lost"]);
    // The same name in another case is refused; a name that makes the same key gets a key of its own;
    // a name without a letter first still makes a valid key.
    expect(await addStage("proposal SENT", "won")).toMatchObject({ status: "invalid", fieldErrors: { name: expect.stringContaining("already") } });
    expect(await addStage("Proposal: sent!", "new")).toMatchObject({ status: "success" });
    expect(await addStage("2nd call", "new")).toMatchObject({ status: "success" });
    expect(await stages()).toEqual(["new", "stage-2nd-call", "proposal-sent-2", "contacted", "qualified", "proposal-sent", "won", "lost"]);
    const rows = await stageActivity("create", "proposal-sent");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: ids.get("owner") });
  });

  it("refuses bad input with a message beside its field and changes nothing", async () => {
    const before = await handle.db.select().from(leadStages);
    const cases: [Record<string, string>, string][] = [
      [{ name: "", after: "new" }, "name"],
      [{ name: "   ", after: "new" }, "name"],
      [{ name: "x".repeat(41), after: "new" }, "name"],
      [{ name: "Won", after: "new" }, "name"],
      [{ name: "wOn", after: "new" }, "name"],
      [{ name: "Demo", after: "nowhere" }, "after"],
      [{ name: "Demo", after: "" }, "after"],
      [{ name: "Demo\u0000", after: "new" }, "name"],
      [{ name: "Demo".repeat(50_000), after: "new" }, "name"],
    ];
    for (const [values, field] of cases) {
      const answer = await pipeline.createStageAction(IDLE, formOf(values));
      expect(answer.status, JSON.stringify(values).slice(0, 80)).toBe("invalid");
      expect(Object.keys(answer.fieldErrors ?? {}), JSON.stringify(values).slice(0, 80)).toContain(field);
    }
    expect(await handle.db.select().from(leadStages)).toEqual(before);
  });

  it("keeps to the owner's limit of custom stages", async () => {
    for (let i = 1; i <= 12; i++) expect(await addStage(`Step ${i}`)).toMatchObject({ status: "success" });
    expect(await addStage("Step 13")).toMatchObject({ status: "invalid", message: expect.stringContaining("12 custom stages") });
    expect((await stages()).length).toBe(17);
  });

  it("stages added at once keep to the limit and to one name each", async () => {
    for (let i = 1; i <= 10; i++) expect(await addStage(`Step ${i}`)).toMatchObject({ status: "success" });
    const last = await Promise.all(["Step 11", "Step 12", "Step 13", "Step 14"].map((name) => addStage(name)));
    expect(last.filter((a) => a.status === "success")).toHaveLength(2);
    expect(last.filter((a) => a.status === "invalid" && a.message?.includes("12 custom stages"))).toHaveLength(2);
    expect((await stages()).length).toBe(17);
    await handle.db.delete(leadStages).where(eq(leadStages.builtin, false));
    const twins = await Promise.all([addStage("Demo"), addStage("demo"), addStage("DEMO")]);
    expect(twins.filter((a) => a.status === "success")).toHaveLength(1);
    expect(twins.filter((a) => a.status === "invalid" && a.message?.includes("already a stage called"))).toHaveLength(2);
    expect(await stages()).toEqual(["new", "contacted", "qualified", "demo", "won", "lost"]);
  });

  it("renames a custom stage keeping its key; the built-ins keep their names", async () => {
    await addStage("Proposal sent");
    expect(await pipeline.renameStageAction(IDLE, formOf({ key: "proposal-sent", name: "Proposal out" }))).toMatchObject({ status: "success" });
    const [row] = await handle.db.select().from(leadStages).where(eq(leadStages.key, "proposal-sent"));
    expect(row!.name).toBe("Proposal out");
    expect(await pipeline.renameStageAction(IDLE, formOf({ key: "won", name: "Closed" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.renameStageAction(IDLE, formOf({ key: "proposal-sent", name: "qualified" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.renameStageAction(IDLE, formOf({ key: "nowhere", name: "Nothing" }))).toMatchObject({ status: "invalid" });
    expect((await handle.db.select().from(leadStages).where(eq(leadStages.key, "won")))[0]!.name).toBe("Won");
  });

  it("moves a custom stage one place at a time, never before New, and never moves a built-in", async () => {
    await addStage("Demo booked", "new");
    expect(await pipeline.moveStageAction(IDLE, formOf({ key: "demo-booked", direction: "up" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.moveStageAction(IDLE, formOf({ key: "demo-booked", direction: "down" }))).toMatchObject({ status: "success" });
    expect(await stages()).toEqual(["new", "contacted", "demo-booked", "qualified", "won", "lost"]);
    for (let i = 0; i < 3; i++) await pipeline.moveStageAction(IDLE, formOf({ key: "demo-booked", direction: "down" }));
    expect(await stages()).toEqual(["new", "contacted", "qualified", "won", "lost", "demo-booked"]);
    expect(await pipeline.moveStageAction(IDLE, formOf({ key: "demo-booked", direction: "down" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.moveStageAction(IDLE, formOf({ key: "won", direction: "up" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.moveStageAction(IDLE, formOf({ key: "demo-booked", direction: "sideways" }))).toMatchObject({ status: "invalid" });
    expect(await stages()).toEqual(["new", "contacted", "qualified", "won", "lost", "demo-booked"]);
  });

  it("removes a stage with leads only once told where they go, each move a status change with its webhook", async () => {
    await addStage("Proposal sent");
    await insertWebhookEndpoint({ url: "https://hooks.example.com/crm", kind: "standard", events: ["lead.updated"] });
    const held = [await lead({ status: "proposal-sent" }), await lead({ status: "proposal-sent" }), await lead({ status: "proposal-sent" })];
    const other = await lead({ status: "qualified" });
    const refused = await pipeline.removeStageAction(IDLE, formOf({ key: "proposal-sent" }));
    expect(refused).toMatchObject({ status: "invalid", fieldErrors: { moveTo: expect.stringContaining("holds 3 leads") } });
    expect(await pipeline.removeStageAction(IDLE, formOf({ key: "proposal-sent", moveTo: "proposal-sent" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.removeStageAction(IDLE, formOf({ key: "proposal-sent", moveTo: "gone-stage" }))).toMatchObject({ status: "invalid" });
    expect(await pipeline.removeStageAction(IDLE, formOf({ key: "won", moveTo: "lost" }))).toMatchObject({ status: "invalid" });
    expect(await stages()).toContain("proposal-sent");
    for (const id of held) expect((await leadRow(id))!.status).toBe("proposal-sent");

    expect(await pipeline.removeStageAction(IDLE, formOf({ key: "proposal-sent", moveTo: "won" }))).toMatchObject({
      status: "success",
      message: "Stage removed. Its 3 leads were moved.",
    });
    expect(await stages()).not.toContain("proposal-sent");
    for (const id of held) {
      expect((await leadRow(id))!.status).toBe("won");
      const trail = await activityFor(id);
      expect(trail).toHaveLength(1);
      expect(trail[0]).toMatchObject({ action: "status", before: { status: "proposal-sent" }, after: { status: "won" } });
      const sent = await deliveriesFor(id);
      expect(sent.map((d) => [d.eventType, d.payload.status])).toEqual([["lead.updated", "won"]]);
    }
    expect(await activityFor(other)).toHaveLength(0);
    expect(await stageActivity("delete", "proposal-sent")).toHaveLength(1);
  });

  it("the database itself refuses a status that is no stage, and a stage that still holds a lead", async () => {
    const id = await lead();
    await expect(handle.db.update(leads).set({ status: "nowhere" }).where(eq(leads.id, id))).rejects.toThrow();
    await addStage("Demo");
    await handle.db.update(leads).set({ status: "demo" }).where(eq(leads.id, id));
    await expect(handle.db.delete(leadStages).where(eq(leadStages.key, "demo"))).rejects.toThrow();
    await expect(handle.db.insert(leadStages).values({ key: "Bad Key", name: "Bad", position: 1 })).rejects.toThrow();
  });

  it("only the owner changes stages: every other role and a visitor are refused, nothing changes", async () => {
    await addStage("Demo");
    const before = await handle.db.select().from(leadStages);
    for (const role of ["admin", "sales", "editor", null] as const) {
      as(role);
      for (const answer of [
        await addStage(`By ${role}`),
        await pipeline.renameStageAction(IDLE, formOf({ key: "demo", name: "Taken over" })),
        await pipeline.moveStageAction(IDLE, formOf({ key: "demo", direction: "down" })),
        await pipeline.removeStageAction(IDLE, formOf({ key: "demo" })),
      ])
        expect(answer.status, String(role)).toBe("refused");
    }
    expect(await handle.db.select().from(leadStages)).toEqual(before);
  });
});

describe(`moving a card (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("is the same write as the list's status change: activity row, first-contact stamp, webhook delivery", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example.com/crm", kind: "standard", events: ["lead.updated"] });
    const byList = await lead();
    const byBoard = await lead();
    expect(await admin.setStatus("leads", byList, "contacted")).toMatchObject({ status: "success" });
    expect(await pipeline.moveLeadCard(byBoard, "contacted", "new")).toMatchObject({ status: "success", message: "Asha Rao moved to Contacted." });
    const [list, board] = [(await leadRow(byList))!, (await leadRow(byBoard))!];
    expect(list.firstContactedAt).toBeInstanceOf(Date);
    expect(board.firstContactedAt).toBeInstanceOf(Date);
    const [listTrail, boardTrail] = [await activityFor(byList), await activityFor(byBoard)];
    expect(listTrail).toHaveLength(1);
    expect(boardTrail).toHaveLength(1);
    const shape = (row: (typeof listTrail)[number]) => ({
      action: row.action,
      userId: row.userId,
      before: Object.keys(row.before ?? {}).sort(),
      after: Object.keys(row.after ?? {}).sort(),
    });
    expect(shape(boardTrail[0]!)).toEqual(shape(listTrail[0]!));
    expect(boardTrail[0]).toMatchObject({ action: "status", before: { status: "new", firstContactedAt: null }, after: { status: "contacted" } });
    const [listSent, boardSent] = [await deliveriesFor(byList), await deliveriesFor(byBoard)];
    expect(boardSent.map((d) => d.eventType)).toEqual(["lead.updated"]);
    expect(listSent.map((d) => d.eventType)).toEqual(["lead.updated"]);
    expect(Object.keys(boardSent[0]!.payload).sort()).toEqual(Object.keys(listSent[0]!.payload).sort());
    expect(boardSent[0]!.payload).toMatchObject({ status: "contacted", dealValue: null, expectedCloseOn: null });
  });

  it("a custom stage counts as contacted; Lost does not", async () => {
    await addStage("Proposal sent");
    const toCustom = await lead();
    const toLost = await lead();
    await pipeline.moveLeadCard(toCustom, "proposal-sent", "new");
    await pipeline.moveLeadCard(toLost, "lost", "new");
    expect((await leadRow(toCustom))!.firstContactedAt).toBeInstanceOf(Date);
    expect((await leadRow(toLost))!.firstContactedAt).toBeNull();
  });

  it("a move from a board that is out of date changes nothing and says where the lead is", async () => {
    const id = await lead({ status: "qualified" });
    const answer = await pipeline.moveLeadCard(id, "won", "new");
    expect(answer).toMatchObject({ status: "error", title: "Not moved", message: expect.stringContaining("now in Qualified") });
    expect((await leadRow(id))!.status).toBe("qualified");
    expect(await activityFor(id)).toHaveLength(0);
  });

  it("moves sent at once for one card: exactly one is made", async () => {
    const id = await lead();
    const answers = await Promise.all(["contacted", "qualified", "won", "lost", "contacted"].map((to) => pipeline.moveLeadCard(id, to, "new")));
    expect(answers.filter((a) => a.status === "success")).toHaveLength(1);
    expect(answers.filter((a) => a.status === "error" && a.title === "Not moved")).toHaveLength(4);
    expect(await activityFor(id)).toHaveLength(1);
  });

  it("a move onto a stage removed at the same moment: the lead ends in a stage that exists", async () => {
    await addStage("Demo");
    const id = await lead();
    const [moved, removed] = await Promise.all([
      pipeline.moveLeadCard(id, "demo", "new"),
      pipeline.removeStageAction(IDLE, formOf({ key: "demo", moveTo: "contacted" })),
    ]);
    const status = (await leadRow(id))!.status;
    expect(await stages()).toContain(status);
    // The removal always goes through (it was told where leads go); the move either came first, and
    // its lead was then carried to Contacted, or came second and found no such stage.
    expect(removed.status).toBe("success");
    expect(status).toBe(moved.status === "success" ? "contacted" : "new");
  });

  it("refuses bad or forged input, another desk and a visitor; nothing changes", async () => {
    const id = await lead();
    for (const [cardId, to, from] of [
      ["not-a-uuid", "won", "new"],
      [crypto.randomUUID(), "won", "new"],
      [id, "nowhere", "new"],
      [id, "", "new"],
      [id, "x".repeat(100_000), "new"],
      [id, "won", ""],
    ]) {
      const answer = await pipeline.moveLeadCard(cardId!, to!, from!);
      expect(answer.status, `${cardId} ${to?.slice(0, 20)} ${from}`).not.toBe("success");
    }
    as("editor");
    expect(await pipeline.moveLeadCard(id, "won", "new")).toMatchObject({ status: "refused" });
    as(null);
    expect(await pipeline.moveLeadCard(id, "won", "new")).toMatchObject({ status: "refused" });
    expect((await leadRow(id))!.status).toBe("new");
    expect(await activityFor(id)).toHaveLength(0);
    as("sales");
    expect(await pipeline.moveLeadCard(id, "won", "new")).toMatchObject({ status: "success" });
  });

  it("the plain form moves too and comes back to the board at its filters with the result", async () => {
    const id = await lead();
    await pipeline.moveLeadCardForm(formOf({ id, to: "qualified", from: "new", board: "q=asha&owner=none&show-new=100&evil=https://x.example" }));
    expect((await leadRow(id))!.status).toBe("qualified");
    expect(redirects).toEqual([`/admin/pipeline?q=asha&owner=none&show-new=100&result=moved&moved=${id}`]);
    await pipeline.moveLeadCardForm(formOf({ id, to: "won", from: "new", board: "" }));
    expect(redirects[1]).toBe(`/admin/pipeline?result=stale&moved=${id}`);
    expect((await leadRow(id))!.status).toBe("qualified");
  });
});

describe(`a custom stage through the API and bulk actions (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  async function call(method: "GET" | "PATCH", path: string, token: string, body?: unknown) {
    const url = new URL(`${SITE}/api/v1/${path}`);
    const headers = new Headers({ authorization: `Bearer ${token}` });
    if (body !== undefined) headers.set("content-type", "application/json");
    const response = await route[method](new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), {
      params: Promise.resolve({ path: url.pathname.slice("/api/v1/".length).split("/").filter(Boolean) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: Record<string, unknown> & Record<string, unknown>[]; error?: { fields?: Record<string, string> } },
    };
  }

  it("the REST API sets, filters and refuses stages by key", async () => {
    await addStage("Proposal sent");
    const token = `kg_live_${crypto.randomBytes(32).toString("base64url")}`;
    await handle.db
      .insert(apiKeys)
      .values({ name: "crm", tokenHash: hashApiKey(token), shownPrefix: token.slice(0, 12), scopes: ["leads:read", "leads:write"] });
    const id = await lead();
    const patched = await call("PATCH", `leads/${id}`, token, { status: "proposal-sent" });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ status: "proposal-sent" });
    expect((await leadRow(id))!.firstContactedAt).toBeInstanceOf(Date);
    expect((await activityFor(id))[0]).toMatchObject({ action: "status" });
    const listed = await call("GET", "leads?status=proposal-sent", token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((l) => l.id)).toEqual([id]);
    const unknown = await call("PATCH", `leads/${id}`, token, { status: "nowhere" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.fields?.status).toBeTruthy();
    expect((await call("GET", "leads?status=nowhere", token)).status).toBe(422);
    const withValue = await call("PATCH", `leads/${id}`, token, { dealValue: 250000, expectedCloseOn: "2026-12-31" });
    expect(withValue.status).toBe(200);
    expect(withValue.body.data).toMatchObject({ dealValue: 250000, expectedCloseOn: "2026-12-31", status: "proposal-sent" });
    expect((await call("PATCH", `leads/${id}`, token, { dealValue: -5 })).status).toBe(422);
  });

  it("bulk actions set a custom stage and filter by it", async () => {
    await addStage("Proposal sent");
    const chosen = [await lead({ growthChallenge: "shopify" }), await lead({ growthChallenge: "shopify" })];
    await lead({ growthChallenge: "seo" });
    const { matchingSet } = await import("@/server/dashboard/data/admin-records");
    const { leadsTable } = await import("@/lib/admin-tables/leads");
    const set = await matchingSet(leadsTable, { q: "shopify" });
    const answer = await admin.bulkAction("leads", {
      q: "shopify",
      action: "status",
      value: "proposal-sent",
      count: String(set.count),
      fingerprint: set.fingerprint,
    });
    expect(answer).toMatchObject({ status: "success", message: "Set to Proposal sent: 2 leads." });
    for (const id of chosen) expect((await leadRow(id))!.status).toBe("proposal-sent");
    expect((await matchingSet(leadsTable, { status: "proposal-sent" })).count).toBe(2);
    const unknown = await admin.bulkAction("leads", { q: "shopify", action: "status", value: "nowhere", count: "2", fingerprint: set.fingerprint });
    expect(unknown.status).not.toBe("success");
  });
});

describe(`deal value and the board's totals (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a deal value is whole rupees from 0 to 100 crore; the dialog's form says what is wrong", () => {
    const base = { name: "Asha Rao", email: "asha@brand.in", mobileNumber: "9876543210" };
    expect(AdminLeadSchema.parse({ ...base, dealValue: "1,50,000" }).dealValue).toBe(150000);
    expect(AdminLeadSchema.parse({ ...base, dealValue: "₹ 2 00 000" }).dealValue).toBe(200000);
    expect(AdminLeadSchema.parse({ ...base, dealValue: "" }).dealValue).toBeNull();
    expect(AdminLeadSchema.parse({ ...base, dealValue: "0" }).dealValue).toBe(0);
    for (const bad of ["-1", "12.5", "1e6", "lots", "1000000001", "9".repeat(400)])
      expect(AdminLeadSchema.safeParse({ ...base, dealValue: bad }).success, bad).toBe(false);
    expect(AdminLeadSchema.safeParse({ ...base, expectedCloseOn: "2026-02-30" }).success).toBe(false);
    expect(AdminLeadSchema.safeParse({ ...base, status: "Not A Key" }).success).toBe(false);
  });

  it("values a new lead at its package's price (with its setup fee) without storing it, and not a package gone from the catalogue", async () => {
    expect(packageDealValue("SEO Optimization", "Growth")).toBe(100000);
    expect(packageDealValue("SEO Optimization", "Discontinued")).toBeNull();
    expect(packageDealValue(null, null)).toBeNull();
    const made = await createLead(
      {
        name: "Ravi",
        email: "ravi@brand.in",
        mobileNumber: "+919876543210",
        websiteUrl: null,
        monthlyRevenue: "0-10L/month" as never,
        growthChallenge: "More orders",
        package: { service: "SEO Optimization", package: "Growth" },
      },
      {},
      null,
    );
    expect("id" in made).toBe(true);
    const [row] = await handle.db.select().from(leads).where(eq(leads.email, "ravi@brand.in"));
    // The column keeps only what staff set (docs/decisions/0080): the package's price is derived, so
    // every screen says where the figure comes from and a price change reaches the lead.
    expect(row!.dealValue).toBeNull();
    expect(dealValueWithSource(row!)).toEqual({ value: 100000, source: "package" });
  });

  it("saves a value and a close date from the dialog and refuses a stage that does not exist", async () => {
    const id = await lead();
    const form = {
      name: "Asha Rao",
      email: "asha@brand.in",
      mobileNumber: "9876543210",
      status: "qualified",
      dealValue: "3,00,000",
      expectedCloseOn: "2026-12-31",
    };
    expect(await admin.saveRecord("leads", id, formOf(form))).toMatchObject({ status: "success" });
    expect(await leadRow(id)).toMatchObject({ dealValue: 300000, expectedCloseOn: "2026-12-31", status: "qualified" });
    expect(await admin.saveRecord("leads", id, formOf({ ...form, status: "nowhere", dealValue: "5" }))).toMatchObject({
      status: "invalid",
      fieldErrors: { status: expect.any(String) },
    });
    expect((await leadRow(id))!.dealValue).toBe(300000);
  });

  it("counts and totals each whole column while showing its first 50 cards, filtered like the list", async () => {
    await addStage("Proposal sent");
    const rows = Array.from({ length: 130 }, (_, i) => ({
      name: `Lead ${i}`,
      email: `lead${i}@brand.in`,
      mobileNumber: "+919876543210",
      websiteUrl: i % 2 ? `https://www.shop${i}.in` : null,
      status: i < 70 ? "new" : i < 100 ? "proposal-sent" : "won",
      dealValue: i % 10 === 0 ? null : 1000 * i,
      service: i % 3 === 0 ? "SEO Optimization" : "Paid Advertising",
      ownerId: i % 4 === 0 ? ids.get("sales")! : null,
    }));
    await handle.db.insert(leads).values(rows);
    const sum = (pick: (i: number) => boolean) => rows.reduce((n, r, i) => n + (pick(i) ? (r.dealValue ?? 0) : 0), 0);
    const board = await loadBoard(readBoardFilters({}));
    expect(board.columns.map((c) => c.key)).toEqual(["new", "contacted", "qualified", "proposal-sent", "won", "lost"]);
    const col = (key: string) => board.columns.find((c) => c.key === key)!;
    expect([col("new").count, col("proposal-sent").count, col("won").count, col("lost").count]).toEqual([70, 30, 30, 0]);
    expect(col("new").total).toBe(sum((i) => i < 70));
    expect(col("proposal-sent").total).toBe(sum((i) => i >= 70 && i < 100));
    expect(col("new").cards).toHaveLength(50);
    expect(col("proposal-sent").cards).toHaveLength(30);
    expect(board.total).toBe(sum(() => true));
    // "Show more" on one column; the rest keep their first page.
    const more = await loadBoard(readBoardFilters({ "show-new": "100" }));
    const allNew = more.columns.find((c) => c.key === "new")!.cards;
    expect(allNew).toHaveLength(70);
    // The card names the person, and the company from the website's host (docs/decisions/0101); the
    // rows share one created_at, so the whole column is searched, not its first page.
    expect(allNew.find((c) => c.name === "Lead 1")).toMatchObject({ name: "Lead 1", company: "Shop1" });
    expect(allNew.find((c) => c.name === "Lead 2")).toMatchObject({ name: "Lead 2", company: null });
    // Filters: owner, service, search; counts and totals follow them.
    as("sales");
    const mine = await loadBoard(readBoardFilters({ owner: "me" }));
    expect(mine.count).toBe(rows.filter((r) => r.ownerId).length);
    const seo = await loadBoard(readBoardFilters({ service: "SEO Optimization" }));
    expect(seo.count).toBe(rows.filter((r) => r.service === "SEO Optimization").length);
    expect(seo.total).toBe(sum((i) => rows[i]!.service === "SEO Optimization"));
    expect((await loadBoard(readBoardFilters({ q: "shop11.in" }))).count).toBe(1);
    expect((await loadBoard(readBoardFilters({ service: "Not a service" }))).count).toBe(130);
    const today = new Date().toISOString().slice(0, 10);
    expect((await loadBoard(readBoardFilters({ from: "2000-01-01", to: "2000-01-02" }))).count).toBe(0);
    expect((await loadBoard(readBoardFilters({ from: "2000-01-01", to: "2100-01-01" }))).count).toBe(130);
    expect(today).toMatch(/^\d{4}/);
    as("editor");
    await expect(loadBoard(readBoardFilters({}))).rejects.toThrow();
  });

  it("the Overview's open value by stage and won value per month, site time, follow the moves", async () => {
    const { overviewReport } = await import("@/server/dashboard/data/overview");
    await addStage("Proposal sent");
    const a = await lead({ status: "qualified", dealValue: 100000 });
    const b = await lead({ status: "proposal-sent", dealValue: 250000 });
    await lead({ status: "lost", dealValue: 999 });
    await lead({ status: "new", dealValue: null });
    let overview = await overviewReport(12);
    expect(overview.pipeline.open.map((s) => [s.key, s.count, s.value])).toEqual([
      ["new", 1, 0],
      ["contacted", 0, 0],
      ["qualified", 1, 100000],
      ["proposal-sent", 1, 250000],
    ]);
    expect(overview.pipeline.wonByMonth).toHaveLength(12);
    expect(overview.pipeline.wonByMonth.reduce((n, m) => n + m.value, 0)).toBe(0);
    expect(overview.funnel.reached).toEqual({ contacted: 2, qualified: 2, won: 0 });

    expect(await pipeline.moveLeadCard(b, "won", "proposal-sent")).toMatchObject({ status: "success" });
    expect((await leadRow(b))!.wonAt).toBeInstanceOf(Date);
    overview = await overviewReport(12);
    const thisMonth = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit" }).format(new Date());
    expect(overview.pipeline.wonByMonth.at(-1)).toEqual({ month: thisMonth, count: 1, value: 250000, paidPaise: 0 });
    expect(overview.pipeline.open.find((s) => s.key === "proposal-sent")).toMatchObject({ count: 0, value: 0 });

    // A deal won last month in India but this month in UTC, or the reverse, is counted in India's month.
    const edge = new Date(`${thisMonth}-01T00:10:00+05:30`);
    await handle.db.insert(leads).values({ name: "Edge", email: "edge@brand.in", mobileNumber: "+919876543210", status: "won", dealValue: 5000 });
    await handle.db.execute(sql`update leads set won_at = ${edge.toISOString()}::timestamptz where email = 'edge@brand.in'`);
    overview = await overviewReport(12);
    expect(overview.pipeline.wonByMonth.at(-1)).toEqual({ month: thisMonth, count: 2, value: 255000, paidPaise: 0 });

    // Leaving Won clears the stamp: the month no longer counts it.
    expect(await pipeline.moveLeadCard(b, "qualified", "won")).toMatchObject({ status: "success" });
    expect((await leadRow(b))!.wonAt).toBeNull();
    expect((await overviewReport(12)).pipeline.wonByMonth.at(-1)).toEqual({ month: thisMonth, count: 1, value: 5000, paidPaise: 0 });
    expect(a).toBeTruthy();
  });
});

describe(`what a card shows and Won with its value (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  const card = async (id: string) => (await loadBoard(readBoardFilters({}))).columns.flatMap((c) => c.cards).find((c) => c.id === id)!;
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000 - 60_000).toISOString();

  it("shows the person, the company, the value by the one rule, the close date, the next step and its day, the owner", async () => {
    const id = await lead({
      name: "Priya Sharma",
      websiteUrl: "https://www.brand.example.com",
      service: "SEO Optimization",
      package: "Growth",
      expectedCloseOn: "2026-12-12",
      followUpOn: "2026-12-03",
      nextStep: "Send the proposal",
      ownerId: ids.get("sales")!,
    });
    const shown = await card(id);
    expect(shown).toMatchObject({
      name: "Priya Sharma",
      company: "Brand Example",
      dealValue: dealValueWithSource({ service: "SEO Optimization", package: "Growth" })!.value,
      dealValueFromPackage: true,
      expectedCloseOn: "2026-12-12",
      followUpOn: "2026-12-03",
      nextStep: "Send the proposal",
      ownerLabel: "Member sales",
      daysInStage: 0,
    });
    expect((await loadBoard(readBoardFilters({}))).today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The answer to a move names the person and the company, as the card does.
    expect(await pipeline.moveLeadCard(id, "contacted", "new")).toMatchObject({
      status: "success",
      message: "Priya Sharma (Brand Example) moved to Contacted.",
    });
  });

  it("counts the days since the lead entered its stage: a real status change restarts them, other edits do not", async () => {
    const id = await lead({ name: "Ravi Kumar" });
    expect((await leadRow(id))!.stageChangedAt).toBeInstanceOf(Date);
    await handle.db.execute(sql`update leads set stage_changed_at = ${daysAgo(5)}::timestamptz where id = ${id}`);
    expect((await card(id)).daysInStage).toBe(5);
    // Saved from the dialog with the same status, and the same status set again: still five days.
    const form = { name: "Ravi Kumar", email: "ravi@brand.in", mobileNumber: "9876543210", status: "new", nextStep: "Call back" };
    expect(await admin.saveRecord("leads", id, formOf(form))).toMatchObject({ status: "success" });
    await handle.db.update(leads).set({ status: "new" }).where(eq(leads.id, id));
    expect(await card(id)).toMatchObject({ daysInStage: 5, nextStep: "Call back" });
    // Moved by the board, the list, or any other path: the count starts again.
    expect(await pipeline.moveLeadCard(id, "qualified", "new")).toMatchObject({ status: "success" });
    expect((await card(id)).daysInStage).toBe(0);
    await handle.db.execute(sql`update leads set stage_changed_at = ${daysAgo(2)}::timestamptz where id = ${id}`);
    expect(await admin.setStatus("leads", id, "contacted")).toMatchObject({ status: "success" });
    expect((await card(id)).daysInStage).toBe(0);
  });

  it("a next step is a short line, edited in the lead's dialog", async () => {
    const base = { name: "Asha Rao", email: "asha@brand.in", mobileNumber: "9876543210" };
    expect(AdminLeadSchema.parse({ ...base, nextStep: "  Send the proposal " }).nextStep).toBe("Send the proposal");
    expect(AdminLeadSchema.parse({ ...base, nextStep: "" }).nextStep).toBeNull();
    expect(AdminLeadSchema.safeParse({ ...base, nextStep: "x".repeat(141) }).success).toBe(false);
    const id = await lead();
    expect(await admin.saveRecord("leads", id, formOf({ ...base, nextStep: "x".repeat(141) }))).toMatchObject({
      status: "invalid",
      fieldErrors: { nextStep: expect.stringContaining("140") },
    });
    expect((await leadRow(id))!.nextStep).toBeNull();
  });

  it("Won with the value asked for is one write: the value and the status, one status row in the trail", async () => {
    const id = await lead({ name: "Priya Sharma", websiteUrl: "https://brand.example.com" });
    const answer = await pipeline.winLeadCardAction(IDLE, formOf({ id, from: "new", dealValue: "2,50,000" }));
    expect(answer).toMatchObject({ status: "success", message: "Priya Sharma (Brand Example) moved to Won." });
    expect(await leadRow(id)).toMatchObject({ status: "won", dealValue: 250000 });
    expect((await leadRow(id))!.wonAt).toBeInstanceOf(Date);
    const trail = await activityFor(id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: "status", before: { status: "new", dealValue: null }, after: { status: "won", dealValue: 250000 } });
    expect(await card(id)).toMatchObject({ dealValue: 250000, dealValueFromPackage: false, daysInStage: 0 });
  });

  it("Won without a value, or with a bad one, is refused beside the field and changes nothing; a stale board changes nothing", async () => {
    const id = await lead();
    for (const bad of ["", "  ", "lots", "-5", "12.5", "1000000001"]) {
      const answer = await pipeline.winLeadCardAction(IDLE, formOf({ id, from: "new", dealValue: bad }));
      expect(answer, bad).toMatchObject({ status: "invalid", fieldErrors: { dealValue: expect.stringContaining("rupees") } });
    }
    expect(await leadRow(id)).toMatchObject({ status: "new", dealValue: null });
    const stale = await pipeline.winLeadCardAction(IDLE, formOf({ id, from: "qualified", dealValue: "90000" }));
    expect(stale).toMatchObject({ status: "error", title: "Not moved", message: expect.stringContaining("now in New") });
    expect(await leadRow(id)).toMatchObject({ status: "new", dealValue: null });
    expect(await activityFor(id)).toHaveLength(0);
  });

  it("two members winning one card at once with two values: one is stored with one trail row, the other is told the card moved", async () => {
    const id = await lead();
    const answers = await Promise.all(["120000", "340000"].map((dealValue) => pipeline.winLeadCardAction(IDLE, formOf({ id, from: "new", dealValue }))));
    expect(answers.map((a) => a.status).sort()).toEqual(["error", "success"]);
    const stored = (await leadRow(id))!;
    expect(stored.status).toBe("won");
    const winner = answers.findIndex((a) => a.status === "success");
    expect(stored.dealValue).toBe([120000, 340000][winner]);
    expect(await activityFor(id)).toHaveLength(1);
  });

  it("Won with its value is the desk's: an editor and a visitor are refused, sales may", async () => {
    const id = await lead();
    as("editor");
    expect(await pipeline.winLeadCardAction(IDLE, formOf({ id, from: "new", dealValue: "90000" }))).toMatchObject({ status: "refused" });
    as(null);
    expect(await pipeline.winLeadCardAction(IDLE, formOf({ id, from: "new", dealValue: "90000" }))).toMatchObject({ status: "refused" });
    expect(await leadRow(id)).toMatchObject({ status: "new", dealValue: null });
    as("sales");
    expect(await pipeline.winLeadCardAction(IDLE, formOf({ id, from: "new", dealValue: "90000" }))).toMatchObject({ status: "success" });
    expect(await leadRow(id)).toMatchObject({ status: "won", dealValue: 90000 });
  });
});
