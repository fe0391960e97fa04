import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { PUBLIC_ROUTES } from "../routes";
import { STRONG_PASSWORD } from "../helpers";
import { TINY_PNG } from "../images";

/**
 * What must leave the database exactly as it was (docs/decisions/0016), proven on a server of its
 * own whose embedded database the test opens itself between runs (a table snapshot: every table's
 * row count and a hash of its contents):
 * 1. crawling every GET route, anonymous and as the admin, changes nothing;
 * 2. every Server Action and every mutating route handler, replayed with a forged Origin and with
 *    none (Sec-Fetch-Site: cross-site), with the admin's cookie, changes nothing — while the same
 *    bytes with the site's own Origin do change it (so the replays were not harmless anyway);
 * 3. Unicode edge cases are stored byte for byte or refused with a message.
 * The server runs on E2E_PORT + 21 (INTEGRITY_PORT), with its own data folder; it is stopped
 * (SIGTERM, database closed) before each snapshot.
 */
test.describe.configure({ mode: "serial" });

/**
 * Server Actions this crawl does not drive through the pages (they need a team, an invitation, a
 * second factor or a revision first). Each goes through handleForm, whose origin check runs before
 * anything is read (tests/form-action.test.ts), and each is replayed as every role and signed-out
 * visitor, counting rows changed, by tests/permission-matrix.test.ts. A new action must be captured
 * above or named here with its reason.
 */
const REPLAYED_ELSEWHERE: Record<string, string> = Object.fromEntries(
  [
    "acceptInvitationAction",
    "changePasswordAction",
    "changeRoleAction",
    "endOtherSessionsAction",
    "endSessionAction",
    "inviteAction",
    "removeMemberAction",
    "revokeInvitationAction",
    "setSignUpAction",
    "signOutMemberAction",
    "confirmTotpAction",
    "backupCodesSavedAction",
    "removePasskeyAction",
    "makePreviewLink",
    "postPreviewLinks",
    "revokePostPreviewLink",
    "renamePasskeyAction",
    "disableTwoFactorAction",
    "setTeamTwoFactorAction",
    "startTotpAction",
    "verifySecondFactorAction",
    "postRevisions",
    "comparePostRevisions",
    "restorePostRevision",
    "runRowAction",
    "bulkAction",
    "bulkFormAction",
    "retryFailedNotifications",
    // A/B experiments' screen (tests/experiments.test.ts drives each; e2e/experiments.spec.ts runs
    // them in a browser, in the site-wide phase, since a running experiment changes home for everyone).
    "saveExperimentAction",
    "startExperimentAction",
    "stopExperimentAction",
    "shipExperimentAction",
    // Proposals and their invoice (tests/proposals.test.ts and tests/deal-to-cash.test.ts drive each;
    // e2e/proposals.spec.ts runs them in a browser). Accept and decline are the client's, on the
    // proposal's token page: public forms through handleForm, refused without the token.
    "newProposalAction",
    "saveDraftAction",
    "sendProposalAction",
    "reviseProposalAction",
    "issueInvoiceAction",
    "paymentLinkAction",
    "acceptProposalAction",
    "declineProposalAction",
    // Integrations: the keys' and the webhook endpoints' forms (tests/api-v1.test.ts and
    // tests/webhook-dashboard.test.ts drive them; the permission matrix replays them).
    "createApiKeyAction",
    "revokeApiKeyAction",
    "addEndpointAction",
    "deleteEndpointAction",
    "resumeEndpointAction",
    "resendDeliveryAction",
    // The newsletter's screens (tests/newsletter-dashboard.test.ts and the subscribe test drive them).
    "createSendAction",
    "saveSendAction",
    "sendTestAction",
    "sendNowAction",
    "scheduleAction",
    "unscheduleAction",
    "pauseAction",
    "resumeAction",
    "deleteSubscriberAction",
    "eraseSubscriberAction",
    // The pipeline board's moves and the owner's stages (tests/pipeline.test.ts drives them,
    // e2e/pipeline.spec.ts moves cards by mouse, keyboard and the plain form).
    "moveLeadCard",
    "moveLeadCardForm",
    // The Won dialog's post (a card moved to Won with its value): handleForm, replayed by the permission matrix.
    "winLeadCardAction",
    "createStageAction",
    "renameStageAction",
    "moveStageAction",
    "removeStageAction",
    // The Redirects screen's forms (tests/redirects.test.ts drives them; the permission matrix replays them).
    "saveRedirectAction",
    "deleteRedirectAction",
    "importRedirectsAction",
    // The Redirects screen's "Check links now" (tests/link-checker.test.ts drives it; the permission matrix replays it).
    "checkLinksAction",
    // The writing room's link suggestions for unsaved text, a read (tests/link-suggestions.test.ts; the permission matrix replays it).
    "typedPostLinks",
    // The Calls screen's forms (tests/booking-admin.test.ts drives them; the permission matrix replays them).
    "saveAvailabilityAction",
    "dayOffAction",
    "bookingOutcomeAction",
    "staffCancelBookingAction",
  ]
    .map((name) => [name, "handleForm's origin check; tests/permission-matrix.test.ts"])
    .concat(
      // The newsletter's public forms: the sign-up (blog, articles, footer) and the pages a mailed,
      // signed link opens. Each goes through handleForm's origin check; tests/newsletter-subscribe.test.ts
      // refuses forged links and e2e/newsletter-subscribe.spec.ts posts each from the browser.
      ["subscribeAction", "footerSubscribeAction", "confirmSubscriptionAction", "preferencesAction"].map((name) => [
        name,
        "handleForm's origin check; tests/newsletter-subscribe.test.ts",
      ]),
    )
    .concat(
      // A person's page: logging, editing and deleting an interaction, and the erasure. The permission
      // matrix replays each for every role; tests/person.test.ts sends bad input, another member's
      // entry and forged keys; e2e/person.spec.ts posts them from the browser.
      ["logInteractionAction", "updateInteractionAction", "deleteInteractionAction", "erasePersonAction"].map((name) => [
        name,
        "handleForm's origin check; tests/permission-matrix.test.ts and tests/person.test.ts",
      ]),
      // The Account screen's Calendar section: the member's own connection, which needs a CalDAV
      // server. tests/calendar-dashboard.test.ts drives each against Radicale (a foreign origin
      // refused too); the permission matrix replays test, choose and disconnect as every role.
      ["connectCalendarAction", "testCalendarAction", "chooseCalendarAction", "disconnectCalendarAction"].map((name) => [
        name,
        "handleForm's origin check; tests/calendar-dashboard.test.ts and tests/permission-matrix.test.ts",
      ]),
      // The booking page and a booking's manage page (docs/decisions/0065): handleForm's origin check;
      // tests/booking.test.ts refuses foreign origins and forged links, e2e/booking.spec.ts posts each
      // from the browser, with JavaScript and without.
      ["bookCallAction", "confirmCallAction", "rescheduleCallAction", "cancelCallAction"].map((name) => [
        name,
        "handleForm's origin check; tests/booking.test.ts, e2e/booking.spec.ts",
      ]),
      // The booking page's call request (the free audit's submission through handleForm, its checks
      // and limit) and the fresh install's set-up link claim (docs/decisions/0084, 0085; a redirect
      // answer, behind the host's refusal of Server Actions from another site): tests/first-owner.test.ts
      // refuses a wrong link, a second claim and an unverified account, e2e/first-owner.spec.ts posts
      // both from the browser without JavaScript.
      ["submitCallRequest", "claimOwnerAction"].map((name) => [
        name,
        "the host's and handleForm's origin checks; tests/first-owner.test.ts, e2e/first-owner.spec.ts",
      ]),
    ),
);

