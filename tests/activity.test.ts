import { and, eq, sql } from "drizzle-orm";
import { TINY_PNG } from "../e2e/images";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The activity trail (docs/decisions/0037) on a real database with real sessions and roles: every
// dashboard change writes exactly one row in its own transaction, with the changed fields only;
// what is refused writes none; sign-in, failure and sign-out write theirs; the table is append-only.
const SITE = process.env.SITE_URL!;
let requestHeaders = new Headers();
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const { getAuth } = await import("@/server/kernel/session/auth");
const { setRoleByEmail } = await import("@/server/kernel/session/data/profiles");
const { activityEvents, notifications } = await import("@/server/kernel/db/schema");
const { saveRecord, deleteRecord, setStatus, previewContent } = await import("@/server/dashboard/admin-actions");
const { changedFields, maskIp, redact, pruneActivity, recordActivity, REDACTED } = await import("@/server/kernel/activity/activity");
const { requestContext } = await import("@/server/kernel/bridge.ts");

const handle = setUpTestDatabase();
const PASSWORD = "Monsoon-Ledger-2026";
let adminCookie = "";
let memberCookie = "";
let adminId = "";

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const allRows = () => handle.db.select().from(activityEvents).orderBy(activityEvents.at);
const count = async () => (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events`)).rows[0]!.n;
const as = (cookie: string, ip = "203.0.113.77") => {
  requestHeaders = new Headers({ host: new URL(SITE).host, origin: SITE, "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) });
};

async function account(email: string): Promise<string> {
  await getAuth().api.signUpEmail({ body: { name: "Test", email, password: PASSWORD } });
  const rows = await handle.db.select().from(notifications).where(eq(notifications.kind, "verify-email"));
  const mail = rows.filter((r) => r.recipients.includes(email)).at(-1)!;
  await getAuth().api.verifyEmail({ query: { token: /token=([^&\s]+)/.exec(mail.textBody)![1]! } });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  adminCookie = await account("owner@test.example");
  await setRoleByEmail("owner@test.example", "admin");
  memberCookie = await account("member@test.example");
  adminId = (await handle.db.execute<{ id: string }>(sql`select id from users where email = 'owner@test.example'`)).rows[0]!.id;
});
beforeEach(() => as(adminCookie));

/** The database's own refusal (Drizzle wraps it: the cause carries PostgreSQL's message). */
async function refusedByTrigger(query: Promise<unknown>) {
  const error = await query.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, "the statement should have been refused").not.toBeNull();
  expect(`${error!.message} ${error!.cause?.message ?? ""}`).toMatch(/audit_events is append-only/);
}

/** Runs `fn` and returns the activity rows it added. */
async function added(fn: () => Promise<unknown>) {
  const before = new Set((await allRows()).map((r) => r.id));
  await fn();
  return (await allRows()).filter((r) => !before.has(r.id));
}

const TABLES = [
  { id: "leads", sqlTable: "leads", form: { name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210" }, edit: { name: "Asha R." } },
  {
    id: "messages",
    sqlTable: "contact_messages",
    form: { name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210", message: "Call me." },
    edit: { message: "Call me today." },
  },
  { id: "case-studies", sqlTable: "case_studies", form: { title: "Doubling repeat orders", companyName: "GlowLab" }, edit: { companyName: "GlowLab Ltd" } },
  {
    id: "testimonials",
    sqlTable: "testimonials",
    form: { clientName: "Asha Rao", company: "GlowLab", content: "Great work.", rating: "5" },
    edit: { rating: "4" },
  },
  {
    id: "posts",
    sqlTable: "blog_posts",
    form: { title: "A post", slug: "recorded-post", content: "<p>Hello.</p>", authorName: "Team" },
    edit: { title: "A better post" },
  },
] as const;

describe("each dashboard action writes exactly one row", () => {
  it("create, update, status and delete on every table: who, role, what, which record, changed fields only", async () => {
    for (const table of TABLES) {
      const created = await added(async () => expect((await saveRecord(table.id, null, formOf(table.form))).status).toBe("success"));
      expect(created, table.id).toHaveLength(1);
      const row = created[0]!;
      expect(row).toMatchObject({
        action: "create",
        userId: adminId,
        email: "owner@test.example",
        role: "admin",
        tableName: table.sqlTable,
        ip: "203.0.113.0",
        before: null,
      });
      const id = row.recordId!;
      expect(row.after).toMatchObject({ id });
      expect(Object.keys(row.after!)).not.toContain("updatedAt");

      const updated = await added(async () => expect((await saveRecord(table.id, id, formOf({ ...table.form, ...table.edit }))).status).toBe("success"));
      expect(updated, table.id).toHaveLength(1);
      const [key, value] = Object.entries(table.edit)[0]!;
      const was = (table.form as Record<string, string>)[key];
      // Only what changed: the edited field (the rating is stored as a number).
      expect(updated[0]).toMatchObject({ action: "update", tableName: table.sqlTable, recordId: id });
      expect(Object.keys(updated[0]!.after!), table.id).toEqual([key]);
      expect(String(updated[0]!.before![key])).toBe(was);
      expect(String(updated[0]!.after![key])).toBe(value);

      // Saved again unchanged: still one row, with no fields.
      const same = await added(() => saveRecord(table.id, id, formOf({ ...table.form, ...table.edit })));
      expect(same).toHaveLength(1);
      expect(same[0]!.after).toEqual({});

      if (table.id === "leads") {
        const status = await added(async () => expect((await setStatus("leads", id, "contacted")).status).toBe("success"));
        expect(status).toHaveLength(1);
        expect(status[0]).toMatchObject({ action: "status", before: { status: "new" }, after: { status: "contacted" } });
      }

      const deleted = await added(async () => expect((await deleteRecord(table.id, id)).status).toBe("success"));
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ action: "delete", recordId: id, after: null });
      expect(deleted[0]!.before).toMatchObject({ id });
    }
  });

  it("concurrent edits of one record: one row each, and each row's before is the previous row's after", async () => {
    await saveRecord("leads", null, formOf({ name: "Race Lead", email: "race@example.com", mobileNumber: "9876543210" }));
    const [{ id }] = (await handle.db.execute<{ id: string }>(sql`select id from leads where name = 'Race Lead'`)).rows as [{ id: string }];
    const statuses = ["contacted", "qualified", "won", "lost", "new", "contacted", "won", "lost"];
    const answers = await Promise.all(statuses.map((status) => setStatus("leads", id, status)));
    expect(answers.every((a) => a.status === "success")).toBe(true);
    const rows = (await allRows()).filter((r) => r.recordId === id && r.action === "status");
    // A status set to what it already was changes no field: an empty before/after.
    expect(rows).toHaveLength(statuses.length);
    let current = "new";
    for (const row of rows) {
      if (Object.keys(row.after!).length === 0) continue;
      // The first move to a contacted state also stamps first_contacted_at (migration 0015).
      expect(row.before!.status).toBe(current);
      current = row.after!.status as string;
    }
    const [stored] = (await handle.db.execute<{ status: string }>(sql`select status from leads where id = ${id}`)).rows;
    expect(stored!.status).toBe(current);
  });

  it("the request id of the log lines and an IPv6 address cut to its /48", async () => {
    as(adminCookie, "2001:db8:85a3:1234:5678::1");
    const rows = await added(() =>
      requestContext.run({ requestId: "req-activity-1" }, () => saveRecord("case-studies", null, formOf({ title: "With an id", companyName: "GlowLab" }))),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requestId: "req-activity-1", ip: "2001:db8:85a3::/48" });
  });

  it("an image upload (route): one row for a stored image, none for a refused one", async () => {
    const { POST } = await import("@/app/api/admin/uploads/route");
    // The smallest real PNG (uploads are decoded before they are stored).
    const png = new Uint8Array(TINY_PNG);
    // A multipart body with its length, as a browser sends it.
    const withLength = async (cookie: string, bytes: Uint8Array<ArrayBuffer>) => {
      const body = new FormData();
      body.set("file", new File([bytes], "a.png", { type: "image/png" }));
      const serialised = new Response(body);
      const buffer = await serialised.arrayBuffer();
      return POST(
        new Request(`${SITE}/api/admin/uploads`, {
          method: "POST",
          body: buffer,
          headers: {
            "content-type": serialised.headers.get("content-type")!,
            "content-length": String(buffer.byteLength),
            origin: SITE,
            host: new URL(SITE).host,
            cookie,
            "x-forwarded-for": "203.0.113.9",
          },
        }),
      );
    };
    let status = 0;
    const stored = await added(async () => (status = (await withLength(adminCookie, png)).status));
    expect(status).toBe(201);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      action: "upload",
      tableName: "media",
      userId: adminId,
      role: "admin",
      ip: "203.0.113.0",
      after: { width: 1, height: 1 },
    });
    expect(stored[0]!.recordId).toMatch(/^\/api\/media\/[0-9a-f]{32}\.png$/);
    expect(await added(async () => expect((await withLength(memberCookie, png)).status).toBe(403))).toHaveLength(0);
    expect(await added(async () => expect((await withLength("", png)).status).toBe(401))).toHaveLength(0);
    expect(await added(async () => expect((await withLength(adminCookie, new TextEncoder().encode("not an image"))).status).toBe(415))).toHaveLength(0);
  });

  it("a dashboard action that changes something without its own row gets one from handleForm", async () => {
    const { handleForm } = await import("@/server/kernel/forms/form-action");
    const { z } = await import("zod");
    const options = (activity?: false | { action: string }) => ({
      log: { failed: "test failed" },
      input: {},
      schema: z.object({}),
      roles: ["admin"] as const,
      activity,
      answers: { foreign: { status: "refused" as const }, failure: { status: "error" as const }, invalid: () => ({ status: "invalid" as const }) },
      run: async () => ({ status: "success" as const }),
    });
    const rows = await added(() => handleForm(options({ action: "team.invite" })));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "team.invite", userId: adminId, role: "admin", before: null, after: null });
    expect(await added(() => handleForm(options(false)))).toHaveLength(0);
    // One that writes its own row is not given a second.
    const own = await added(() =>
      handleForm({ ...options({ action: "x" }), run: async () => (await recordActivity({ action: "team.role" }), { status: "success" as const }) }),
    );
    expect(own.map((r) => [r.action, r.userId])).toEqual([["team.role", adminId]]);
  });

  it("team actions: each writes one row named for what it did, saying whose record changed from what to what", async () => {
    const team = await import("@/server/team/team-actions");
    const twoFactor = await import("@/server/team/two-factor-actions");
    const IDLE = { status: "idle" } as const;
    // A member of its own: signing out and removing the file's member would end the other tests' session.
    await account("throwaway@test.example");
    as(adminCookie);
    const memberId = (await handle.db.execute<{ id: string }>(sql`select id from users where email = 'throwaway@test.example'`)).rows[0]!.id;
    const one = async (action: string, call: () => Promise<{ status: string; message?: string }>) => {
      let answer: { status: string; message?: string } = { status: "" };
      const rows = await added(async () => (answer = await call()));
      expect(answer.status, `${action}: ${answer.message}`).toBe("success");
      expect(rows.map((r) => [r.action, r.userId])).toEqual([[action, adminId]]);
      return rows[0]!;
    };
    const invited = await one("team.invite", () => team.inviteAction(IDLE, formOf({ email: "invitee@test.example", role: "editor" })));
    const invitation = (await handle.db.execute<{ id: string }>(sql`select id from team_invitations order by created_at desc limit 1`)).rows[0]!.id;
    expect(invited).toMatchObject({
      tableName: "team_invitations",
      recordId: invitation,
      before: null,
      after: { email: "invitee@test.example", role: "editor" },
    });
    expect(await one("team.invitation-withdrawn", () => team.revokeInvitationAction(IDLE, formOf({ id: invitation })))).toMatchObject({
      tableName: "team_invitations",
      recordId: invitation,
      before: { email: "invitee@test.example", role: "editor" },
    });
    expect(await one("team.sign-up-switch", () => team.setSignUpAction(IDLE, formOf({ open: "false" })))).toMatchObject({
      tableName: "app_settings",
      after: { value: false },
    });
    const turnedOff = await one("team.require-two-factor", () => twoFactor.setTeamTwoFactorAction(IDLE, formOf({ requireTwoFactor: "off" })));
    expect(turnedOff).toMatchObject({ tableName: "app_settings", recordId: "require_two_factor" });
    expect(await one("team.role", () => team.changeRoleAction(IDLE, formOf({ userId: memberId, role: "sales" })))).toMatchObject({
      tableName: "profiles",
      recordId: memberId,
      after: { role: "sales" },
    });
    // One row for the action, naming the member whose sessions ended (not one per session).
    const everywhere = await added(() => team.signOutMemberAction(IDLE, formOf({ userId: memberId })));
    expect(everywhere.filter((r) => r.action === "team.sign-out-everywhere")).toEqual([expect.objectContaining({ tableName: "users", recordId: memberId })]);
    expect(await one("team.remove", () => team.removeMemberAction(IDLE, formOf({ userId: memberId })))).toMatchObject({
      tableName: "profiles",
      recordId: memberId,
      before: { email: "throwaway@test.example", role: "sales" },
      after: null,
    });
  });

  it("restoring a revision writes one row; reading the history writes none", async () => {
    const { restorePostRevision, postRevisions } = await import("@/server/content/revision-actions");
    expect((await saveRecord("posts", null, formOf({ title: "Restorable", slug: "restorable", content: "<p>First.</p>", authorName: "Team" }))).status).toBe(
      "success",
    );
    const postId = (await handle.db.execute<{ id: string }>(sql`select id from blog_posts where slug = 'restorable'`)).rows[0]!.id;
    expect((await saveRecord("posts", postId, formOf({ title: "Restorable", slug: "restorable", content: "<p>Second.</p>", authorName: "Team" }))).status).toBe(
      "success",
    );
    const [first] = (await postRevisions(postId))!.slice(-1);
    expect(await added(() => postRevisions(postId))).toHaveLength(0);
    const rows = await added(() => restorePostRevision(postId, first!.id));
    expect(rows.map((r) => [r.action, r.userId])).toEqual([["revision.restore", adminId]]);
    expect(rows[0]).toMatchObject({
      tableName: "blog_posts",
      recordId: postId,
      before: { content: "<p>Second.</p>" },
      after: { content: "<p>First.</p>", restoredFrom: first!.id },
    });
  });

  it("a preview changes nothing and writes nothing", async () => {
    expect(await added(() => previewContent("posts", "<p>Preview</p>"))).toHaveLength(0);
  });
});

describe("a refused or failed request writes nothing", () => {
  it("invalid input, a taken slug, a record that is gone, another role, no session, another site, a database error", async () => {
    const n = await count();
    as(adminCookie);
    expect((await saveRecord("case-studies", null, formOf({ title: "", companyName: "X" }))).status).toBe("invalid");
    await saveRecord("posts", null, formOf(TABLES[4].form));
    const m = await count();
    expect(m).toBe(n + 1);
    // The slug taken: refused beside the field.
    expect((await saveRecord("posts", null, formOf(TABLES[4].form))).status).toBe("invalid");
    expect((await saveRecord("posts", null, formOf({ ...TABLES[4].form, slug: "other-slug", content: "<script>x</script>" }))).status).toBe("invalid");
    const gone = "00000000-0000-4000-8000-000000000000";
    expect((await saveRecord("case-studies", gone, formOf({ title: "T", companyName: "C" }))).status).toBe("error");
    expect((await deleteRecord("case-studies", gone)).status).toBe("error");
    expect((await setStatus("leads", gone, "won")).status).toBe("error");
    expect((await setStatus("leads", gone, "not-a-status")).status).toBe("error");

    as(memberCookie);
    expect(await saveRecord("case-studies", null, formOf({ title: "T", companyName: "C" }))).toMatchObject({ status: "refused", title: "Access Denied" });
    as("");
    expect((await saveRecord("case-studies", null, formOf({ title: "T", companyName: "C" }))).status).toBe("refused");
    as(adminCookie);
    requestHeaders.set("origin", "https://evil.example");
    expect((await saveRecord("case-studies", null, formOf({ title: "T", companyName: "C" }))).status).toBe("refused");
    as(adminCookie);

    // The database refuses the write: the change and its activity row are rolled back together.
    await handle.db.execute(sql`alter table case_studies add constraint forced_failure check (false) not valid`);
    try {
      expect((await saveRecord("case-studies", null, formOf({ title: "T", companyName: "C" }))).status).toBe("error");
    } finally {
      await handle.db.execute(sql`alter table case_studies drop constraint forced_failure`);
    }
    expect(await count()).toBe(m);
  });

  it("an activity row that cannot be written undoes the change", async () => {
    const before = (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from case_studies`)).rows[0]!.n;
    const n = await count();
    await handle.db.execute(sql`alter table audit_events add constraint forced_failure check (false) not valid`);
    try {
      expect((await saveRecord("case-studies", null, formOf({ title: "Never stored", companyName: "C" }))).status).toBe("error");
    } finally {
      await handle.db.execute(sql`alter table audit_events drop constraint forced_failure`);
    }
    expect((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from case_studies`)).rows[0]!.n).toBe(before);
    expect(await count()).toBe(n);
  });
});

describe("sign-in, failure and sign-out", () => {
  it("each writes one row; a wrong password names the account, an unknown address only the address typed", async () => {
    const headers = new Headers({ "x-forwarded-for": "198.51.100.23" });
    let cookie = "";
    const signedIn = await added(async () => {
      const answer = await getAuth().api.signInEmail({ body: { email: "owner@test.example", password: PASSWORD }, headers, returnHeaders: true });
      cookie = answer.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    });
    expect(signedIn).toHaveLength(1);
    expect(signedIn[0]).toMatchObject({ action: "auth.sign-in", userId: adminId, email: "owner@test.example", role: "admin", ip: "198.51.100.0" });

    const failed = await added(() =>
      getAuth()
        .api.signInEmail({ body: { email: "owner@test.example", password: "Wrong-Password-77" }, headers })
        .catch(() => null),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ action: "auth.sign-in-failure", userId: adminId, after: { reason: "INVALID_EMAIL_OR_PASSWORD" } });
    // The password typed is nowhere in the row.
    expect(JSON.stringify(failed[0])).not.toContain("Wrong-Password-77");

    const unknown = await added(() =>
      getAuth()
        .api.signInEmail({ body: { email: "nobody@test.example", password: "Wrong-Password-77" }, headers })
        .catch(() => null),
    );
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ action: "auth.sign-in-failure", userId: null, role: null, email: "nobody@test.example" });

    const out = await added(() => getAuth().api.signOut({ headers: new Headers({ cookie, "x-forwarded-for": "198.51.100.23" }) }));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ action: "auth.sign-out", userId: adminId, email: "owner@test.example" });
  });
});

describe("the Activity tab's reads", () => {
  it("filter by member, action, table (either name), record and dates; only the team desk may read", async () => {
    const { listActivity, activityFilterOptions } = await import("@/server/dashboard/data/activity-events");
    as(adminCookie);
    await saveRecord("case-studies", null, formOf({ title: "Filtered", companyName: "GlowLab" }));
    const [created] = (await listActivity({ action: "create", table: "caseStudies" })).rows;
    expect(created).toMatchObject({ tableName: "case_studies", action: "create" });
    const id = created!.recordId!;
    await saveRecord("case-studies", id, formOf({ title: "Filtered again", companyName: "GlowLab" }));
    const history = await listActivity({ table: "caseStudies", record: id });
    expect(history.rows.map((r) => r.action)).toEqual(["update", "create"]);
    expect((await listActivity({ table: "case_studies", record: id })).total).toBe(2);
    expect((await listActivity({ member: "OWNER@test.example", record: id })).total).toBe(2);
    expect((await listActivity({ member: "member@test.example", record: id })).total).toBe(0);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    expect((await listActivity({ record: id, from: today, to: today })).total).toBe(2);
    expect((await listActivity({ record: id, to: "2020-01-01" })).total).toBe(0);
    expect((await listActivity({ record: id, from: "2999-01-01" })).total).toBe(0);
    const options = await activityFilterOptions();
    expect(options.members).toContain("owner@test.example");
    expect(options.actions).toEqual(expect.arrayContaining(["create", "update", "auth.sign-in"]));
    expect(options.tables).toContain("case_studies");
    // A changed owner is shown by name: every member's id is named.
    expect(options.names[adminId]).toMatch(/owner@test\.example/);

    as(memberCookie);
    await expect(listActivity({})).rejects.toMatchObject({ reason: "denied" });
    as("");
    await expect(activityFilterOptions()).rejects.toMatchObject({ reason: "anonymous" });
  });
});

describe("append-only", () => {
  it("UPDATE, DELETE and TRUNCATE are refused by the database; only the prune removes rows, and only old ones", async () => {
    await recordActivity({ action: "test.old", actor: null, headers: null });
    await recordActivity({ action: "test.new", actor: null, headers: null });
    await refusedByTrigger(handle.db.execute(sql`update audit_events set action = 'forged'`));
    await refusedByTrigger(handle.db.execute(sql`delete from audit_events`));
    await refusedByTrigger(handle.db.execute(sql`truncate audit_events`));
    expect(await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "forged"))).toHaveLength(0);

    // A row 400 days old: written as it would have been then (inserting is allowed, changing is not).
    await handle.db.insert(activityEvents).values({ action: "test.ancient", at: new Date(Date.now() - 400 * 86_400_000) });
    const total = await count();
    expect(await pruneActivity(365)).toBe(1);
    expect(await count()).toBe(total - 1);
    expect(await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "test.ancient"))).toHaveLength(0);
    expect(
      await handle.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.action, "test.old"))),
    ).toHaveLength(1);
    // The flag the prune sets does not outlive its statement.
    await refusedByTrigger(handle.db.execute(sql`delete from audit_events`));
    await expect(pruneActivity(0)).rejects.toThrow();
  });
});

describe("secrets and addresses", () => {
  it("secret fields are replaced at any depth; a changed secret shows as changed, never its value", () => {
    const row = { name: "A", password: "hunter2", sessionToken: "t", twoFactorSecret: "s", backupCodes: ["1", "2"], nested: { apiKey: "k", ok: 1 } };
    const out = redact(row);
    expect(out).toEqual({
      name: "A",
      password: REDACTED,
      sessionToken: REDACTED,
      twoFactorSecret: REDACTED,
      backupCodes: REDACTED,
      nested: { apiKey: REDACTED, ok: 1 },
    });
    const diff = changedFields({ name: "A", password: "old" }, { name: "A", password: "new" });
    expect(diff).toEqual({ before: { password: REDACTED }, after: { password: REDACTED } });
    expect(JSON.stringify(diff)).not.toMatch(/old|new/);
    expect(changedFields({ password: "same" }, { password: "same" })).toEqual({ before: {}, after: {} });
  });

  it("addresses lose their host part", () => {
    expect(maskIp("203.0.113.77")).toBe("203.0.113.0");
    expect(maskIp("::ffff:203.0.113.77")).toBe("203.0.113.0");
    expect(maskIp("2001:db8:85a3:1234::1")).toBe("2001:db8:85a3::/48");
    expect(maskIp("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(maskIp("::1")).toBe("0:0:0::/48");
    expect(maskIp("unknown")).toBeNull();
    expect(maskIp("<script>")).toBeNull();
  });
});
