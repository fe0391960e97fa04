import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { redirectOf, request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// Erasure leaves nothing behind (docs/decisions/0078): a person who sent the audit form with the
// newsletter ticked, a contact message, confirmed the newsletter, booked and confirmed a call, and
// whose lead went to a webhook and came from a visit, is erased; then the database (every text, JSON
// and array column of every table), every file under DATA_DIR (the outbox folder's .eml files) and
// every log line written meanwhile are searched for their address, phone and name: 0 hits.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
vi.mock("@/server/kernel/session/auth-guard", () => {
  class AccessDeniedError extends Error {
    reason = "role";
  }
  return { AccessDeniedError, requireRole: async () => ({ id: "owner-1", email: "owner@agency.test", name: "Owner", emailVerified: true, role: "owner" }) };
});

const { logStreams } = await import("@/server/kernel/logger.ts");
const lines: string[] = [];
for (const name of ["stdout", "stderr"] as const) {
  const stream = logStreams[name];
  const write = stream.write.bind(stream);
  vi.spyOn(stream, "write").mockImplementation((data: string) => {
    lines.push(String(data));
    return write(data);
  });
}
afterAll(() => vi.restoreAllMocks());

const { submitFreeAudit, submitContactForm } = await import("@/server/leads/lead-form-actions");
const { bookCallAction, confirmCallAction } = await import("@/server/booking/booking-actions");
const { currentSlots } = await import("@/server/booking/book");
const { confirmWithToken: confirmNewsletter } = await import("@/server/newsletter/subscribe");
const { folderTransport, outboxFolder } = await import("@/server/kernel/mail/mail");
const { deliverPendingMail } = await import("./helpers/mail");
const { erasePerson, exportPerson } = await import("@/server/people/people");
const { personKey } = await import("@/server/kernel/session/person-key");
const schema = await import("@/server/kernel/db/schema");

const handle = setUpTestDatabase();
setUpJobQueue();

const EMAIL = "zubin.quorvath@example.com";
const PHONE = "9123456780";
const NAME = "Zubin Quorvath";

const form = (values: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(values)) f.set(k, v);
  return f;
};

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Files under DATA_DIR holding `needle` (any case; quoted-printable soft breaks undone). */
function filesWith(needle: string): string[] {
  return filesUnder(process.env.DATA_DIR!).filter((file) =>
    fs
      .readFileSync(file, "latin1")
      .replace(/=\r?\n/g, "")
      .toLowerCase()
      .includes(needle.toLowerCase()),
  );
}

async function columnsWith(needle: string): Promise<string[]> {
  const columns = await handle.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = await handle.db.execute<{ n: number | string }>(
      sql`select count(*) as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0`,
    );
    if (Number(result.rows[0]!.n) > 0) hits.push(`${table_name}.${column_name}`);
  }
  return hits;
}

