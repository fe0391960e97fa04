import crypto, { webcrypto } from "node:crypto";
import * as x509 from "@peculiar/x509";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// What comes back from sent letters (docs/decisions/0063): one-click unsubscribe, the SES (SNS) and
// signed provider endpoints with the suppression rules, and the counted click redirect. The rows of a
// send are written here directly: the sending job is not what is tested.

const { activityEvents, newsletterClicks, newsletterLinks, newsletterRecipients, newsletterSends, newsletterSubscribers, newsletterEventsSeen } =
  await import("@/server/kernel/db/schema");
const { manageToken, unsubscribeToken, clickUrl } = await import("@/server/newsletter/links");
const { clearCertificateCache } = await import("@/server/newsletter/sns");
const { genericEventsPost, sesEventsPost } = await import("@/server/newsletter/returns-http");
const { unsubscribeByMailSubject } = await import("@/server/newsletter/suppression");
const { pruneEventsSeen } = await import("@/server/newsletter/data/newsletter-events");
const unsubscribeRoute = await import("@/app/api/newsletter/unsubscribe/[token]/route");
const clickRoute = await import("@/app/n/c/[token]/route");
const sesRoute = await import("@/app/api/newsletter/events/ses/route");
const genericRoute = await import("@/app/api/newsletter/events/route");
const { bodyLimitFor, refusalBeforeBody } = await import("../host/request-guards");
const { referrerPolicyFor } = await import("../host/security-headers");

const handle = setUpTestDatabase();
const SITE = process.env.SITE_URL!;
const s = newsletterSubscribers;

let counter = 0;
async function subscriber(status: "confirmed" | "pending" = "confirmed") {
  const email = `Reader.${++counter}@Example.test`;
  const [row] = await handle.db.insert(s).values({ email, emailKey: email.toLowerCase(), source: "blog", status }).returning();
  return row!;
}
async function send() {
  const [row] = await handle.db.insert(newsletterSends).values({ subject: "Letter", body: "<p>Hi</p>", status: "sent" }).returning();
  return row!;
}
async function recipient(sendId: string, sub: { id: string; email: string }) {
  const [row] = await handle.db
    .insert(newsletterRecipients)
    .values({ sendId, subscriberId: sub.id, email: sub.email, status: "sent", messageId: `<${crypto.randomUUID()}@news.example.test>` })
    .returning();
  return row!;
}
const row = async (id: string) => (await handle.db.select().from(s).where(eq(s.id, id)))[0]!;
const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
const ctx = (token: string) => ({ params: Promise.resolve({ token }) });

