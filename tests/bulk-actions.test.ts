import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// Bulk actions on the current filter (docs/decisions/0050). A bulk unpublish elsewhere ignored its
// filter and changed 1,772 documents instead of 598: here 1,772 leads of which 598 match, and the
// action must change exactly those, refuse when the matching set is not the one confirmed, and
// leave one activity row per record. The role check is proven end-to-end; here it lets an admin through.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "admin-1", email: "admin@team.test", name: "Admin", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { bulkAction } = await import("@/server/dashboard/admin-actions");
const { matchingSet } = await import("@/server/dashboard/data/admin-records");
const { leadsTable } = await import("@/lib/admin-tables/leads");
const { activityEvents, leads, profiles, users } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
beforeAll(async () => {
  await handle.db.insert(users).values([
    { id: "sales-1", name: "Asha", email: "asha@team.test", emailVerified: true },
    { id: "editor-1", name: "Esha", email: "esha@team.test", emailVerified: true },
  ]);
  await handle.db.insert(profiles).values([
    { userId: "sales-1", role: "sales" },
    { userId: "editor-1", role: "editor" },
  ]);
}, 60_000);

/** 1,772 leads: 598 are "contacted" and mention Shopify, the rest differ in one or the other. */
beforeEach(async () => {
  await handle.db.execute(sql`truncate leads cascade`);
  const rows = Array.from({ length: 1772 }, (_, i) => {
    const matches = i < 598;
    const kind = i % 3;
    return {
      name: `Lead ${i}`,
      email: `lead${i}@brand.in`,
      mobileNumber: "9876543210",
      status: (matches || kind === 0 ? "contacted" : "new") as "contacted" | "new",
      growthChallenge: matches || kind === 1 ? "Our Shopify store stalls" : "Local SEO",
    };
  });
  for (let i = 0; i < rows.length; i += 500) await handle.db.insert(leads).values(rows.slice(i, i + 500));
});

const FILTER = { q: "shopify", status: "contacted" };
const count = async (where = sql`true`) =>
  Number((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from leads where ${where}`)).rows[0]!.n);

describe(`bulk actions on a filter (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("counts the filter's set: 598 of 1,772", async () => {
    expect(await count()).toBe(1772);
    const set = await matchingSet(leadsTable, FILTER);
    expect(set.count).toBe(598);
    expect(set.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes the status of exactly the 598 it confirmed, with one activity row each", async () => {
    const set = await matchingSet(leadsTable, FILTER);
    const before = await count(sql`status = 'won'`);
    const contactedBefore = await count(sql`status = 'contacted'`);
    const answer = await bulkAction("leads", { ...FILTER, action: "status", value: "won", count: String(set.count), fingerprint: set.fingerprint });
    expect(answer).toMatchObject({ status: "success", message: "Set to Won: 598 leads." });
    expect(await count(sql`status = 'won'`)).toBe(before + 598);
    expect(await count(sql`status = 'won' and growth_challenge not ilike '%shopify%'`)).toBe(0);
    expect(await count(sql`status = 'contacted'`)).toBe(contactedBefore - 598);
    const recorded = await handle.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.tableName, "leads"), eq(activityEvents.action, "status")));
    expect(recorded).toHaveLength(598);
    expect(new Set(recorded.map((a) => a.recordId)).size).toBe(598);
    expect(recorded[0]!.before).toMatchObject({ status: "contacted" });
    expect(recorded[0]!.after).toMatchObject({ status: "won" });
  });

  it("refuses, changing nothing, when the filter matches another set than the one confirmed", async () => {
    const set = await matchingSet(leadsTable, FILTER);
    // A new lead arrives that the filter matches, and one that matched is changed by a colleague.
    await handle.db
      .insert(leads)
      .values({ name: "Late", email: "late@brand.in", mobileNumber: "9876543210", status: "contacted", growthChallenge: "Shopify again" });
    const one = await handle.db.execute<{ id: string }>(
      sql`select id from leads where growth_challenge ilike '%shopify%' and status = 'contacted' order by id limit 1`,
    );
    await handle.db.update(leads).set({ status: "qualified" }).where(eq(leads.id, one.rows[0]!.id));
    const answer = await bulkAction("leads", { ...FILTER, action: "delete", count: String(set.count), fingerprint: set.fingerprint });
    expect(answer.status).toBe("error");
    expect(answer.message).toBe(
      "This filter now matches 598 leads, but not the same ones you confirmed. Nothing was changed: check the list and confirm again.",
    );
    expect(await count()).toBe(1773);

    // The same count with other ids is refused too; a made-up count with the right ids as well.
    const now = await matchingSet(leadsTable, FILTER);
    const wrongCount = await bulkAction("leads", { ...FILTER, action: "delete", count: String(now.count + 1), fingerprint: now.fingerprint });
    expect(wrongCount.status).toBe("error");
    expect(await count()).toBe(1773);
  });

  it("deletes exactly the confirmed set and assigns an owner from the desk only", async () => {
    const set = await matchingSet(leadsTable, FILTER);
    const refused = await bulkAction("leads", { ...FILTER, action: "assign", value: "editor-1", count: String(set.count), fingerprint: set.fingerprint });
    expect(refused).toMatchObject({ status: "error", message: "Choose a member of the team who works on leads." });
    expect(await count(sql`owner_id is not null`)).toBe(0);
    const assigned = await bulkAction("leads", { ...FILTER, action: "assign", value: "sales-1", count: String(set.count), fingerprint: set.fingerprint });
    expect(assigned).toMatchObject({ status: "success", message: "Assigned 598 leads." });
    expect(await count(sql`owner_id = 'sales-1'`)).toBe(598);

    const deleted = await bulkAction("leads", { ...FILTER, action: "delete", count: String(set.count), fingerprint: set.fingerprint });
    expect(deleted).toMatchObject({ status: "success", message: "Deleted 598 leads." });
    expect(await count()).toBe(1772 - 598);
    expect(await count(sql`growth_challenge ilike '%shopify%' and status = 'contacted'`)).toBe(0);
  });

  it("refuses what is not a bulk action: an unknown action or status, a forged fingerprint, a table that is not an inbox", async () => {
    const set = await matchingSet(leadsTable, FILTER);
    const cases = [
      bulkAction("leads", { ...FILTER, action: "truncate", count: String(set.count), fingerprint: set.fingerprint }),
      bulkAction("leads", { ...FILTER, action: "status", value: "deleted", count: String(set.count), fingerprint: set.fingerprint }),
      bulkAction("leads", { ...FILTER, action: "delete", count: String(set.count), fingerprint: "0".repeat(64) }),
      bulkAction("leads", { ...FILTER, action: "delete", count: "-1", fingerprint: set.fingerprint }),
      bulkAction("blog-posts", { action: "delete", count: "0", fingerprint: "0".repeat(64) }),
    ];
    for (const answer of await Promise.all(cases)) expect(answer.status).not.toBe("success");
    expect(await count()).toBe(1772);
  });
});