it("erasing a person removes their mails from the outbox folder, and no log line ever held their name, address or phone", async () => {
  fs.rmSync(outboxFolder(), { recursive: true, force: true });
  await handle.db.insert(schema.users).values([
    { id: "owner-1", name: "Owner", email: "owner@agency.test", emailVerified: true },
    { id: "host-a", name: "Host A", email: "host-a@agency.test", emailVerified: true },
  ]);
  await handle.db.insert(schema.profiles).values([
    { userId: "owner-1", role: "owner" },
    { userId: "host-a", role: "sales" },
  ]);
  const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "09:00", end: "18:00" }));
  await handle.db
    .insert(schema.bookingHosts)
    .values({ userId: "host-a", offersCalls: true, weeklyHours: EVERY_DAY, bufferMinutes: 0, noticeMinutes: 0, maxPerDay: 8 });
  await handle.db
    .insert(schema.webhookEndpoints)
    .values({ url: "https://hooks.example.net/in", events: ["lead.created", "lead.updated", "message.created"], secretEncrypted: "v1.x.y.z" });

  const person = { name: NAME, email: EMAIL, mobileNumber: `+91 ${PHONE}` };
  request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.31" });
  expect(
    await submitFreeAudit(
      { status: "idle" },
      form({ ...person, websiteUrl: "quorvath.in", monthlyRevenue: "50L-1Cr/month", growthChallenge: `More leads for ${NAME}`, newsletter: "on" }),
    ),
  ).toMatchObject({ status: "success" });
  request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.32" });
  expect(await submitContactForm({ status: "idle" }, form({ ...person, company: "Quorvath Silks", message: `Call ${NAME} on ${PHONE}` }))).toMatchObject({
    status: "success",
  });
  const [confirmMail] = await handle.db.select().from(schema.notifications).where(eq(schema.notifications.kind, "newsletter-confirm"));
  expect((await confirmNewsletter(/\/newsletter\/confirm\/([^\s"<]+)/.exec(confirmMail!.textBody)![1]!)).result).toBe("confirmed");
  const [slot] = await currentSlots();
  request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.33" });
  expect(
    await bookCallAction({ status: "idle" }, form({ ...person, start: slot!.start.toISOString(), timeZone: "Asia/Kolkata", topic: `${NAME}'s growth` })),
  ).toMatchObject({
    status: "success",
  });
  const [held] = await handle.db.select().from(schema.notifications).where(eq(schema.notifications.kind, "booking-held"));
  await redirectOf(confirmCallAction({ status: "idle" }, form({ token: decodeURIComponent(/\/book\/manage\/([^?\s]+)/.exec(held!.textBody)![1]!) })));
  const [lead] = await handle.db.select().from(schema.leads);
  await handle.db
    .insert(schema.analyticsLeadVisits)
    .values({ leadId: lead!.id, day: "2026-11-20", entryPath: "/free-audit", channel: "direct", source: "", campaign: "", pages: ["/"] });
  // The mail goes out: into the outbox folder, as without a mail server.
  const { sent } = await deliverPendingMail(folderTransport(outboxFolder()));

  // Each search finds them before: a check that could not fail would prove nothing.
  const mailFiles = filesWith(EMAIL);
  expect(mailFiles.length).toBeGreaterThanOrEqual(5);
  expect(filesWith(NAME).length).toBeGreaterThan(0);
  expect(filesWith(PHONE).length).toBeGreaterThan(0);
  expect(await columnsWith(EMAIL)).toContain("webhook_deliveries.payload");
  // The export lists every place, the outbox folder's files too.
  const exported = await exportPerson(personKey(EMAIL), "json");
  expect(exported!.outbox_files.length).toBe(mailFiles.length);
  for (const table of [
    "leads",
    "contact_messages",
    "notifications",
    "newsletter_subscribers",
    "bookings",
    "webhook_deliveries",
    "analytics_lead_visits",
    "acknowledged_senders",
  ] as const)
    expect(exported![table].length, table).toBeGreaterThan(0);

  const result = await erasePerson(personKey(EMAIL));
  expect(result).toMatchObject({ ok: true });

  const residues = {
    database: [...(await columnsWith(EMAIL)), ...(await columnsWith(PHONE)), ...(await columnsWith(NAME))],
    files: [...new Set([...filesWith(EMAIL), ...filesWith(PHONE), ...filesWith(NAME)])],
    log: lines.filter((line) => [EMAIL, PHONE, NAME, "Quorvath"].some((needle) => line.toLowerCase().includes(needle.toLowerCase()))),
  };
  console.log(
    `Erasure residues: ${sent} mails written as ${mailFiles.length} .eml files, ${lines.length} log lines; after erasing, address/phone/name in the database ${residues.database.length}, in DATA_DIR ${residues.files.length}, in the log ${residues.log.length}`,
  );
  expect(residues).toEqual({ database: [], files: [], log: [] });
  expect((result as { counts: Record<string, number> }).counts.outbox_files).toBe(mailFiles.length);
});