describe("one-click unsubscribe", () => {
  const post = (token: string, body: BodyInit | null = "List-Unsubscribe=One-Click", headers: Record<string, string> = {}) =>
    unsubscribeRoute.POST(
      new Request(`${SITE}/api/newsletter/unsubscribe/${token}`, {
        method: "POST",
        body,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.org", ...headers },
      }),
      ctx(token),
    );

  it("a POST unsubscribes at once: 200 with a short page, no redirect, no session, the send recorded; again it changes nothing", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    const answer = await post(token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("location")).toBeNull();
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(answer.headers.get("content-type")).toMatch(/^text\/html/);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await answer.text()).toContain("You are unsubscribed");
    const after = await row(sub.id);
    expect(after).toMatchObject({ status: "unsubscribed", unsubscribedFromSendId: letter.id });
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
    // Idempotent: a second post (clients retry) is 200 and keeps the first time.
    const again = await post(token);
    expect(again.status).toBe(200);
    expect((await row(sub.id)).unsubscribedAt!.getTime()).toBe(after.unsubscribedAt!.getTime());
  });

  it("a POST without RFC 8058's List-Unsubscribe=One-Click (empty, another value, another field, JSON) unsubscribes no one: 400", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    const bodies: [BodyInit | null, Record<string, string>][] = [
      [null, {}],
      ["", {}],
      ["List-Unsubscribe=Yes", {}],
      ["unsubscribe=One-Click", {}],
      ['{"List-Unsubscribe":"One-Click"}', { "content-type": "application/json" }],
    ];
    for (const [body, headers] of bodies) {
      const answer = await post(token, body, headers);
      expect(answer.status, String(body)).toBe(400);
      expect((await row(sub.id)).status).toBe("confirmed");
    }
    const multipart = new FormData();
    multipart.set("List-Unsubscribe", "One-Click");
    const answer = await unsubscribeRoute.POST(new Request(`${SITE}/api/newsletter/unsubscribe/${token}`, { method: "POST", body: multipart }), ctx(token));
    expect(answer.status).toBe(200);
    expect((await row(sub.id)).status).toBe("unsubscribed");
  });

  it("a GET never unsubscribes (link scanners): it shows one button that posts, without script, and a link to the preferences", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    const answer = await unsubscribeRoute.GET(new Request(`${SITE}/api/newsletter/unsubscribe/${token}`), ctx(token));
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toMatch(/<form method="post">[\s\S]*<button type="submit">Unsubscribe<\/button><\/form>/);
    expect(html).not.toContain("<script");
    expect(html).toContain(`/newsletter/preferences/${manageToken(sub)}`);
    expect(answer.headers.get("x-robots-tag")).toContain("noindex");
    expect((await row(sub.id)).status).toBe("confirmed");
  });

  it("forged, altered, other-purpose and old-version tokens are refused with a clear page and change nothing", async () => {
    const sub = await subscriber();
    const letter = await send();
    const good = unsubscribeToken(sub, letter.id);
    const [id, version, sendId, mac] = good.split(".");
    const other = await subscriber();
    const cases: [string, number][] = [
      [`${id}.${version}.${sendId}.${"A".repeat(mac!.length)}`, 400], // forged signature
      [`${other.id}.${version}.${sendId}.${mac}`, 400], // altered: another subscriber's id under this signature
      [`${id}.${Number(version) + 1}.${sendId}.${mac}`, 400], // altered version
      [manageToken(sub), 400], // the preferences link's token: another purpose
      [good.slice(0, -1), 400], // cut short
      ["not-a-token", 400],
    ];
    for (const [token, status] of cases) {
      const answer = await post(token);
      expect(answer.status, token).toBe(status);
      expect(await answer.text()).toContain("not valid");
    }
    // Old version: the links sent before the version was raised no longer work.
    await handle.db.update(s).set({ tokenVersion: 2 }).where(eq(s.id, sub.id));
    const old = await post(good);
    expect(old.status).toBe(404);
    expect(await old.text()).toContain("no longer works");
    for (const r of [await row(sub.id), await row(other.id)])
      expect(r).toMatchObject({ status: "confirmed", unsubscribedAt: null, unsubscribedFromSendId: null });
    // The new version's link works.
    expect((await post(unsubscribeToken({ id: sub.id, tokenVersion: 2 }, letter.id))).status).toBe(200);
  });

  it("20 one-click POSTs at once: all answered 200, the row changed once", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await row(sub.id)).toMatchObject({ status: "unsubscribed", unsubscribedFromSendId: letter.id });
  });

  it("a body over 4 KB is refused (413) and changes nothing; the host holds the same limit and lets a cross-site post through on purpose", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    const answer = await post(token, `List-Unsubscribe=One-Click&pad=${"x".repeat(5000)}`);
    expect(answer.status).toBe(413);
    expect((await row(sub.id)).status).toBe("confirmed");
    expect(bodyLimitFor(`/api/newsletter/unsubscribe/${token}`).bytes).toBe(4 * 1024);
    const crossSite = {
      method: "POST",
      url: `/api/newsletter/unsubscribe/${token}`,
      headers: { origin: "https://mail.example.org", "sec-fetch-site": "cross-site", "content-length": "26" },
    };
    expect(refusalBeforeBody(crossSite as never)).toBeNull();
    expect(refusalBeforeBody({ ...crossSite, headers: { ...crossSite.headers, "content-length": "5000" } } as never)?.status).toBe(413);
  });

  it("a deleted send leaves the unsubscribe working, with no send recorded", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    await handle.db.delete(newsletterSends).where(eq(newsletterSends.id, letter.id));
    expect((await post(token)).status).toBe(200);
    expect(await row(sub.id)).toMatchObject({ status: "unsubscribed", unsubscribedFromSendId: null });
  });

  it("the mailto: half: a subject `unsubscribe-<token>` unsubscribes; any other subject changes nothing", async () => {
    const sub = await subscriber();
    const letter = await send();
    const token = unsubscribeToken(sub, letter.id);
    expect(await unsubscribeByMailSubject("Re: hello")).toEqual({ outcome: "invalid" });
    expect(await unsubscribeByMailSubject(`unsubscribe-${token.slice(0, -2)}xx`)).toEqual({ outcome: "invalid" });
    expect((await row(sub.id)).status).toBe("confirmed");
    expect(await unsubscribeByMailSubject(`Re: unsubscribe-${token}`)).toEqual({ outcome: "unsubscribed" });
    expect(await unsubscribeByMailSubject(`unsubscribe-${token}`)).toEqual({ outcome: "already" });
    expect(await row(sub.id)).toMatchObject({ status: "unsubscribed", unsubscribedFromSendId: letter.id });
  });
});

