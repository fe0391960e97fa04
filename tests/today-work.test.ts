import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The Overview's first screen (docs/decisions/0102) on a fixture: follow-ups due today and overdue
// (not tomorrow's, not a closed deal's), today's confirmed calls in site time, new leads and
// unanswered messages oldest first with how long they waited, open deals with no follow-up day;
// "mine" narrows each list to the viewer's and is the default only when the viewer owns open work.
// The role checks are proven end-to-end (e2e/access-matrix.spec.ts); here they let the viewer through.
let viewer = "owner-1";
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: viewer, email: `${viewer}@team.test`, name: viewer, emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { loadTodayWork, TODAY_LIST_LIMIT } = await import("@/server/dashboard/data/today");
const { bookings, contactMessages, leads, profiles, users } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
// 12:00 in India on 24 November 2026.
const NOW = new Date("2026-11-24T06:30:00Z");
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

async function lead(name: string, values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(leads)
    .values({ name, email: `${name.toLowerCase().replace(/\W+/g, "-")}@brand.in`, mobileNumber: "+91 98765 43210", ...values })
    .returning();
  return row!;
}

async function call(name: string, startsAt: Date, values: Partial<typeof bookings.$inferInsert> = {}) {
  await handle.db.insert(bookings).values({
    hostId: "owner-1",
    startsAt,
    endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    name,
    email: "caller@brand.in",
    phone: "+919876543210",
    topic: "Growth",
    timeZone: "Asia/Kolkata",
    ...values,
  });
}

