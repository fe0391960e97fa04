import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// One page per person (docs/decisions/0068): the key, the timeline's contents and order, logged
// interactions (bad input, another member's entry), the export, and the erasure: every text and
// JSON column of every table searched afterwards for the address, in any case, and a submission
// from the same address sent while the erasure runs kept whole or erased whole. The role is a
// variable here; the real session check is the permission matrix's.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.7" });
const MEMBERS = {
  a: { id: "member-a", email: "a@team.test", name: "Member A" },
  b: { id: "member-b", email: "b@team.test", name: "Member B" },
};
let role: string | null = "sales";
let actor = MEMBERS.a;
vi.mock("@/server/kernel/session/auth-guard", () => {
  class AccessDeniedError extends Error {
    reason = "role";
  }
  return {
    AccessDeniedError,
    requireRole: async (roles: readonly string[]) => {
      if (!role || !roles.includes(role)) throw new AccessDeniedError("denied");
      return { ...actor, emailVerified: true, role };
    },
  };
});

const { logInteractionAction, updateInteractionAction, deleteInteractionAction, erasePersonAction } = await import("@/server/people/people-actions");
const { personPage, exportPerson, erasePerson } = await import("@/server/people/people");
const { personKey } = await import("@/server/kernel/session/person-key");
const { GET: exportRoute } = await import("@/app/admin/export/person/[file]/route");
const { createLead } = await import("@/server/leads/data/leads");
const { createContactMessage } = await import("@/server/leads/data/contact-messages");
const { insertSpamSubmission } = await import("@/server/leads/data/spam-submissions");
const { subscribe } = await import("@/server/newsletter/subscribe");
const { recordActivity } = await import("@/server/kernel/activity/activity");
const { queueCalendarWrite } = await import("@/server/booking/data/calendar");
const { bookingUid, memberCalendarObject } = await import("@/server/booking/mails");
const { toSiteDateTimeInput } = await import("@/lib/site-time");
const { FreeAuditSchema, ContactFormSchema } = await import("@/lib/schemas/lead-forms");
const schema = await import("@/server/kernel/db/schema");
const {
  activityEvents,
  leads,
  contactMessages,
  newsletterSubscribers,
  newsletterSends,
  newsletterRecipients,
  newsletterLinks,
  newsletterClicks,
  notifications,
  personInteractions,
  users,
} = schema;

const handle = setUpTestDatabase();
setUpJobQueue();
beforeEach(async () => {
  await handle.db.execute(
    sql`truncate person_interactions, newsletter_clicks, newsletter_links, newsletter_recipients, newsletter_sends, newsletter_subscribers, notifications,
      webhook_deliveries, webhook_endpoints, analytics_lead_visits, spam_submissions, acknowledged_senders, leads, contact_messages, rate_limits, users cascade`,
  );
  await handle.db.insert(users).values(Object.values(MEMBERS).map((m) => ({ ...m, emailVerified: true })));
  role = "sales";
  actor = MEMBERS.a;
});

const IDLE = { status: "idle" } as const;
const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.append(k, v);
  return form;
};
const audit = (email: string, name = "Asha Rao", extra: Record<string, string> = {}) =>
  FreeAuditSchema.parse({
    name,
    email,
    mobileNumber: "9876543210",
    websiteUrl: "asha.in",
    monthlyRevenue: "50L-1Cr/month",
    growthChallenge: `More leads for ${name}`,
    ...extra,
  });
const contact = (email: string, name = "Asha Rao") =>
  ContactFormSchema.parse({ name, email, mobileNumber: "9876543210", company: "Rao Textiles", message: `Please call me, ${name} (${email})` });

async function timelineOf(email: string) {
  const page = await personPage(personKey(email));
  expect(page).toBeDefined();
  return page!;
}
const siteInput = (at: Date) => toSiteDateTimeInput(at);