// --- Amazon SES through SNS -------------------------------------------------------------------

const REGION = "ap-south-1";
const TOPIC = `arn:aws:sns:${REGION}:123456789012:newsletter-events`;
const CERT_URL = `https://sns.${REGION}.amazonaws.com/SimpleNotificationService-0000000000000000000000.pem`;
let certPem = "";
let signingKey: crypto.KeyObject;

beforeAll(async () => {
  // A self-signed certificate standing in for AWS's: served by an injected fetcher, never from the network.
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: "CN=sns.amazonaws.com",
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: algorithm,
    keys,
  });
  certPem = cert.toString("pem");
  signingKey = crypto.createPrivateKey({ key: Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)), format: "der", type: "pkcs8" });
});

/** The canonical string as AWS documents it, written here on its own (not the module's). */
function signed(fields: Record<string, string>, version: "1" | "2" = "2"): Record<string, string> {
  const order =
    fields.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
  const canonical = order
    .filter((k) => fields[k] !== undefined)
    .map((k) => `${k}\n${fields[k]}\n`)
    .join("");
  const Signature = crypto.sign(version === "1" ? "sha1" : "sha256", Buffer.from(canonical), signingKey).toString("base64");
  return { ...fields, SignatureVersion: version, Signature, SigningCertURL: fields.SigningCertURL ?? CERT_URL };
}

function notification(sesEvent: Record<string, unknown>, { version = "2", messageId = crypto.randomUUID(), topic = TOPIC, certUrl = CERT_URL } = {}) {
  return signed(
    {
      Type: "Notification",
      MessageId: messageId,
      TopicArn: topic,
      Message: JSON.stringify(sesEvent),
      Timestamp: new Date().toISOString(),
      SigningCertURL: certUrl,
    },
    version as "1" | "2",
  );
}

const mail = (messageId: string | null) => ({
  messageId: "0109018f-ses-own-id",
  headers: messageId ? [{ name: "Message-ID", value: messageId }] : [],
  commonHeaders: messageId ? { messageId } : {},
});
const bounce = (email: string, type: "Permanent" | "Transient", messageId: string | null = null) => ({
  notificationType: "Bounce",
  mail: mail(messageId),
  bounce: { bounceType: type, bounceSubType: "General", bouncedRecipients: [{ emailAddress: email }] },
});
const complaint = (email: string) => ({ eventType: "Complaint", mail: mail(null), complaint: { complainedRecipients: [{ emailAddress: email }] } });
const delivery = (email: string) => ({ notificationType: "Delivery", mail: mail(null), delivery: { recipients: [email] } });

const fetcher = vi.fn(async (_url: string) => certPem);
const confirm = vi.fn(async (_url: string) => {});
const ses = (body: unknown) =>
  sesEventsPost(
    new Request(`${SITE}/api/newsletter/events/ses`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { "content-type": "text/plain" },
    }),
    {
      topicArns: [TOPIC],
      fetcher,
      confirm,
    },
  );