const PORT = Number(process.env.INTEGRITY_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 21);
const BASE = `http://127.0.0.1:${PORT}`;
const EVIL = "https://evil.example";
const ADMIN = "integrity@e2e.test";
const RUN = Date.now().toString(36);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "integrity-data-"));

/**
 * Columns written on GET by design, left out of the snapshot: opening the dashboard without a
 * filter records when the admin last saw the inbox (what arrived since is marked new), and the
 * row's updated_at follows; a signed-in request records the session's "last seen" (its updated_at,
 * at most once a minute). Nothing else may change.
 */
const WRITTEN_ON_GET: Record<string, string[]> = { "public.profiles": ["inbox_seen_at", "updated_at"], "public.sessions": ["updated_at"] };

/**
 * The job queue's engine (docs/decisions/0089) keeps its own schema: an instance row per start, its
 * version and maintenance times, each queue's counters, and its jobs split into partitions. Its
 * bookkeeping moves on the engine's own clock and at each restart, not by a request, so only its jobs
 * are compared: all of them, through the partitioned `pgboss.job`, by what was asked (id, queue,
 * data), not by their state. A GET that enqueued a job is still a change. The clock's own jobs are
 * left out: the timed jobs' ticks (queue `timed`, one per job at each start and per cron occurrence)
 * and the engine's forwarding of them (`__pgboss__send-it`), docs/decisions/0095.
 */
const ENGINE_SCHEMA = "pgboss";
const ENGINE_JOBS = "job";
const ENGINE_CLOCK_JOBS = "t.name <> 'timed' and t.name not like '\\_\\_pgboss\\_\\_%'";

/**
 * Tables a GET adds rows to by design and never changes or empties: the server counts an anonymous
 * view of a public page (docs/analytics.md), and the first view of a day draws that day's salt. The
 * crawl test checks what was added instead of leaving these out.
 */
const APPENDED_ON_GET = ["public.analytics_events", "public.analytics_salts"];
/**
 * Written from those counted views by the analytics job each minute, not by a request: the stored
 * visits, their marks and the open days' rollup (docs/decisions/0096). They hold nothing the counted
 * views do not, which the crawl checks above.
 */
const DERIVED_FROM_VIEWS = ["public.analytics_visits", "public.analytics_visit_marks", "public.analytics_open_rollups"];
/** The 404 monitor's counts (docs/decisions/0097): a person's GET that met a missing page, one row a path. */
const NOT_FOUND_COUNTS = "public.not_found_paths";
// The one row a GET writes by design: who exported a person's data (their right of access), kept in
// the activity trail by the person's key, never the address (docs/decisions/0068). Only such rows
// may be added to the trail by the crawl; any other change to it is a change.
const EXPORT_TRAIL = "public.audit_events";
function onlyExportsAdded(before: Snapshot, after: Snapshot): boolean {
  const a = before.get(EXPORT_TRAIL)?.lines ?? [];
  const b = after.get(EXPORT_TRAIL)?.lines ?? [];
  const removed = a.filter((line) => !b.includes(line));
  const added = b.filter((line) => !a.includes(line));
  return removed.length === 0 && added.every((line) => (JSON.parse(line) as { action?: string }).action === "person.export");
}

// ---- The server ------------------------------------------------------------------------------

let server: ChildProcess | null = null;
let serverOutput = "";

async function startServer() {
  serverOutput = "";
  server = spawn(process.execPath, ["host/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SITE_URL: BASE,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      FORM_MIN_FILL_SECONDS: "1",
      ADMIN_EMAILS: ADMIN,
      // Each simulated visitor has its own X-Forwarded-For address (the per-IP form limit stays on).
      TRUST_PROXY: "1",
      // The build's on-disk page cache is shared with the main e2e server: stay out of it.
      NEXT_PRIVATE_TEST_PROXY: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (serverOutput += chunk));
  server.stderr!.on("data", (chunk) => (serverOutput += chunk));
  await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status ?? 0, { timeout: 120_000, intervals: [300] }).toBe(200);
}

async function stopServer() {
  if (!server) return;
  const child = server;
  server = null;
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  expect(await exited, serverOutput.slice(-2000)).toBe(0);
  expect(fs.existsSync(path.join(dataDir, "pglite.lock")), "the database is closed").toBe(false);
}

