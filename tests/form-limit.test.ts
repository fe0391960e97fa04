import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";

// The public forms' per-connection limit counts what was stored (a lead, a message, a sign-up, a
// submission held as spam), not a submission refused for fields the visitor must correct: someone
// fixing a typo five times is never told they sent the form too often.
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));

const { submitLeadForm } = await import("@/server/leads/lead-submission");
const { subscribeAction } = await import("@/server/newsletter/signup-actions");
const { contactMessages, rateLimits } = await import("@/server/kernel/db/schema");
const { env } = await import("@/server/kernel/env");

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate contact_messages, leads, notifications, rate_limits, acknowledged_senders, newsletter_subscribers cascade`);
});

const HOST = "localhost:3999";
const headersFrom = (ip: string) => new Headers({ host: HOST, origin: `http://${HOST}`, referer: `http://${HOST}/contact`, "x-forwarded-for": ip });
const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};
const message = (n: number, email = `visitor${n}@brand.in`) =>
  formOf({ name: "Mira", email, mobileNumber: "9876543210", company: "", message: `Please call me back about item ${n}.` });
const contact = (form: FormData, ip: string) => submitLeadForm("contact", form, { headers: headersFrom(ip), originOnly: true });
const countOf = async (key: string) => (await handle.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;

describe("the lead forms' limit", () => {
  it("does not count a submission whose fields are refused, and still counts what is stored", async () => {
    const ip = "198.51.100.40";
    const limit = env().FORM_RATE_LIMIT;
    for (let i = 0; i < limit + 3; i++) {
      expect(await contact(message(i, "not-an-address"), ip)).toMatchObject({ status: "invalid", fieldErrors: { email: expect.any(String) } });
    }
    expect(await countOf(`form:contact:${ip}`)).toBe(0);
    // Corrected, the visitor's messages go through up to the limit, each counted.
    for (let i = 0; i < limit; i++) expect(await contact(message(i), ip)).toMatchObject({ status: "success" });
    expect(await countOf(`form:contact:${ip}`)).toBe(limit);
    expect(await handle.db.$count(contactMessages)).toBe(limit);
  });

  it("tells an invalid submission about a limit already reached, without counting it", async () => {
    const ip = "198.51.100.41";
    const limit = env().FORM_RATE_LIMIT;
    for (let i = 0; i < limit; i++) expect(await contact(message(i), ip)).toMatchObject({ status: "success" });
    const refused = await contact(message(99, "not-an-address"), ip);
    expect(refused).toMatchObject({ status: "refused", message: expect.stringMatching(new RegExp(`sent ${limit} times`)) });
    expect(await countOf(`form:contact:${ip}`)).toBe(limit);
    // A valid one over the limit is refused and stores nothing.
    expect(await contact(message(100), ip)).toMatchObject({ status: "refused" });
    expect(await handle.db.$count(contactMessages)).toBe(limit);
  });

  it("sent at once with invalid ones, every valid submission within the limit is stored", async () => {
    const ip = "198.51.100.44";
    const limit = env().FORM_RATE_LIMIT;
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => contact(message(200 + i, "not-an-address"), ip)),
      ...Array.from({ length: limit }, (_, i) => contact(message(300 + i), ip)),
    ]);
    expect(answers.filter((a) => a.status === "invalid")).toHaveLength(8);
    expect(answers.filter((a) => a.status === "success")).toHaveLength(limit);
    expect(await countOf(`form:contact:${ip}`)).toBe(limit);
    expect(await handle.db.$count(contactMessages)).toBe(limit);
  });

  it("keeps counting a submission held as spam (it is stored)", async () => {
    const ip = "198.51.100.42";
    const form = message(1);
    form.set("companyWebsite", "http://spam.example");
    expect(await contact(form, ip)).toMatchObject({ status: "refused" });
    expect(await countOf(`form:contact:${ip}`)).toBe(1);
  });
});

describe("the newsletter sign-up's limit", () => {
  it("gives back the count of a sign-up whose address is refused", async () => {
    const ip = "198.51.100.43";
    request.headers = headersFrom(ip);
    const idle = { status: "idle" } as const;
    for (let i = 0; i < env().FORM_RATE_LIMIT + 2; i++) {
      expect(await subscribeAction(idle, formOf({ email: "nobody@", source: "blog" }))).toMatchObject({ status: "invalid" });
    }
    expect(await countOf(`form:newsletter:${ip}`)).toBe(0);
    expect(await subscribeAction(idle, formOf({ email: "reader@brand.in", source: "blog" }))).toMatchObject({ status: "success" });
    expect(await countOf(`form:newsletter:${ip}`)).toBe(1);
  });
});
