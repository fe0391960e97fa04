import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// Refused submissions kept for review (ADR 0043), through the public form's own handler and the
// dashboard's row action. The role check is proven end-to-end; here it lets the admin through.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "test-admin", email: "admin@test.example", name: "Admin", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { submitLeadForm } = await import("@/server/leads/lead-submission");
const { runRowAction, saveRecord } = await import("@/server/dashboard/admin-actions");
const { pruneSpamJob } = await import("@/server/leads/spam");
const { activityEvents, leads, notifications, spamSubmissions } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits, spam_submissions, acknowledged_senders cascade`);
});

let ipCounter = 1;
const request = (ip = `203.0.113.${ipCounter++}`) => ({
  headers: new Headers({ host: "localhost:3999", origin: "http://localhost:3999", "x-forwarded-for": ip, referer: "http://localhost:3999/free-audit" }),
  originOnly: true,
});
const freeAuditForm = (n: number, guard: Record<string, string>) => {
  const form = new FormData();
  const values = {
    name: `Bot ${n}`,
    email: `bot${n}@brand.in`,
    mobileNumber: "9876543210",
    websiteUrl: "brand.in",
    monthlyRevenue: "10L-50L/month",
    growthChallenge: `Challenge ${n}`,
    ...guard,
  };
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};

describe("spam that can be reviewed", () => {
  it("keeps honeypot and too-fast refusals in the Spam view, without a notification or an acknowledgement", async () => {
    const honeypot = await submitLeadForm("audit", freeAuditForm(1, { companyWebsite: "http://spam.example" }), request());
    const tooFast = await submitLeadForm("audit", freeAuditForm(2, { elapsedMs: "200" }), request());
    expect(honeypot.status).toBe("refused");
    expect(tooFast.status).toBe("refused");
    const held = await handle.db.select().from(spamSubmissions).orderBy(spamSubmissions.createdAt);
    expect(held.map((h) => [h.form, h.reason, h.email])).toEqual([
      ["audit", "honeypot", "bot1@brand.in"],
      ["audit", "too-fast", "bot2@brand.in"],
    ]);
    expect(held[0]!.fields).toMatchObject({ name: "Bot 1", growthChallenge: "Challenge 1" });
    // The guard's own fields are not kept as the sender's.
    expect(held[0]!.fields).not.toHaveProperty("companyWebsite");
    expect(await handle.db.select().from(leads)).toHaveLength(0);
    expect(await handle.db.select().from(notifications)).toHaveLength(0);
  });

  it("a flood over the rate limit is refused outright: not kept", async () => {
    const ip = "198.51.100.77";
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await submitLeadForm("audit", freeAuditForm(10 + i, { companyWebsite: "x" }), request(ip)));
    expect(answers.filter((a) => a.message?.includes("times from your connection"))).toHaveLength(3);
    expect(await handle.db.select().from(spamSubmissions)).toHaveLength(5);
  });

  it("'Not spam' moves one into the inbox and queues its notification then; twice at once stores it once", async () => {
    await submitLeadForm("audit", freeAuditForm(3, { elapsedMs: "100" }), request());
    const [held] = await handle.db.select().from(spamSubmissions);
    const answers = await Promise.all([runRowAction("spam", held!.id), runRowAction("spam", held!.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual(["error", "success"]);
    expect(answers.find((a) => a.status === "error")?.message).toBe("This submission is no longer in the Spam view.");
    const stored = await handle.db.select().from(leads);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ name: "Bot 3", email: "bot3@brand.in", attribution: { form_page: "/free-audit" } });
    const mails = await handle.db.select().from(notifications).where(eq(notifications.kind, "lead"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("Growth challenge: Challenge 3");
    expect(await handle.db.select().from(spamSubmissions)).toHaveLength(0);
    // Released once, so recorded once: which held submission became which lead.
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "spam.not-spam"));
    expect(trail).toEqual([
      expect.objectContaining({
        tableName: "leads",
        recordId: stored[0]!.id,
        before: null,
        after: { name: "Bot 3", email: "bot3@brand.in", heldAs: "too-fast", spamId: held!.id },
      }),
    ]);
  });

  it("a held submission whose fields are not valid stays in the Spam view with the reason", async () => {
    await submitLeadForm("audit", freeAuditForm(4, { companyWebsite: "x", email: "not-an-address" }), request());
    const [held] = await handle.db.select().from(spamSubmissions);
    const answer = await runRowAction("spam", held!.id);
    expect(answer.status).toBe("error");
    expect(answer.message).toContain("email: Enter a valid email address");
    expect(await handle.db.select().from(spamSubmissions)).toHaveLength(1);
    expect(await handle.db.select().from(leads)).toHaveLength(0);
  });

  it("the Spam view cannot be written to as a table; an unknown id is refused", async () => {
    const form = new FormData();
    form.set("name", "x");
    expect((await saveRecord("spam", null, form)).status).not.toBe("success");
    expect((await runRowAction("spam", "not-a-uuid")).status).not.toBe("success");
    expect((await runRowAction("leads", "00000000-0000-4000-8000-000000000000")).status).not.toBe("success");
  });

  it("keeps held submissions 30 days", async () => {
    await submitLeadForm("audit", freeAuditForm(5, { companyWebsite: "x" }), request());
    await submitLeadForm("audit", freeAuditForm(6, { companyWebsite: "x" }), request());
    await handle.db.execute(sql`update spam_submissions set created_at = now() - interval '31 days' where email = 'bot5@brand.in'`);
    await pruneSpamJob.run();
    expect((await handle.db.select().from(spamSubmissions)).map((h) => h.email)).toEqual(["bot6@brand.in"]);
    // Once a day across the processes: a second run the same day deletes nothing more.
    await handle.db.execute(sql`update spam_submissions set created_at = now() - interval '31 days'`);
    await pruneSpamJob.run();
    expect(await handle.db.select().from(spamSubmissions)).toHaveLength(1);
  });
});
