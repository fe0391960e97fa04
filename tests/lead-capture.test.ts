import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FreeAuditSchema, ContactFormSchema } from "@/lib/schemas/lead-forms";
import { contactMessages, leads, notifications, rateLimits } from "@/server/kernel/db/schema";
import { createContactMessage } from "@/server/leads/data/contact-messages";
import { createLead } from "@/server/leads/data/leads";
import { checkFormGuards, parseAttribution } from "@/server/kernel/forms/form-guards";
import { enqueueMail, mailRetry, smtpTransport } from "@/server/kernel/mail/mail";
import { env } from "@/server/kernel/env";
import { setUpTestDatabase } from "./helpers/test-db";
import { startSmtpServer } from "./helpers/smtp";
import { deliverPendingMail } from "./helpers/mail";

const handle = setUpTestDatabase();
// These tests count the agency's notifications; the sender's acknowledgement has its own file
// (lead-acknowledgement.test.ts).
const settings = env() as { FORM_ACKNOWLEDGEMENT: boolean };
beforeAll(async () => {
  settings.FORM_ACKNOWLEDGEMENT = false;
});
afterAll(async () => {
  settings.FORM_ACKNOWLEDGEMENT = true;
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits cascade`);
});

const lead = (n: number) =>
  FreeAuditSchema.parse({
    name: `Lead ${n}`,
    email: `lead${n}@brand.in`,
    mobileNumber: "9876543210",
    websiteUrl: "brand.in",
    monthlyRevenue: "50L-1Cr/month",
    growthChallenge: `Challenge ${n}`,
  });

// Every pending mail tried at once (the queue's work, done here: tests/helpers/mail.ts), until none is left.
async function drain(port: number) {
  const transport = smtpTransport({ host: "127.0.0.1", port, secure: false });
  let total = 0;
  for (;;) {
    const { sent, failed } = await deliverPendingMail(transport);
    total += sent;
    if (sent === 0 || failed > 0) return total;
  }
}

describe("a stored lead always has its notification", () => {
  it("mails every field, the type and the attribution to the configured recipients", async () => {
    const smtp = await startSmtpServer();
    try {
      const attribution = {
        first_touch: { utm_source: "google", utm_medium: "cpc", utm_campaign: "diwali", landing_page: "/blog/x" },
        last_touch: { utm_source: "newsletter", referrer: "https://mail.example.com/" },
        form_page: "/free-audit",
      };
      await createLead(lead(1), attribution, null);
      expect(await drain(smtp.port)).toBe(1);
      const [mail] = smtp.messages;
      expect(mail!.to).toEqual(["hello@kineticgrowth.in"]);
      expect(mail!.raw).toMatch(/^Subject: New growth audit request: Lead 1 \(50L-1Cr\/month\)$/m);
      expect(mail!.raw).toMatch(/^Reply-To: lead1@brand\.in$/m);
      for (const line of [
        "Type: audit",
        "Name: Lead 1",
        "Email: lead1@brand.in",
        "Mobile: +919876543210",
        "Website: https://brand.in/",
        "Monthly revenue: 50L-1Cr/month",
        "Growth challenge: Challenge 1",
        "First touch source: google",
        "First touch medium: cpc",
        "First touch campaign: diwali",
        "First touch landing page: /blog/x",
        "Last touch source: newsletter",
        "Last touch referrer: https://mail.example.com/",
        "Form page: /free-audit",
      ]) {
        expect(mail!.raw).toContain(line);
      }
      const [row] = await handle.db.select().from(notifications);
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      // The lead itself (its id made before the statement), its phone, and its "Mark contacted" page.
      const [stored] = await handle.db.select().from(leads);
      expect(row!.leadId).toBe(stored!.id);
      expect(row!.textBody).toContain("Call: +919876543210");
      expect(row!.textBody).toMatch(new RegExp(`Open the lead: https?://\\S+/admin/leads\\?edit=${stored!.id}$`, "m"));
      expect(row!.textBody).toMatch(new RegExp(`Mark contacted: https?://\\S+/admin/leads\\?mark=${stored!.id}$`, "m"));
      expect(row!.htmlBody).toContain('href="tel:+919876543210"');
    } finally {
      await smtp.close();
    }
  });

  it("mails a contact message with company and type contact", async () => {
    const smtp = await startSmtpServer();
    try {
      await createContactMessage(
        ContactFormSchema.parse({ name: "Vikram", email: "v@x.in", mobileNumber: "+44 7911 123456", company: "FashionHub", message: "Hi there" }),
        {},
        null,
      );
      await drain(smtp.port);
      expect(smtp.messages[0]!.raw).toContain("Type: contact");
      expect(smtp.messages[0]!.raw).toContain("Company: FashionHub");
      expect(smtp.messages[0]!.raw).toMatch(/^Subject: New contact message from Vikram \(FashionHub\)$/m);
    } finally {
      await smtp.close();
    }
  });

  it("an address with an internationalised domain is stored as typed; the mail goes out with its A-labels", async () => {
    const smtp = await startSmtpServer();
    try {
      const message = ContactFormSchema.parse({
        name: "Jürgen",
        email: "Jürgen.x@Bücher.example".replace("ü", "u"),
        mobileNumber: "+44 7911 123456",
        message: "Hallo",
      });
      expect(message.email).toBe("jurgen.x@bücher.example");
      await createContactMessage(message, {}, null);
      await createLead(FreeAuditSchema.parse({ ...lead(7), email: "info@例え.jp" }), {}, null);
      const stored = await handle.db.select({ email: contactMessages.email }).from(contactMessages);
      expect(stored).toEqual([{ email: "jurgen.x@bücher.example" }]);
      expect(await handle.db.select({ email: leads.email }).from(leads)).toEqual([{ email: "info@例え.jp" }]);
      // A mail to such an address (as the verification mail goes to an account's address).
      await enqueueMail(handle.db, { kind: "test", recipients: ["asha@bücher.example"], subject: "To an IDN", text: "Hello" });
      expect(await drain(smtp.port)).toBe(3);
      const raw = smtp.messages.map((m) => m.raw).join("\n");
      expect(raw).toMatch(/^Reply-To: jurgen\.x@xn--bcher-kva\.example$/m);
      expect(raw).toMatch(/^Reply-To: info@xn--r8jz45g\.jp$/m);
      // nodemailer sends the envelope (RCPT TO) and the headers with A-labels; smtp-server decodes the envelope back.
      const toIdn = smtp.messages.find((m) => m.raw.includes("Subject: To an IDN"))!;
      expect(toIdn.raw).toMatch(/^To: asha@xn--bcher-kva\.example$/m);
      expect(toIdn.to).toEqual(["asha@bücher.example"]);
      console.log(`IDN e-mail: 2 addresses stored as typed, ${smtp.messages.length} mails delivered with A-label domains`);
    } finally {
      await smtp.close();
    }
  });

  it("keeps the lead when the mail server is down and delivers once it is back", async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    const stored = await createLead(lead(2), {}, null);
    expect(stored.isNew).toBe(true);
    const failed = await deliverPendingMail(smtpTransport({ host: "127.0.0.1", port, secure: false }));
    expect(failed).toEqual({ sent: 0, failed: 1 });
    const [pending] = await handle.db.select().from(notifications);
    expect(pending).toMatchObject({ status: "pending", attempts: 1 });
    expect(pending!.lastError).toBeTruthy();
    expect(await handle.db.select({ n: count() }).from(leads)).toEqual([{ n: 1 }]);

    const smtp = await startSmtpServer(port);
    try {
      expect(await drain(port)).toBe(1);
      expect(smtp.messages).toHaveLength(1);
      const [sent] = await handle.db.select().from(notifications);
      expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await smtp.close();
    }
  });

  it("stores no notification when the row is refused", async () => {
    await expect(createLead({ ...lead(3), name: "   " }, {}, null)).rejects.toThrow();
    expect(await handle.db.select({ n: count() }).from(notifications)).toEqual([{ n: 0 }]);
  });

  it("100 concurrent submissions: 100 rows, 100 mails, no duplicates, with two senders at once", async () => {
    const smtp = await startSmtpServer();
    try {
      await Promise.all(Array.from({ length: 100 }, (_, i) => createLead(lead(100 + i), {}, `key-${i}-abcdefghijklmnop`)));
      expect(await handle.db.select({ n: count() }).from(leads)).toEqual([{ n: 100 }]);
      const [a, b] = await Promise.all([drain(smtp.port), drain(smtp.port)]);
      expect(a + b).toBe(100);
      expect(smtp.messages).toHaveLength(100);
      const names = new Set(smtp.messages.map((m) => /^Name: (.*)$/m.exec(m.raw)?.[1]));
      expect(names.size).toBe(100);
      const statuses = await handle.db.select({ status: notifications.status, n: count() }).from(notifications).groupBy(notifications.status);
      expect(statuses).toEqual([{ status: "sent", n: 100 }]);
    } finally {
      await smtp.close();
    }
  });
});