beforeAll(async () => {
  await handle.db.insert(users).values([
    { id: "owner-1", name: "Asha", email: "asha@team.test", emailVerified: true },
    { id: "sales-2", name: "Ravi", email: "ravi@team.test", emailVerified: true },
    { id: "sales-3", name: "Nobody Yet", email: "new@team.test", emailVerified: true },
  ]);
  await handle.db.insert(profiles).values([
    { userId: "owner-1", role: "owner" },
    { userId: "sales-2", role: "sales" },
    { userId: "sales-3", role: "sales" },
  ]);

  // Follow-ups: two of Asha's (overdue, today), one of Ravi's today, one tomorrow, a won deal's past day.
  await lead("Overdue Mine", { ownerId: "owner-1", followUpOn: "2026-11-21", status: "contacted", createdAt: ago(200) });
  await lead("Today Mine", { ownerId: "owner-1", followUpOn: "2026-11-24", status: "qualified", createdAt: ago(100) });
  await lead("Today Ravi", { ownerId: "sales-2", followUpOn: "2026-11-24", status: "contacted", createdAt: ago(90) });
  await lead("Tomorrow Mine", { ownerId: "owner-1", followUpOn: "2026-11-25", status: "contacted" });
  await lead("Won Past", { ownerId: "owner-1", followUpOn: "2026-11-01", status: "won" });

  // New leads, not contacted: arrived 3 h, 30 h and 1 h ago; one of them Asha's.
  await lead("New Three Hours", { createdAt: ago(3) });
  await lead("New Thirty Hours", { createdAt: ago(30) });
  await lead("New One Hour Mine", { ownerId: "owner-1", createdAt: ago(1) });

  // Deals without a next step: open, past New, no follow-up day.
  await lead("Stalled Mine", { ownerId: "owner-1", status: "qualified", dealValue: 150000, updatedAt: ago(48) });
  await lead("Stalled Ravi", { ownerId: "sales-2", status: "contacted", updatedAt: ago(24) });
  await lead("Lost Quiet", { status: "lost" });

  // Messages: two waiting for a reply (oldest first), one replied.
  await handle.db.insert(contactMessages).values([
    { name: "Message Newer", email: "m1@brand.in", mobileNumber: "9876543210", message: "Can you call?", createdAt: ago(2) },
    { name: "Message Older", email: "m2@brand.in", mobileNumber: "9876543210", message: "Prices please", createdAt: ago(5), ownerId: "owner-1" },
    { name: "Message Answered", email: "m3@brand.in", mobileNumber: "9876543210", message: "Thanks", status: "replied", createdAt: ago(6) },
  ]);

  // Calls: India's day runs from 18:30 UTC the day before to 18:30 UTC.
  await call("Call Early Today", new Date("2026-11-23T19:00:00Z")); // 00:30 IST on the 24th
  await call("Call This Afternoon", new Date("2026-11-24T09:30:00Z")); // 15:00 IST
  await call("Call Ravi Today", new Date("2026-11-24T10:30:00Z"), { hostId: "sales-2" });
  // Ravi hosts it, but the lead is Asha's: hers too.
  const asha = await lead("Lead With Ravi's Call", { ownerId: "owner-1", status: "contacted", followUpOn: "2026-12-10" });
  await call("Call For Asha's Lead", new Date("2026-11-24T12:30:00Z"), { hostId: "sales-2", leadId: asha.id });
  await call("Call Yesterday", new Date("2026-11-23T17:00:00Z")); // 22:30 IST on the 23rd
  await call("Call Tomorrow", new Date("2026-11-24T19:00:00Z")); // 00:30 IST on the 25th
  await call("Call Held", new Date("2026-11-24T11:00:00Z"), { confirmedAt: null, heldUntil: new Date("2026-11-24T07:00:00Z") });
  await call("Call Cancelled", new Date("2026-11-24T12:00:00Z"), { status: "cancelled", cancelledAt: ago(1) });
});

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe(`today's work (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("everyone's: due and overdue follow-ups oldest first; today's confirmed calls in site time; waiting lists oldest first; deals without a next step", async () => {
    const work = await loadTodayWork({ whose: "all", now: NOW });
    expect(work.today).toBe("2026-11-24");
    expect(work.whose).toBe("all");
    expect(names(work.due.items)).toEqual(["Overdue Mine", "Today Mine", "Today Ravi"]);
    expect(work.due.total).toBe(3);
    expect(names(work.calls)).toEqual(["Call Early Today", "Call This Afternoon", "Call Ravi Today", "Call For Asha's Lead"]);
    expect(work.calls[1]!.phone).toBe("+919876543210");

    expect(names(work.uncontacted.items)).toEqual(["New Thirty Hours", "New Three Hours", "New One Hour Mine"]);
    expect(work.uncontacted.items.map((i) => i.waitingSeconds / 3600)).toEqual([30, 3, 1]);
    expect(work.uncontacted.items[2]!.ownerLabel).toBe("Asha (asha@team.test)");
    expect(work.uncontacted.total).toBe(3);

    expect(names(work.replies.items)).toEqual(["Message Older", "Message Newer"]);
    expect(work.replies.items[0]!.detail).toBe("Prices please");

    expect(names(work.noNextStep.items)).toEqual(["Stalled Mine", "Stalled Ravi"]);
    expect(work.noNextStep.items[0]).toMatchObject({ status: "qualified", statusLabel: "Qualified", value: 150000 });
    expect(work.unowned).toEqual({ uncontacted: 0, replies: 0 });
  });

  it("mine: each list narrowed to the viewer's (calls: the viewer hosts or owns the lead), with nobody's new work counted beside; the default when the viewer owns open work", async () => {
    const work = await loadTodayWork({ now: NOW });
    expect(work.ownsWork).toBe(true);
    expect(work.whose).toBe("mine");
    expect(names(work.due.items)).toEqual(["Overdue Mine", "Today Mine"]);
    expect(names(work.calls)).toEqual(["Call Early Today", "Call This Afternoon", "Call For Asha's Lead"]);
    expect(names(work.uncontacted.items)).toEqual(["New One Hour Mine"]);
    expect(names(work.replies.items)).toEqual(["Message Older"]);
    expect(names(work.noNextStep.items)).toEqual(["Stalled Mine"]);
    expect(work.unowned).toEqual({ uncontacted: 2, replies: 1 });
  });

  it("a member who owns nothing opens on everyone's", async () => {
    viewer = "sales-3";
    try {
      const work = await loadTodayWork({ now: NOW });
      expect(work.ownsWork).toBe(false);
      expect(work.whose).toBe("all");
      expect(work.due.total).toBe(3);
      const theirs = await loadTodayWork({ whose: "mine", now: NOW });
      expect([theirs.due.total, theirs.calls.length, theirs.uncontacted.total, theirs.replies.total, theirs.noNextStep.total]).toEqual([0, 0, 0, 0, 0]);
    } finally {
      viewer = "owner-1";
    }
  });

  it("each person once, in the most pressing list: a call today over a due follow-up, a due follow-up over waiting", async () => {
    const called = await lead("Due And Called", { ownerId: "owner-1", status: "contacted", followUpOn: "2026-11-24" });
    await call("Call Of A Due Lead", new Date("2026-11-24T13:30:00Z"), { leadId: called.id });
    await lead("New And Due", { ownerId: "owner-1", followUpOn: "2026-11-24", createdAt: ago(2) });
    try {
      const work = await loadTodayWork({ whose: "all", now: NOW });
      expect(names(work.calls)).toContain("Call Of A Due Lead");
      expect(names(work.due.items)).not.toContain("Due And Called");
      expect(names(work.due.items)).toContain("New And Due");
      expect(names(work.uncontacted.items)).not.toContain("New And Due");
      expect(work.uncontacted.total).toBe(3);
    } finally {
      await handle.db.execute(sql`delete from bookings where name = 'Call Of A Due Lead'`);
      await handle.db.execute(sql`delete from leads where name in ('Due And Called', 'New And Due')`);
    }
  });

  it(`shows at most ${TODAY_LIST_LIMIT} of a list and counts them all`, async () => {
    for (let n = 0; n < TODAY_LIST_LIMIT + 2; n++) await lead(`Bulk New ${n}`, { createdAt: ago(0.5) });
    try {
      const work = await loadTodayWork({ whose: "all", now: NOW });
      expect(work.uncontacted.items).toHaveLength(TODAY_LIST_LIMIT);
      expect(work.uncontacted.total).toBe(3 + TODAY_LIST_LIMIT + 2);
      expect(work.uncontacted.items[0]!.name).toBe("New Thirty Hours");
    } finally {
      await handle.db.execute(sql`delete from leads where name like 'Bulk New %'`);
    }
  });
});
