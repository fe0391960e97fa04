import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { redirectOf, request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";

// Subscribing to the newsletter (docs/newsletter.md, "Subscribing"; docs/decisions/0064): double
// opt-in through the mail outbox, links that cannot be forged, altered or reused, a repeat sign-up
// that tells nothing, the expiry of unconfirmed sign-ups, the preferences page's changes, erasure,
// and the lead form's tick box. The dashboard's role is a variable here: the real check is proven
// by the access tests; this proves each function asks for it.

const SITE = "http://localhost:3999";
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "198.51.100.7" });
let role: string | null = "editor";
vi.mock("@/server/kernel/session/auth-guard", () => {
  class AccessDeniedError extends Error {
    reason = "role";
  }
  return {
    AccessDeniedError,
    requireRole: async (roles: readonly string[]) => {
      if (!role || !roles.includes(role)) throw new AccessDeniedError("denied");
      return { id: "test-editor", email: "editor@team.test", name: "Editor", emailVerified: true, role };
    },
  };
});

const { subscribeAction, confirmSubscriptionAction, preferencesAction } = await import("@/server/newsletter/signup-actions");
const {
  SIGN_UP_ANSWER,
  subscribe,
  checkConfirmToken,
  confirmWithToken,
  changeWithManageToken,
  subscriberForManageToken,
  pendingSubscriberExpiryJob,
  eraseSubscriber,
  deleteSubscriber,
} = await import("@/server/newsletter/subscribe");
const { deleteStalePending } = await import("@/server/newsletter/data/newsletter-subscribers");
const { confirmToken, manageToken, unsubscribeToken } = await import("@/server/newsletter/links");
const { signToken } = await import("@/server/newsletter/tokens");
const { submitLeadForm } = await import("@/server/leads/lead-submission");
const schema = await import("@/server/kernel/db/schema");
const { activityEvents, blogPosts, newsletterClicks, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers, notifications } = schema;

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(
    sql`truncate newsletter_clicks, newsletter_links, newsletter_recipients, newsletter_sends, newsletter_subscribers, notifications, leads, contact_messages, rate_limits, job_runs, blog_posts cascade`,
  );
  role = "editor";
});

const IDLE = { status: "idle" } as const;
const formOf = (values: Record<string, string | string[]>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return form;
};
const signUp = (email: string, extra: Record<string, string | string[]> = {}) => subscribeAction(IDLE, formOf({ email, source: "blog", ...extra }));
const rowOf = async (email: string) => (await handle.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.emailKey, email.toLowerCase())))[0];
const mailsTo = async (email: string) =>
  (await handle.db.select().from(notifications).where(eq(notifications.kind, "newsletter-confirm"))).filter((m) => m.recipients.includes(email));
/** The mailboxes' daily confirmation counters as a day later (their windows moved back 25 hours). */
const nextDay = () => handle.db.execute(sql`update rate_limits set window_start = window_start - interval '25 hours' where key like 'newsletter-confirm:%'`);
const answerOf = (state: { status: string; title?: string; message?: string }) => ({ status: state.status, title: state.title, message: state.message });
async function publish(tags: string[]) {
  await handle.db.insert(blogPosts).values({
    title: `Post ${tags.join(" ")}`,
    slug: `post-${tags
      .join("-")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")}`,
    content: "<p>Body</p>",
    tags,
    published: true,
  });
}