test.afterAll(async () => {
  if (server) {
    server.kill("SIGKILL");
    server = null;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// ---- The snapshot ----------------------------------------------------------------------------

type Snapshot = Map<string, { rows: number; hash: string; lines: string[] }>;

/** Every table of the database (the app's and the migrations' own): row count, hash, rows as JSON. */
async function snapshot(): Promise<Snapshot> {
  const client = new PGlite(path.join(dataDir, "pglite"));
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
    );
    const out: Snapshot = new Map();
    for (const { schema, name } of tables.rows) {
      const key = `${schema}.${name}`;
      if (schema === ENGINE_SCHEMA && name !== ENGINE_JOBS) continue;
      const quoted = `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;
      const row = schema === ENGINE_SCHEMA ? "jsonb_build_object('id', t.id, 'name', t.name, 'data', t.data)" : "to_jsonb(t)";
      const where = schema === ENGINE_SCHEMA ? ` where ${ENGINE_CLOCK_JOBS}` : "";
      // eslint-disable-next-line no-restricted-syntax -- a table name read from information_schema, quoted; it cannot be a parameter
      const result = await client.query<{ line: string }>(`select (${row} - $1::text[])::text as line from ${quoted} t${where}`, [WRITTEN_ON_GET[key] ?? []]);
      const lines = result.rows.map((r) => r.line).sort();
      const { createHash } = await import("node:crypto");
      out.set(key, { rows: lines.length, hash: createHash("sha256").update(lines.join("\n")).digest("hex").slice(0, 16), lines });
    }
    // Without it a job enqueued by a GET would go unseen (the engine renamed or moved its table).
    if (!out.has(`${ENGINE_SCHEMA}.${ENGINE_JOBS}`))
      throw new Error(`The snapshot has no ${ENGINE_SCHEMA}.${ENGINE_JOBS}: the job queue's jobs would not be compared.`);
    return out;
  } finally {
    await client.close();
  }
}

/** The tables whose rows differ, with the first rows that were added or removed. */
function differences(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    // Rewritten by the analytics job at any start or minute from the counted views, which are compared.
    if (DERIVED_FROM_VIEWS.includes(key)) continue;
    const a = before.get(key);
    const b = after.get(key);
    if (a?.hash === b?.hash) continue;
    const removed = (a?.lines ?? []).filter((l) => !b?.lines.includes(l));
    const added = (b?.lines ?? []).filter((l) => !a?.lines.includes(l));
    // A timed job's day or week claimed by its tick (docs/decisions/0095) is the clock's doing, whenever
    // a start's tick gets to it; a claim removed or changed is still a change.
    if (key === "public.job_runs" && removed.length === 0) continue;
    out.push(
      `${key}: ${a?.rows ?? 0} -> ${b?.rows ?? 0} rows; removed ${removed.slice(0, 2).join(" | ").slice(0, 600)}; added ${added.slice(0, 2).join(" | ").slice(0, 600)}`,
    );
  }
  return out;
}

const totalRows = (s: Snapshot) => [...s.values()].reduce((n, t) => n + t.rows, 0);

// ---- Accounts, mail and captured requests ------------------------------------------------------

function outbox(): string[] {
  const folder = path.join(dataDir, "outbox");
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(folder, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
}

async function linkInMail(to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outbox()
          .filter((m) => m.includes(`To: ${to}`) && pattern.test(m))
          .at(-1);
        link = mail ? pattern.exec(mail)?.[1]?.replace(/&amp;/g, "&") : undefined;
        return Boolean(link);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

const ip = () => `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

async function newContext(browser: Browser, state?: Awaited<ReturnType<BrowserContext["storageState"]>>) {
  const context = await browser.newContext({ baseURL: BASE, storageState: state });
  await context.setExtraHTTPHeaders({ "x-forwarded-for": ip() });
  return context;
}

interface Captured {
  label: string;
  url: string;
  action: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** The browser's Server Action request for `act`, stopped before it reaches the server. */
async function capture(page: Page, label: string, act: () => Promise<void>): Promise<Captured> {
  let resolve!: (c: Captured) => void;
  const captured = new Promise<Captured>((r) => (resolve = r));
  await page.route("**/*", async (route) => {
    const r = route.request();
    const headers = r.headers();
    // A Server Action, or a public form's own endpoint (/api/forms/<name>, what its script posts).
    if (r.method() !== "POST" || !(headers["next-action"] || r.url().includes("/api/forms/"))) return route.continue();
    const keep: Record<string, string> = {};
    for (const name of ["next-action", "content-type", "accept", "next-router-state-tree"]) if (headers[name]) keep[name] = headers[name];
    resolve({ label, url: r.url(), action: headers["next-action"] ?? "", headers: keep, body: r.postDataBuffer() ?? Buffer.alloc(0) });
    await route.abort();
  });
  await act();
  const result = await captured;
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return result;
}

/** A public form's Server Action request, encoded as React's client encodes action(previousState, formData). */
async function leadFormAction(label: string, page: string, fields: [string, string][]): Promise<Captured> {
  const html = await (await fetch(`${BASE}${page}`)).text();
  const field = /name="\$ACTION_\d+:0"[^>]*value="([^"]*)"/.exec(html) ?? /value="([^"]*)"[^>]*name="\$ACTION_\d+:0"/.exec(html);
  if (!field) throw new Error(`no Server Action field in ${page}`);
  const action = (JSON.parse(field[1]!.replaceAll("&quot;", '"')) as { id: string }).id;
  const form = new FormData();
  for (const [name, value] of [
    ...fields,
    ["companyWebsite", ""],
    ["elapsedMs", "15000"],
    ["submissionKey", `${label}-${RUN}-abcdefghijkl`],
    ["attribution", ""],
  ])
    form.append(`_1_${name}`, value!);
  form.append("0", JSON.stringify([{ status: "idle" }, "$K1"]));
  const encoded = new Request(`${BASE}${page}`, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return {
    label,
    url: `${BASE}${page}`,
    action,
    headers: { "next-action": action, accept: "text/x-component", "content-type": encoded.headers.get("content-type")! },
    body,
  };
}

let adminCookie = "";
const captured: Captured[] = [];
let before: Snapshot;

// ---- 0. Set-up: an admin, a lead, a message, a reset link, and every action captured ------------

test("set-up: an admin, inbox rows, and one captured request for every Server Action of the build", async ({ browser }) => {
  test.setTimeout(300_000);
  await startServer();
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill("Integrity Admin");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
  await page.goto(await linkInMail(ADMIN, /(https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+)/));
  await page.goto("/auth");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin/);
  adminCookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

  // Inbox rows through the public forms, for real.
  const site = await (await newContext(browser)).newPage();
  await site.goto("/free-audit");
  await expect(site.locator("main form[data-ready=true]")).toHaveCount(1);
  await site.getByLabel("Full name").fill(`Integrity Lead ${RUN}`);
  await site.getByLabel("Work email").fill(`lead-${RUN}@example.com`);
  await site.getByLabel("Mobile number").fill("9876543210");
  await site.getByLabel("Biggest growth challenge").fill("Leads.");
  await site.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await site.waitForTimeout(1_100);
  await site.getByRole("button", { name: "Get My Free Audit" }).click();
  await expect(site.getByText("Audit Request Submitted!").first()).toBeVisible();
  // Its notification is sent at once: wait for it, so that no mail is still pending at the snapshot.
  await expect.poll(() => outbox().some((m) => m.includes(`Integrity Lead ${RUN}`)), { timeout: 15_000 }).toBe(true);

  // A real password-reset link for a second account, so the reset action can be captured whole.
  const member = `member-${RUN}@example.com`;
  await site.goto("/auth?mode=signup");
  await site.getByLabel("Full Name").fill("Integrity Member");
  await site.getByLabel("Email").fill(member);
  await site.getByLabel("Password").fill(STRONG_PASSWORD);
  await site.getByRole("button", { name: "Create Account" }).click();
  await expect(site.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
  await site.goto(await linkInMail(member, /(https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+)/));
  await site.goto("/auth/forgot-password");
  await site.getByLabel("Email").fill(member);
  await site.getByRole("button", { name: "Send Reset Link" }).click();
  const resetLink = await linkInMail(member, /(https?:\/\/[^\s"<]+\/api\/auth\/reset-password\/[^\s"<]+)/);
  await site.context().close();

  // Public forms.
  const anon = await (await newContext(browser)).newPage();
  await anon.goto("/contact");
  await expect(anon.locator("main form[data-ready=true]")).toHaveCount(1);
  await anon.getByLabel("Full name").fill(`Captured Contact ${RUN}`);
  await anon.getByRole("textbox", { name: "Email" }).fill(`contact-${RUN}@example.com`);
  await anon.getByLabel("Mobile number").fill("9876543210");
  await anon.getByRole("textbox", { name: "Message" }).fill("Captured message.");
  await anon.waitForTimeout(1_100);
  captured.push(await capture(anon, "contact form", () => anon.getByRole("button", { name: "Send Message" }).click()));
  await anon.goto("/free-audit");
  await expect(anon.locator("main form[data-ready=true]")).toHaveCount(1);
  await anon.getByLabel("Full name").fill(`Captured Lead ${RUN}`);
  await anon.getByLabel("Work email").fill(`captured-lead-${RUN}@example.com`);
  await anon.getByLabel("Mobile number").fill("9876543210");
  await anon.getByLabel("Biggest growth challenge").fill("Captured.");
  await anon.getByLabel("Monthly revenue").selectOption("10L-50L/month");
  await anon.waitForTimeout(1_100);
  captured.push(await capture(anon, "audit form", () => anon.getByRole("button", { name: "Get My Free Audit" }).click()));
  // With JavaScript the forms post to /api/forms/<name>; their Server Actions (what a browser
  // without JavaScript posts) are called here as React's client would call them.
  captured.push(
    await leadFormAction("contact form (Server Action)", "/contact", [
      ["name", `Action Contact ${RUN}`],
      ["email", `action-contact-${RUN}@example.com`],
      ["mobileNumber", "9876543210"],
      ["message", "Captured message."],
    ]),
  );
  captured.push(
    await leadFormAction("audit form (Server Action)", "/free-audit", [
      ["name", `Action Lead ${RUN}`],
      ["email", `action-lead-${RUN}@example.com`],
      ["mobileNumber", "9876543210"],
      ["growthChallenge", "Captured."],
      ["monthlyRevenue", "10L-50L/month"],
    ]),
  );

  // Account actions.
  await anon.goto("/auth?mode=signup");
  await anon.getByLabel("Full Name").fill("Captured Person");
  await anon.getByLabel("Email").fill(`signup-${RUN}@example.com`);
  await anon.getByLabel("Password").fill(STRONG_PASSWORD);
  captured.push(await capture(anon, "sign-up", () => anon.getByRole("button", { name: "Create Account" }).click()));
  await anon.goto("/auth");
  await anon.getByLabel("Email").fill(ADMIN);
  await anon.getByLabel("Password").fill(STRONG_PASSWORD);
  captured.push(await capture(anon, "sign-in", () => anon.getByRole("button", { name: "Sign In" }).click()));
  await anon.goto("/auth/forgot-password");
  await anon.getByLabel("Email").fill(ADMIN);
  captured.push(await capture(anon, "forgot password", () => anon.getByRole("button", { name: "Send Reset Link" }).click()));
  await anon.goto(resetLink);
  await expect(anon).toHaveURL(/\/auth\/reset-password\?token=/);
  await anon.getByRole("textbox", { name: "New password" }).fill(`${STRONG_PASSWORD}-new`);
  captured.push(await capture(anon, "reset password", () => anon.getByRole("button", { name: "Set New Password" }).click()));
  await anon.context().close();

  // Admin actions: create, status, preview, delete; sign-out.
  await page.goto("/admin/testimonials");
  await page.getByRole("link", { name: "Add Testimonial" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByLabel("Client name").fill(`Captured Client ${RUN}`);
  await dialog.getByLabel("Company").fill("Captured Co");
  await dialog.getByRole("textbox", { name: "Testimonial", exact: true }).fill("Captured quote.");
  captured.push(await capture(page, "admin: create testimonial", () => dialog.getByRole("button", { name: "Save" }).click()));
  await page.goto("/admin/testimonials");
  await page
    .getByRole("link", { name: /^Delete / })
    .first()
    .click();
  captured.push(await capture(page, "admin: delete testimonial", () => page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click()));
  await page.goto("/admin/leads");
  captured.push(
    await capture(page, "admin: lead status", async () => {
      await page.getByRole("combobox", { name: `Status of Integrity Lead ${RUN}` }).selectOption("won");
    }),
  );
  await page.goto("/admin/leads");
  await page.getByRole("link", { name: `Edit Integrity Lead ${RUN}` }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Internal notes").fill("Captured note.");
  captured.push(await capture(page, "admin: update lead", () => dialog.getByRole("button", { name: "Save" }).click()));
  // Posts are written in the writing room, a page of its own. Published, so that no autosave posts first.
  await page.goto("/admin/posts/new");
  const room = page.getByRole("form", { name: "New post" });
  await room.getByLabel("Published").check();
  await room.getByRole("textbox", { name: "Title", exact: true }).fill(`Captured Post ${RUN}`);
  await room.getByRole("button", { name: "Edit HTML source" }).click();
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Captured.</p>");
  captured.push(await capture(page, "admin: create post", () => room.getByRole("button", { name: "Save", exact: true }).click()));
  // A stopped action request breaks the page (its error boundary shows): each capture starts afresh.
  await page.goto("/admin/posts/new");
  await room.getByLabel("Published").check();
  await room.getByRole("button", { name: "Edit HTML source" }).click();
  await room.getByRole("textbox", { name: "Content", exact: true }).fill("<p>Preview me.</p>");
  captured.push(await capture(page, "admin: preview post", () => room.getByRole("button", { name: "Preview", exact: true }).click()));
  await page.goto("/admin/leads");
  captured.push(await capture(page, "sign-out", () => page.getByRole("button", { name: /Sign Out/i }).click()));
  await context.close();

  // Every Server Action the build contains has a captured request.
  const manifest = JSON.parse(fs.readFileSync(path.join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  const all = Object.entries(manifest.node).map(([id, v]) => ({ id, name: v.exportedName ?? id }));
  const missing = all.filter((a) => !captured.some((c) => c.action === a.id) && !(a.name in REPLAYED_ELSEWHERE)).map((a) => a.name);
  const elsewhere = all.filter((a) => a.name in REPLAYED_ELSEWHERE).length;
  console.log(
    `Actions: ${all.length} Server Actions in the build, ${all.length - missing.length - elsewhere} captured (${captured.length} requests), ${elsewhere} named below as replayed elsewhere`,
  );
  expect(missing, "Server Actions without a captured request (or a line in REPLAYED_ELSEWHERE)").toEqual([]);

  await stopServer();
  before = await snapshot();
  console.log(`Snapshot: ${before.size} tables, ${totalRows(before)} rows`);
});

// ---- 1. Crawling every GET route ---------------------------------------------------------------

const ADMIN_TABS = ["leads", "messages", "case-studies", "testimonials", "posts"];
const SEEDS = [
  ...PUBLIC_ROUTES.map((r) => r.path),
  "/auth",
  "/auth?mode=signup",
  "/auth/forgot-password",
  "/auth/reset-password?token=not-a-token",
  "/admin",
  ...ADMIN_TABS.flatMap((t) => [`/admin/${t}`, `/admin/${t}?page=2`, `/admin/${t}?q=a&sort=created_at&dir=asc`]),
  "/admin/leads?status=won",
  ...["overview", "due", "due?owner=all", "team", "activity", "account", "no-such-screen"].map((s) => `/admin/${s}`),
  "/admin?tab=leads&q=a",
  "/admin/export/leads",
  "/admin/export/messages",
  "/admin/export/messages?q=a&status=new",
  "/admin/export/unknown",
  "/blog/feed.xml",
  "/sitemap.xml",
  "/robots.txt",
  "/blog-search?q=growth",
  "/blog?tag=SEO",
  "/no-such-page",
  "/api/health",
  "/api/auth/get-session",
  "/api/auth/ok",
  "/api/auth/verify-email?token=not-a-token",
  "/api/auth/reset-password/not-a-token?callbackURL=/auth/reset-password",
  "/api/auth/sign-out",
  "/api/auth/list-sessions",
  "/api/admin/uploads",
  "/api/admin/media",
  "/api/admin/media?q=a&page=2",
  "/api/og/blog/no-such-post/000000000000.png",
  "/api/blog/shares",
  "/api/media/missing.png",
];
const MAX_URLS = 400;

/** GETs the seeds and every same-origin link found in the pages (href, src), breadth first. */
async function crawl(
  api: APIRequestContext,
  cookie: string,
): Promise<{ urls: number; requests: number; statuses: Record<string, number>; byUrl: Map<string, number> }> {
  const queue = [...SEEDS];
  const seen = new Set(queue);
  const statuses: Record<string, number> = {};
  const byUrl = new Map<string, number>();
  let requests = 0;
  while (queue.length > 0 && seen.size <= MAX_URLS) {
    const url = queue.shift()!;
    const headers: Record<string, string> = { cookie, "x-forwarded-for": ip() };
    const response = await api.get(url, { headers: { ...headers, accept: "text/html,*/*" }, maxRedirects: 0 });
    requests += 1;
    statuses[response.status()] = (statuses[response.status()] ?? 0) + 1;
    byUrl.set(url, response.status());
    const type = response.headers()["content-type"] ?? "";
    const location = response.headers().location;
    const found: string[] = location ? [location] : [];
    if (type.includes("text/html")) {
      const html = await response.text();
      for (const [, link] of html.matchAll(/\s(?:href|src)="([^"#]+)/g)) found.push(link!.replace(/&amp;/g, "&"));
      // The same page as the client router asks for it (a prefetch): an RSC GET.
      await api.get(url, { headers: { ...headers, rsc: "1", "next-router-prefetch": "1" }, maxRedirects: 0 });
      requests += 1;
    }
    for (const link of found) {
      let target: URL;
      try {
        target = new URL(link, `${BASE}${url}`);
      } catch {
        continue;
      }
      if (target.origin !== BASE || target.pathname.startsWith("/_next/")) continue;
      const next = target.pathname + target.search;
      if (!seen.has(next) && seen.size < MAX_URLS) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return { urls: seen.size, requests, statuses, byUrl };
}

test("crawling every GET route, anonymous and as the admin, changes nothing in the database", async () => {
  test.setTimeout(600_000);
  await startServer();
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  const anonymous = await crawl(api, "");
  const admin = await crawl(api, adminCookie);
  // Each visitor got what it may see: the crawl really went through the admin's pages as the admin.
  const dashboard = await api.get("/admin/leads", { headers: { cookie: adminCookie } });
  expect(await dashboard.text()).toContain("Growth Audit Leads");
  for (const url of [...ADMIN_TABS.map((t) => `/admin/${t}`), "/admin/export/leads", "/admin/export/messages"]) {
    expect(admin.byUrl.get(url), `admin ${url}`).toBe(200);
    expect([307, 401], `anonymous ${url}`).toContain(anonymous.byUrl.get(url));
  }
  for (const url of ["/", "/blog", "/blog/feed.xml", "/sitemap.xml", "/robots.txt", "/api/health"]) {
    expect(anonymous.byUrl.get(url), `anonymous ${url}`).toBe(200);
  }
  const posts = [...admin.byUrl.keys()].filter((u) => /^\/blog\/[a-z0-9-]+$/.test(u) && u !== "/blog/feed.xml");
  expect(posts.length, "blog articles reached through links").toBeGreaterThan(0);
  await api.dispose();
  await stopServer();
  const after = await snapshot();
  const changed = differences(before, after).filter((d) => {
    const table = d.split(":")[0]!;
    return !APPENDED_ON_GET.includes(table) && table !== NOT_FOUND_COUNTS && !(table === EXPORT_TRAIL && onlyExportsAdded(before, after));
  });
  // The 404 monitor's rows: each a path the anonymous crawl was answered 404 for (the admin's are not counted).
  const missing = new Set([...anonymous.byUrl].filter(([, status]) => status === 404).map(([url]) => url.split("?")[0]));
  for (const line of after.get(NOT_FOUND_COUNTS)?.lines ?? []) {
    if (before.get(NOT_FOUND_COUNTS)?.lines.includes(line)) continue;
    const { path } = JSON.parse(line) as { path: string };
    expect(missing.has(path), `404 counted for ${path}`).toBe(true);
  }
  // The counted views: only added, each an anonymous view of a page the anonymous crawl was served
  // (none of the admin's, whose session cookie leaves it uncounted), and the count follows the crawl.
  for (const table of APPENDED_ON_GET) {
    const removed = (before.get(table)?.lines ?? []).filter((line) => !after.get(table)?.lines.includes(line));
    expect(removed, `${table}: rows changed or removed by a GET`).toEqual([]);
  }
  const events = (after.get("public.analytics_events")?.lines ?? [])
    .filter((line) => !before.get("public.analytics_events")?.lines.includes(line))
    .map((line) => JSON.parse(line) as { path: string; internal: boolean });
  const servedPages = new Set([...anonymous.byUrl].filter(([, status]) => status === 200).map(([url]) => url.split("?")[0]));
  expect(events.length, "page views counted").toBeGreaterThan(0);
  for (const event of events) {
    expect(servedPages.has(event.path), `counted ${event.path}`).toBe(true);
    expect(event.internal, `counted ${event.path}`).toBe(false);
    expect(event.path, "a dashboard or API view counted").not.toMatch(/^\/(admin|api|auth)(\/|$)/);
  }
  console.log(
    `GET crawl: anonymous ${anonymous.urls} URLs (${anonymous.requests} requests, ${JSON.stringify(anonymous.statuses)}), admin ${admin.urls} URLs (${admin.requests} requests, ${JSON.stringify(admin.statuses)}), ${posts.length} articles among them, ${events.length} page views counted; ${after.size} tables, ${totalRows(after)} rows, ${changed.length} changed (excluded by design: ${Object.entries(
      WRITTEN_ON_GET,
    )
      .map(([t, c]) => `${t}.${c.join("/")}`)
      .join(", ")})`,
  );
  expect(changed).toEqual([]);
  expect(anonymous.statuses["500"] ?? 0).toBe(0);
  expect(admin.statuses["500"] ?? 0).toBe(0);
  before = after;
});

// ---- 2. Forged or missing Origin on every mutating request -------------------------------------

/** The route handlers that change something, each with a body that would work from the site. */
function routeRequests(): { label: string; path: string; method: string; headers: Record<string, string>; body: Buffer | string }[] {
  const png = TINY_PNG;
  const boundary = `----integrity${RUN}`;
  const multipart = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const json = { "content-type": "application/json" };
  return [
    {
      label: "POST /api/auth/sign-in/email",
      path: "/api/auth/sign-in/email",
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: ADMIN, password: STRONG_PASSWORD }),
    },
    { label: "POST /api/auth/sign-out", path: "/api/auth/sign-out", method: "POST", headers: json, body: "{}" },
    {
      label: "POST /api/admin/uploads",
      path: "/api/admin/uploads",
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: multipart,
    },
    {
      label: "POST /api/blog/shares",
      path: "/api/blog/shares",
      method: "POST",
      headers: json,
      body: JSON.stringify({ slug: "BLOG_SLUG", network: "linkedin" }),
    },
    // The consent bar's form without JavaScript: sets a cookie, writes no row (404 here, where no measurement is configured).
    {
      label: "POST /api/consent",
      path: "/api/consent",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "choice=granted",
    },
    // better-auth endpoints the site does not use: never reachable, whatever the Origin.
    ...["sign-up/email", "update-user", "change-password", "revoke-sessions", "request-password-reset", "send-verification-email", "delete-user"].map((p) => ({
      label: `POST /api/auth/${p}`,
      path: `/api/auth/${p}`,
      method: "POST",
      headers: json,
      body: JSON.stringify({
        email: `x-${RUN}@example.com`,
        name: "X",
        password: STRONG_PASSWORD,
        newPassword: STRONG_PASSWORD,
        currentPassword: STRONG_PASSWORD,
      }),
    })),
  ];
}

/** How each layer says no: host/server.ts (403), the actions' own check, the route handlers. */
const REFUSAL = /must come from|only be sent from our own website|cross-site request refused|INVALID_ORIGIN|"ok":false,"html":""/i;

test("a forged or missing Origin on every mutating request changes nothing, with the admin's cookie", async () => {
  test.setTimeout(600_000);
  await startServer();
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  // A published post's slug for the share counter.
  const sitemap = await (await api.get("/sitemap.xml")).text();
  const slug = /\/blog\/([a-z0-9-]+)</.exec(sitemap)?.[1];
  expect(slug, "a published post").toBeTruthy();

  const variants: { name: string; headers: Record<string, string> }[] = [
    { name: "Origin: https://evil.example", headers: { origin: EVIL, referer: `${EVIL}/`, "sec-fetch-site": "cross-site" } },
    { name: "Origin: https://evil.example, same-site Referer", headers: { origin: EVIL, referer: `${BASE}/admin` } },
    { name: "Origin: null", headers: { origin: "null", "sec-fetch-site": "cross-site" } },
    { name: "no Origin, Sec-Fetch-Site: cross-site", headers: { "sec-fetch-site": "cross-site" } },
    { name: "no Origin, no Referer", headers: {} },
  ];
  const answers: Record<string, number> = {};
  let replays = 0;
  const unrefused: string[] = [];
  for (const variant of variants) {
    for (const c of captured) {
      // Server Actions accept a missing Origin with the site's Referer (older browsers): that is
      // the site itself, not a forgery, so "no Origin" variants carry no Referer.
      const response = await api.post(c.url, {
        headers: { ...c.headers, ...variant.headers, cookie: adminCookie, "x-forwarded-for": ip() },
        data: c.body,
        maxRedirects: 0,
      });
      replays += 1;
      const text = await response.text();
      answers[response.status()] = (answers[response.status()] ?? 0) + 1;
      if (response.status() >= 500) unrefused.push(`${c.label} with ${variant.name}: a server error ${response.status()}`);
      // A refused sign-out still sends the visitor home: refused means the session lives on.
      const refused =
        c.label === "sign-out"
          ? (await (await api.get("/api/auth/get-session", { headers: { cookie: adminCookie } })).text()).includes(ADMIN)
          : response.status() >= 400 || REFUSAL.test(text);
      if (!refused) unrefused.push(`${c.label} with ${variant.name}: ${response.status()} ${text.slice(0, 200)}`);
    }
    for (const r of routeRequests()) {
      const response = await api.fetch(r.path, {
        method: r.method,
        headers: { ...r.headers, ...variant.headers, cookie: adminCookie, "x-forwarded-for": ip() },
        data: typeof r.body === "string" ? r.body.replace("BLOG_SLUG", slug!) : r.body,
        maxRedirects: 0,
      });
      replays += 1;
      answers[response.status()] = (answers[response.status()] ?? 0) + 1;
      if (response.status() < 400 || response.status() >= 500)
        unrefused.push(`${r.label} with ${variant.name}: ${response.status()} ${(await response.text()).slice(0, 200)}`);
    }
  }
  // The admin's session survived every forged sign-out.
  const session = await api.get("/api/auth/get-session", { headers: { cookie: adminCookie } });
  expect(await session.text()).toContain(ADMIN);
  await api.dispose();
  await stopServer();
  const after = await snapshot();
  const changed = differences(before, after);
  console.log(
    `Forged Origin: ${captured.length} captured requests (Server Actions and the forms' /api/forms posts) and ${routeRequests().length} route-handler requests, ${variants.length} variants each: ${replays} replays with the admin's cookie, answers ${JSON.stringify(answers)}, ${unrefused.length} not refused, ${changed.length} tables changed`,
  );
  expect(unrefused).toEqual([]);
  expect(changed).toEqual([]);
  before = after;
});

test("control: the same captured requests with the site's own Origin do change the database", async () => {
  test.setTimeout(300_000);
  await startServer();
  const api = await playwrightRequest.newContext({ baseURL: BASE });
  // The route handlers first, while the admin's session lives.
  const sitemap = await (await api.get("/sitemap.xml")).text();
  const slug = /\/blog\/([a-z0-9-]+)</.exec(sitemap)?.[1];
  const routeStatuses: string[] = [];
  for (const r of routeRequests().filter((r) => !r.path.endsWith("/sign-out"))) {
    const response = await api.fetch(r.path, {
      method: r.method,
      headers: { ...r.headers, origin: BASE, cookie: adminCookie, "x-forwarded-for": ip() },
      data: typeof r.body === "string" ? r.body.replace("BLOG_SLUG", slug!) : r.body,
    });
    routeStatuses.push(`${r.label.replace("POST ", "")} ${response.status()}`);
    if (r.path === "/api/admin/uploads") expect(response.status(), await response.text()).toBe(201);
    if (r.path === "/api/blog/shares" || r.path === "/api/auth/sign-in/email") expect(response.status(), r.path).toBe(200);
  }
  // Sign-out and the password reset end the admin's sessions: they go last.
  const order = [...captured].sort(
    (a, b) => Number(["sign-out", "reset password"].includes(a.label)) - Number(["sign-out", "reset password"].includes(b.label)),
  );
  const statuses: string[] = [];
  for (const c of order) {
    const response = await api.post(c.url, {
      headers: { ...c.headers, origin: BASE, cookie: adminCookie, "x-forwarded-for": ip() },
      data: c.body,
      maxRedirects: 0,
    });
    statuses.push(`${c.label} ${response.status()}`);
  }
  await api.dispose();
  await stopServer();
  const after = await snapshot();
  const changed = differences(before, after).map((d) => d.split(":")[0]!);
  console.log(
    `Control: with the site's Origin, route handlers answered ${routeStatuses.join(", ")}; ${captured.length} captured action requests (${statuses.join(", ")}) changed ${changed.length} tables: ${changed.join(", ")}`,
  );
  for (const table of [
    "public.contact_messages",
    "public.leads",
    "public.testimonials",
    "public.blog_posts",
    "public.blog_shares",
    "public.sessions",
    "public.users",
    "public.accounts",
  ]) {
    expect(changed, `${table} changes when the site itself sends the request`).toContain(table);
  }
  before = after;
});

// ---- 3. Unicode stored faithfully or refused ----------------------------------------------------

test("Unicode edge cases are stored byte for byte, or refused with a message and not stored", async ({ browser }) => {
  test.setTimeout(300_000);
  await startServer();
  // The contact form's hidden fields, as a browser without JavaScript posts it.
  const context = await browser.newContext({ baseURL: BASE, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const hidden = await page
    .locator("form", { has: page.getByRole("button", { name: "Send Message" }) })
    .locator("input[type=hidden]")
    .evaluateAll((inputs) => inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value] as [string, string]));
  await context.close();
  await new Promise((r) => setTimeout(r, 1_100));

  const stored: [string, string][] = [
    ["RTL override", "Ali\u202Ecod.exe\u202C"],
    ["RTL isolate and marks", "\u2067שלום\u2069 \u200Fok\u200E"],
    ["zero-width", "Ze\u200Bro\u200Cwi\u200Ddth\uFEFFjoiner\u2060x"],
    ["emoji", "Priya 🚀 Rao ✨"],
    ["emoji ZWJ sequences", "👩🏽‍💻 👨‍👩‍👧‍👦 🏳️‍🌈 🇮🇳 ❤️‍🔥"],
    ["combining marks", "Ze\u0301\u0308\u0327lda Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇"],
    ["decomposed and precomposed é", "Cafe\u0301 Café"],
    ["astral plane", "𝕏𝔸𝕄𝕃 \u{1F9EA} \u{10FFFD}"],
    ["CJK and Devanagari", "成長 मार्केटिंग"],
  ];
  const refused: [string, string | Buffer][] = [
    ["NUL", "Nul\u0000Byte"],
    ["lone surrogate (a JS string: sent as U+FFFD)", "Half\uD800Pair"],
    ["lone surrogate (raw bytes ED A0 80)", Buffer.from([0x48, 0xed, 0xa0, 0x80, 0x50])],
    ["invalid UTF-8 bytes", Buffer.from([0x42, 0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1])],
    ["overlong encoding", Buffer.from([0x41, 0xc0, 0xaf, 0x42])],
    // Control characters are refused in one-line fields (docs/decisions/0023).
    ["C0 controls", "Bell\u0007Esc\u001BTab\tend"],
  ];
  const boundary = `----unicode${RUN}`;
  const part = (name: string, value: string | Buffer) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), Buffer.from(value), Buffer.from("\r\n")]);
  const send = async (email: string, value: string | Buffer) => {
    const body = Buffer.concat([
      ...hidden.map(([n, v]) => part(n, v)),
      part("name", value),
      part("email", email),
      part("mobileNumber", "+44 7911 123456"),
      part("company", value),
      part("message", value),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${BASE}/contact`, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: BASE, accept: "text/html", "x-forwarded-for": ip() },
      redirect: "manual",
    });
    return { status: response.status, text: await response.text() };
  };
  const email = (label: string) => `uni-${RUN}-${label.replace(/\W+/g, "-").toLowerCase()}@example.com`;
  for (const [label, value] of stored) {
    const answer = await send(email(label), value);
    expect(answer.status, label).toBe(200);
    expect(answer.text, label).toContain("Message Sent!");
  }
  let messages = 0;
  for (const [label, value] of refused) {
    const answer = await send(email(label), value);
    expect(answer.status, label).toBeLessThan(500);
    expect(answer.text, `${label}: a clear message`).toMatch(/cannot be stored|invisible control character/);
    messages += 1;
  }
  await stopServer();

  const client = new PGlite(path.join(dataDir, "pglite"));
  let exact = 0;
  try {
    for (const [label, value] of stored) {
      const { rows } = await client.query<{ name: string; company: string; message: string }>(
        "select name, company, message from contact_messages where email = $1",
        [email(label)],
      );
      expect(rows, label).toHaveLength(1);
      for (const field of ["name", "company", "message"] as const) {
        expect(Buffer.from(rows[0]![field]).toString("hex"), `${label} ${field}`).toBe(Buffer.from(value).toString("hex"));
      }
      exact += 1;
    }
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from contact_messages where email = any($1)", [
      refused.map(([l]) => email(l)),
    ]);
    expect(rows[0]!.n, "refused submissions store nothing").toBe(0);
  } finally {
    await client.close();
  }
  console.log(
    `Unicode: ${exact} of ${stored.length} cases stored byte for byte in name, company and message; ${messages} of ${refused.length} (NUL, lone surrogates, invalid UTF-8, C0 controls) refused with a message, 0 stored`,
  );
});
