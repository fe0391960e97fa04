import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { signedInMember } from "./helpers/signed-in";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// The newsletter screen's actions (docs/newsletter.md): owners, admins and editors only; every bad
// input refused with a message that says what to do, changing nothing; each change with its
// activity row. Sending itself is proved in tests/newsletter-send.test.ts, the screen in the
// browser in e2e/newsletter-send.spec.ts.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
request.headers = new Headers({ host: "localhost:3999", origin: SITE });

const { activityEvents, blogPosts, newsletterSends, newsletterSubscribers, notifications } = await import("@/server/kernel/db/schema");
const newsletter = await import("@/server/newsletter/newsletter-actions");
const { getSendView } = await import("@/server/newsletter/data/newsletter-sends");

const handle = setUpTestDatabase();
// Send now and a schedule enqueue the send's start job (docs/decisions/0094): nothing here works it.
setUpJobQueue();
const IDLE = { status: "idle" } as const;
const NOBODY = "00000000-0000-4000-8000-000000000000";

async function member(role: string): Promise<{ cookie: string; email: string }> {
  const { cookie, email } = await signedInMember(handle.db, role, { prefix: "letters", ip: "203.0.113.19" });
  return { cookie, email };
}
const as = (cookie: string | null) => (request.headers = new Headers({ host: "localhost:3999", origin: SITE, ...(cookie ? { cookie } : {}) }));
const formOf = (values: Record<string, string | string[] | undefined>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const item of v) form.append(k, item);
    else if (v !== undefined) form.set(k, v);
  }
  // What React adds to a form posted with JavaScript: not a field of the form.
  form.set("$ACTION_1:0", JSON.stringify({ id: "0123456789abcdef0123456789abcdef01234567", bound: "$@1" }));
  return form;
};

/** createSendAction redirects to the new send's page on success: the redirect's path, or the answer. */
async function create(values: Record<string, string | undefined>) {
  try {
    return await newsletter.createSendAction(IDLE, formOf(values));
  } catch (error) {
    const digest = (error as { digest?: string }).digest;
    if (digest?.startsWith("NEXT_REDIRECT")) return { redirected: digest.split(";")[2]! };
    throw error;
  }
}
const sendRow = async (id: string) => (await handle.db.select().from(newsletterSends).where(eq(newsletterSends.id, id)))[0]!;
const sendCount = async () => (await handle.db.select().from(newsletterSends)).length;
/** The send's start jobs (enqueued by Send now and by a schedule): state and when each starts. */
const startJobsOf = async (id: string) =>
  (
    await handle.db.execute<{ state: string; start_after: Date | string }>(
      sql`select state::text as state, start_after from pgboss.job where name = 'newsletter.start' and data->>'sendId' = ${id} order by start_after`,
    )
  ).rows.map((r) => ({ state: r.state, at: new Date(r.start_after).getTime() }));
const trailOf = async (id: string) =>
  (await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, id)).orderBy(activityEvents.at, activityEvents.id)).map((a) => a.action);

let editor: { cookie: string; email: string };
let published: string;
let draftPost: string;

beforeAll(async () => {
  editor = await member("editor");
  const [post] = await handle.db
    .insert(blogPosts)
    .values({ title: "Cutting CAC in half", slug: "cutting-cac", content: "<p>How.</p>", excerpt: "Three steps.", published: true, tags: ["paid-ads", "cro"] })
    .returning();
  const [draft] = await handle.db
    .insert(blogPosts)
    .values({ title: "Not yet", slug: "not-yet", content: "<p>Soon.</p>", published: false, tags: ["seo"] })
    .returning();
  published = post!.id;
  draftPost = draft!.id;
}, 60_000);