describe("the person's key", () => {
  it("is the same for the address in any case, names nobody in the clear, and an unknown or malformed key finds nobody", async () => {
    await createLead(audit("Asha.Rao@Example.com"), {}, null);
    const key = personKey("asha.rao@example.com");
    expect(personKey("  ASHA.RAO@EXAMPLE.COM ")).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(key).not.toContain("asha");
    // The public form stores the address lower-cased; a member may type it in any case.
    await handle.db.execute(sql`update leads set email = 'Asha.Rao@Example.com'`);
    expect((await personPage(key))!.header.email).toBe("Asha.Rao@Example.com");
    expect(await personPage(personKey("someone.else@example.com"))).toBeUndefined();
    expect(await personPage("not-a-key")).toBeUndefined();
    expect(await personPage(key.replace(/.$/, (c) => (c === "0" ? "1" : "0")))).toBeUndefined();
  });

  it("is refused to roles that may not read leads", async () => {
    await createLead(audit("asha@example.com"), {}, null);
    for (const r of ["editor", null]) {
      role = r;
      await expect(personPage(personKey("asha@example.com"))).rejects.toThrow("denied");
      await expect(exportPerson(personKey("asha@example.com"), "json")).rejects.toThrow("denied");
    }
  });
});

describe("the timeline", () => {
  it("holds every form, mail, newsletter step, change and logged entry about the address in any case, newest first, and nobody else's", async () => {
    const first = await createLead(audit("Asha@Example.com", "Asha Rao", { package: "seo-optimization/Growth" }), {}, null);
    await createLead(audit("other@example.com", "Other Person"), {}, null);
    const message = await createContactMessage(contact("asha@EXAMPLE.com"), {}, null);
    await subscribe({ email: "ASHA@example.com", topics: [], source: "lead" });
    // Ordered by hand: the lead a day ago, the message an hour ago.
    await handle.db.execute(sql`update leads set created_at = now() - interval '1 day' where id = ${first.id}`);
    await handle.db.execute(sql`update contact_messages set created_at = now() - interval '1 hour', email = 'asha@EXAMPLE.com' where id = ${message.id}`);
    await recordActivity(
      {
        action: "status",
        actor: MEMBERS.b,
        table: "leads",
        recordId: first.id,
        before: { status: "new" },
        after: { status: "contacted", notes: "Called, wants a proposal" },
      },
      handle.db,
    );
    actor = MEMBERS.a;
    const logged = await logInteractionAction(
      IDLE,
      formOf({
        person: personKey("asha@example.com"),
        kind: "whatsapp",
        occurredAt: siteInput(new Date(Date.now() - 30 * 60_000)),
        summary: "Sent the deck on WhatsApp",
      }),
    );
    expect(logged.status).toBe("success");

    const { header, timeline } = await timelineOf("asha@example.com");
    expect(header).toMatchObject({
      email: "asha@EXAMPLE.com",
      names: ["Asha Rao"],
      phones: ["+919876543210"],
      companies: ["Rao Textiles"],
      newsletter: { status: "pending" },
    });
    expect(header.status).toEqual({ kind: "message", status: "new" });
    const kinds = timeline.map((e) => e.kind);
    expect(new Set(kinds)).toEqual(new Set(["lead", "message", "mail", "newsletter", "activity", "interaction"]));
    // Newest first, all the way down.
    const times = timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(timeline.at(-1)).toMatchObject({ kind: "lead", href: `/admin/leads?edit=${first.id}` });
    expect(timeline.find((e) => e.kind === "activity")).toMatchObject({
      // The stage by its name and the member by name, not their stored keys.
      title: "Status: New → Contacted",
      detail: "Note: Called, wants a proposal",
      by: `${MEMBERS.b.name} (${MEMBERS.b.email})`,
    });
    expect(timeline.find((e) => e.kind === "interaction")).toMatchObject({
      title: "WhatsApp",
      detail: "Sent the deck on WhatsApp",
      by: `${MEMBERS.a.name} (${MEMBERS.a.email})`,
      interaction: { mine: true },
    });
    // The lead's acknowledgement (one a day per mailbox: the message got none) and the newsletter's
    // confirmation request; the team's notifications are addressed to the team.
    expect(timeline.filter((e) => e.kind === "mail")).toHaveLength(2);
    expect(JSON.stringify(timeline)).not.toContain("Other Person");
    expect(JSON.stringify(timeline)).not.toContain("other@example.com");
    // Another member sees the entry but may not edit it.
    actor = MEMBERS.b;
    expect((await timelineOf("asha@example.com")).timeline.find((e) => e.kind === "interaction")!.interaction!.mine).toBe(false);
  });
});

