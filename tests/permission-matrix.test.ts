import { TINY_PNG } from "../e2e/images";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RECORD_FORM_FIELDS, ROOM_SCRIPT_FIELD, ROW_INTENT_FIELD, type StaffRole } from "@/lib/admin-tables/definition";
import { startFakeRazorpay } from "./helpers/fake-razorpay";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The permission matrix (docs/decisions/0034): every Server Action exported from
// src/server/actions and every route handler under src/app is replayed as each role, as a signed-in
// account without a team role, as an unverified member, as a visitor who signed out and as an
// anonymous visitor, and the rows of every table are compared before and after. Exactly the cells
// the matrix allows change anything. An export or a route without an entry here fails the test.

// The matrix as the roles are defined (docs/decisions/0034), written out here rather than read from
// the desks' constants, so that a desk given to the wrong role fails this test.
const CONTENT: readonly StaffRole[] = ["owner", "admin", "editor"];
const LEADS: readonly StaffRole[] = ["owner", "admin", "sales"];
const TEAM: readonly StaffRole[] = ["owner", "admin"];
const EVERY_MEMBER: readonly StaffRole[] = ["owner", "admin", "editor", "sales"];
const CONTENT_DESK = { read: CONTENT, write: CONTENT };
const LEAD_DESK = { read: LEADS, write: LEADS };
const TEAM_DESK = { read: TEAM, write: TEAM };
const STAFF_ROLES = EVERY_MEMBER;

const SITE = "http://localhost:3999";
// Proposals are priced with GST from the billing settings (docs/decisions/0108).
Object.assign(process.env, {
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive, Mumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon, Director",
});
// Payment links are asked of a local fake of Razorpay's API (docs/decisions/0109).
const RAZORPAY_KEYS = { keyId: "rzp_test_Matrix0001", keySecret: "matrixSecretForPaymentLinks" };
const fakeRazorpay = await startFakeRazorpay(RAZORPAY_KEYS);
afterAll(() => fakeRazorpay.close());
Object.assign(process.env, { RAZORPAY_KEY_ID: RAZORPAY_KEYS.keyId, RAZORPAY_KEY_SECRET: RAZORPAY_KEYS.keySecret, RAZORPAY_API_BASE: fakeRazorpay.base });
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {}, refresh: () => {} }));
vi.mock("next/navigation", () => ({ redirect: () => {}, notFound: () => {} }));

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { apiKeys: apiKeysTable, profiles, sessions, users, teamInvitations } = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
setUpJobQueue();
const PASSWORD = "Monsoon-Ledger-2026";
const OTHER_PASSWORD = "Harbour-Lantern-2027";

type Actor = StaffRole | "user" | "unverified" | "signed-out" | "anonymous";
const ACTORS: readonly Actor[] = [...STAFF_ROLES, "user", "unverified", "signed-out", "anonymous"];

interface Signed {
  email: string;
  userId?: string;
  cookie?: string;
  password: string;
}
const actors = new Map<Actor, Signed>();

async function signIn(email: string, password: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A verified account with a role (made directly: the sign-up switch is one of the cells). */
async function makeAccount(email: string, role: string): Promise<string> {
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: `Member ${email.split("@")[0]}`, email, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(PASSWORD) });
  await handle.db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
  return user.id;
}

const as = (actor: Actor) => {
  const signed = actors.get(actor);
  requestHeaders = new Headers({ host: "localhost:3999", origin: SITE, ...(signed?.cookie ? { cookie: signed.cookie } : {}) });
  return requestHeaders;
};

let tableNames: string[] = [];
/**
 * Every row of every table as text, except the rate-limit counters (public endpoints count visits)
 * and a session's "last seen" (written by any signed-in request, allowed or not), kept as each
 * table's row count and the md5 of its rows' sorted text, read in one query: every cell is replayed
 * for each actor between two snapshots, and a round trip per table per snapshot made the run
 * take minutes.
 */
let snapshotQuery: SQL | null = null;
async function snapshot(): Promise<Map<string, string>> {
  snapshotQuery ??= sql.join(
    tableNames.map((name) => {
      const row = name === "sessions" ? sql`(t.id, t.token, t.user_id, t.expires_at, t.created_at, t.ip_address, t.user_agent)` : sql`t`;
      return sql`select ${name}::text as name, count(*)::text || ':' || md5(coalesce(string_agg(${row}::text, E'\\n' order by ${row}::text), '')) as d from ${sql.identifier(name)} t`;
    }),
    sql` union all `,
  );
  const rows = await handle.db.execute<{ name: string; d: string }>(snapshotQuery);
  return new Map(rows.rows.map((r) => [r.name, r.d]));
}
/** The tables whose rows differ between two snapshots. */
function changedRows(before: Map<string, string>, after: Map<string, string>): number {
  let changed = 0;
  for (const [name, digest] of after) if (before.get(name) !== digest) changed++;
  return changed;
}
const uploadsDir = () => path.join(process.env.DATA_DIR!, "uploads");
const uploadCount = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).length : 0);

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const IDLE = { status: "idle" } as const;
/** What the dashboard's record form posts: the values and the hidden fields naming the table and the record. */
const recordForm = (tableId: string, id: string | null, values: Record<string, string>) =>
  formOf({ ...values, [RECORD_FORM_FIELDS.table]: tableId, ...(id === null ? {} : { [RECORD_FORM_FIELDS.id]: id }) });
/** What a list row's form posts: the change it asks for, its table and record, and its fields. */
const rowForm = (tableId: string, id: string, intent: string, values: Record<string, string> = {}) =>
  formOf({ ...values, [RECORD_FORM_FIELDS.table]: tableId, [RECORD_FORM_FIELDS.id]: id, [ROW_INTENT_FIELD]: intent });

/** One replayable call: who may make it, and the call (prepared as the owner before the snapshot). */
interface Cell {
  label: string;
  allowed: readonly StaffRole[];
  /** Runs before the snapshot (as nobody): makes the row the call works on. */
  prepare?: (actor: Actor) => Promise<unknown>;
  run: (prepared: unknown, actor: Actor) => Promise<unknown>;
  /** Reads only: the answer says whether it was allowed (rows never change). */
  readOnly?: (answer: unknown) => boolean;
  /** Something outside the database it writes (stored upload files). */
  extra?: () => number;
}
type Entry = Cell[] | { notReplayed: string };

let sequence = 0;
const next = () => ++sequence;