describe("double submissions", () => {
  it("store one row for one idempotency token", async () => {
    const key = "2f1c6a8e-7d0b-4c55-9a51-5b6f7a2c9d11";
    const first = await createLead(lead(4), {}, key);
    const again = await createLead(lead(4), {}, key);
    expect(again).toEqual({ id: first.id, isNew: false });
    const both = await Promise.all([
      createContactMessage(ContactFormSchema.parse({ name: "A", email: "a@b.in", mobileNumber: "9876543210", message: "m" }), {}, key),
      createContactMessage(ContactFormSchema.parse({ name: "A", email: "a@b.in", mobileNumber: "9876543210", message: "m" }), {}, key),
    ]);
    expect(both.filter((r) => r.isNew)).toHaveLength(1);
    expect(await handle.db.select({ n: count() }).from(leads)).toEqual([{ n: 1 }]);
    expect(await handle.db.select({ n: count() }).from(contactMessages)).toEqual([{ n: 1 }]);
    expect(await handle.db.select({ n: count() }).from(notifications)).toEqual([{ n: 2 }]);
  });
});

describe("spam defence", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };

  it("refuses a filled honeypot and says why", async () => {
    const verdict = await checkFormGuards(form({ companyWebsite: "http://spam.example" }), "audit", "198.51.100.1");
    expect(verdict).toMatchObject({ ok: false, reason: "honeypot" });
    expect(!verdict.ok && verdict.message).toMatch(/looked automated/);
  });

  it("refuses a form sent faster than a person can fill it", async () => {
    const verdict = await checkFormGuards(form({ elapsedMs: "500" }), "audit", "198.51.100.2");
    expect(verdict).toMatchObject({ ok: false, reason: "too-fast" });
    expect(await checkFormGuards(form({ elapsedMs: "-5" }), "audit", "198.51.100.2")).toMatchObject({ reason: "too-fast" });
    expect(await checkFormGuards(form({ elapsedMs: "abc" }), "audit", "198.51.100.2")).toMatchObject({ reason: "too-fast" });
    expect((await checkFormGuards(form({ elapsedMs: "10000" }), "audit", "198.51.100.2")).ok).toBe(true);
  });

  it("allows 5 per IP and form in 10 minutes, then refuses with the limit in the message", async () => {
    for (let i = 0; i < 5; i++) expect((await checkFormGuards(form({}), "contact", "198.51.100.3")).ok).toBe(true);
    const verdict = await checkFormGuards(form({}), "contact", "198.51.100.3");
    expect(verdict).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(!verdict.ok && verdict.message).toMatch(/5 times .* last 10 minutes/);
    expect((await checkFormGuards(form({}), "audit", "198.51.100.3")).ok).toBe(true); // per form
    expect((await checkFormGuards(form({}), "contact", "198.51.100.4")).ok).toBe(true); // per IP
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, "form:contact:198.51.100.3"));
    expect(row!.count).toBe(6);
  });
});