describe("SES notifications through SNS", () => {
  beforeEach(() => {
    fetcher.mockClear();
    confirm.mockClear();
    clearCertificateCache();
  });

  it("signatures of version 1 (SHA1) and 2 (SHA256) are accepted; a hard bounce suppresses the address and marks the copy bounced, with a trail row", async () => {
    for (const version of ["1", "2"] as const) {
      const sub = await subscriber();
      const letter = await send();
      const copy = await recipient(letter.id, sub);
      // SES reports the address as sent, whatever its case; the Message-ID without its brackets.
      const answer = await ses(notification(bounce(sub.email.toUpperCase(), "Permanent", copy.messageId.slice(1, -1)), { version }));
      expect(answer.status, await answer.clone().text()).toBe(200);
      const after = await row(sub.id);
      expect(after).toMatchObject({ status: "suppressed", suppressedReason: "hard-bounce" });
      expect(after.suppressedAt).toBeInstanceOf(Date);
      const [c] = await handle.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.id, copy.id));
      expect(c).toMatchObject({ status: "bounced" });
      expect(c!.bouncedAt).toBeInstanceOf(Date);
      const trail = await handle.db
        .select()
        .from(activityEvents)
        .where(and(eq(activityEvents.action, "newsletter.suppressed"), eq(activityEvents.recordId, sub.id)));
      expect(trail).toHaveLength(1);
      expect(JSON.stringify(trail[0])).not.toContain(sub.email.toLowerCase()); // the row's id and reason, not the address
    }
    expect(fetcher).toHaveBeenCalledTimes(1); // the certificate is fetched once and cached
  });

  it("a tampered message is refused and changes nothing", async () => {
    const sub = await subscriber();
    const message = notification(bounce(sub.email, "Transient"));
    const other = await subscriber();
    const tampered = { ...message, Message: JSON.stringify(bounce(other.email, "Permanent")) };
    const answer = await ses(tampered);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain("signature does not match");
    expect((await row(other.id)).status).toBe("confirmed");
    expect((await row(sub.id)).softBounces).toBe(0);
    // A message id of its own, not claimed: the honest message still applies.
    expect((await ses(message)).status).toBe(200);
    expect((await row(sub.id)).softBounces).toBe(1);
  });

  it("a SigningCertURL on any other host, or plain http, is refused without any fetch; so is another topic", async () => {
    const sub = await subscriber();
    for (const certUrl of [
      "https://evil.example/cert.pem",
      `http://sns.${REGION}.amazonaws.com/cert.pem`,
      `https://sns.${REGION}.amazonaws.com.evil.example/cert.pem`,
      `https://sns.${REGION}.amazonaws.com:8443/cert.pem`,
      `https://sns.eu-west-1.amazonaws.com/cert.pem`, // another region than the topic's
    ]) {
      const answer = await ses(notification(bounce(sub.email, "Permanent"), { certUrl }));
      expect(answer.status, certUrl).toBe(403);
    }
    const otherTopic = await ses(notification(bounce(sub.email, "Permanent"), { topic: `arn:aws:sns:${REGION}:999999999999:theirs` }));
    expect(otherTopic.status).toBe(403);
    expect(await otherTopic.text()).toContain("NEWSLETTER_SNS_TOPIC_ARN");
    expect(fetcher).not.toHaveBeenCalled();
    expect((await row(sub.id)).status).toBe("confirmed");
  });

  it("three soft bounces in a row suppress; a delivery in between starts the count again; a complaint suppresses", async () => {
    const a = await subscriber();
    for (let i = 0; i < 2; i++) expect((await ses(notification(bounce(a.email, "Transient")))).status).toBe(200);
    expect(await row(a.id)).toMatchObject({ status: "confirmed", softBounces: 2 });
    expect((await ses(notification(delivery(a.email)))).status).toBe(200);
    expect((await row(a.id)).softBounces).toBe(0);
    for (let i = 0; i < 2; i++) await ses(notification(bounce(a.email, "Transient")));
    expect(await row(a.id)).toMatchObject({ status: "confirmed", softBounces: 2 });
    await ses(notification(bounce(a.email, "Transient")));
    expect(await row(a.id)).toMatchObject({ status: "suppressed", suppressedReason: "soft-bounces", softBounces: 3 });

    const b = await subscriber();
    expect((await ses(notification(complaint(b.email)))).status).toBe(200);
    expect(await row(b.id)).toMatchObject({ status: "suppressed", suppressedReason: "complaint" });
  });

  it("a notification delivered again counts once (the same soft bounce is not two)", async () => {
    const sub = await subscriber();
    const message = notification(bounce(sub.email, "Transient"));
    const answers = await Promise.all([ses(message), ses(message), ses(message)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await ses(message)).status).toBe(200);
    expect((await row(sub.id)).softBounces).toBe(1);
    const seen = await handle.db
      .select()
      .from(newsletterEventsSeen)
      .where(eq(newsletterEventsSeen.id, `sns:${message.MessageId}`));
    expect(seen).toHaveLength(1);
    // Ids are forgotten after 30 days (the retention job), never sooner.
    expect(await pruneEventsSeen(30)).toBe(0);
    await handle.db
      .update(newsletterEventsSeen)
      .set({ receivedAt: sql`now() - interval '31 days'` })
      .where(eq(newsletterEventsSeen.id, `sns:${message.MessageId}`));
    expect(await pruneEventsSeen(30)).toBe(1);
  });

  it("an address not on the list is noted and left alone; a subscription is confirmed only on an SNS host; bodies that are not SNS messages are refused", async () => {
    const answer = await ses(notification(bounce("someone-else@example.test", "Permanent")));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("unknown-address");

    const subscribeUrl = `https://sns.${REGION}.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=abc`;
    const confirmation = (url: string) =>
      signed({
        Type: "SubscriptionConfirmation",
        MessageId: crypto.randomUUID(),
        Token: "abc",
        TopicArn: TOPIC,
        Message: "confirm",
        SubscribeURL: url,
        Timestamp: new Date().toISOString(),
      });
    expect((await ses(confirmation(subscribeUrl))).status).toBe(200);
    expect(confirm).toHaveBeenCalledWith(subscribeUrl);
    confirm.mockClear();
    expect((await ses(confirmation("https://evil.example/?Action=ConfirmSubscription"))).status).toBe(400);
    expect(confirm).not.toHaveBeenCalled();

    expect((await ses("not json")).status).toBe(400);
    expect((await ses({ Type: "Notification" })).status).toBe(400);
    expect((await ses("x".repeat(300 * 1024))).status).toBe(413);
    expect(bodyLimitFor("/api/newsletter/events/ses").bytes).toBe(256 * 1024);
    expect(bodyLimitFor("/api/newsletter/events").bytes).toBe(256 * 1024);
  });

  it("unconfigured, the route takes nothing and says which variable to set", async () => {
    const answer = await sesRoute.POST(new Request(`${SITE}/api/newsletter/events/ses`, { method: "POST", body: "{}" }));
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain("NEWSLETTER_SNS_TOPIC_ARN");
  });
});