describe("logged interactions", () => {
  const key = () => personKey("asha@example.com");
  const valid = () => ({ person: key(), kind: "call", occurredAt: siteInput(new Date(Date.now() - 3600_000)), summary: "Discussed the SEO package" });
  const stored = () => handle.db.select().from(personInteractions);

  it("refuses bad input with a message beside the field, keeps what was typed and stores nothing", async () => {
    await createLead(audit("asha@example.com"), {}, null);
    const cases: [Record<string, string>, string][] = [
      [{ summary: "   " }, "summary"],
      [{ summary: "x".repeat(2001) }, "summary"],
      [{ kind: "fax" }, "kind"],
      [{ occurredAt: "2026-02-31T10:00" }, "occurredAt"],
      [{ occurredAt: "yesterday" }, "occurredAt"],
      [{ occurredAt: siteInput(new Date(Date.now() + 3 * 86_400_000)) }, "occurredAt"],
      [{ occurredAt: "1999-12-31T10:00" }, "occurredAt"],
      [{ summary: "bad \u0000 byte" }, "summary"],
    ];
    for (const [change, field] of cases) {
      const answer = await logInteractionAction(IDLE, formOf({ ...valid(), ...change }));
      expect(answer.status, JSON.stringify(change)).toBe("invalid");
      expect(answer.fieldErrors?.[field], JSON.stringify(change)).toBeTruthy();
      expect(answer.values?.summary).toBe({ ...valid(), ...change }.summary);
    }
    // A forged key names nobody; an unknown person's key finds nobody.
    expect((await logInteractionAction(IDLE, formOf({ ...valid(), person: "../../etc" }))).status).toBe("invalid");
    expect((await logInteractionAction(IDLE, formOf({ ...valid(), person: personKey("nobody@example.com") }))).status).toBe("error");
    expect(await stored()).toHaveLength(0);
  });

  it("lets the member who logged an entry edit and delete it, refuses another member, and records each change", async () => {
    await createLead(audit("asha@example.com"), {}, null);
    expect((await logInteractionAction(IDLE, formOf(valid()))).status).toBe("success");
    const [entry] = await stored();
    expect(entry).toMatchObject({ emailKey: "asha@example.com", kind: "call", summary: "Discussed the SEO package", memberId: MEMBERS.a.id });

    actor = MEMBERS.b;
    const edited = await updateInteractionAction(IDLE, formOf({ ...valid(), id: entry!.id, summary: "Rewritten by B" }));
    expect(edited).toMatchObject({ status: "refused", title: "Not yours" });
    expect((await deleteInteractionAction(IDLE, formOf({ person: key(), id: entry!.id }))).status).toBe("refused");
    expect((await stored())[0]!.summary).toBe("Discussed the SEO package");

    // The entry's id under another person's key is not found there.
    await createLead(audit("other@example.com", "Other"), {}, null);
    actor = MEMBERS.a;
    expect((await updateInteractionAction(IDLE, formOf({ ...valid(), person: personKey("other@example.com"), id: entry!.id }))).status).toBe("error");

    expect((await updateInteractionAction(IDLE, formOf({ ...valid(), id: entry!.id, kind: "meeting", summary: "Met at the office" }))).status).toBe("success");
    expect((await stored())[0]).toMatchObject({ kind: "meeting", summary: "Met at the office" });
    expect((await updateInteractionAction(IDLE, formOf({ ...valid(), id: entry!.id, summary: "" }))).status).toBe("invalid");
    expect((await stored())[0]!.summary).toBe("Met at the office");
    expect((await deleteInteractionAction(IDLE, formOf({ person: key(), id: entry!.id }))).status).toBe("success");
    expect(await stored()).toHaveLength(0);
    expect((await deleteInteractionAction(IDLE, formOf({ person: key(), id: entry!.id }))).message).toBe("This entry was already deleted.");

    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, entry!.id));
    expect(trail.map((r) => r.action).sort()).toEqual(["person.interaction-create", "person.interaction-delete", "person.interaction-update"]);
    expect(trail.every((r) => r.userId === MEMBERS.a.id)).toBe(true);
  });

  it("is refused to an editor", async () => {
    await createLead(audit("asha@example.com"), {}, null);
    role = "editor";
    expect((await logInteractionAction(IDLE, formOf(valid()))).status).toBe("refused");
    expect(await stored()).toHaveLength(0);
  });
});