const TABLE_FORMS: Record<string, { sqlTable: string; access: readonly StaffRole[]; form: () => Record<string, string> }> = {
  leads: { sqlTable: "leads", access: LEAD_DESK.write, form: () => ({ name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210" }) },
  messages: {
    sqlTable: "contact_messages",
    access: LEAD_DESK.write,
    form: () => ({ name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210", message: "Call me." }),
  },
  "case-studies": { sqlTable: "case_studies", access: CONTENT_DESK.write, form: () => ({ title: "Doubling repeat orders", companyName: "GlowLab" }) },
  testimonials: {
    sqlTable: "testimonials",
    access: CONTENT_DESK.write,
    form: () => ({ clientName: "Asha Rao", company: "GlowLab", content: "Great work.", rating: "5" }),
  },
  posts: {
    sqlTable: "blog_posts",
    access: CONTENT_DESK.write,
    form: () => ({ title: "A post", slug: `a-post-${next()}`, content: "<p>Hello.</p>", authorName: "Team" }),
  },
  // A name is one profile: each create names a new author.
  authors: { sqlTable: "authors", access: CONTENT_DESK.write, form: () => ({ name: `Asha Rao ${next()}` }) },
};

async function insertRow(tableId: string): Promise<string> {
  const { saveRecord } = await import("@/server/dashboard/admin-actions");
  as("owner");
  const answer = await saveRecord(tableId, null, formOf(TABLE_FORMS[tableId]!.form()));
  expect(answer.status, `${tableId}: ${answer.message}`).toBe("success");
  const sqlTable = TABLE_FORMS[tableId]!.sqlTable;
  return (await handle.db.execute<{ id: string }>(sql`select id from ${sql.identifier(sqlTable)} order by created_at desc limit 1`)).rows[0]!.id;
}

/** One lead that only this cell's search matches: its marker and the fingerprint of that one-row set. */
async function oneLeadSet(): Promise<[string, string]> {
  const marker = `bulk-${crypto.randomUUID()}`;
  const id = (
    await handle.db.execute<{ id: string }>(
      sql`insert into leads (name, email, mobile_number, growth_challenge) values ('Bulk', 'bulk@example.com', '9876543210', ${marker}) returning id`,
    )
  ).rows[0]!.id;
  return [marker, crypto.createHash("sha256").update(id).digest("hex")];
}

/** A contact form held as spam (its honeypot filled), for "Not spam". */
async function heldSubmission(): Promise<string> {
  const fields = { name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210", message: "Call me." };
  return (
    await handle.db.execute<{ id: string }>(
      sql`insert into spam_submissions (form, reason, name, email, fields) values ('contact', 'honeypot', 'Asha Rao', 'asha@example.com', ${JSON.stringify(fields)}::jsonb) returning id`,
    )
  ).rows[0]!.id;
}

async function throwawayMember(role: string): Promise<string> {
  return makeAccount(`throwaway-${next()}@test.example`, role);
}

async function matrix(): Promise<Record<string, Entry>> {
  const admin = await import("@/server/dashboard/admin-actions");
  const team = await import("@/server/team/team-actions");
  const apiKeys = await import("@/server/integrations/api-key-actions");
  const twoFactor = await import("@/server/team/two-factor-actions");
  const revisions = await import("@/server/content/revision-actions");
  const previews = await import("@/server/content/preview-actions");
  const linkSuggestions = await import("@/server/content/link-suggestion-actions");
  const integrations = await import("@/server/integrations/integration-actions");
  const newsletter = await import("@/server/newsletter/newsletter-actions");
  const subscribers = await import("@/server/newsletter/subscriber-actions");
  const pipeline = await import("@/server/pipeline/pipeline-actions");
  const writingRoom = await import("@/server/dashboard/writing-room-actions");
  const redirectActions = await import("@/server/redirects/redirect-actions");
  const linkCheckActions = await import("@/server/seo/link-check-actions");
  const proposalActions = await import("@/server/proposals/proposal-actions");
  const proposalData = await import("@/server/proposals");
  const leadRow = async () =>
    (
      await handle.db.execute<{ id: string }>(
        sql`insert into leads (name, email, mobile_number) values ('Asha Rao', 'asha@example.com', '9876543210') returning id`,
      )
    ).rows[0]!.id;
  /** A proposal of its own for each replay: a draft, or sent (made directly: the forms are the cells). */
  const proposalRow = async (sent: boolean) => {
    const author = { id: await throwawayMember("sales"), email: "author@test.example" };
    const made = await proposalData.createProposalForLead(await leadRow(), author);
    if (!made.ok) throw new Error(made.message);
    if (sent) await proposalData.sendProposal(made.id, author);
    return made.id;
  };
  /** A proposal accepted by its client (with the address an invoice carries), and its invoice when asked. */
  const acceptedProposalRow = async (invoiced: boolean) => {
    const author = { id: await throwawayMember("sales"), email: "author@test.example" };
    const made = await proposalData.createProposalForLead(await leadRow(), author);
    if (!made.ok) throw new Error(made.message);
    const draft = (await proposalData.proposalForDesk(made.id))!.row;
    const saved = await proposalData.updateDraft(
      made.id,
      {
        title: draft.title,
        lines: [{ description: "SEO retainer", sacCode: "998361", quantity: 1, unitPricePaise: 5_000_000, discount: null, billing: "monthly" }],
        validUntil: draft.validUntil,
        terms: draft.terms,
        recipient: { ...draft.recipient, address: "14 Hill Road, Pune 411001" },
      },
      author,
    );
    if (!saved.ok) throw new Error(saved.message);
    const sent = await proposalData.sendProposal(made.id, author);
    if (!sent.ok) throw new Error(sent.message);
    const page = await proposalData.publicProposal(sent.token);
    const accepted = await proposalData.acceptProposal({
      token: sent.token,
      name: "Asha Rao",
      agreed: true,
      documentSha256: page!.documentSha256,
      ip: null,
      userAgent: null,
    });
    if (!accepted.ok) throw new Error(accepted.message);
    if (invoiced) {
      const issued = await proposalData.issueInvoiceForProposal(made.id, author);
      if (!issued.ok) throw new Error(issued.message);
    }
    return made.id;
  };
  const redirectRow = async () =>
    (await handle.db.execute<{ id: string }>(sql`insert into redirects (source, target) values (${`/matrix-gone-${next()}`}, '/matrix-new') returning id`))
      .rows[0]!.id;
  const experimentActions = await import("@/server/experiments/experiment-actions");
  // An experiment of its own for each replay, in the status the action starts from; a running one
  // left by an earlier replay is stopped first, since one runs at a time.
  const experimentRow = (status: "draft" | "running" | "stopped") => async () => {
    await handle.db.execute(sql`update experiments set status = 'stopped', stopped_at = now() where status = 'running'`);
    const variants = JSON.stringify([
      { name: "Control", weight: 1, copy: {} },
      { name: "B", weight: 1, copy: { headline: "Matrix" } },
    ]);
    const startedAt = status === "draft" ? null : new Date().toISOString();
    return (
      await handle.db.execute<{ id: string }>(
        sql`insert into experiments (key, name, target, goal, status, variants, started_at) values (${crypto.randomBytes(4).toString("hex")}, 'Matrix', 'home-hero', 'free-audit', ${status}, ${variants}::jsonb, ${startedAt}::timestamptz) returning id`,
      )
    ).rows[0]!.id;
  };
  const experimentFields = { name: "Matrix test", target: "home-hero", goal: "contact", trafficPercent: "100", minDays: "7", variant0Weight: "1" };
  const challenger = { variant1Name: "B", variant1Weight: "1", variant1Headline: "Matrix headline" };
  // A custom stage of its own for each replay (direct: the stage forms are the cells), with the
  // previous replays' stages that hold no lead cleared first, so the owner's limit is never reached.
  const customStage = async () => {
    await handle.db.execute(sql`delete from lead_stages where not builtin and key not in (select distinct status from leads)`);
    const key = `matrix-stage-${next()}`;
    await handle.db.execute(sql`insert into lead_stages (key, name, position) values (${key}, ${key}, 35)`);
    return key;
  };
  const bookingAdmin = await import("@/server/booking/booking-admin-actions");
  /** Availability as the Calls screen posts it, for `userId`, Monday to Friday 10:00-13:00. */
  const availabilityForm = (userId: string) =>
    formOf({
      userId,
      offersCalls: "on",
      bufferMinutes: String(5 + (next() % 50)),
      noticeMinutes: "60",
      maxPerDay: "4",
      ...Object.fromEntries(
        [1, 2, 3, 4, 5].flatMap((d) => [
          [`day${d}Start`, "10:00"],
          [`day${d}End`, "13:00"],
        ]),
      ),
    });
  /** A call with `hostId` (a throwaway sales member by default), started an hour ago or starting in a week. */
  const callRow = async (when: "past" | "coming", hostId?: string) => {
    const host = hostId ?? (await throwawayMember("sales"));
    const start = new Date(Date.now() + (when === "past" ? -60 : 7 * 24 * 60 + next()) * 60_000);
    const rows = await handle.db.execute<{ id: string }>(
      sql`insert into bookings (host_id, starts_at, ends_at, name, email, phone, topic, time_zone)
          values (${host}, ${start}, ${new Date(start.getTime() + 30 * 60_000)}, 'Asha', 'asha@example.com', '+919876543210', 'Growth', 'Asia/Kolkata') returning id`,
    );
    return rows.rows[0]!.id;
  };
  /** The actor's own account id when they have one that could hold a call, else a throwaway's. */
  const ownId = async (actor: Actor) => {
    const signed = actors.get(actor);
    return signed?.userId && actor !== "unverified" && actor !== "signed-out" && actor !== "user" && actor !== "editor"
      ? signed.userId
      : throwawayMember("sales");
  };
  const { newsletterSends, newsletterSubscribers } = await import("@/server/kernel/db/schema");
  const people = await import("@/server/people/people-actions");
  const { personKey } = await import("@/server/kernel/session/person-key");
  const { personInteractions } = await import("@/server/kernel/db/schema");
  /** A lead of an address of its own: its person's key. */
  const personRow = async () => {
    const email = `person-${next()}@example.com`;
    await handle.db.execute(sql`insert into leads (name, email, mobile_number) values ('Asha Rao', ${email}, '9876543210')`);
    return personKey(email);
  };
  /** An entry logged by the actor themselves on a new person (the only member who may change it). */
  const ownInteraction = async (actor: Actor) => {
    const key = await personRow();
    const email = (await handle.db.execute<{ email: string }>(sql`select email from leads order by created_at desc limit 1`)).rows[0]!.email;
    const [row] = await handle.db
      .insert(personInteractions)
      .values({ emailKey: email, kind: "call", occurredAt: new Date("2026-01-05T04:30:00Z"), summary: "Called", memberId: actors.get(actor)?.userId ?? null })
      .returning({ id: personInteractions.id });
    return { key, id: row!.id, person: key };
  };
  const calendar = await import("@/server/booking/calendar-actions");
  const { calendarConnections } = await import("@/server/kernel/db/schema");
  const { encryptPassword } = await import("@/server/booking/calendar-sync/secret");
  // A calendar connection of the actor's own (or, for those without an account, of the owner: never
  // theirs to change). Its server is on 127.0.0.1, which the site refuses to reach in this test (no
  // CALENDAR_ALLOW_PRIVATE_TARGETS): a choice's sync fails and is recorded, a change all the same.
  const ownConnection = async (actor: Actor) => {
    const signed = actors.get(actor);
    const userId = signed?.userId ?? actors.get("owner")!.userId!;
    const calendars = [
      { url: "http://127.0.0.1:9/dav/a/", name: "Work" },
      { url: "http://127.0.0.1:9/dav/b/", name: "Personal" },
    ];
    await handle.db
      .insert(calendarConnections)
      .values({
        userId,
        serverUrl: "http://127.0.0.1:9/",
        username: "member",
        passwordEncrypted: encryptPassword("calendar-password"),
        calendarUrl: calendars[0]!.url,
        calendarName: "Work",
        calendarsFound: calendars,
      })
      .onConflictDoUpdate({ target: calendarConnections.userId, set: { calendarUrl: calendars[0]!.url, calendarName: "Work", calendarsFound: calendars } });
    return calendars[1]!.url;
  };
  const subscriberRow = async () => {
    const email = `reader-${next()}@example.com`;
    return (
      await handle.db
        .insert(newsletterSubscribers)
        .values({ email, emailKey: email, status: "confirmed", source: "blog" })
        .returning({ id: newsletterSubscribers.id })
    )[0]!.id;
  };
  const { toSiteDateTimeInput } = await import("@/lib/site-time");
  const sendRow = (status: "draft" | "sending" | "paused" | "scheduled") => async () =>
    (
      await handle.db
        .insert(newsletterSends)
        .values({ subject: `Letter ${next()}`, body: "<p>Hi</p>", status, scheduledAt: status === "scheduled" ? new Date(Date.now() + 86_400_000) : null })
        .returning({ id: newsletterSends.id })
    )[0]!.id;
  const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
  const { webhookDeliveries, webhookEndpoints } = await import("@/server/kernel/db/schema");
  const endpointRow = async () => (await insertWebhookEndpoint({ url: `https://hooks.example.com/${next()}`, kind: "standard", events: ["lead.created"] })).id;
  const firstRevision = async (): Promise<[string, string]> => {
    const postId = await insertRow("posts");
    const [row] = (await handle.db.execute<{ id: string }>(sql`select id from blog_post_revisions where post_id = ${postId} limit 1`)).rows;
    return [postId, row!.id];
  };
  const tables = Object.keys(TABLE_FORMS);
  return {
    "dashboard/admin-actions#saveRecord": tables.flatMap((id): Cell[] => [
      { label: `${id} create`, allowed: TABLE_FORMS[id]!.access, run: () => admin.saveRecord(id, null, formOf(TABLE_FORMS[id]!.form())) },
      {
        label: `${id} update`,
        allowed: TABLE_FORMS[id]!.access,
        prepare: () => insertRow(id),
        run: (rowId) => admin.saveRecord(id, rowId as string, formOf({ ...TABLE_FORMS[id]!.form(), ...(id === "posts" ? {} : {}), ...changedField(id) })),
      },
    ]),
    "dashboard/admin-actions#saveRecordForm": tables.flatMap((id): Cell[] => [
      { label: `${id} create`, allowed: TABLE_FORMS[id]!.access, run: () => admin.saveRecordForm(IDLE, recordForm(id, null, TABLE_FORMS[id]!.form())) },
      {
        label: `${id} update`,
        allowed: TABLE_FORMS[id]!.access,
        prepare: () => insertRow(id),
        run: (rowId) => admin.saveRecordForm(IDLE, recordForm(id, rowId as string, { ...TABLE_FORMS[id]!.form(), ...changedField(id) })),
      },
    ]),
    // The writing room's Save is the record form's action for posts (the script field keeps it from redirecting).
    "dashboard/writing-room-actions#saveWritingRoom": [
      {
        label: "posts create in the writing room",
        allowed: TABLE_FORMS.posts!.access,
        run: () => writingRoom.saveWritingRoom(IDLE, recordForm("posts", null, { ...TABLE_FORMS.posts!.form(), [ROOM_SCRIPT_FIELD]: "1" })),
      },
      {
        label: "posts update in the writing room",
        allowed: TABLE_FORMS.posts!.access,
        prepare: () => insertRow("posts"),
        run: (rowId) =>
          writingRoom.saveWritingRoom(
            IDLE,
            recordForm("posts", rowId as string, { ...TABLE_FORMS.posts!.form(), ...changedField("posts"), [ROOM_SCRIPT_FIELD]: "1" }),
          ),
      },
    ],
    "dashboard/admin-actions#deleteRecord": tables.map((id) => ({
      label: `${id} delete`,
      allowed: TABLE_FORMS[id]!.access,
      prepare: () => insertRow(id),
      run: (rowId: unknown) => admin.deleteRecord(id, rowId as string),
    })),
    "dashboard/admin-actions#setStatus": [
      {
        label: "lead status",
        allowed: LEAD_DESK.write,
        prepare: () => insertRow("leads"),
        run: (rowId) => admin.setStatus("leads", rowId as string, "contacted"),
      },
      {
        label: "message status",
        allowed: LEAD_DESK.write,
        prepare: () => insertRow("messages"),
        run: (rowId) => admin.setStatus("messages", rowId as string, "replied"),
      },
    ],
    "dashboard/admin-actions#previewContent": [
      { label: "post preview", allowed: CONTENT_DESK.write, run: () => admin.previewContent("posts", "<p>Hi</p>"), readOnly: (a) => (a as { ok: boolean }).ok },
    ],
    "integrations/api-key-actions#createApiKeyAction": [
      {
        label: "make an API key",
        allowed: TEAM_DESK.write,
        run: () => apiKeys.createApiKeyAction(IDLE, formOf({ name: `Key ${next()}`, "leads:read": "on" })),
      },
    ],
    "integrations/api-key-actions#revokeApiKeyAction": [
      {
        label: "revoke an API key",
        allowed: TEAM_DESK.write,
        prepare: async () => {
          const [row] = await handle.db
            .insert(apiKeysTable)
            .values({ name: `Key ${next()}`, tokenHash: `hash-${next()}`, shownPrefix: "kg_live_abcd", scopes: ["leads:read"] })
            .returning();
          return row!.id;
        },
        run: (id) => apiKeys.revokeApiKeyAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "integrations/integration-actions#addEndpointAction": [
      {
        label: "add a webhook endpoint",
        allowed: TEAM_DESK.write,
        run: () => integrations.addEndpointAction(IDLE, formOf({ url: `https://hooks.example.com/${next()}`, kind: "standard", "event:lead.created": "on" })),
      },
    ],
    "integrations/integration-actions#deleteEndpointAction": [
      {
        label: "delete a webhook endpoint",
        allowed: TEAM_DESK.write,
        prepare: endpointRow,
        run: (id) => integrations.deleteEndpointAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "integrations/integration-actions#resumeEndpointAction": [
      {
        label: "resume a paused endpoint",
        allowed: TEAM_DESK.write,
        prepare: async () => {
          const id = await endpointRow();
          await handle.db.update(webhookEndpoints).set({ status: "paused", pausedReason: "x" }).where(eq(webhookEndpoints.id, id));
          return id;
        },
        run: (id) => integrations.resumeEndpointAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "redirects/redirect-actions#saveRedirectAction": [
      {
        label: "add a redirect",
        allowed: CONTENT_DESK.write,
        run: () => redirectActions.saveRedirectAction(IDLE, formOf({ source: `/matrix-old-${next()}`, target: "/matrix-new", status: "301" })),
      },
    ],
    "redirects/redirect-actions#deleteRedirectAction": [
      {
        label: "remove a redirect",
        allowed: CONTENT_DESK.write,
        prepare: redirectRow,
        run: (id) => redirectActions.deleteRedirectAction(IDLE, formOf({ id: String(id) })),
      },
    ],
    "redirects/redirect-actions#importRedirectsAction": [
      {
        label: "import redirects from a CSV file",
        allowed: CONTENT_DESK.write,
        run: () => {
          const form = new FormData();
          form.set("file", new File([`Old address,New address\n/matrix-csv-${next()},/matrix-new\n`], "redirects.csv", { type: "text/csv" }));
          return redirectActions.importRedirectsAction(IDLE, form);
        },
      },
    ],
    "experiments/experiment-actions#saveExperimentAction": [
      {
        label: "draft an experiment",
        allowed: CONTENT_DESK.write,
        run: () => experimentActions.saveExperimentAction(IDLE, formOf({ ...experimentFields, ...challenger })),
      },
      {
        label: "edit a draft experiment",
        allowed: CONTENT_DESK.write,
        prepare: experimentRow("draft"),
        run: (id) => experimentActions.saveExperimentAction(IDLE, formOf({ ...experimentFields, ...challenger, id: String(id), name: `Renamed ${next()}` })),
      },
    ],
    "experiments/experiment-actions#startExperimentAction": [
      {
        label: "start an experiment",
        allowed: CONTENT_DESK.write,
        prepare: experimentRow("draft"),
        run: (id) => experimentActions.startExperimentAction(IDLE, formOf({ id: String(id) })),
      },
    ],
    "experiments/experiment-actions#stopExperimentAction": [
      {
        label: "stop an experiment",
        allowed: CONTENT_DESK.write,
        prepare: experimentRow("running"),
        run: (id) => experimentActions.stopExperimentAction(IDLE, formOf({ id: String(id) })),
      },
    ],
    "experiments/experiment-actions#shipExperimentAction": [
      {
        label: "ship an experiment's variant",
        allowed: CONTENT_DESK.write,
        prepare: experimentRow("stopped"),
        run: (id) => experimentActions.shipExperimentAction(IDLE, formOf({ id: String(id), variant: "1" })),
      },
    ],
    "seo/link-check-actions#checkLinksAction": [
      {
        // The first call queues a check; a later one, while it waits, records who asked again and when.
        label: "check the site's links now",
        allowed: CONTENT_DESK.write,
        run: () => linkCheckActions.checkLinksAction(IDLE, formOf({})),
      },
    ],
    "newsletter/newsletter-actions#createSendAction": [
      { label: "new letter", allowed: CONTENT_DESK.write, run: () => newsletter.createSendAction(IDLE, formOf({ kind: "letter" })) },
    ],
    "newsletter/newsletter-actions#saveSendAction": [
      {
        label: "save a letter",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("draft"),
        run: (id) => newsletter.saveSendAction(IDLE, formOf({ id: id as string, subject: `Subject ${next()}`, body: "<p>Changed</p>" })),
      },
    ],
    "newsletter/newsletter-actions#sendTestAction": [
      {
        label: "send a test letter",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("draft"),
        run: (id) => newsletter.sendTestAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "newsletter/newsletter-actions#sendNowAction": [
      {
        label: "send a letter now",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("draft"),
        run: (id) => newsletter.sendNowAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "newsletter/newsletter-actions#scheduleAction": [
      {
        label: "schedule a letter",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("draft"),
        run: (id) => newsletter.scheduleAction(IDLE, formOf({ id: id as string, at: toSiteDateTimeInput(new Date(Date.now() + 2 * 86_400_000)) })),
      },
    ],
    "newsletter/newsletter-actions#unscheduleAction": [
      {
        label: "cancel a schedule",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("scheduled"),
        run: (id) => newsletter.unscheduleAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "newsletter/newsletter-actions#pauseAction": [
      {
        label: "pause a send",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("sending"),
        run: (id) => newsletter.pauseAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "newsletter/newsletter-actions#resumeAction": [
      {
        label: "resume a send",
        allowed: CONTENT_DESK.write,
        prepare: sendRow("paused"),
        run: (id) => newsletter.resumeAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "people/people-actions#logInteractionAction": [
      {
        label: "log a call on a person's page",
        allowed: LEAD_DESK.write,
        prepare: personRow,
        run: (key) => people.logInteractionAction(IDLE, formOf({ person: key as string, kind: "call", occurredAt: "2026-01-05T10:00", summary: "Called" })),
      },
    ],
    "people/people-actions#updateInteractionAction": [
      {
        label: "edit one's own logged entry",
        allowed: LEAD_DESK.write,
        prepare: ownInteraction,
        run: (p) => {
          const { key, id } = p as { key: string; id: string };
          return people.updateInteractionAction(IDLE, formOf({ person: key, id, kind: "meeting", occurredAt: "2026-01-05T11:00", summary: "Met" }));
        },
      },
    ],
    "people/people-actions#deleteInteractionAction": [
      {
        label: "delete one's own logged entry",
        allowed: LEAD_DESK.write,
        prepare: ownInteraction,
        run: (p) => people.deleteInteractionAction(IDLE, formOf(p as { key: string; id: string } & Record<string, string>)),
      },
    ],
    "people/people-actions#erasePersonAction": [
      {
        label: "erase a person",
        allowed: TEAM_DESK.write,
        prepare: personRow,
        run: (key) => people.erasePersonAction(IDLE, formOf({ person: key as string, confirm: "ERASE" })),
      },
    ],
    "pipeline/pipeline-actions#moveLeadCard": [
      {
        label: "move a card on the board",
        allowed: LEAD_DESK.write,
        prepare: () => insertRow("leads"),
        run: (id) => pipeline.moveLeadCard(id as string, "contacted", "new"),
      },
    ],
    "pipeline/pipeline-actions#moveLeadCardForm": [
      {
        label: "move a card by its plain form",
        allowed: LEAD_DESK.write,
        prepare: () => insertRow("leads"),
        run: (id) => pipeline.moveLeadCardForm(formOf({ id: id as string, to: "qualified", from: "new", board: "" })),
      },
    ],
    "pipeline/pipeline-actions#winLeadCardAction": [
      {
        label: "move a card to Won with its value",
        allowed: LEAD_DESK.write,
        prepare: () => insertRow("leads"),
        run: (id) => pipeline.winLeadCardAction(IDLE, formOf({ id: id as string, from: "new", dealValue: "150000" })),
      },
    ],
    "proposals/proposal-actions#newProposalAction": [
      {
        label: "start a proposal for a lead",
        allowed: LEAD_DESK.write,
        prepare: leadRow,
        run: (id) => proposalActions.newProposalAction(IDLE, formOf({ leadId: id as string })),
      },
    ],
    "proposals/proposal-actions#saveDraftAction": [
      {
        label: "save a proposal's draft",
        allowed: LEAD_DESK.write,
        prepare: () => proposalRow(false),
        run: (id) =>
          proposalActions.saveDraftAction(
            IDLE,
            formOf({
              id: id as string,
              title: `Proposal ${next()}`,
              validUntil: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
              name: "Asha Rao",
              email: "asha@example.com",
              stateCode: "27",
              "line0-description": "SEO retainer",
              "line0-sacCode": "998361",
              "line0-quantity": "1",
              "line0-price": "50000",
              "line0-billing": "monthly",
            }),
          ),
      },
    ],
    "proposals/proposal-actions#sendProposalAction": [
      {
        label: "send a proposal",
        allowed: LEAD_DESK.write,
        prepare: () => proposalRow(false),
        run: (id) => proposalActions.sendProposalAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "proposals/proposal-actions#reviseProposalAction": [
      {
        label: "revise a sent proposal",
        allowed: LEAD_DESK.write,
        prepare: () => proposalRow(true),
        run: (id) => proposalActions.reviseProposalAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "proposals/proposal-actions#issueInvoiceAction": [
      {
        label: "issue the invoice of an accepted proposal",
        allowed: LEAD_DESK.write,
        prepare: () => acceptedProposalRow(false),
        run: (id) => proposalActions.issueInvoiceAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "proposals/proposal-actions#paymentLinkAction": [
      {
        label: "create the payment link of a proposal's invoice",
        allowed: LEAD_DESK.write,
        prepare: () => acceptedProposalRow(true),
        run: (id) => proposalActions.paymentLinkAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "proposals/proposal-actions#acceptProposalAction": { notReplayed: "public: the mailed link's random token is the authority (tests/proposals.test.ts)" },
    "proposals/proposal-actions#declineProposalAction": { notReplayed: "public: the mailed link's random token is the authority (tests/proposals.test.ts)" },
    "pipeline/pipeline-actions#createStageAction": [
      {
        label: "add a stage",
        allowed: ["owner"],
        prepare: async () => {
          await customStage();
          return `Stage ${next()}`;
        },
        run: (name) => pipeline.createStageAction(IDLE, formOf({ name: name as string, after: "qualified" })),
      },
    ],
    "pipeline/pipeline-actions#renameStageAction": [
      {
        label: "rename a stage",
        allowed: ["owner"],
        prepare: customStage,
        run: (key) => pipeline.renameStageAction(IDLE, formOf({ key: key as string, name: `Renamed ${next()}` })),
      },
    ],
    "pipeline/pipeline-actions#moveStageAction": [
      {
        label: "move a stage",
        allowed: ["owner"],
        prepare: customStage,
        run: (key) => pipeline.moveStageAction(IDLE, formOf({ key: key as string, direction: "down" })),
      },
    ],
    "pipeline/pipeline-actions#removeStageAction": [
      {
        label: "remove a stage",
        allowed: ["owner"],
        prepare: customStage,
        run: (key) => pipeline.removeStageAction(IDLE, formOf({ key: key as string })),
      },
    ],
    "booking/booking-admin-actions#saveAvailabilityAction": [
      {
        label: "save my own availability",
        allowed: LEAD_DESK.write,
        prepare: ownId,
        run: (id) => bookingAdmin.saveAvailabilityAction(IDLE, availabilityForm(id as string)),
      },
      {
        label: "save another member's availability",
        allowed: TEAM_DESK.write,
        prepare: () => throwawayMember("sales"),
        run: (id) => bookingAdmin.saveAvailabilityAction(IDLE, availabilityForm(id as string)),
      },
    ],
    "booking/booking-admin-actions#dayOffAction": [
      {
        label: "add a day off to another member",
        allowed: TEAM_DESK.write,
        prepare: () => throwawayMember("sales"),
        run: (id) => bookingAdmin.dayOffAction(IDLE, formOf({ userId: id as string, day: "2031-01-02", intent: "add" })),
      },
      {
        label: "add a day off to myself",
        allowed: LEAD_DESK.write,
        prepare: ownId,
        run: (id) =>
          bookingAdmin.dayOffAction(IDLE, formOf({ userId: id as string, day: `2031-02-${String(1 + (next() % 28)).padStart(2, "0")}`, intent: "add" })),
      },
    ],
    "booking/booking-admin-actions#bookingOutcomeAction": [
      {
        label: "record the outcome of another member's call",
        allowed: TEAM_DESK.write,
        prepare: () => callRow("past"),
        run: (id) => bookingAdmin.bookingOutcomeAction(IDLE, formOf({ bookingId: id as string, outcome: "held" })),
      },
      {
        label: "record the outcome of my own call",
        allowed: LEAD_DESK.write,
        prepare: async (actor) => callRow("past", await ownId(actor)),
        run: (id) => bookingAdmin.bookingOutcomeAction(IDLE, formOf({ bookingId: id as string, outcome: "no_show" })),
      },
    ],
    "booking/booking-admin-actions#staffCancelBookingAction": [
      {
        label: "cancel another member's coming call",
        allowed: TEAM_DESK.write,
        prepare: () => callRow("coming"),
        run: (id) => bookingAdmin.staffCancelBookingAction(IDLE, formOf({ bookingId: id as string })),
      },
      {
        label: "cancel my own coming call",
        allowed: LEAD_DESK.write,
        prepare: async (actor) => callRow("coming", await ownId(actor)),
        run: (id) => bookingAdmin.staffCancelBookingAction(IDLE, formOf({ bookingId: id as string })),
      },
    ],
    "newsletter/subscriber-actions#deleteSubscriberAction": [
      {
        label: "delete a subscriber",
        allowed: CONTENT_DESK.write,
        prepare: subscriberRow,
        run: (id) => subscribers.deleteSubscriberAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "newsletter/subscriber-actions#eraseSubscriberAction": [
      {
        label: "erase a subscriber",
        allowed: CONTENT_DESK.write,
        prepare: subscriberRow,
        run: (id) => subscribers.eraseSubscriberAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "integrations/integration-actions#resendDeliveryAction": [
      {
        label: "send a delivery again",
        allowed: TEAM_DESK.write,
        prepare: async () => {
          const [row] = await handle.db
            .insert(webhookDeliveries)
            .values({
              endpointId: await endpointRow(),
              eventType: "lead.created",
              recordTable: "leads",
              recordId: "x",
              payload: {},
              messageId: `msg_${next()}`,
              status: "failed",
            })
            .returning();
          return row!.id;
        },
        run: (id) => integrations.resendDeliveryAction(IDLE, formOf({ id: String(id) })),
      },
    ],
    "team/team-actions#inviteAction": [
      { label: "invite", allowed: TEAM_DESK.write, run: () => team.inviteAction(IDLE, formOf({ email: `invitee-${next()}@test.example`, role: "editor" })) },
    ],
    "team/team-actions#revokeInvitationAction": [
      {
        label: "withdraw an invitation",
        allowed: TEAM_DESK.write,
        prepare: async () => {
          const [row] = await handle.db
            .insert(teamInvitations)
            .values({ email: `pending-${next()}@test.example`, role: "sales", tokenHash: `hash-${next()}`, expiresAt: new Date(Date.now() + 86_400_000) })
            .returning();
          return row!.id;
        },
        run: (id) => team.revokeInvitationAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "team/team-actions#changeRoleAction": [
      {
        label: "change a role",
        allowed: TEAM_DESK.write,
        prepare: () => throwawayMember("editor"),
        run: (userId) => team.changeRoleAction(IDLE, formOf({ userId: userId as string, role: "sales" })),
      },
    ],
    "team/team-actions#removeMemberAction": [
      {
        label: "remove a member",
        allowed: TEAM_DESK.write,
        prepare: () => throwawayMember("sales"),
        run: (userId) => team.removeMemberAction(IDLE, formOf({ userId: userId as string })),
      },
    ],
    "team/team-actions#signOutMemberAction": [
      {
        label: "sign a member out everywhere",
        allowed: TEAM_DESK.write,
        prepare: async () => {
          const email = `signed-in-${next()}@test.example`;
          const id = await makeAccount(email, "editor");
          await signIn(email, PASSWORD);
          return id;
        },
        run: (userId) => team.signOutMemberAction(IDLE, formOf({ userId: userId as string })),
      },
    ],
    "team/team-actions#setSignUpAction": [
      { label: "sign-up switch", allowed: TEAM_DESK.write, run: () => team.setSignUpAction(IDLE, formOf({ open: sequence++ % 2 ? "true" : "false" })) },
    ],
    "team/team-actions#endSessionAction": [
      {
        label: "end one of my sessions",
        allowed: STAFF_ROLES,
        // A second session of the actor (or, for those without an account, of the owner: never theirs to end).
        prepare: async (actor) => {
          const signed = actors.get(actor);
          const own = signed?.userId && actor !== "unverified" && actor !== "signed-out" ? signed : actors.get("owner")!;
          await signIn(own.email, own.password);
          const [row] = await handle.db
            .select()
            .from(sessions)
            .where(eq(sessions.userId, own.userId!))
            .orderBy(sql`${sessions.createdAt} desc`)
            .limit(1);
          return row!.id;
        },
        run: (id) => team.endSessionAction(IDLE, formOf({ id: id as string })),
      },
    ],
    "team/team-actions#endOtherSessionsAction": [
      {
        label: "end my other sessions",
        allowed: STAFF_ROLES,
        prepare: async (actor) => {
          const signed = actors.get(actor);
          if (signed?.userId && actor !== "unverified" && actor !== "signed-out") await signIn(signed.email, signed.password);
        },
        run: () => team.endOtherSessionsAction(IDLE, formOf({})),
      },
    ],
    "team/team-actions#changePasswordAction": [
      {
        label: "change my password",
        allowed: STAFF_ROLES,
        run: async (_prepared, actor) => {
          const signed = actors.get(actor);
          const current = signed?.password ?? PASSWORD;
          const fresh = current === PASSWORD ? OTHER_PASSWORD : PASSWORD;
          const answer = await team.changePasswordAction(IDLE, formOf({ currentPassword: current, newPassword: fresh }));
          if (answer.status === "success" && signed) {
            // Every session of the account was replaced (revokeOtherSessions): sign in again for the next cells.
            signed.password = fresh;
            signed.cookie = await signIn(signed.email, fresh);
          }
          return answer;
        },
      },
    ],
    // Turning the requirement off (turning it on needs the actor's own second factor first).
    "team/two-factor-actions#setTeamTwoFactorAction": [
      { label: "two-factor requirement", allowed: TEAM_DESK.write, run: () => twoFactor.setTeamTwoFactorAction(IDLE, formOf({ requireTwoFactor: "off" })) },
    ],
    "content/revision-actions#postRevisions": [
      {
        label: "post history",
        allowed: CONTENT_DESK.read,
        prepare: firstRevision,
        run: (p) => revisions.postRevisions((p as string[])[0]!),
        readOnly: (a) => a !== null,
      },
    ],
    "content/revision-actions#comparePostRevisions": [
      {
        label: "compare revisions",
        allowed: CONTENT_DESK.read,
        prepare: firstRevision,
        run: (p) => revisions.comparePostRevisions((p as string[])[0]!, (p as string[])[1]!, (p as string[])[1]!),
        readOnly: (a) => a !== null,
      },
    ],
    "content/revision-actions#restorePostRevision": [
      {
        label: "restore a revision",
        allowed: CONTENT_DESK.write,
        prepare: firstRevision,
        run: (p) => revisions.restorePostRevision((p as string[])[0]!, (p as string[])[1]!),
      },
    ],
    "content/preview-actions#postPreviewLinks": [
      {
        label: "preview links",
        allowed: CONTENT_DESK.read,
        prepare: () => insertRow("posts"),
        run: (id) => previews.postPreviewLinks(id as string),
        readOnly: (a) => a !== null,
      },
    ],
    "content/link-suggestion-actions#typedPostLinks": [
      {
        label: "internal-link suggestions",
        allowed: CONTENT_DESK.read,
        prepare: () => insertRow("posts"),
        run: (id) => linkSuggestions.typedPostLinks(id as string, "", "Growth audits", "<p>A growth audit for D2C brands.</p>"),
        readOnly: (a) => a !== null,
      },
    ],
    "content/preview-actions#makePreviewLink": [
      { label: "make a preview link", allowed: CONTENT_DESK.write, prepare: () => insertRow("posts"), run: (id) => previews.makePreviewLink(id as string) },
    ],
    "content/preview-actions#revokePostPreviewLink": [
      {
        label: "revoke a preview link",
        allowed: CONTENT_DESK.write,
        prepare: async () => {
          const postId = await insertRow("posts");
          const link = (
            await handle.db.execute<{ id: string }>(
              sql`insert into blog_preview_links (post_id, token_hash, expires_at) values (${postId}, ${`hash-${postId}`}, now() + interval '1 day') returning id`,
            )
          ).rows[0]!.id;
          return [postId, link];
        },
        run: (p) => previews.revokePostPreviewLink((p as string[])[0]!, (p as string[])[1]!),
      },
    ],
    "dashboard/admin-actions#runRowAction": [
      {
        label: "not spam",
        allowed: LEAD_DESK.write,
        prepare: heldSubmission,
        run: (id) => admin.runRowAction("spam", id as string),
      },
    ],
    "dashboard/admin-actions#rowFormAction": [
      {
        label: "status from the list's form",
        allowed: LEAD_DESK.write,
        prepare: () => insertRow("leads"),
        run: (rowId) => admin.rowFormAction(IDLE, rowForm("leads", rowId as string, "status", { status: "contacted" })),
      },
      ...tables.map((id) => ({
        label: `${id} delete from its confirmation page`,
        allowed: TABLE_FORMS[id]!.access,
        prepare: () => insertRow(id),
        run: (rowId: unknown) => admin.rowFormAction(IDLE, rowForm(id, rowId as string, "delete")),
      })),
      {
        label: "not spam from the list's form",
        allowed: LEAD_DESK.write,
        prepare: heldSubmission,
        run: (id) => admin.rowFormAction(IDLE, rowForm("spam", id as string, "row-action")),
      },
    ],
    "dashboard/admin-actions#bulkAction": [
      {
        label: "bulk status on a filter",
        allowed: LEAD_DESK.write,
        prepare: oneLeadSet,
        run: (p) => admin.bulkAction("leads", { q: (p as string[])[0]!, action: "status", value: "won", count: "1", fingerprint: (p as string[])[1]! }),
      },
    ],
    "dashboard/admin-actions#bulkFormAction": [
      {
        label: "bulk status on a filter, from its confirmation page",
        allowed: LEAD_DESK.write,
        prepare: oneLeadSet,
        run: (p) =>
          admin.bulkFormAction(
            IDLE,
            formOf({ table: "leads", q: (p as string[])[0]!, action: "status", value: "won", count: "1", fingerprint: (p as string[])[1]! }),
          ),
      },
    ],
    "dashboard/admin-actions#retryFailedNotifications": [
      {
        label: "retry failed mail",
        allowed: LEAD_DESK.write,
        prepare: () =>
          handle.db.execute(
            sql`insert into notifications (kind, recipients, subject, text_body, status, attempts) values ('lead', array['hello@example.com'], 'x', 'x', 'failed', 5)`,
          ),
        run: () => admin.retryFailedNotifications(),
      },
    ],
    "booking/calendar-actions#connectCalendarAction": {
      notReplayed: "needs a CalDAV server: tests/calendar-dashboard.test.ts connects as every role and as an account without one against Radicale",
    },
    "booking/calendar-actions#testCalendarAction": [
      { label: "test my calendar", allowed: STAFF_ROLES, prepare: ownConnection, run: () => calendar.testCalendarAction(IDLE, formOf({})) },
    ],
    "booking/calendar-actions#chooseCalendarAction": [
      {
        label: "choose my calendar",
        allowed: STAFF_ROLES,
        prepare: ownConnection,
        run: (url) => calendar.chooseCalendarAction(IDLE, formOf({ calendarUrl: url as string })),
      },
    ],
    "booking/calendar-actions#disconnectCalendarAction": [
      { label: "disconnect my calendar", allowed: STAFF_ROLES, prepare: ownConnection, run: () => calendar.disconnectCalendarAction(IDLE, formOf({})) },
    ],
    "team/two-factor-actions#startTotpAction": { notReplayed: "the caller's own second factor, behind their password (tests/two-factor-actions.test.ts)" },
    "team/two-factor-actions#backupCodesSavedAction": {
      notReplayed: "the caller's own backup codes only: the update names the caller's id, and a session is required (tests/two-factor-actions.test.ts)",
    },
    "team/two-factor-actions#confirmTotpAction": { notReplayed: "the caller's own second factor, behind the pending set-up (tests/two-factor.test.ts)" },
    "team/two-factor-actions#disableTwoFactorAction": {
      notReplayed: "the caller's own second factor, behind their password (tests/two-factor-actions.test.ts)",
    },
    "team/passkey-actions#removePasskeyAction": {
      notReplayed: "the caller's own passkeys only: the delete names the caller's id (tests/passkeys.test.ts replays another member's passkey)",
    },
    "team/passkey-actions#renamePasskeyAction": {
      notReplayed: "the caller's own passkeys only: the update names the caller's id (tests/passkeys.test.ts replays another member's passkey)",
    },
    "team/two-factor-actions#verifySecondFactorAction": {
      notReplayed: "public second sign-in step: the challenge cookie is the authority, counted by the sign-in limit (tests/two-factor.test.ts)",
    },
    "team/team-actions#acceptInvitationAction": {
      notReplayed: "public: the single-use token is the authority (tests/team.test.ts replays it: used, expired, withdrawn, raced)",
    },
    "team/auth-actions#signInAction": { notReplayed: "public account form (tests/auth-actions.test.ts)" },
    "team/auth-actions#signUpAction": { notReplayed: "public account form; closed by the sign-up switch (tests/team.test.ts)" },
    "team/auth-actions#requestPasswordResetAction": { notReplayed: "public account form (tests/auth-actions.test.ts)" },
    "team/auth-actions#resetPasswordAction": { notReplayed: "public account form: the e-mailed token is the authority" },
    "team/auth-actions#signOutAction": { notReplayed: "ends the caller's own session only" },
    "leads/lead-form-actions#submitFreeAudit": { notReplayed: "public form (tests/lead-capture.test.ts)" },
    "leads/lead-form-actions#submitContactForm": { notReplayed: "public form (tests/lead-capture.test.ts)" },
    "newsletter/signup-actions#subscribeAction": { notReplayed: "public form (tests/newsletter-subscribe.test.ts)" },
    "newsletter/signup-actions#footerSubscribeAction": { notReplayed: "public form, the same sign-up answered with a page (e2e/newsletter-subscribe.spec.ts)" },
    "newsletter/signup-actions#confirmSubscriptionAction": {
      notReplayed: "public: the mailed, signed link is the authority (tests/newsletter-subscribe.test.ts)",
    },
    "newsletter/signup-actions#preferencesAction": { notReplayed: "public: the mailed, signed link is the authority (tests/newsletter-subscribe.test.ts)" },
    "booking/booking-actions#bookCallAction": { notReplayed: "public form: the booking page (tests/booking.test.ts, tests/booking-race.test.ts)" },
    "booking/booking-actions#rescheduleCallAction": { notReplayed: "public: the mailed, signed manage link is the authority (tests/booking.test.ts)" },
    "booking/booking-actions#cancelCallAction": { notReplayed: "public: the mailed, signed manage link is the authority (tests/booking.test.ts)" },
    "booking/booking-actions#confirmCallAction": { notReplayed: "public: the mailed, signed manage link is the authority (tests/booking-holds.test.ts)" },
    "leads/call-request-actions#submitCallRequest": {
      notReplayed: "public form: the booking page's call request, the free audit's submission with its checks and limit (e2e/first-owner.spec.ts)",
    },
    "team/first-owner-actions#claimOwnerAction": {
      notReplayed: "the one-time set-up link is the authority, and only while the install has no owner (tests/first-owner.test.ts)",
    },
  };
}

function changedField(id: string): Record<string, string> {
  const n = next();
  if (id === "leads" || id === "messages") return { name: `Asha Rao ${n}` };
  if (id === "case-studies") return { title: `Doubling repeat orders ${n}` };
  if (id === "testimonials") return { content: `Great work ${n}.` };
  if (id === "authors") return { bio: `Writes about retention ${n}.` };
  return { title: `A post ${n}` };
}

/** Route handlers: who may call each; public ones say why they are not replayed. */
const PNG = new Uint8Array(TINY_PNG);
const ROUTES: Record<string, Entry> = {
  "app/api/admin/uploads/route.ts#POST": [
    {
      label: "upload an image",
      allowed: CONTENT_DESK.write,
      extra: uploadCount,
      run: async () => {
        const { POST } = await import("@/app/api/admin/uploads/route");
        const body = new FormData();
        body.set("file", new File([PNG], "x.png", { type: "image/png" }));
        const encoded = new Response(body);
        const bytes = new Uint8Array(await encoded.arrayBuffer());
        const headers = new Headers(requestHeaders);
        headers.set("content-type", encoded.headers.get("content-type")!);
        headers.set("content-length", String(bytes.byteLength));
        return POST(new Request(`${SITE}/api/admin/uploads`, { method: "POST", headers, body: bytes }));
      },
    },
  ],
  "app/admin/export/[table]/route.ts#GET": (["leads", "messages"] as const).map((table) => ({
    label: `${table} CSV export`,
    allowed: LEAD_DESK.read,
    run: async () => {
      const { GET } = await import("@/app/admin/export/[table]/route");
      return GET(new Request(`${SITE}/admin/export/${table}`, { headers: requestHeaders }), { params: Promise.resolve({ table }) });
    },
    readOnly: (answer: unknown) => (answer as Response).status === 200,
  })),
  "app/admin/invoices/[id]/pdf/route.ts#GET": [
    {
      label: "an invoice's PDF",
      allowed: LEAD_DESK.read,
      prepare: async () => {
        const { billingConfig, issueInvoice } = await import("@/server/billing");
        const config = billingConfig({
          BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
          BILLING_ADDRESS: "4th Floor, 12 Marine Drive, Mumbai 400002",
          BILLING_GSTIN: "27AAKCK2468G1ZA",
          BILLING_SIGNATORY: "Asha Menon, Director",
        });
        const invoice = await issueInvoice(
          {
            recipient: { name: "Rangoli Foods Private Limited", address: "88 Residency Road, Bengaluru 560025", gstin: "29AABCR1357H1ZC" },
            lines: [{ description: "Paid Advertising: campaign management", sac: "998361", quantity: 1, unitPricePaise: 4_000_000 }],
          },
          { config },
        );
        return String(invoice.id);
      },
      run: async (id: unknown) => {
        const { GET } = await import("@/app/admin/invoices/[id]/pdf/route");
        return GET(new Request(`${SITE}/admin/invoices/${id}/pdf`, { headers: requestHeaders }), { params: Promise.resolve({ id: id as string }) });
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200 && (answer as Response).headers.get("content-type") === "application/pdf",
    },
  ],
  "app/admin/(dashboard)/proposals/[id]/pdf/route.ts#GET": [
    {
      label: "a sent proposal's PDF",
      allowed: LEAD_DESK.read,
      prepare: async () => {
        const proposalData = await import("@/server/proposals");
        const author = { id: await throwawayMember("sales"), email: "author@test.example" };
        const lead = (
          await handle.db.execute<{ id: string }>(
            sql`insert into leads (name, email, mobile_number) values ('Asha Rao', 'asha@example.com', '9876543210') returning id`,
          )
        ).rows[0]!.id;
        const made = await proposalData.createProposalForLead(lead, author);
        if (!made.ok) throw new Error(made.message);
        await proposalData.sendProposal(made.id, author);
        return made.id;
      },
      run: async (id: unknown) => {
        const { GET } = await import("@/app/admin/(dashboard)/proposals/[id]/pdf/route");
        return GET(new Request(`${SITE}/admin/proposals/${id}/pdf`, { headers: requestHeaders }), { params: Promise.resolve({ id: id as string }) });
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200 && (answer as Response).headers.get("content-type") === "application/pdf",
    },
  ],
  "app/admin/export/analytics/route.ts#GET": [
    {
      label: "analytics CSV export",
      allowed: LEAD_DESK.read,
      run: async () => {
        const { GET } = await import("@/app/admin/export/analytics/route");
        return GET(new Request(`${SITE}/admin/export/analytics?days=7`, { headers: requestHeaders }));
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200,
    },
  ],
  "app/admin/export/redirects/route.ts#GET": [
    {
      label: "redirects CSV export",
      allowed: CONTENT_DESK.read,
      run: async () => {
        const { GET } = await import("@/app/admin/export/redirects/route");
        return GET();
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200,
    },
  ],
  "app/admin/export/person/[file]/route.ts#GET": [
    {
      label: "one person's data (recorded as an export)",
      allowed: LEAD_DESK.read,
      prepare: async () => {
        const { personKey } = await import("@/server/kernel/session/person-key");
        const email = `export-person-${next()}@example.com`;
        await handle.db.execute(sql`insert into leads (name, email, mobile_number) values ('Asha Rao', ${email}, '9876543210')`);
        return personKey(email);
      },
      run: async (key) => {
        const { GET } = await import("@/app/admin/export/person/[file]/route");
        return GET(new Request(`${SITE}/admin/export/person/${key as string}.json`, { headers: requestHeaders }), {
          params: Promise.resolve({ file: `${key as string}.json` }),
        });
      },
    },
  ],
  "app/admin/export/newsletter-subscribers/route.ts#GET": [
    {
      label: "subscribers CSV export",
      allowed: CONTENT_DESK.read,
      run: async () => {
        const { GET } = await import("@/app/admin/export/newsletter-subscribers/route");
        return GET(new Request(`${SITE}/admin/export/newsletter-subscribers`, { headers: requestHeaders }));
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200,
    },
  ],
  "app/admin/export/newsletter-subscribers/[id]/route.ts#GET": [
    {
      label: "one subscriber's data",
      allowed: CONTENT_DESK.read,
      prepare: async () => {
        const { newsletterSubscribers } = await import("@/server/kernel/db/schema");
        const email = `export-${next()}@example.com`;
        return (
          await handle.db.insert(newsletterSubscribers).values({ email, emailKey: email, source: "blog" }).returning({ id: newsletterSubscribers.id })
        )[0]!.id;
      },
      run: async (id) => {
        const { GET } = await import("@/app/admin/export/newsletter-subscribers/[id]/route");
        return GET(new Request(`${SITE}/admin/export/newsletter-subscribers/${id}`, { headers: requestHeaders }), {
          params: Promise.resolve({ id: id as string }),
        });
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200,
    },
  ],
  "app/api/admin/media/route.ts#GET": [
    {
      label: "media library for the image chooser",
      allowed: CONTENT_DESK.read,
      run: async () => {
        const { GET } = await import("@/app/api/admin/media/route");
        return GET(new Request(`${SITE}/api/admin/media?q=png`, { headers: requestHeaders }));
      },
      readOnly: (answer: unknown) => (answer as Response).status === 200,
    },
  ],
  // The REST API takes an API key, never a session (tests/api-v1.test.ts replays it with every scope):
  // a member's cookie alone, whatever the role, changes nothing and reads nothing.
  ...Object.fromEntries(
    (["GET", "POST", "PATCH", "PUT", "DELETE"] as const).map((method) => [
      `app/api/v1/[...path]/route.ts#${method}`,
      [
        {
          label: `${method} /api/v1/leads with a session only`,
          allowed: [],
          readOnly: (answer: unknown) => (answer as Response).status < 400,
          run: async () => {
            const route = await import("@/app/api/v1/[...path]/route");
            const body =
              method === "GET" || method === "DELETE" ? undefined : JSON.stringify({ name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210" });
            return route[method](
              new Request(`${SITE}/api/v1/leads`, { method, headers: new Headers([...requestHeaders, ["content-type", "application/json"]]), body }),
              {
                params: Promise.resolve({ path: ["leads"] }),
              },
            );
          },
        },
      ] satisfies Cell[],
    ]),
  ),
  "app/api/v1/openapi.json/route.ts#GET": { notReplayed: "the API's public description, reads no rows (tests/api-v1.test.ts)" },
  "app/api/v1/docs/route.ts#GET": { notReplayed: "the API's public reference page, reads no rows (tests/api-v1.test.ts)" },
  "app/[locale]/(site)/blog/feed.xml/route.ts#GET": { notReplayed: "public feed" },
  "app/[locale]/(site)/proposal/[token]/pdf/route.ts#GET": {
    notReplayed: "a proposal's PDF for its client: the mailed link's token is the authority, as on its page (e2e/proposals.spec.ts)",
  },
  "app/api/auth/[...all]/route.ts#GET": { notReplayed: "better-auth's own endpoints (tests/auth.test.ts)" },
  "app/api/auth/[...all]/route.ts#POST": { notReplayed: "better-auth's own endpoints (tests/auth.test.ts)" },
  "app/api/blog/shares/route.ts#POST": { notReplayed: "public share counter" },
  "app/api/consent/route.ts#POST": { notReplayed: "a visitor's own consent cookie, changes no rows (tests/consent-route.test.ts)" },
  "app/api/internal/revalidate-blog/route.ts#POST": {
    notReplayed: "the process's own call from its timed job: a per-process secret is the authority, changes no rows (tests/internal-revalidate.test.ts)",
  },
  "app/api/forms/[form]/route.ts#POST": { notReplayed: "public forms (tests/lead-capture.test.ts)" },
  "app/api/newsletter/unsubscribe/[token]/route.ts#GET": {
    notReplayed: "a subscriber's signed link: a page with one button, changes nothing (tests/newsletter-events.test.ts)",
  },
  "app/api/newsletter/unsubscribe/[token]/route.ts#POST": {
    notReplayed: "one-click unsubscribe: the signed link is the authority (tests/newsletter-events.test.ts)",
  },
  "app/api/newsletter/events/route.ts#POST": {
    notReplayed: "the mail provider's reports, signed with the endpoint's secret (tests/newsletter-events.test.ts)",
  },
  "app/api/newsletter/events/ses/route.ts#POST": {
    notReplayed: "Amazon SNS's reports, signed by AWS for the configured topic (tests/newsletter-events.test.ts)",
  },
  "app/api/payments/razorpay/route.ts#POST": {
    notReplayed: "Razorpay's payment events, signed with the webhook's secret; a session is no authority (tests/payments-webhook.test.ts)",
  },
  "app/n/c/[token]/route.ts#GET": { notReplayed: "a counted link of a letter: the signed link is the authority (tests/newsletter-events.test.ts)" },
  "app/n/c/[token]/route.ts#HEAD": { notReplayed: "a counted link of a letter, answered without counting (tests/newsletter-events.test.ts)" },
  "app/api/health/route.ts#GET": { notReplayed: "public health check" },
  "app/api/media/[file]/route.ts#GET": { notReplayed: "public media" },
  "app/api/media/[file]/route.ts#HEAD": { notReplayed: "public media" },
  "app/api/og/blog/[slug]/[version]/route.ts#GET": { notReplayed: "public image of a published post, changes no rows (tests/og-route.test.ts)" },
};

function listFiles(dir: string, match: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, match) : match(e.name) ? [full] : [];
  });
}

beforeAll(async () => {
  tableNames = (
    await handle.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not in ('rate_limits', '__drizzle_migrations') order by 1`,
    )
  ).rows.map((r) => r.name);
  for (const role of [...STAFF_ROLES, "user"] as const) {
    const email = `${role}@matrix.test`;
    const userId = await makeAccount(email, role);
    actors.set(role, { email, userId, password: PASSWORD, cookie: await signIn(email, PASSWORD) });
  }
  // A member whose address is no longer verified: a valid session, an owner's role, no access.
  const unverifiedId = await makeAccount("unverified@matrix.test", "owner");
  actors.set("unverified", {
    email: "unverified@matrix.test",
    userId: unverifiedId,
    password: PASSWORD,
    cookie: await signIn("unverified@matrix.test", PASSWORD),
  });
  await handle.db.update(users).set({ emailVerified: false }).where(eq(users.id, unverifiedId));
  // A visitor who signed out: the old cookie is sent again.
  const goneId = await makeAccount("gone@matrix.test", "owner");
  const goneCookie = await signIn("gone@matrix.test", PASSWORD);
  await getAuth().api.signOut({ headers: new Headers({ cookie: goneCookie, origin: SITE }) });
  actors.set("signed-out", { email: "gone@matrix.test", userId: goneId, password: PASSWORD, cookie: goneCookie });
  actors.set("anonymous", { email: "", password: PASSWORD });
}, 120_000);

describe("permission matrix", () => {
  it("has an entry for every exported Server Action and every route handler", async () => {
    const root = path.resolve(import.meta.dirname, "../src");
    const exported: string[] = [];
    // Every "use server" module of the features, named by its path under src/server.
    const isActionModule = (file: string) => /^\s*["']use server["']/.test(fs.readFileSync(file, "utf8"));
    for (const file of listFiles(path.join(root, "server"), (n) => n.endsWith(".ts") && !n.endsWith(".test.ts")).filter(isActionModule)) {
      const name = path.relative(path.join(root, "server"), file).split(path.sep).join("/").replace(/\.ts$/, "");
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [key, value] of Object.entries(mod)) if (typeof value === "function") exported.push(`${name}#${key}`);
    }
    expect(exported.sort()).toEqual(Object.keys(await matrix()).sort());
    const handlers: string[] = [];
    for (const file of listFiles(path.join(root, "app"), (n) => n === "route.ts")) {
      const text = fs.readFileSync(file, "utf8");
      for (const [, method] of text.matchAll(/export (?:async )?function (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\b/g)) {
        handlers.push(`${path.relative(root, file).split(path.sep).join("/")}#${method}`);
      }
      for (const [, methods] of text.matchAll(/export const \{([^}]+)\}/g)) {
        for (const m of methods!.split(",")) handlers.push(`${path.relative(root, file).split(path.sep).join("/")}#${m.trim()}`);
      }
    }
    expect(handlers.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it("exactly the allowed cells change anything", async () => {
    const entries = { ...(await matrix()), ...ROUTES };
    const wrong: string[] = [];
    let cells = 0;
    for (const [name, entry] of Object.entries(entries)) {
      if (!Array.isArray(entry)) continue;
      for (const cell of entry) {
        for (const actor of ACTORS) {
          as("anonymous");
          const prepared = await cell.prepare?.(actor);
          as(actor);
          const before = await snapshot();
          const extraBefore = cell.extra?.() ?? 0;
          const answer = await cell.run(prepared, actor);
          const changed = changedRows(before, await snapshot()) + Math.abs((cell.extra?.() ?? 0) - extraBefore);
          const allowed = (cell.allowed as readonly string[]).includes(actor);
          const passed = cell.readOnly ? cell.readOnly(answer) && changed === 0 : changed > 0;
          cells++;
          if (passed !== allowed || (cell.readOnly && changed !== 0)) {
            wrong.push(
              `${name} (${cell.label}) as ${actor}: ${changed} tables changed, ${allowed ? "allowed" : "refused"}; answer ${JSON.stringify(answer instanceof Response ? answer.status : answer)}`,
            );
          }
        }
      }
    }
    console.log(`permission matrix: ${cells} cells replayed on ${handle.label}`);
    expect(wrong).toEqual([]);
  }, 600_000);
});