describe("making a send", () => {
  it("an editor makes one from a published post (its title, excerpt and tags) and a letter of its own, each with its activity row", async () => {
    as(editor.cookie);
    const fromPost = await create({ kind: "post", postId: published });
    expect(fromPost).toMatchObject({ redirected: expect.stringMatching(/^\/admin\/newsletter\/[0-9a-f-]{36}$/) });
    const id = (fromPost as { redirected: string }).redirected.split("/").pop()!;
    expect(await sendRow(id)).toMatchObject({
      postId: published,
      subject: "Cutting CAC in half",
      previewText: "Three steps.",
      topics: ["paid-ads", "cro"],
      status: "draft",
    });
    expect(await trailOf(id)).toEqual(["newsletter.create"]);

    const letter = await create({ kind: "letter" });
    const letterId = (letter as { redirected: string }).redirected.split("/").pop()!;
    expect(await sendRow(letterId)).toMatchObject({ postId: null, status: "draft", topics: [] });
    expect(await trailOf(letterId)).toEqual(["newsletter.create"]);
  });

  it("refuses a draft post, a post that does not exist, and no post, beside the field, making nothing", async () => {
    as(editor.cookie);
    const before = await sendCount();
    for (const [postId, message] of [
      [draftPost, /not published/],
      [NOBODY, /not published/],
      ["", /Choose a published post/],
      ["1; drop table blog_posts", /Choose a published post/],
    ] as const) {
      const answer = await create({ kind: "post", postId });
      expect(answer, postId).toMatchObject({ status: "invalid" });
      expect((answer as { fieldErrors?: Record<string, string> }).fieldErrors?.postId, postId).toMatch(message);
    }
    expect(await create({ kind: "newsletter" })).toMatchObject({ status: "invalid" });
    expect(await sendCount()).toBe(before);
  });
});