describe("the export", () => {
  it("holds every row that names them, as JSON and as CSV, and records each export by key, not by address", async () => {
    const lead = await createLead(audit("Asha@Example.com"), {}, null);
    await createContactMessage(contact("asha@example.com"), {}, null);
    await insertSpamSubmission({ form: "contact", reason: "honeypot", name: "Asha Rao", email: "asha@example.com", fields: { message: "hi" } });
    await subscribe({ email: "asha@example.com", topics: [], source: "blog" });
    await createLead(audit("other@example.com", "Other"), {}, null);
    await logInteractionAction(IDLE, formOf({ person: personKey("asha@example.com"), kind: "call", occurredAt: siteInput(new Date()), summary: "Called" }));

    const key = personKey("asha@example.com");
    const json = await exportRoute(new Request(`${SITE}/admin/export/person/${key}.json`), { params: Promise.resolve({ file: `${key}.json` }) });
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toContain(`person-${key}-`);
    expect(json.headers.get("cache-control")).toBe("no-store");
    const body = (await json.json()) as { tables: Record<string, Record<string, unknown>[]> };
    expect(Object.fromEntries(Object.entries(body.tables).map(([t, rows]) => [t, rows.length]))).toMatchObject({
      leads: 1,
      contact_messages: 1,
      spam_submissions: 1,
      newsletter_subscribers: 1,
      person_interactions: 1,
    });
    // The lead's acknowledgement (one a day per mailbox: the message's went unsent), the team's two
    // notifications, and the newsletter's confirmation request.
    expect(body.tables.notifications).toHaveLength(4);
    expect(body.tables.leads![0]).toMatchObject({ id: lead.id, email: "asha@example.com" });
    expect(body.tables.audit_events!.map((r) => r.action)).toContain("person.interaction-create");
    expect(JSON.stringify(body)).not.toContain("other@example.com");

    const csv = await exportRoute(new Request(`${SITE}/x`), { params: Promise.resolve({ file: `${key}.csv` }) });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark Excel needs
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe("Table,Row,Column,Value");
    expect(text).toContain(`leads,${lead.id},email,asha@example.com`);
    expect(text).toContain("person_interactions,");

    const exports = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "person.export"));
    expect(exports.map((r) => (r.after as { format: string }).format).sort()).toEqual(["csv", "json"]);
    expect(exports.every((r) => r.recordId === key && !JSON.stringify(r).toLowerCase().includes("asha"))).toBe(true);

    const missing = await exportRoute(new Request(`${SITE}/x`), { params: Promise.resolve({ file: `${personKey("nobody@example.com")}.json` }) });
    expect(missing.status).toBe(404);
    expect((await exportRoute(new Request(`${SITE}/x`), { params: Promise.resolve({ file: `${key}.xml` }) })).status).toBe(404);
    role = "editor";
    expect((await exportRoute(new Request(`${SITE}/x`), { params: Promise.resolve({ file: `${key}.json` }) })).status).toBe(403);
  });
});

// ---- Erasure ------------------------------------------------------------------------------------