describe("one statement per submission: counted, stored and queued together", () => {
  const rule = { limit: 3, windowMs: 10 * 60_000 };
  const message = (n: number) => ContactFormSchema.parse({ name: `M ${n}`, email: `m${n}@b.in`, mobileNumber: "9876543210", message: "m" });

  it("stores within the limit; over it stores nothing, not even a mail, and keeps counting", async () => {
    const limit = { key: "form:contact:198.51.100.9", rule };
    for (let i = 0; i < 3; i++) {
      const stored = await createContactMessage(message(i), {}, `limit-key-${i}-abcdefghijklmnop`, limit);
      expect(stored).toMatchObject({ isNew: true });
    }
    const refused = await createContactMessage(message(3), {}, "limit-key-3-abcdefghijklmnop", limit);
    expect(refused).toMatchObject({ limited: { allowed: false, count: 4 } });
    expect("limited" in refused && refused.limited.retryAfterSeconds).toBeGreaterThan(500);
    expect(await handle.db.select({ n: count() }).from(contactMessages)).toEqual([{ n: 3 }]);
    expect(await handle.db.select({ n: count() }).from(notifications)).toEqual([{ n: 3 }]);
    const [row] = await handle.db.select().from(rateLimits).where(eq(rateLimits.key, limit.key));
    expect(row!.count).toBe(4);
    // Another address is counted apart.
    expect(await createLead(lead(9), {}, null, { key: "form:audit:198.51.100.9", rule })).toMatchObject({ isNew: true });
  });

  it("a repeated key within the limit answers the stored row and queues no second mail", async () => {
    const limit = { key: "form:audit:198.51.100.10", rule };
    const key = "repeat-key-abcdefghijklmnop";
    const first = await createLead(lead(10), {}, key, limit);
    const again = await createLead(lead(10), {}, key, limit);
    expect(again).toEqual({ id: "id" in first ? first.id : "", isNew: false });
    expect(await handle.db.select({ n: count() }).from(notifications)).toEqual([{ n: 1 }]);
  });

  it("a row the database refuses leaves neither row, mail nor count behind", async () => {
    const limit = { key: "form:audit:198.51.100.11", rule };
    await expect(createLead({ ...lead(11), name: "   " }, {}, null, limit)).rejects.toThrow();
    expect(await handle.db.select({ n: count() }).from(leads)).toEqual([{ n: 0 }]);
    expect(await handle.db.select({ n: count() }).from(notifications)).toEqual([{ n: 0 }]);
    expect(await handle.db.select().from(rateLimits).where(eq(rateLimits.key, limit.key))).toEqual([]);
  });

  it("50 concurrent submissions with 25 keys sent twice: 25 rows, 25 mails", async () => {
    const limit = (i: number) => ({ key: `form:audit:10.0.0.${i}`, rule });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createLead(lead(200 + (i % 25)), {}, `twice-${i % 25}-abcdefghijklmnop`, limit(i % 25))),
    );
    expect(results.filter((r) => "isNew" in r && r.isNew)).toHaveLength(25);
    expect(results.filter((r) => "isNew" in r && !r.isNew)).toHaveLength(25);
    expect(await handle.db.select({ n: count() }).from(leads)).toEqual([{ n: 25 }]);
    expect(await handle.db.select({ n: count() }).from(notifications)).toEqual([{ n: 25 }]);
  });
});