describe("signing up", () => {
  it("a new address becomes pending with one confirmation mail whose link confirms it; a GET of the link changes nothing", async () => {
    await publish(["SEO", "Paid Ads"]);
    const answer = await signUp("Reader@Example.com", { topics: ["SEO"] });
    expect(answerOf(answer)).toEqual(SIGN_UP_ANSWER);
    const row = await rowOf("reader@example.com");
    expect(row).toMatchObject({ status: "pending", email: "reader@example.com", topics: ["SEO"], source: "blog", tokenVersion: 1 });
    const mails = await mailsTo("reader@example.com");
    expect(mails).toHaveLength(1);
    const link = /http:\/\/localhost:3999\/newsletter\/confirm\/([^\s]+)/.exec(mails[0]!.textBody)![1]!;

    // The page a GET opens only checks the link.
    expect(await checkConfirmToken(link)).toMatchObject({ ok: true });
    expect((await rowOf("reader@example.com"))!.status).toBe("pending");

    // The button's POST confirms it and opens the preferences page.
    const target = await redirectOf(() => confirmSubscriptionAction(formOf({ token: link })));
    expect(target).toBe(`/newsletter/preferences/${manageToken(row!)}?done=confirmed`);
    expect(await rowOf("reader@example.com")).toMatchObject({ status: "confirmed" });
    expect((await rowOf("reader@example.com"))!.confirmedAt).toBeInstanceOf(Date);
    // A second press (a reload) finds it confirmed: the same page, nothing else.
    expect((await confirmWithToken(link)).result).toBe("already");
  });

  it("refuses unknown topics, a bad address, the honeypot and a too-quick form, and stores nothing", async () => {
    await publish(["SEO"]);
    expect(await signUp("a@example.com", { topics: ["Nope"] })).toMatchObject({ status: "invalid", fieldErrors: { topics: expect.any(String) } });
    expect(await signUp("not-an-address")).toMatchObject({ status: "invalid", fieldErrors: { email: expect.any(String) } });
    expect(await signUp("b@example.com", { companyWebsite: "http://spam.example" })).toMatchObject({ status: "refused" });
    expect(await signUp("c@example.com", { elapsedMs: "200" })).toMatchObject({ status: "refused" });
    expect(await subscribeAction(IDLE, formOf({ email: "d@example.com", source: "somewhere" }))).toMatchObject({ status: "invalid" });
    expect(await handle.db.select().from(newsletterSubscribers)).toHaveLength(0);
    expect(await handle.db.select().from(notifications)).toHaveLength(0);
  });

  it("a confirmed address signing up again reads the same answer, and nothing changes or is sent", async () => {
    await publish(["SEO", "Email"]);
    await signUp("fan@example.com", { topics: ["SEO"] });
    const first = (await rowOf("fan@example.com"))!;
    await confirmWithToken(confirmToken(first));
    const confirmed = (await rowOf("fan@example.com"))!;
    const before = await handle.db.select().from(notifications);

    const again = await signUp("FAN@example.com", { topics: ["Email"] });
    const fresh = await signUp("someone-new@example.com");
    expect(answerOf(again)).toEqual(answerOf(fresh));
    expect(await rowOf("fan@example.com")).toEqual(confirmed);
    expect(await mailsTo("fan@example.com")).toHaveLength(1);
    expect((await handle.db.select().from(notifications)).length).toBe(before.length + 1); // the new address's only
  });

  it("a pending repeat may change the topics and is sent its confirmation again only after some minutes", async () => {
    await publish(["SEO", "Email"]);
    expect(await subscribe({ email: "p@example.com", topics: ["SEO"], source: "blog" })).toBe("created");
    expect(await subscribe({ email: "p@example.com", topics: ["Email"], source: "footer" })).toBe("pending-unchanged");
    expect(await rowOf("p@example.com")).toMatchObject({ topics: ["Email"], status: "pending" });
    expect(await mailsTo("p@example.com")).toHaveLength(1);
    await handle.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(newsletterSubscribers.emailKey, "p@example.com"));
    // Due again, but a mailbox gets one confirmation request a day (as the forms' acknowledgements,
    // ADR 0042): the next day it goes.
    expect(await subscribe({ email: "p@example.com", topics: [], source: "blog" })).toBe("resent");
    expect(await mailsTo("p@example.com")).toHaveLength(1);
    await nextDay();
    await handle.db
      .update(newsletterSubscribers)
      .set({ confirmationSentAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(newsletterSubscribers.emailKey, "p@example.com"));
    expect(await subscribe({ email: "p@example.com", topics: [], source: "blog" })).toBe("resent");
    expect(await mailsTo("p@example.com")).toHaveLength(2);
  });

  it("an unsubscribed address goes back to pending with new links (the old ones void); a suppressed one is sent nothing", async () => {
    await subscribe({ email: "back@example.com", topics: [], source: "blog" });
    const row = (await rowOf("back@example.com"))!;
    const oldConfirm = confirmToken(row);
    const oldManage = manageToken(row);
    await confirmWithToken(oldConfirm);
    await changeWithManageToken(oldManage, { unsubscribe: true });
    expect(await rowOf("back@example.com")).toMatchObject({ status: "unsubscribed" });

    await nextDay();
    expect(await subscribe({ email: "back@example.com", topics: [], source: "article" })).toBe("resubscribed");
    const again = (await rowOf("back@example.com"))!;
    expect(again).toMatchObject({ status: "pending", tokenVersion: 2, unsubscribedAt: null, confirmedAt: null, source: "article" });
    expect(await mailsTo("back@example.com")).toHaveLength(2);
    expect((await confirmWithToken(oldConfirm)).result).toBe("invalid");
    expect(await subscriberForManageToken(oldManage)).toBeUndefined();
    expect((await confirmWithToken(confirmToken(again))).result).toBe("confirmed");

    await handle.db.insert(newsletterSubscribers).values({ email: "gone@example.com", emailKey: "gone@example.com", status: "suppressed", source: "blog" });
    const suppressed = await signUp("gone@example.com");
    expect(answerOf(suppressed)).toEqual(SIGN_UP_ANSWER);
    expect(await rowOf("gone@example.com")).toMatchObject({ status: "suppressed" });
    expect(await mailsTo("gone@example.com")).toHaveLength(0);
  });

  it("twenty sign-ups of one address at once make one row and one mail", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => subscribe({ email: i % 2 ? "Rush@Example.com" : "rush@example.com", topics: [], source: "blog" })),
    );
    expect(outcomes.filter((o) => o === "created")).toHaveLength(1);
    expect(await handle.db.select().from(newsletterSubscribers)).toHaveLength(1);
    expect(await handle.db.select().from(notifications)).toHaveLength(1);
  });
});