describe("editing, testing and moving a send", () => {
  let id: string;
  beforeAll(async () => {
    as(editor.cookie);
    id = ((await create({ kind: "letter" })) as { redirected: string }).redirected.split("/").pop()!;
  });

  it("saves a subject, preview text, topics and body; refuses an empty or too long subject and bad topics, changing nothing", async () => {
    as(editor.cookie);
    const saved = await newsletter.saveSendAction(
      IDLE,
      formOf({ id, subject: "Our March letter", previewText: "Three things", topics: ["cro"], body: "<p>Hello <script>x</script>readers.</p>" }),
    );
    expect(saved).toMatchObject({ status: "success", message: "Saved." });
    expect(await sendRow(id)).toMatchObject({ subject: "Our March letter", previewText: "Three things", topics: ["cro"], body: "<p>Hello readers.</p>" });

    const refused: [Record<string, string | string[] | undefined>, string, RegExp][] = [
      [{ subject: "" }, "subject", /Write a subject/],
      [{ subject: "   " }, "subject", /Write a subject/],
      [{ subject: "x".repeat(201) }, "subject", /200 characters at most/],
      [{ subject: "Fine", previewText: "y".repeat(201) }, "previewText", /200 characters at most/],
      [{ subject: "Fine", topics: ["x".repeat(61)] }, "topics", /Choose topics from the list/],
      [{ subject: "Fine", body: "<script>alert(1)</script>" }, "body", /empty after removing unsafe markup/],
    ];
    for (const [values, field, message] of refused) {
      const answer = await newsletter.saveSendAction(IDLE, formOf({ id, ...values }));
      expect(answer.status, JSON.stringify(values).slice(0, 80)).toBe("invalid");
      expect(answer.fieldErrors?.[field], JSON.stringify(values).slice(0, 80)).toMatch(message);
    }
    expect(await sendRow(id)).toMatchObject({ subject: "Our March letter", previewText: "Three things", topics: ["cro"], body: "<p>Hello readers.</p>" });
    expect(await newsletter.saveSendAction(IDLE, formOf({ id: NOBODY, subject: "x" }))).toMatchObject({ status: "error", message: /does not exist/ });
    expect(await trailOf(id)).toEqual(["newsletter.create", "newsletter.update"]);
  });

  it("a test goes to the signed-in member only, through the outbox, with its activity row", async () => {
    as(editor.cookie);
    const answer = await newsletter.sendTestAction(IDLE, formOf({ id }));
    expect(answer).toMatchObject({ status: "success", message: `A test was sent to ${editor.email}.` });
    const mails = await handle.db.select().from(notifications).where(eq(notifications.kind, "newsletter-test"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipients: [editor.email], subject: "[Test] Our March letter" });
    expect(mails[0]!.htmlBody).toContain("Hello readers.");
    expect(await newsletter.sendTestAction(IDLE, formOf({ id: NOBODY }))).toMatchObject({ status: "error", message: /does not exist/ });
    expect(await newsletter.sendTestAction(IDLE, formOf({ id: "not-an-id" }))).toMatchObject({ status: "invalid" });
    expect(await trailOf(id)).toEqual(["newsletter.create", "newsletter.update", "newsletter.test"]);
  });

  it("scheduling: refuses a time in the past and what is not a time; a future time is kept; cancelled back to a draft", async () => {
    as(editor.cookie);
    for (const [at, message] of [
      ["2020-01-01T09:00", /in the future/],
      ["tomorrow", /Choose a date and time/],
      ["", /Choose a date and time/],
    ] as const) {
      const answer = await newsletter.scheduleAction(IDLE, formOf({ id, at }));
      expect(answer.status, at).toBe("invalid");
      expect(answer.fieldErrors?.at, at).toMatch(message);
    }
    expect(await sendRow(id)).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await startJobsOf(id)).toEqual([]);
    expect(await newsletter.scheduleAction(IDLE, formOf({ id, at: "2099-06-01T09:00" }))).toMatchObject({ status: "success" });
    expect((await sendRow(id)).status).toBe("scheduled");
    // Its start job, at its time, in the move's transaction.
    expect(await startJobsOf(id)).toEqual([{ state: "created", at: (await sendRow(id)).scheduledAt!.getTime() }]);
    expect(await newsletter.unscheduleAction(IDLE, formOf({ id }))).toMatchObject({ status: "success" });
    expect(await sendRow(id)).toMatchObject({ status: "draft", scheduledAt: null });
    expect(await newsletter.unscheduleAction(IDLE, formOf({ id }))).toMatchObject({ status: "error", message: /is a draft: it has no schedule to cancel/ });
  });

  it("sent once: a second Send now, a Resume of a send not paused and a Pause of a finished send are refused with the reason, changing nothing", async () => {
    as(editor.cookie);
    expect(await newsletter.sendNowAction(IDLE, formOf({ id }))).toMatchObject({ status: "success" });
    const started = await sendRow(id);
    expect(started.status).toBe("sending");
    // Its start job, to run at once (beside the earlier schedule's, which finds it no longer scheduled).
    const starts = await startJobsOf(id);
    expect(starts).toHaveLength(2);
    expect(starts[0]!.at).toBeLessThanOrEqual(Date.now());
    expect(await newsletter.sendNowAction(IDLE, formOf({ id }))).toMatchObject({ status: "error", message: /is being sent: it cannot be sent again/ });
    expect(await newsletter.scheduleAction(IDLE, formOf({ id, at: "2099-06-01T09:00" }))).toMatchObject({
      status: "error",
      message: /can no longer be scheduled/,
    });
    expect(await newsletter.resumeAction(IDLE, formOf({ id }))).toMatchObject({ status: "error", message: /is being sent: there is nothing to resume/ });
    expect(await newsletter.saveSendAction(IDLE, formOf({ id, subject: "Changed late" }))).toMatchObject({ status: "error", message: /already being sent/ });
    expect(await sendRow(id)).toMatchObject({ status: "sending", subject: "Our March letter", startedAt: started.startedAt });
    // The refused moves enqueued nothing.
    expect(await startJobsOf(id)).toHaveLength(2);

    expect(await newsletter.pauseAction(IDLE, formOf({ id }))).toMatchObject({ status: "success" });
    expect(await newsletter.pauseAction(IDLE, formOf({ id }))).toMatchObject({ status: "error", message: /is paused: there is nothing to pause/ });
    expect(await newsletter.resumeAction(IDLE, formOf({ id }))).toMatchObject({ status: "success" });

    // Finished (as the sending job leaves it): nothing to pause or send.
    await handle.db.update(newsletterSends).set({ status: "sent", finishedAt: new Date() }).where(eq(newsletterSends.id, id));
    expect(await newsletter.pauseAction(IDLE, formOf({ id }))).toMatchObject({ status: "error", message: /has been sent: there is nothing to pause/ });
    expect(await newsletter.sendNowAction(IDLE, formOf({ id }))).toMatchObject({ status: "error", message: /has been sent: it cannot be sent again/ });
    expect((await sendRow(id)).status).toBe("sent");

    for (const move of [newsletter.sendNowAction, newsletter.pauseAction, newsletter.resumeAction, newsletter.unscheduleAction]) {
      expect(await move(IDLE, formOf({ id: NOBODY }))).toMatchObject({ status: "error", message: "This letter does not exist (it may have been deleted)." });
    }
    expect(await trailOf(id)).toEqual([
      "newsletter.create",
      "newsletter.update",
      "newsletter.test",
      "newsletter.schedule",
      "newsletter.unschedule",
      "newsletter.send",
      "newsletter.pause",
      "newsletter.resume",
    ]);
  });

  it("the report counts who left through this send's one-click link", async () => {
    as(editor.cookie);
    await handle.db.insert(newsletterSubscribers).values([
      {
        email: "left-here@x.test",
        emailKey: "left-here@x.test",
        status: "unsubscribed",
        source: "blog",
        unsubscribedFromSendId: id,
        unsubscribedAt: new Date(),
      },
      { email: "left-too@x.test", emailKey: "left-too@x.test", status: "unsubscribed", source: "blog", unsubscribedFromSendId: id, unsubscribedAt: new Date() },
      { email: "left-page@x.test", emailKey: "left-page@x.test", status: "unsubscribed", source: "blog", unsubscribedAt: new Date() },
      { email: "stays@x.test", emailKey: "stays@x.test", status: "confirmed", source: "blog" },
    ]);
    expect((await getSendView(id))!.unsubscribed).toBe(2);
  });
});