// --- The signed endpoint of other providers ---------------------------------------------------

const SECRET = `whsec_${Buffer.from("a test secret of 32 bytes, ok...").toString("base64")}`;
function generic(payload: unknown, { id = `msg_${crypto.randomUUID()}`, at = new Date(), secret = SECRET } = {}) {
  const body = JSON.stringify(payload);
  const signature = new Webhook(secret).sign(id, at, body);
  return genericEventsPost(
    new Request(`${SITE}/api/newsletter/events`, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
        "webhook-signature": signature,
      },
    }),
    { secret: SECRET },
  );
}

describe("the signed endpoint (Standard Webhooks)", () => {
  it("a valid signature is applied; a wrong secret or a stale timestamp is refused and changes nothing; a replay counts once", async () => {
    const sub = await subscriber();
    expect(
      (
        await generic(
          { type: "bounce", bounce: "hard", email: sub.email },
          { secret: `whsec_${Buffer.from("another secret entirely, 32 byte").toString("base64")}` },
        )
      ).status,
    ).toBe(403);
    const stale = await generic({ type: "bounce", bounce: "hard", email: sub.email }, { at: new Date(Date.now() - 10 * 60_000) });
    expect(stale.status).toBe(403);
    expect((await row(sub.id)).status).toBe("confirmed");

    const id = `msg_${crypto.randomUUID()}`;
    expect((await generic({ type: "bounce", bounce: "soft", email: sub.email }, { id })).status).toBe(200);
    expect((await generic({ type: "bounce", bounce: "soft", email: sub.email }, { id })).status).toBe(200);
    expect((await row(sub.id)).softBounces).toBe(1);
    expect((await generic({ type: "complaint", email: sub.email })).status).toBe(200);
    expect(await row(sub.id)).toMatchObject({ status: "suppressed", suppressedReason: "complaint" });
  });

  it("matches the copy by Message-ID, refuses bad shapes, and takes an inbound unsubscribe mail's subject", async () => {
    const sub = await subscriber();
    const letter = await send();
    const copy = await recipient(letter.id, sub);
    expect((await generic({ type: "bounce", bounce: "hard", email: sub.email, messageId: copy.messageId })).status).toBe(200);
    expect((await handle.db.select().from(newsletterRecipients).where(eq(newsletterRecipients.id, copy.id)))[0]!.status).toBe("bounced");

    expect((await generic({ type: "bounce", email: sub.email })).status).toBe(400);
    expect((await generic({ type: "explode", email: sub.email })).status).toBe(400);

    const other = await subscriber();
    expect((await generic({ type: "unsubscribe", subject: "hello" })).status).toBe(400);
    expect((await generic({ type: "unsubscribe", subject: `unsubscribe-${unsubscribeToken(other, letter.id)}` })).status).toBe(200);
    expect(await row(other.id)).toMatchObject({ status: "unsubscribed", unsubscribedFromSendId: letter.id });
  });

  it("unconfigured, the route answers 503 naming NEWSLETTER_EVENTS_SECRET", async () => {
    const answer = await genericRoute.POST(new Request(`${SITE}/api/newsletter/events`, { method: "POST", body: "{}" }));
    expect(answer.status).toBe(503);
    expect(await answer.text()).toContain("NEWSLETTER_EVENTS_SECRET");
  });
});