describe("confirmation links", () => {
  it("refuses forged, altered, expired, other-purpose and old-version links, and changes nothing", async () => {
    await subscribe({ email: "t@example.com", topics: [], source: "blog" });
    const row = (await rowOf("t@example.com"))!;
    const good = confirmToken(row);
    const [id, version, expires, mac] = good.split(".");
    const bad = {
      forged: `${id}.${version}.${expires}.${"A".repeat(32)}`,
      altered: `${id}.${version}.${Number(expires) + 86_400}.${mac}`,
      otherRow: `${crypto.randomUUID()}.${version}.${expires}.${mac}`,
      manage: manageToken(row),
      unsubscribe: unsubscribeToken(row, crypto.randomUUID()),
      otherPurposeSameParts: signToken("manage", [row.id, row.tokenVersion, Number(expires)]),
      oldVersion: confirmToken({ id: row.id, tokenVersion: 0 }),
      garbage: "../../etc/passwd",
      huge: "x".repeat(10_000),
    };
    for (const [name, token] of Object.entries(bad)) {
      expect((await confirmWithToken(token)).result, name).toBe("invalid");
      expect((await checkConfirmToken(token)).ok, name).toBe(false);
      expect(await redirectOf(() => confirmSubscriptionAction(formOf({ token })))).toContain("failed=1");
    }
    const expired = confirmToken(row, new Date(Date.now() - 8 * 86_400_000));
    expect((await confirmWithToken(expired)).result).toBe("expired");
    expect(await checkConfirmToken(expired)).toEqual({ ok: false, result: "expired" });
    expect(await rowOf("t@example.com")).toEqual(row);
  });
});

describe("the pending expiry", () => {
  it("deletes only pending rows whose confirmation is older than 7 days, once a day", async () => {
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    await handle.db.insert(newsletterSubscribers).values([
      { email: "old-pending@example.com", emailKey: "old-pending@example.com", source: "blog", confirmationSentAt: days(8) },
      { email: "new-pending@example.com", emailKey: "new-pending@example.com", source: "blog", confirmationSentAt: days(6) },
      { email: "old-confirmed@example.com", emailKey: "old-confirmed@example.com", status: "confirmed", source: "blog", confirmationSentAt: days(30) },
      { email: "old-unsub@example.com", emailKey: "old-unsub@example.com", status: "unsubscribed", source: "blog", confirmationSentAt: days(30) },
    ]);
    await pendingSubscriberExpiryJob.run();
    const left = (await handle.db.select().from(newsletterSubscribers)).map((r) => r.email).sort();
    expect(left).toEqual(["new-pending@example.com", "old-confirmed@example.com", "old-unsub@example.com"]);
    // Once a day: today's run is claimed, a second run does nothing.
    await handle.db
      .insert(newsletterSubscribers)
      .values({ email: "later@example.com", emailKey: "later@example.com", source: "blog", confirmationSentAt: days(9) });
    await pendingSubscriberExpiryJob.run();
    expect(await rowOf("later@example.com")).toBeDefined();
    expect(await deleteStalePending(7)).toBe(1);
  });
});

