import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// Follow-up on the lead desk (docs/decisions/0050): owners from the desk only, the first contact
// stamped by the database whichever path changes a status, the Due list, the morning digest once a
// day per owner, and the same person found across both inbox tables. The role checks are proven
// end-to-end (e2e/access-matrix.spec.ts); here they let an admin through.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000" }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "owner-1", email: "owner@team.test", name: "Owner", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { saveRecord, setStatus } = await import("@/server/dashboard/admin-actions");
const { decorateInboxRows, listDue, queueFollowUpDigests, isDigestTime } = await import("@/server/leads/data/follow-up");
const { contactMessages, leads, notifications, profiles, users } = await import("@/server/kernel/db/schema");
const { exportRecords } = await import("@/server/dashboard/data/admin-records");
const { leadsTable } = await import("@/lib/admin-tables/leads");

const handle = setUpTestDatabase();
beforeAll(async () => {
  await handle.db.insert(users).values([
    { id: "sales-1", name: "Asha", email: "asha@team.test", emailVerified: true },
    { id: "sales-2", name: "Ravi", email: "ravi@team.test", emailVerified: true },
    { id: "editor-1", name: "Esha", email: "esha@team.test", emailVerified: true },
  ]);
  await handle.db.insert(profiles).values([
    { userId: "sales-1", role: "sales" },
    { userId: "sales-2", role: "admin" },
    { userId: "editor-1", role: "editor" },
  ]);
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, job_runs cascade`);
});

const leadForm = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: "Meera", email: "meera@brand.in", mobileNumber: "9876543210", status: "new", ...values })) form.set(k, v);
  return form;
};

async function lead(values: Partial<typeof leads.$inferInsert> = {}) {
  const [row] = await handle.db
    .insert(leads)
    .values({ name: "Meera", email: "meera@brand.in", mobileNumber: "9876543210", ...values })
    .returning();
  return row!;
}

describe(`follow-up (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("an owner is a member of the lead desk or nobody; anyone else is refused beside the field and nothing is stored", async () => {
    const saved = await saveRecord("leads", null, leadForm({ ownerId: "sales-1", followUpOn: "2026-12-01" }));
    expect(saved.status).toBe("success");
    const [stored] = await handle.db.select().from(leads);
    expect([stored!.ownerId, stored!.followUpOn]).toEqual(["sales-1", "2026-12-01"]);

    for (const ownerId of ["editor-1", "no-such-account"]) {
      const refused = await saveRecord("leads", stored!.id, leadForm({ ownerId, notes: "changed" }));
      expect(refused.status).toBe("invalid");
      expect(refused.fieldErrors?.ownerId).toBe("Choose a member of the team who works on leads.");
    }
    const [after] = await handle.db.select().from(leads);
    expect([after!.ownerId, after!.notes]).toEqual(["sales-1", null]);

    const cleared = await saveRecord("leads", stored!.id, leadForm({ ownerId: "", followUpOn: "" }));
    expect(cleared.status).toBe("success");
    const [none] = await handle.db.select().from(leads);
    expect([none!.ownerId, none!.followUpOn]).toEqual([null, null]);
  });

  it("refuses a follow-up date that is not a calendar day", async () => {
    for (const followUpOn of ["2026-02-30", "tomorrow", "1999-12-31", "2026-1-5"]) {
      const answer = await saveRecord("messages", null, leadForm({ message: "Hello", followUpOn }));
      expect(answer.status, followUpOn).toBe("invalid");
      expect(answer.fieldErrors?.followUpOn, followUpOn).toMatch(/follow-up date/);
    }
    expect(await handle.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("stamps the first contact once, when the status first leaves new for a contacted state, by any path", async () => {
    const a = await lead();
    expect(a.firstContactedAt).toBeNull();
    expect((await setStatus("leads", a.id, "contacted")).status).toBe("success");
    const [first] = await handle.db.select().from(leads).where(eq(leads.id, a.id));
    expect(first!.firstContactedAt).toBeInstanceOf(Date);
    await setStatus("leads", a.id, "qualified");
    await handle.db.update(leads).set({ status: "new" }).where(eq(leads.id, a.id));
    await handle.db.update(leads).set({ status: "won" }).where(eq(leads.id, a.id));
    const [later] = await handle.db.select().from(leads).where(eq(leads.id, a.id));
    expect(later!.firstContactedAt!.getTime()).toBe(first!.firstContactedAt!.getTime());

    // Lost without a contact is not a contact; a message is contacted when replied to.
    const b = await lead({ email: "b@brand.in" });
    await handle.db.update(leads).set({ status: "lost" }).where(eq(leads.id, b.id));
    const [lost] = await handle.db.select().from(leads).where(eq(leads.id, b.id));
    expect(lost!.firstContactedAt).toBeNull();
    const [m] = await handle.db.insert(contactMessages).values({ name: "M", email: "m@brand.in", mobileNumber: "9876543210", message: "Hi" }).returning();
    await handle.db.update(contactMessages).set({ status: "replied" }).where(eq(contactMessages.id, m!.id));
    const [replied] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, m!.id));
    expect(replied!.firstContactedAt).toBeInstanceOf(Date);
  });

  it("lists open items due by today, oldest first, by owner; closed and future ones are left out", async () => {
    await lead({ name: "Overdue", email: "o@brand.in", followUpOn: "2026-11-20", ownerId: "sales-1" });
    await lead({ name: "Today", email: "t@brand.in", followUpOn: "2026-11-24", ownerId: "sales-2" });
    await lead({ name: "Future", email: "f@brand.in", followUpOn: "2026-11-25", ownerId: "sales-1" });
    await lead({ name: "Won", email: "w@brand.in", followUpOn: "2026-11-01", ownerId: "sales-1", status: "won" });
    await lead({ name: "Unowned", email: "u@brand.in", followUpOn: "2026-11-23" });
    await handle.db.insert(contactMessages).values([
      { name: "Message", email: "m@brand.in", mobileNumber: "9876543210", message: "Hi", followUpOn: "2026-11-22", ownerId: "sales-1" },
      { name: "Archived", email: "a@brand.in", mobileNumber: "9876543210", message: "Hi", followUpOn: "2026-11-22", ownerId: "sales-1", status: "archived" },
    ]);
    const today = "2026-11-24";
    expect((await listDue({ today })).map((i) => i.name)).toEqual(["Overdue", "Message", "Unowned", "Today"]);
    expect((await listDue({ today, owner: "sales-1" })).map((i) => [i.name, i.kind])).toEqual([
      ["Overdue", "lead"],
      ["Message", "message"],
    ]);
    expect((await listDue({ today, owner: null })).map((i) => i.name)).toEqual(["Unowned"]);
  });

  it("queues one digest per owner with only their items, once a day even when called at the same moment", async () => {
    const overdue = await lead({ name: "Overdue", email: "o@brand.in", followUpOn: "2026-11-20", ownerId: "sales-1", mobileNumber: "+919812345678" });
    await lead({ name: "Today", email: "t@brand.in", followUpOn: "2026-11-24", ownerId: "sales-2" });
    await lead({ name: "Also mine", email: "x@brand.in", followUpOn: "2026-11-24", ownerId: "sales-1" });
    await lead({ name: "Unowned", email: "u@brand.in", followUpOn: "2026-11-23" });
    const queued = await Promise.all([queueFollowUpDigests("2026-11-24"), queueFollowUpDigests("2026-11-24"), queueFollowUpDigests("2026-11-24")]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await queueFollowUpDigests("2026-11-24")).toBe(0);
    const mails = await handle.db.select().from(notifications).where(eq(notifications.kind, "follow-up-digest"));
    const byOwner = Object.fromEntries(mails.map((m) => [m.recipients[0], m]));
    expect(Object.keys(byOwner).sort()).toEqual(["asha@team.test", "ravi@team.test"]);
    expect(byOwner["asha@team.test"]!.subject).toMatch(/^2 follow-ups due today/);
    expect(byOwner["asha@team.test"]!.textBody).toContain("Overdue <o@brand.in>, new, 4 days overdue");
    expect(byOwner["asha@team.test"]!.textBody).toContain("Also mine <x@brand.in>, new, due today");
    expect(byOwner["asha@team.test"]!.textBody).not.toContain("Today <t@brand.in>");
    expect(byOwner["ravi@team.test"]!.textBody).toContain("Today <t@brand.in>");
    // The link opens the Due screen's own address (docs/decisions/0052), mine selected.
    expect(byOwner["asha@team.test"]!.textBody).toMatch(/https?:\/\/\S+\/admin\/due\?owner=me(\s|$)/);
    // Each item links to the lead itself, with its phone and the page of its one "Mark contacted" button.
    const asha = byOwner["asha@team.test"]!;
    expect(asha.textBody).toContain("Call: +919812345678");
    expect(asha.textBody).toMatch(new RegExp(`Open: https?://\\S+/admin/leads\\?edit=${overdue.id}(\\s|$)`, "m"));
    expect(asha.textBody).toMatch(new RegExp(`Mark contacted: https?://\\S+/admin/leads\\?mark=${overdue.id}(\\s|$)`, "m"));
    expect(asha.htmlBody).toContain('href="tel:+919812345678"');
    expect(asha.htmlBody).toContain(`/admin/leads?mark=${overdue.id}`);
    // The next day is a new run.
    expect(await queueFollowUpDigests("2026-11-25")).toBe(2);
  });

  it("is due at the configured time of the site's day", () => {
    // 02:29 UTC is 07:59 in India, 02:30 is 08:00.
    expect(isDigestTime(new Date("2026-11-24T02:29:00Z"), "08:00")).toBe(false);
    expect(isDigestTime(new Date("2026-11-24T02:30:00Z"), "08:00")).toBe(true);
    expect(isDigestTime(new Date("2026-11-24T18:29:00Z"), "23:59")).toBe(true);
  });

  it("links the same person across both inbox tables by address in any case, and names each row's owner", async () => {
    const a = await lead({ email: "Meera@Brand.in", ownerId: "sales-2" });
    await lead({ email: "meera@brand.in", service: "SEO Optimization", package: "Growth" });
    await handle.db.insert(contactMessages).values({ name: "Meera", email: "MEERA@BRAND.IN", mobileNumber: "9876543210", message: "Following up on my audit" });
    const other = await lead({ email: "someone@else.in" });
    const rows = await decorateInboxRows([a, other] as unknown as Record<string, unknown>[]);
    const person = rows[0]!.person as { kind: string; text: string }[];
    expect(person.map((p) => p.kind).sort()).toEqual(["lead", "lead", "message"]);
    expect(person.map((p) => p.text)).toContain("SEO Optimization: Growth");
    expect(person.map((p) => p.text)).toContain("Following up on my audit");
    expect(rows[0]!.ownerEmail).toBe("ravi@team.test");
    expect(rows[1]!.person).toHaveLength(1);
    expect(rows[1]!.ownerEmail).toBeNull();
    const exported = await decorateInboxRows([a] as unknown as Record<string, unknown>[], { forExport: true });
    expect(exported[0]!.ownerEmail).toBe("ravi@team.test");
    expect(exported[0]).not.toHaveProperty("person");

    // The CSV export carries the owner's address, the follow-up day and the first contact.
    await handle.db.update(leads).set({ followUpOn: "2026-12-02" }).where(eq(leads.id, a.id));
    const exportedRows = await exportRecords(leadsTable, { q: "meera@brand.in" });
    const csvRow = (row: Record<string, unknown>) => Object.fromEntries(leadsTable.csv!.map((c) => [c.header, c.value(row as never)]));
    const owned = exportedRows.map(csvRow).find((r) => r.Owner === "ravi@team.test");
    expect(owned).toMatchObject({ Owner: "ravi@team.test", "Next follow-up": "2026-12-02", "First contacted": null });
  });
});