// --- Counted clicks ----------------------------------------------------------------------------

describe("the click redirect", () => {
  const click = (url: string, method: "GET" | "HEAD" = "GET", query = "") => {
    const token = tokenOf(url);
    const request = new Request(`${SITE}/n/c/${token}${query}`, { method });
    return method === "GET" ? clickRoute.GET(request, ctx(token)) : clickRoute.HEAD(request, ctx(token));
  };

  it("goes to the stored address only, counts every click and each recipient once, never a HEAD, never another send's recipient or a forged token", async () => {
    const letter = await send();
    const later = await send();
    const reader = await subscriber();
    const stranger = await subscriber();
    const copy = await recipient(letter.id, reader);
    const otherCopy = await recipient(later.id, stranger);
    const [link] = await handle.db
      .insert(newsletterLinks)
      .values({ sendId: letter.id, url: "https://kineticgrowth.in/blog/seo?utm_source=newsletter" })
      .returning();

    const url = clickUrl(link!.id, copy.id);
    for (let i = 0; i < 2; i++) {
      const answer = await click(url, "GET", "?url=https://evil.example&next=//evil.example");
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("https://kineticgrowth.in/blog/seo?utm_source=newsletter");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const head = await click(url, "HEAD");
    expect(head.status).toBe(302);
    const counted = async () => ({
      clicks: (await handle.db.select().from(newsletterLinks).where(eq(newsletterLinks.id, link!.id)))[0]!.clicks,
      people: (await handle.db.select().from(newsletterClicks).where(eq(newsletterClicks.linkId, link!.id))).length,
    });
    expect(await counted()).toEqual({ clicks: 2, people: 1 });

    // A recipient of another send under a validly signed token: refused, nothing counted.
    const cross = await click(clickUrl(link!.id, otherCopy.id));
    expect(cross.status).toBe(404);
    expect(cross.headers.get("location")).toBeNull();
    // Forged and altered tokens, and a link that does not exist.
    const token = tokenOf(url);
    const [linkId, recipientId, mac] = token.split(".");
    for (const forged of [
      `${linkId}.${recipientId}.${"B".repeat(mac!.length)}`,
      `${linkId}.${otherCopy.id}.${mac}`,
      "1.1",
      unsubscribeToken(reader, letter.id),
    ]) {
      const answer = await click(`${SITE}/n/c/${forged}`);
      expect(answer.status, forged).toBe(404);
      expect(answer.headers.get("location")).toBeNull();
      expect(await answer.text()).toContain("not valid");
    }
    expect((await click(clickUrl(999_999, copy.id))).status).toBe(404);
    expect(await counted()).toEqual({ clicks: 2, people: 1 });
  });

  it("the host sends no Referer from the addresses that carry a token, and none off the site from the subscriber's pages", () => {
    for (const url of ["/n/c/1.2.abc", "/api/newsletter/unsubscribe/a.b.c.d?x=1"]) expect(referrerPolicyFor(url), url).toBe("no-referrer");
    for (const url of ["/newsletter/preferences/a.b.c", "/newsletter/confirm/a.b.c.d"]) expect(referrerPolicyFor(url), url).toBe("same-origin");
    for (const url of ["/", "/blog/newsletter-tips", "/news", "/api/forms/contact"]) expect(referrerPolicyFor(url), url).toBeNull();
  });

  it("many clicks at once count each one and the recipient once", async () => {
    const letter = await send();
    const reader = await subscriber();
    const copy = await recipient(letter.id, reader);
    const [link] = await handle.db.insert(newsletterLinks).values({ sendId: letter.id, url: "mailto:hello@kineticgrowth.in" }).returning();
    const answers = await Promise.all(Array.from({ length: 10 }, () => click(clickUrl(link!.id, copy.id))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(302));
    expect(answers[0]!.headers.get("location")).toBe("mailto:hello@kineticgrowth.in");
    expect((await handle.db.select().from(newsletterLinks).where(eq(newsletterLinks.id, link!.id)))[0]!.clicks).toBe(10);
    expect(await handle.db.select().from(newsletterClicks).where(eq(newsletterClicks.linkId, link!.id))).toHaveLength(1);
  });
});