describe("the preferences page", () => {
  it("changes topics, pauses, resumes and unsubscribes; a forged link changes nothing", async () => {
    await publish(["SEO", "Email", "Analytics"]);
    await subscribe({ email: "pref@example.com", topics: [], source: "blog" });
    const row = (await rowOf("pref@example.com"))!;
    await confirmWithToken(confirmToken(row));
    const token = manageToken(row);
    const post = (values: Record<string, string | string[]>) => redirectOf(() => preferencesAction(formOf({ token, ...values })));

    expect(await post({ intent: "topics", topics: ["SEO", "Analytics"] })).toContain("done=topics");
    expect((await rowOf("pref@example.com"))!.topics).toEqual(["SEO", "Analytics"]);
    expect(await post({ intent: "topics", topics: ["Unknown"] })).toContain("failed=topics");
    expect(await post({ intent: "pause" })).toContain("done=pause");
    expect(await rowOf("pref@example.com")).toMatchObject({ paused: true, status: "confirmed" });
    expect(await post({ intent: "resume" })).toContain("done=resume");
    expect(await rowOf("pref@example.com")).toMatchObject({ paused: false });
    expect(await post({ intent: "delete-everything" })).toContain("failed=intent");

    const before = await rowOf("pref@example.com");
    for (const forged of [token.slice(0, -2) + "xx", manageToken({ id: row.id, tokenVersion: 7 }), confirmToken(row), "nonsense"]) {
      expect(await redirectOf(() => preferencesAction(formOf({ token: forged, intent: "unsubscribe" })))).toContain("failed=link");
      expect(await subscriberForManageToken(forged)).toBeUndefined();
    }
    expect(await rowOf("pref@example.com")).toEqual(before);

    expect(await post({ intent: "unsubscribe" })).toContain("done=unsubscribe");
    const gone = (await rowOf("pref@example.com"))!;
    expect(gone).toMatchObject({ status: "unsubscribed" });
    expect(gone.unsubscribedAt).toBeInstanceOf(Date);
    // Off the list: the page's forms change nothing more.
    expect(await post({ intent: "resume" })).toContain("failed=link");
  });
});

describe("the dashboard's delete and erase", () => {
  it("erase removes every row naming the address, in every newsletter table and the outbox; the trail keeps no address", async () => {
    await subscribe({ email: "erase-me@example.com", topics: [], source: "blog" });
    await subscribe({ email: "keep-me@example.com", topics: [], source: "blog" });
    const row = (await rowOf("erase-me@example.com"))!;
    const kept = (await rowOf("keep-me@example.com"))!;
    const [send] = await handle.db.insert(newsletterSends).values({ subject: "Letter", body: "<p>Hi</p>" }).returning();
    const recipients = await handle.db
      .insert(newsletterRecipients)
      .values([
        { sendId: send!.id, subscriberId: row.id, email: row.email, messageId: "<a@site>" },
        { sendId: send!.id, subscriberId: kept.id, email: kept.email, messageId: "<b@site>" },
      ])
      .returning();
    const [link] = await handle.db.insert(newsletterLinks).values({ sendId: send!.id, url: "https://example.com/" }).returning();
    await handle.db.insert(newsletterClicks).values(recipients.map((r) => ({ linkId: link!.id, recipientId: r.id })));

    role = "sales";
    await expect(eraseSubscriber(row.id)).rejects.toThrow();
    role = "editor";
    expect(await eraseSubscriber(row.id)).toEqual({ recipients: 1, clicks: 1 });

    const naming = await handle.db.execute<{ n: number }>(sql`select
      (select count(*) from newsletter_subscribers where email_key = 'erase-me@example.com') +
      (select count(*) from newsletter_recipients where lower(email) = 'erase-me@example.com' or subscriber_id = ${row.id}) +
      (select count(*) from newsletter_clicks c join newsletter_recipients r on r.id = c.recipient_id where r.subscriber_id = ${row.id}) +
      (select count(*) from notifications where 'erase-me@example.com' = any(recipients) or text_body like '%erase-me%') as n`);
    expect(Number(naming.rows[0]!.n)).toBe(0);
    // The other subscriber and its traces are untouched.
    expect(await rowOf("keep-me@example.com")).toBeDefined();
    expect(await handle.db.select().from(newsletterClicks)).toHaveLength(1);
    expect(await mailsTo("keep-me@example.com")).toHaveLength(1);
    const [trail] = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "newsletter.subscriber-erase"));
    expect(trail).toBeDefined();
    expect(JSON.stringify(trail)).not.toContain("erase-me");
    expect(trail!.recordId).toBeNull();
    expect(await eraseSubscriber(row.id)).toBeUndefined();
  });

  it("delete removes the row and records it", async () => {
    await subscribe({ email: "del@example.com", topics: [], source: "footer" });
    const row = (await rowOf("del@example.com"))!;
    role = null;
    await expect(deleteSubscriber(row.id)).rejects.toThrow();
    role = "admin";
    expect(await deleteSubscriber(row.id)).toBe(true);
    expect(await rowOf("del@example.com")).toBeUndefined();
    expect(await deleteSubscriber(row.id)).toBe(false);
    expect(await deleteSubscriber("not-a-uuid")).toBe(false);
    const [trail] = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "newsletter.subscriber-delete"));
    expect(trail).toMatchObject({ tableName: "newsletter_subscribers", recordId: row.id });
  });
});