/** Every text, character, JSON and array column of every table in the schema. */
async function searchableColumns() {
  const found = await handle.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')
      order by 1, 2`);
  return found.rows;
}

/** Where `needle` occurs (any case), as table.column, searching every column `searchableColumns` lists. */
async function whereFound(needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const { table_name, column_name } of await searchableColumns()) {
    const column = sql.identifier(column_name);
    const result = await handle.db.execute<{ n: number | string }>(
      sql`select count(*) as n from ${sql.identifier(table_name)} where strpos(lower(${column}::text), ${needle.toLowerCase()}) > 0`,
    );
    if (Number(result.rows[0]!.n) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

/** One person's traces in every table that can hold them, `email` spelled as given each time. */
async function seedPerson(spellings: string[], name: string) {
  const [endpoint] = await handle.db
    .insert(schema.webhookEndpoints)
    .values({ url: "https://hooks.example.net/in", events: ["lead.created", "lead.updated", "message.created"], secretEncrypted: "v1.x.y.z" })
    .returning();
  const lead = await createLead(audit(spellings[0]!, name), {}, null);
  const second = await createLead(audit(spellings[1] ?? spellings[0]!, name), {}, null);
  const message = await createContactMessage(contact(spellings[2] ?? spellings[0]!, name), {}, null);
  // The public forms store addresses lower-cased; rows a member typed keep the case they were typed in.
  await handle.db.execute(sql`update leads set email = ${spellings[0]!} where id = ${lead.id}`);
  await handle.db.execute(sql`update leads set email = ${spellings[1] ?? spellings[0]!} where id = ${second.id}`);
  await insertSpamSubmission({ form: "audit", reason: "too-fast", name, email: spellings[0]!, fields: { email: spellings[0]!, name } });
  await subscribe({ email: spellings[0]!, topics: [], source: "lead", leadId: lead.id });
  const [subscriber] = await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, spellings[0]!.toLowerCase()));
  const [send] = await handle.db.insert(newsletterSends).values({ subject: "November letter", body: "<p>Hi</p>" }).returning();
  const [recipient] = await handle.db
    .insert(newsletterRecipients)
    .values({ sendId: send!.id, subscriberId: subscriber!.id, email: subscriber!.email, messageId: `<${name.replace(/\W/g, "")}@site>` })
    .returning();
  const [link] = await handle.db.insert(newsletterLinks).values({ sendId: send!.id, url: "https://example.com/" }).returning();
  await handle.db.insert(newsletterClicks).values({ linkId: link!.id, recipientId: recipient!.id });
  await handle.db
    .insert(schema.analyticsLeadVisits)
    .values({ leadId: lead.id, day: "2026-11-20", entryPath: "/free-audit", channel: "direct", source: "", campaign: "", pages: ["/"] });
  // The team's work on them: a status change with a note naming them, a whole-row edit, a failed sign-in that typed their address.
  await recordActivity(
    {
      action: "status",
      actor: MEMBERS.a,
      table: "leads",
      recordId: lead.id,
      before: { status: "new" },
      after: { status: "contacted", notes: `${name} wants a call` },
    },
    handle.db,
  );
  await recordActivity(
    {
      action: "update",
      actor: MEMBERS.a,
      table: "contact_messages",
      recordId: message.id,
      before: { company: "Rao Textiles", notes: `Mail ${spellings[0]}` },
      after: { company: "Rao Silks", notes: null },
    },
    handle.db,
  );
  await recordActivity({ action: "auth.sign-in-failure", actor: null, email: spellings[0]!.toUpperCase() }, handle.db);
  await recordActivity({ action: "bulk.note", actor: MEMBERS.b, table: null, after: { summary: `Followed up with ${spellings[0]}` } }, handle.db);
  actor = MEMBERS.a;
  await logInteractionAction(IDLE, formOf({ person: personKey(spellings[0]!), kind: "call", occurredAt: siteInput(new Date()), summary: `Spoke to ${name}` }));
  // A strategy call with member A, whose own calendar has its event still waiting to be written.
  const start = new Date(Date.now() + 3 * 86_400_000 + Math.floor(Math.random() * 1000) * 60_000);
  const [call] = await handle.db
    .insert(schema.bookings)
    .values({
      hostId: MEMBERS.a.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
      name,
      email: spellings[1] ?? spellings[0]!,
      phone: "+919876543210",
      company: `${name} Textiles`,
      topic: `Growth for ${name}`,
      timeZone: "Asia/Kolkata",
      leadId: lead.id,
    })
    .returning();
  await handle.db
    .insert(schema.calendarConnections)
    .values({
      userId: MEMBERS.a.id,
      serverUrl: "https://dav.example.net/",
      username: "a",
      passwordEncrypted: "v1.x.y.z",
      calendarUrl: "https://dav.example.net/a/",
    })
    .onConflictDoNothing();
  await queueCalendarWrite({ userId: MEMBERS.a.id, uid: bookingUid(call!), action: "put", icsText: memberCalendarObject(call!, MEMBERS.a) });
  await recordActivity(
    {
      action: "booking.outcome",
      actor: MEMBERS.a,
      table: "bookings",
      recordId: call!.id,
      before: { outcome: null },
      after: { outcome: "held", notes: `${name} came` },
    },
    handle.db,
  );
  return { lead, second, message, endpoint: endpoint!, call: call! };
}

describe("erasure", () => {
  it("leaves the address nowhere in the database, in any case, keeps everyone else, and records counts without the person", async () => {
    const address = "asha.rao@example.com";
    await seedPerson(["Asha.Rao@Example.com", "ASHA.RAO@EXAMPLE.COM", "asha.rao@example.com"], "Asha Rao");
    await seedPerson(["keep.me@example.com"], "Keep Me");
    role = "sales";
    const exported = await exportPerson(personKey(address), "json"); // an export of theirs is in the trail by key
    // Their newsletter copy and its click, seeded above, are in their export.
    expect(exported?.newsletter_recipients).toHaveLength(1);
    expect(exported?.newsletter_clicks).toHaveLength(1);

    // The search finds them in every table seeded: a check that could not fail would prove nothing.
    const before = await whereFound(address);
    for (const column of [
      "leads.email",
      "contact_messages.email",
      "spam_submissions.email",
      "spam_submissions.fields",
      "notifications.recipients",
      "notifications.text_body",
      "notifications.reply_to",
      "newsletter_subscribers.email",
      "newsletter_recipients.email",
      "webhook_deliveries.payload",
      "acknowledged_senders.email",
      "person_interactions.email_key",
      "bookings.email",
      "calendar_events.ics_text",
      "audit_events.email",
      "audit_events.before",
      "audit_events.after",
    ]) {
      expect(before, column).toContain(column);
    }
    expect(await whereFound("Asha Rao")).toContain("audit_events.after");

    // Only owners and admins, and only with the word typed.
    const key = personKey("ASHA.RAO@example.COM");
    for (const r of ["sales", "editor"]) {
      role = r;
      expect((await erasePersonAction(IDLE, formOf({ person: key, confirm: "ERASE" }))).status).toBe("refused");
      await expect(erasePerson(key)).rejects.toThrow("denied");
    }
    role = "admin";
    for (const confirm of ["", "erase", "yes", address]) {
      const answer = await erasePersonAction(IDLE, formOf({ person: key, confirm }));
      expect(answer.status).toBe("invalid");
      expect(answer.fieldErrors?.confirm).toBe("Type ERASE to confirm.");
    }
    expect(await whereFound(address)).toEqual(before);

    await expect(erasePersonAction(IDLE, formOf({ person: key, confirm: "ERASE" }))).rejects.toThrow("redirect /admin/people/erased");

    expect(await whereFound(address)).toEqual([]);
    expect(await whereFound("Asha Rao")).toEqual([]);
    expect(await whereFound("9876543210" + "")).not.toEqual([]); // the other person's phone is kept
    expect(await whereFound(key)).toEqual([]);
    expect(await personPage(key)).toBeUndefined();

    // Everyone else is untouched.
    const kept = await personPage(personKey("keep.me@example.com"));
    expect(kept!.timeline.filter((e) => e.kind === "lead")).toHaveLength(2);
    expect((await whereFound("keep.me@example.com")).length).toBeGreaterThanOrEqual(before.length - 3);

    const [row] = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "person.erase"));
    expect(row).toMatchObject({ userId: MEMBERS.a.id, tableName: "people", recordId: null });
    expect(row!.after).toMatchObject({
      erased: "a person",
      leads: 2,
      contact_messages: 1,
      spam_submissions: 1,
      newsletter_subscribers: 1,
      newsletter_recipients: 1,
      newsletter_clicks: 1,
      person_interactions: 1,
      analytics_lead_visits: 1,
      acknowledged_senders: 1,
      bookings: 1,
    });
    // The call leaves member A's calendar: the write still pending is now a delete, with no text.
    const events = await handle.db.select().from(schema.calendarEvents);
    expect(events.map((e) => [e.pendingAction, e.icsText]).sort((x, y) => String(x[0]).localeCompare(String(y[0])))).toEqual([
      ["delete", null],
      ["put", expect.stringContaining("Keep Me")],
    ]);
    // Two leads' and a message's team notifications and one acknowledgement (the newsletter's
    // confirmation request goes with the subscriber, as the newsletter's own erasure does it).
    expect((row!.after as Record<string, number>).notifications).toBe(4);
    expect((row!.after as Record<string, number>).webhook_deliveries).toBeGreaterThanOrEqual(3);
    // The trail's rows about them are kept, saying what the team did, not who it was about.
    const status = (await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "status"))).find((r) =>
      JSON.stringify(r.after).includes("[erased]"),
    );
    expect(status!.after).toEqual({ status: "contacted", notes: "[erased]" });
    // A second erasure finds nothing to erase.
    expect((await erasePersonAction(IDLE, formOf({ person: key, confirm: "ERASE" }))).status).toBe("error");
  });

  it("refuses a team member's own address: removing a member is the Team screen's work", async () => {
    await createLead(audit("B@team.test", "Member B"), {}, null);
    role = "owner";
    expect(await erasePersonAction(IDLE, formOf({ person: personKey("b@team.test"), confirm: "ERASE" }))).toMatchObject({
      status: "refused",
      title: "A team member",
    });
    expect(await handle.db.select().from(leads)).toHaveLength(1);
  });

  it("keeps the trail append-only for everything but the erasure's own function", async () => {
    await recordActivity({ action: "status", actor: MEMBERS.a, table: "leads", recordId: "x", after: { status: "won" } }, handle.db);
    await expect(handle.db.execute(sql`update audit_events set after = '{}'::jsonb`)).rejects.toThrow();
    await expect(handle.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    // The function can rewrite only what a row says about a person: a change of who did it is refused.
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('audit.erase', 'on', true)`);
        await tx.execute(sql`update audit_events set user_id = 'someone-else'`);
      }),
    ).rejects.toThrow();
    expect((await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, "x")))[0]).toMatchObject({
      userId: MEMBERS.a.id,
      after: { status: "won" },
    });
  });

  it("a submission from the same address sent while the erasure runs is erased whole or kept whole, never split", async () => {
    const address = "race@example.com";
    role = "owner";
    await createLead(audit(address, "Race Person"), {}, null);
    await createContactMessage(contact(address, "Race Person"), {}, null);
    for (let round = 0; round < 8; round++) {
      const submissions = Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? createLead(audit(i % 4 === 1 ? "RACE@example.com" : address, "Race Person"), {}, null)
          : createContactMessage(contact(address, "Race Person"), {}, null),
      );
      const [erased] = await Promise.all([erasePerson(personKey(address)), ...submissions]);
      expect(erased.ok || erased.reason === "nothing").toBe(true);
      // Whatever is left is whole: every lead and message kept has its two mails (the team's and
      // the acknowledgement, or the team's alone once today's acknowledgement went), and no mail to
      // or about the address is left without its submission.
      const leftLeads = await handle.db.select().from(leads);
      const leftMessages = await handle.db.select().from(contactMessages);
      const mails = await handle.db.select().from(notifications);
      for (const row of [...leftLeads, ...leftMessages]) {
        const own = mails.filter((m) => m.leadId === row.id || m.contactMessageId === row.id);
        expect(
          own.some((m) => m.kind === "lead" || m.kind === "contact"),
          row.id,
        ).toBe(true);
      }
      for (const m of mails) {
        const names = m.recipients.some((r) => r.toLowerCase() === address) || m.replyTo?.toLowerCase() === address;
        if (!names) continue;
        expect(m.leadId ?? m.contactMessageId, m.kind).toBeTruthy();
        expect([...leftLeads, ...leftMessages].some((r) => r.id === (m.leadId ?? m.contactMessageId))).toBe(true);
      }
    }
    // Erased once more with nothing running: nothing is left.
    await erasePerson(personKey(address));
    expect(await whereFound(address)).toEqual([]);
  });
});
