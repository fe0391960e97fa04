import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { findPackageChoice, packageChoices, packageFormHref, services } from "@/content/services";
import { FreeAuditSchema, ContactFormSchema, fieldErrors } from "@/lib/schemas/lead-forms";
import { acknowledgedSenders, leads, notifications } from "@/server/kernel/db/schema";
import { createContactMessage } from "@/server/leads/data/contact-messages";
import { createLead } from "@/server/leads/data/leads";
import { pruneAcknowledgedSenders } from "@/server/leads/data/submissions";
import { env } from "@/server/kernel/env";
import { clientKey, mailboxKey } from "@/server/kernel/mail/mailbox";
import { setUpTestDatabase } from "./helpers/test-db";

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits, acknowledged_senders cascade`);
});

const freeAudit = (n: number, extra: Record<string, string> = {}) =>
  FreeAuditSchema.parse({
    name: `Lead ${n}`,
    email: `lead${n}@brand.in`,
    mobileNumber: "9876543210",
    websiteUrl: "brand.in",
    monthlyRevenue: "50L-1Cr/month",
    growthChallenge: `Challenge ${n}`,
    ...extra,
  });

const ofKind = (kind: string) => handle.db.select().from(notifications).where(eq(notifications.kind, kind));

describe("a pricing card's package travels with the lead", () => {
  it("links each card to the free audit form naming its service and package, which the form accepts", () => {
    const seo = services.find((s) => s.slug === "seo-optimization")!;
    const href = packageFormHref("seo-optimization", "Growth");
    expect(href).toBe("/free-audit?service=seo-optimization&package=Growth#audit-form");
    const query = new URL(href, "http://x").searchParams;
    expect(findPackageChoice(`${query.get("service")}/${query.get("package")}`)).toMatchObject({ serviceTitle: seo.title, name: "Growth" });
    expect(packageChoices()).toHaveLength(services.reduce((n, s) => n + s.detail.packages.length, 0));
  });

  it("stores the package on the lead and names it in the notification", async () => {
    const stored = await createLead(freeAudit(1, { package: "seo-optimization/Growth" }), {}, null);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, stored.id));
    expect(row).toMatchObject({ service: "SEO Optimization", package: "Growth" });
    const [mail] = await ofKind("lead");
    expect(mail!.textBody).toContain("Package: SEO Optimization: Growth");
  });

  it("leaves it empty when none was chosen, and refuses a package that is not on the site beside the field", async () => {
    const stored = await createLead(freeAudit(2), {}, null);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, stored.id));
    expect(row).toMatchObject({ service: null, package: null });
    const [mail] = await ofKind("lead");
    expect(mail!.textBody).not.toContain("Package:");

    for (const hostile of ["seo-optimization/Platinum", "../../etc/passwd", "seo-optimization/Growth\r\nBcc: x@y.z"]) {
      const result = FreeAuditSchema.safeParse({ ...freeAudit(3), package: hostile });
      expect(result.success).toBe(false);
      expect(fieldErrors(result.error!)).toEqual({ package: "Choose a package from the list, or none." });
    }
  });
});

describe("the sender's acknowledgement", () => {
  it("queues one to the sender in our own words: which form, the package, the date, what happens next, our contacts", async () => {
    const stored = await createLead(freeAudit(4, { package: "retention-marketing/Essential" }), {}, null);
    const [ack] = await ofKind("acknowledgement");
    expect(ack).toMatchObject({ recipients: ["lead4@brand.in"], replyTo: env().CONTACT_EMAIL, leadId: stored.id, status: "pending" });
    const today = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Kolkata" }).format(new Date());
    for (const line of [
      "Hello,",
      "What happens next:",
      "3 custom growth ideas within 72 hours",
      "Form: Free growth audit",
      "Service: Retention Marketing",
      "Package: Essential",
      `Received: ${today}`,
      `E-mail: ${env().CONTACT_EMAIL}`,
      `Phone: ${env().CONTACT_PHONE}`,
    ]) {
      expect(ack!.textBody).toContain(line);
    }
    // The agency's notification is still there, alongside.
    expect(await ofKind("lead")).toHaveLength(1);
  });

  it("repeats nothing a stranger typed (name, message, company, website, challenge, mobile): the agency's notification keeps it all", async () => {
    const phish = "Visit http://phish.invalid/login now - your account is suspended";
    await createContactMessage(
      ContactFormSchema.parse({
        name: "Visit phish.invalid now",
        email: "eve@brand.in",
        mobileNumber: "9876543210",
        company: "phish.invalid support",
        message: phish,
      }),
      {},
      null,
    );
    await createLead(
      freeAudit(30, {
        name: "<b>Eve</b> phish.invalid",
        websiteUrl: "phish.invalid",
        growthChallenge: `<script>alert(1)</script> ${phish}`,
        email: "eve2@brand.in",
      }),
      {},
      null,
    );
    const acks = await ofKind("acknowledgement");
    expect(acks).toHaveLength(2);
    for (const ack of acks) {
      for (const body of [ack.textBody, ack.htmlBody ?? "", ack.subject]) {
        expect(body).not.toContain("phish");
        expect(body).not.toContain("Eve");
        expect(body).not.toContain("script");
        expect(body).not.toContain("9876543210");
        expect(body).not.toContain("What you sent us");
      }
      expect(ack.textBody).toMatch(/^Hello,$/m);
    }
    const [contact] = await ofKind("contact");
    expect(contact!.textBody).toContain(`Message: ${phish}`);
    const [lead] = await ofKind("lead");
    expect(lead!.textBody).toContain("Website: https://phish.invalid/");
  });

  it("40 submissions naming +tag, dotted and case variants of 3 mailboxes: one acknowledgement per mailbox (Gmail ignores dots; +tags everywhere)", async () => {
    const variants = (i: number) =>
      [
        `victim+${i}@gmail.com`,
        `v.i.c.t.i.m@gmail.com`,
        `Vic.Tim+promo${i}@GMAIL.com`,
        `victim@googlemail.com`,
        `vi.ctim+${i}@googlemail.com`,
        `ops+${i}@brand.in`,
        `OPS@brand.in`,
        `o.ps+x${i}@brand.in`,
      ][i % 8]!;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? createLead(freeAudit(200 + i, { email: variants(i) }), {}, null)
          : createContactMessage(
              ContactFormSchema.parse({ name: `Flood ${i}`, email: variants(i), mobileNumber: "9876543210", message: `Hello ${i}` }),
              {},
              null,
            ),
      ),
    );
    const acks = await ofKind("acknowledgement");
    // One for the Gmail mailbox, one for ops@brand.in; o.ps@brand.in is another mailbox: dots count outside Gmail.
    expect(acks).toHaveLength(3);
    expect((await ofKind("lead")).length + (await ofKind("contact")).length).toBe(40);
    const claims = await handle.db.select({ email: acknowledgedSenders.email }).from(acknowledgedSenders).orderBy(acknowledgedSenders.email);
    expect(claims.map((c) => c.email)).toEqual(["o.ps@brand.in", "ops@brand.in", "victim@gmail.com"]);
    console.log(
      `acknowledgement (${handle.label}): 40 concurrent submissions naming 8 spellings of 3 mailboxes: ${acks.length} acknowledgements, 40 stored and notified`,
    );
  });

  it("at most FORM_ACKNOWLEDGEMENT_CLIENT_HOURLY_LIMIT (3) acknowledgements an hour from one client address, whatever the addresses; another client still gets its own", async () => {
    const client = "198.51.100.20";
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => createLead(freeAudit(300 + i), {}, null, undefined, client)));
    expect(results.every((r) => r.isNew)).toBe(true);
    expect(await ofKind("lead")).toHaveLength(20);
    expect(env().FORM_ACKNOWLEDGEMENT_CLIENT_HOURLY_LIMIT).toBe(3);
    expect(await ofKind("acknowledgement")).toHaveLength(3);
    // An address held back by the limit was not claimed: sent again from elsewhere, it is acknowledged.
    const acknowledged = new Set((await ofKind("acknowledgement")).map((a) => a.recipients[0]));
    const heldBack = Array.from({ length: 20 }, (_, i) => `lead${300 + i}@brand.in`).find((e) => !acknowledged.has(e))!;
    await createLead(freeAudit(999, { email: heldBack }), {}, null, undefined, "203.0.113.9");
    expect((await ofKind("acknowledgement")).map((a) => a.recipients[0])).toContain(heldBack);
    // One IPv6 customer's /64 is one client.
    for (const [i, ip] of ["2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "2001:0db8:0001:0002:0:0:0:77", "2001:db8:1:2::4", "2001:db8:1:2::5"].entries()) {
      await createLead(freeAudit(400 + i), {}, null, undefined, ip);
    }
    const from64 = (await ofKind("acknowledgement")).filter((a) => /^lead40\d@/.test(a.recipients[0]!));
    expect(from64).toHaveLength(env().FORM_ACKNOWLEDGEMENT_CLIENT_HOURLY_LIMIT);
    console.log(
      `acknowledgement (${handle.label}): 20 concurrent submissions from one client address naming 20 addresses: 3 acknowledged, 20 stored; 5 from one IPv6 /64: 3 acknowledged`,
    );
  });

  it("at most FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT acknowledgements an hour over all clients; the notifications all go", async () => {
    const settings = env() as { FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT: number };
    const before = settings.FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT;
    settings.FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT = 5;
    try {
      await Promise.all(Array.from({ length: 12 }, (_, i) => createLead(freeAudit(500 + i), {}, null, undefined, `192.0.2.${i + 1}`)));
    } finally {
      settings.FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT = before;
    }
    expect(await ofKind("acknowledgement")).toHaveLength(5);
    expect(await ofKind("lead")).toHaveLength(12);
    console.log(
      `acknowledgement (${handle.label}): 12 concurrent submissions from 12 clients with the overall limit at 5: 5 acknowledged, 12 stored and notified`,
    );
  });

  it("20 concurrent submissions naming one address (any case): 20 leads, 20 notifications, exactly one acknowledgement", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? createLead(freeAudit(100 + i, { email: i % 4 === 0 ? "Victim@Example.com" : "victim@example.com" }), {}, null)
          : createContactMessage(
              ContactFormSchema.parse({ name: `Flood ${i}`, email: "VICTIM@example.com", mobileNumber: "9876543210", message: `Hello ${i}` }),
              {},
              null,
            ),
      ),
    );
    expect(results.every((r) => r.isNew)).toBe(true);
    const acks = await ofKind("acknowledgement");
    expect(acks).toHaveLength(1);
    expect(acks[0]!.recipients).toEqual(["victim@example.com"]);
    expect((await ofKind("lead")).length + (await ofKind("contact")).length).toBe(20);
  });

  it("a double submission (same key) acknowledges nothing more; the next day acknowledges again", async () => {
    const key = "ack-key-abcdefghijklmnop";
    await createLead(freeAudit(5), {}, key);
    await createLead(freeAudit(5), {}, key);
    expect(await ofKind("acknowledgement")).toHaveLength(1);
    await createLead(freeAudit(5), {}, null);
    expect(await ofKind("acknowledgement")).toHaveLength(1);
    // Yesterday's acknowledgement does not hold back today's.
    await handle.db
      .update(acknowledgedSenders)
      .set({ day: sql`${acknowledgedSenders.day} - 1` })
      .where(and(eq(acknowledgedSenders.email, "lead5@brand.in")));
    await createLead(freeAudit(5), {}, null);
    expect(await ofKind("acknowledgement")).toHaveLength(2);
  });

  it("claims of days before yesterday are pruned; today's and yesterday's are kept", async () => {
    await createLead(freeAudit(20), {}, null);
    await createLead(freeAudit(21), {}, null);
    await createLead(freeAudit(22), {}, null);
    await handle.db
      .update(acknowledgedSenders)
      .set({ day: sql`${acknowledgedSenders.day} - 2` })
      .where(eq(acknowledgedSenders.email, "lead20@brand.in"));
    await handle.db
      .update(acknowledgedSenders)
      .set({ day: sql`${acknowledgedSenders.day} - 1` })
      .where(eq(acknowledgedSenders.email, "lead21@brand.in"));
    expect(await pruneAcknowledgedSenders()).toBe(1);
    const kept = await handle.db.select({ email: acknowledgedSenders.email }).from(acknowledgedSenders).orderBy(acknowledgedSenders.email);
    expect(kept.map((k) => k.email)).toEqual(["lead21@brand.in", "lead22@brand.in"]);
  });

  it("a submission over the rate limit stores nothing and acknowledges nothing", async () => {
    const limit = { key: "form:audit:198.51.100.7", rule: { limit: 1, windowMs: 60_000 } };
    expect(await createLead(freeAudit(6), {}, null, limit)).toMatchObject({ isNew: true });
    expect(await createLead(freeAudit(7), {}, null, limit)).toHaveProperty("limited");
    const acks = await ofKind("acknowledgement");
    expect(acks.map((a) => a.recipients[0])).toEqual(["lead6@brand.in"]);
  });

  it("can be switched off (FORM_ACKNOWLEDGEMENT=false)", async () => {
    const settings = env() as { FORM_ACKNOWLEDGEMENT: boolean };
    settings.FORM_ACKNOWLEDGEMENT = false;
    try {
      await createLead(freeAudit(8), {}, null);
    } finally {
      settings.FORM_ACKNOWLEDGEMENT = true;
    }
    expect(await ofKind("acknowledgement")).toHaveLength(0);
    expect(await ofKind("lead")).toHaveLength(1);
  });
});

describe("what the acknowledgement limits count", () => {
  it("one mailbox however it is spelt: case, +tags anywhere, dots at Gmail only, the domain's Unicode or A-label form", () => {
    expect(mailboxKey("V.I.Ctim+news@GoogleMail.com")).toBe("victim@gmail.com");
    expect(mailboxKey("victim@gmail.com")).toBe("victim@gmail.com");
    expect(mailboxKey("first.last+x@outlook.com")).toBe("first.last@outlook.com");
    expect(mailboxKey("first.last@brand.in")).not.toBe(mailboxKey("firstlast@brand.in"));
    expect(mailboxKey("asha+leads@bücher.example")).toBe("asha@xn--bcher-kva.example");
    expect(mailboxKey("asha@xn--bcher-kva.example")).toBe("asha@xn--bcher-kva.example");
    // A local part that is only a tag is left as typed.
    expect(mailboxKey("+x@brand.in")).toBe("+x@brand.in");
  });

  it("one client per IPv4 address and per IPv6 /64", () => {
    expect(clientKey("198.51.100.7")).toBe("198.51.100.7");
    expect(clientKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    for (const ip of ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:0:0:9", "2001:DB8:1:2:a:b:c:d"]) expect(clientKey(ip)).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });
});