describe("the lead and contact forms' tick box", () => {
  const request = {
    headers: new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": "203.0.113.50", referer: `${SITE}/free-audit` }),
    originOnly: true,
  };
  const audit = (email: string, extra: Record<string, string> = {}) =>
    formOf({
      name: "Asha Rao",
      email,
      mobileNumber: "9876543210",
      websiteUrl: "brand.in",
      monthlyRevenue: "10L-50L/month",
      growthChallenge: "Growing",
      ...extra,
    });

  it("ticked, makes a pending subscriber linked to the lead with its confirmation mail; unticked, nothing", async () => {
    expect(await submitLeadForm("audit", audit("lead-yes@brand.in", { newsletter: "on" }), request)).toMatchObject({ status: "success" });
    const [lead] = await handle.db.select().from(schema.leads).where(eq(schema.leads.email, "lead-yes@brand.in"));
    expect(await rowOf("lead-yes@brand.in")).toMatchObject({ status: "pending", source: "lead", leadId: lead!.id, topics: [] });
    expect(await mailsTo("lead-yes@brand.in")).toHaveLength(1);

    expect(await submitLeadForm("audit", audit("lead-no@brand.in"), request)).toMatchObject({ status: "success" });
    expect(await rowOf("lead-no@brand.in")).toBeUndefined();

    const contact = formOf({ name: "Ravi", email: "msg@brand.in", mobileNumber: "9876543210", message: "Hello there", newsletter: "on" });
    expect(await submitLeadForm("contact", contact, request)).toMatchObject({ status: "success" });
    const [message] = await handle.db.select().from(schema.contactMessages).where(eq(schema.contactMessages.email, "msg@brand.in"));
    expect(await rowOf("msg@brand.in")).toMatchObject({ status: "pending", source: "contact", contactMessageId: message!.id });
  });
});

describe("confirmation requests aimed at one mailbox", () => {
  it("30 sign-ups of +tag and dot spellings of one Gmail inbox from 30 addresses: one confirmation a day, and one to each other mailbox", async () => {
    const spellings = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? `victim+t${i}@gmail.com` : i % 3 === 1 ? `${"victim".split("").join(i % 2 ? "." : "")}+x${i}@gmail.com` : `Vic.Tim+${i}@googlemail.com`,
    );
    for (const [i, email] of spellings.entries()) {
      request.headers = new Headers({ host: "localhost:3999", origin: SITE, "x-forwarded-for": `203.0.113.${i + 1}` });
      expect(answerOf(await signUp(email))).toEqual(SIGN_UP_ANSWER);
    }
    const confirmations = await handle.db.select().from(notifications).where(eq(notifications.kind, "newsletter-confirm"));
    console.log(`Newsletter confirmations: 30 sign-ups of 30 spellings of one Gmail inbox from 30 addresses -> ${confirmations.length} confirmation mail`);
    expect(confirmations).toHaveLength(1);
    // Another mailbox is not held back by it, and the counters hold no address.
    expect(await signUp("someone.else@example.com")).toMatchObject({ status: "success" });
    expect(await mailsTo("someone.else@example.com")).toHaveLength(1);
    const keys = await handle.db.execute<{ key: string }>(sql`select key from rate_limits where key like 'newsletter-confirm:%'`);
    expect(keys.rows.every((r) => /^newsletter-confirm:[0-9a-f]{32}$/.test(r.key))).toBe(true);
  });
});
