import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findPackageChoice, packageChoices, packageFormHref, services } from "@/content/services";
import { AuditFormSchema, ContactFormSchema, fieldErrors } from "@/lib/schemas/lead-forms";
import { acknowledgedSenders, leads, notifications } from "@/server/db/schema";
import { createContactMessage } from "@/server/data/contact-messages";
import { createLead } from "@/server/data/leads";
import { pruneAcknowledgedSenders } from "@/server/data/submissions";
import { env } from "@/server/env";
import { createTestDatabase } from "./helpers/test-db";

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits, acknowledged_senders cascade`);
});

const audit = (n: number, extra: Record<string, string> = {}) =>
  AuditFormSchema.parse({
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
  it("links each card to the audit form naming its service and package, which the form accepts", () => {
    const seo = services.find((s) => s.slug === "seo-optimization")!;
    const href = packageFormHref("seo-optimization", "Growth");
    expect(href).toBe("/free-audit?service=seo-optimization&package=Growth#audit-form");
    const query = new URL(href, "http://x").searchParams;
    expect(findPackageChoice(`${query.get("service")}/${query.get("package")}`)).toMatchObject({ serviceTitle: seo.title, name: "Growth" });
    expect(packageChoices()).toHaveLength(services.reduce((n, s) => n + s.detail.packages.length, 0));
  });

  it("stores the package on the lead and names it in the notification", async () => {
    const stored = await createLead(audit(1, { package: "seo-optimization/Growth" }), {}, null);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, stored.id));
    expect(row).toMatchObject({ service: "SEO Optimization", package: "Growth" });
    const [mail] = await ofKind("lead");
    expect(mail!.textBody).toContain("Package: SEO Optimization: Growth");
  });

  it("leaves it empty when none was chosen, and refuses a package that is not on the site beside the field", async () => {
    const stored = await createLead(audit(2), {}, null);
    const [row] = await handle.db.select().from(leads).where(eq(leads.id, stored.id));
    expect(row).toMatchObject({ service: null, package: null });
    const [mail] = await ofKind("lead");
    expect(mail!.textBody).not.toContain("Package:");

    for (const hostile of ["seo-optimization/Platinum", "../../etc/passwd", "seo-optimization/Growth\r\nBcc: x@y.z"]) {
      const result = AuditFormSchema.safeParse({ ...audit(3), package: hostile });
      expect(result.success).toBe(false);
      expect(fieldErrors(result.error!)).toEqual({ package: "Choose a package from the list, or none." });
    }
  });
});

describe("the sender's acknowledgement", () => {
  it("queues one to the sender: what they sent, what happens next, our contacts, replies to the agency", async () => {
    const stored = await createLead(audit(4, { package: "retention-marketing/Essential" }), {}, null);
    const [ack] = await ofKind("acknowledgement");
    expect(ack).toMatchObject({ recipients: ["lead4@brand.in"], replyTo: env().CONTACT_EMAIL, leadId: stored.id, status: "pending" });
    for (const line of [
      "Hello Lead 4,",
      "What happens next:",
      "3 custom growth ideas within 72 hours",
      "Growth challenge: Challenge 4",
      "Package: Retention Marketing: Essential",
      `E-mail: ${env().CONTACT_EMAIL}`,
      `Phone: ${env().CONTACT_PHONE}`,
    ]) {
      expect(ack!.textBody).toContain(line);
    }
    // The agency's notification is still there, alongside.
    expect(await ofKind("lead")).toHaveLength(1);
  });

  it("escapes what the sender typed in the HTML part", async () => {
    await createContactMessage(
      ContactFormSchema.parse({ name: "<b>Eve</b>", email: "eve@brand.in", mobileNumber: "9876543210", message: "<script>alert(1)</script>" }),
      {},
      null,
    );
    const [ack] = await ofKind("acknowledgement");
    expect(ack!.htmlBody).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(ack!.htmlBody).not.toContain("<script>");
    expect(ack!.htmlBody).not.toContain("<b>Eve</b>");
  });

  it("20 concurrent submissions naming one address (any case): 20 leads, 20 notifications, exactly one acknowledgement", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? createLead(audit(100 + i, { email: i % 4 === 0 ? "Victim@Example.com" : "victim@example.com" }), {}, null)
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
    await createLead(audit(5), {}, key);
    await createLead(audit(5), {}, key);
    expect(await ofKind("acknowledgement")).toHaveLength(1);
    await createLead(audit(5), {}, null);
    expect(await ofKind("acknowledgement")).toHaveLength(1);
    // Yesterday's acknowledgement does not hold back today's.
    await handle.db
      .update(acknowledgedSenders)
      .set({ day: sql`${acknowledgedSenders.day} - 1` })
      .where(and(eq(acknowledgedSenders.email, "lead5@brand.in")));
    await createLead(audit(5), {}, null);
    expect(await ofKind("acknowledgement")).toHaveLength(2);
  });

  it("claims of days before yesterday are pruned; today's and yesterday's are kept", async () => {
    await createLead(audit(20), {}, null);
    await createLead(audit(21), {}, null);
    await createLead(audit(22), {}, null);
    await handle.db.update(acknowledgedSenders).set({ day: sql`${acknowledgedSenders.day} - 2` }).where(eq(acknowledgedSenders.email, "lead20@brand.in"));
    await handle.db.update(acknowledgedSenders).set({ day: sql`${acknowledgedSenders.day} - 1` }).where(eq(acknowledgedSenders.email, "lead21@brand.in"));
    expect(await pruneAcknowledgedSenders()).toBe(1);
    const kept = await handle.db.select({ email: acknowledgedSenders.email }).from(acknowledgedSenders).orderBy(acknowledgedSenders.email);
    expect(kept.map((k) => k.email)).toEqual(["lead21@brand.in", "lead22@brand.in"]);
  });

  it("a submission over the rate limit stores nothing and acknowledges nothing", async () => {
    const limit = { key: "form:audit:198.51.100.7", rule: { limit: 1, windowMs: 60_000 } };
    expect(await createLead(audit(6), {}, null, limit)).toMatchObject({ isNew: true });
    expect(await createLead(audit(7), {}, null, limit)).toHaveProperty("limited");
    const acks = await ofKind("acknowledgement");
    expect(acks.map((a) => a.recipients[0])).toEqual(["lead6@brand.in"]);
  });

  it("can be switched off (FORM_ACKNOWLEDGEMENT=false)", async () => {
    const settings = env() as { FORM_ACKNOWLEDGEMENT: boolean };
    settings.FORM_ACKNOWLEDGEMENT = false;
    try {
      await createLead(audit(8), {}, null);
    } finally {
      settings.FORM_ACKNOWLEDGEMENT = true;
    }
    expect(await ofKind("acknowledgement")).toHaveLength(0);
    expect(await ofKind("lead")).toHaveLength(1);
  });
});