describe("attribution", () => {
  it("keeps bounded first/last touch and the form page; ignores junk", () => {
    const data = new FormData();
    data.set("attribution", JSON.stringify({ first_touch: { utm_source: "google", evil: "x" }, last_touch: { utm_source: "x".repeat(600) } }));
    expect(parseAttribution(data, "https://site.example/free-audit?utm_source=a")).toEqual({
      first_touch: { utm_source: "google" },
      last_touch: {},
      form_page: "/free-audit?utm_source=a",
    });
    const junk = new FormData();
    junk.set("attribution", "{not json");
    expect(parseAttribution(junk, null)).toEqual({});
  });
});

describe("outbox retries", () => {
  it("are the queue's back-off from MAIL_RETRY_SECONDS, doubling, at most MAIL_RETRY_MAX_SECONDS, 12 tries in all", async () => {
    expect(mailRetry()).toEqual({ limit: 11, delaySeconds: 15, maxDelaySeconds: 3600 });
    const settings = env() as { MAIL_RETRY_SECONDS: number; MAIL_RETRY_MAX_SECONDS: number };
    settings.MAIL_RETRY_SECONDS = 1;
    settings.MAIL_RETRY_MAX_SECONDS = 8;
    try {
      expect(mailRetry()).toEqual({ limit: 11, delaySeconds: 1, maxDelaySeconds: 8 });
    } finally {
      settings.MAIL_RETRY_SECONDS = 15;
      settings.MAIL_RETRY_MAX_SECONDS = 3600;
    }
  });
});