describe("who may", () => {
  it("sales, members without a role and anonymous visitors are refused every action, changing nothing and writing no activity", async () => {
    as(editor.cookie);
    const id = ((await create({ kind: "post", postId: published })) as { redirected: string }).redirected.split("/").pop()!;
    const before = await sendRow(id);
    const sales = await member("sales");
    const plain = await member("user");
    for (const who of [sales.cookie, plain.cookie, null]) {
      as(who);
      const count = await sendCount();
      const label = who === null ? "anonymous" : who === sales.cookie ? "sales" : "user";
      expect(await create({ kind: "letter" }), label).toMatchObject({ status: "refused" });
      expect(await create({ kind: "post", postId: published }), label).toMatchObject({ status: "refused" });
      expect(await newsletter.saveSendAction(IDLE, formOf({ id, subject: "Taken over" })), label).toMatchObject({ status: "refused" });
      expect(await newsletter.sendTestAction(IDLE, formOf({ id })), label).toMatchObject({ status: "refused" });
      expect(await newsletter.scheduleAction(IDLE, formOf({ id, at: "2099-01-01T09:00" })), label).toMatchObject({ status: "refused" });
      for (const move of [newsletter.sendNowAction, newsletter.pauseAction, newsletter.resumeAction, newsletter.unscheduleAction]) {
        expect(await move(IDLE, formOf({ id })), label).toMatchObject({ status: "refused" });
      }
      await expect(getSendView(id), label).rejects.toThrow();
      expect(await sendCount(), label).toBe(count);
    }
    expect(await sendRow(id)).toEqual(before);
    expect(await trailOf(id)).toEqual(["newsletter.create"]);
    const tests = await handle.db.select().from(notifications).where(eq(notifications.kind, "newsletter-test"));
    expect(tests.flatMap((t) => t.recipients)).not.toContain(sales.email);
    expect(tests.flatMap((t) => t.recipients)).not.toContain(plain.email);
  });

  it("a post from another site is refused before any role is looked at", async () => {
    request.headers = new Headers({ host: "localhost:3999", origin: "https://evil.example", cookie: editor.cookie });
    const count = await sendCount();
    expect(await create({ kind: "letter" })).toMatchObject({ status: "refused" });
    expect(await sendCount()).toBe(count);
  });
});
