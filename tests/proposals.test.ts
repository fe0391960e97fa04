import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers/next-mocks";
import { setUpTestDatabase } from "./helpers/test-db";
import { setUpJobQueue } from "./helpers/job-queue";

// Proposals (docs/decisions/0108) on the migrated database: what the table refuses, the document's
// hash, versions that never change once sent, the client's acceptance (the lead Won with its value,
// the trail, the event, the owner's mail, once under concurrency), the refusals, and the link's
// token kept only as its hash.

vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));
request.headers = new Headers({ host: "localhost:3999", origin: "http://localhost:3999", "x-forwarded-for": "198.51.100.77" });

const handle = setUpTestDatabase();
setUpJobQueue();

const { activityEvents, leads, notifications, profiles, proposals, users, webhookDeliveries } = await import("@/server/kernel/db/schema");
const { billingConfig } = await import("@/server/billing");
const { insertWebhookEndpoint } = await import("@/server/integrations/data/webhook-endpoints");
const p = await import("@/server/proposals");
const { dealValueRupees } = await import("@/lib/proposals");
type ProposalLine = import("@/lib/proposals").ProposalLine;
type ProposalRecipient = import("@/lib/proposals").ProposalRecipient;

const config = billingConfig({
  BILLING_LEGAL_NAME: "Kinetic Growth Private Limited",
  BILLING_ADDRESS: "4th Floor, 12 Marine Drive\\nMumbai 400002",
  BILLING_GSTIN: "27AAKCK2468G1ZA",
  BILLING_SIGNATORY: "Asha Menon, Director",
});

// 15 December 2026, 11:00 in India.
const NOW = new Date("2026-12-15T11:00:00+05:30");
const LATER = new Date("2026-12-16T11:00:00+05:30");
const SALES = { id: "sales-1", email: "sales@agency.test" };
const OWNER = { id: "owner-1", email: "owner@agency.test" };

async function makeLead(values: Partial<typeof leads.$inferInsert> = {}): Promise<string> {
  const [row] = await handle.db
    .insert(leads)
    .values({ name: "Ravi Kumar", email: "ravi@rangoli.test", mobileNumber: "+919876543210", service: "SEO Optimization", package: "Growth", ...values })
    .returning({ id: leads.id });
  return row!.id;
}

/** A draft for a new lead, sent: its id, token and lead. */
async function sentProposal(lead?: string) {
  const leadId = lead ?? (await makeLead({ ownerId: SALES.id }));
  const made = await p.createProposalForLead(leadId, SALES, { config, now: NOW });
  if (!made.ok) throw new Error(made.message);
  const sent = await p.sendProposal(made.id, SALES, { config, now: NOW });
  if (!sent.ok) throw new Error(sent.message);
  return { id: made.id, token: sent.token, leadId, row: sent.row };
}

const rowOf = async (id: string) => (await handle.db.select().from(proposals).where(eq(proposals.id, id)))[0]!;

const accept = (token: string, hash: string, extra: Partial<Parameters<typeof p.acceptProposal>[0]> = {}) =>
  p.acceptProposal({ token, name: "Ravi Kumar", agreed: true, documentSha256: hash, ip: "198.51.100.77", userAgent: "Test Browser/1.0", now: LATER, ...extra });

beforeEach(async () => {
  await handle.db.execute(sql`truncate proposals, leads, profiles, users, webhook_deliveries, webhook_endpoints, notifications cascade`);
  await handle.db.insert(users).values([
    { id: SALES.id, name: "Sana Sales", email: SALES.email, emailVerified: true },
    { id: OWNER.id, name: "Omar Owner", email: OWNER.email, emailVerified: true },
  ]);
  await handle.db.insert(profiles).values([
    { userId: SALES.id, role: "sales" },
    { userId: OWNER.id, role: "owner" },
  ]);
});

describe("the proposals table", () => {
  const base = async () => ({
    number: "P-2026-0001",
    title: "SEO for Rangoli",
    lines: [{ description: "SEO", sacCode: "998361", quantity: 1, unitPricePaise: 100, discount: null, billing: "monthly" as const }],
    validUntil: "2026-12-31",
    recipient: { name: "Ravi", company: "", email: "ravi@rangoli.test", stateCode: "27" },
  });
  const refused = async (values: Record<string, unknown>) => {
    await expect(handle.db.insert(proposals).values({ ...(await base()), ...values } as typeof proposals.$inferInsert)).rejects.toThrow();
  };

  it("refuses an unknown status, a malformed number, a token hash that is no SHA-256, totals that do not add up, and a blank title", async () => {
    await refused({ status: "expired" });
    await refused({ number: "PROP-1" });
    await refused({ tokenHash: "abc" });
    await refused({ taxablePaise: 100, totalPaise: 117 });
    await refused({ cgstPaise: 9, sgstPaise: 8, taxablePaise: 100, totalPaise: 117 });
    await refused({ title: "   " });
    await refused({ lines: [] });
  });

  it("refuses a sent proposal without its link, document and time, an acceptance without a name or with another document's hash, and a second draft", async () => {
    const hash = "a".repeat(64);
    const supplier = config.supplier;
    await refused({ status: "sent" });
    await refused({ status: "draft", tokenHash: hash, sentAt: NOW });
    const sent = { status: "sent" as const, tokenHash: hash, documentSha256: hash, sentAt: NOW, supplier };
    await refused({ ...sent, status: "accepted", acceptedAt: NOW, acceptedDocumentSha256: hash });
    await refused({ ...sent, status: "accepted", acceptedAt: NOW, acceptedName: "Ravi", acceptedDocumentSha256: "b".repeat(64) });
    await refused({ ...sent, status: "declined" });
    await handle.db.insert(proposals).values(await base());
    await refused({ version: 2 });
    await refused({});
  });
});

describe("the document and its hash", () => {
  const source: {
    number: string;
    version: number;
    title: string;
    lines: ProposalLine[];
    validUntil: string;
    terms: string;
    recipient: ProposalRecipient;
    supplier: typeof config.supplier;
  } = {
    number: "P-2026-0007",
    version: 1,
    title: "Growth retainer",
    lines: [
      { description: "SEO: Growth", sacCode: "998361", quantity: 1, unitPricePaise: 10_000_000, discount: null, billing: "monthly" },
      { description: "Setup", sacCode: "998361", quantity: 1, unitPricePaise: 2_500_000, discount: { percent: 10 }, billing: "one-time" },
    ],
    validUntil: "2026-12-31",
    terms: "Net 15.",
    recipient: { name: "Ravi", company: "Rangoli Foods", email: "ravi@rangoli.test", gstin: "29AABCR1357H1ZC", stateCode: "29" },
    supplier: config.supplier,
  };
  const hashOf = (s: typeof source) => p.proposalDocumentSha256(p.proposalDocument(s));

  it("is the same for the same particulars, in whatever order their keys were written", () => {
    const reverse = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T;
    const reordered = { ...reverse(source), recipient: reverse(source.recipient), lines: source.lines.map(reverse) };
    expect(Object.keys(reordered)[0]).toBe("supplier");
    expect(hashOf(reordered)).toBe(hashOf(source));
    expect(hashOf({ ...source })).toMatch(/^[0-9a-f]{64}$/);
    // The text is the canonical JSON of every figure: IGST between Maharashtra and Karnataka, 18 %.
    const document = p.proposalDocument(source);
    expect(document.totals).toEqual({ taxablePaise: 12_250_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 2_205_000, totalPaise: 14_455_000 });
    expect(document.monthly.totalPaise + document.oneTime.totalPaise).toBe(document.totals.totalPaise);
    expect(p.proposalDocumentText(document)).toContain('"amountInWords"');
  });

  it("changes when any figure, the validity, the terms or a party changes", () => {
    const base = hashOf(source);
    const line = (patch: Partial<ProposalLine>) => ({ ...source, lines: [{ ...source.lines[0]!, ...patch }, source.lines[1]!] });
    const variants = [
      line({ unitPricePaise: 10_000_001 }),
      line({ quantity: 2 }),
      line({ discount: { paise: 1 } }),
      line({ billing: "one-time" }),
      line({ sacCode: "998311" }),
      line({ description: "SEO: Growth." }),
      { ...source, validUntil: "2027-01-01" },
      { ...source, terms: "Net 30." },
      { ...source, title: "Growth retainer 2" },
      { ...source, version: 2 },
      { ...source, recipient: { ...source.recipient, company: "Rangoli Foods Pvt Ltd" } },
      { ...source, recipient: { ...source.recipient, gstin: undefined, stateCode: "27" } },
      { ...source, supplier: { ...source.supplier, address: "Elsewhere" } },
    ];
    const hashes = variants.map(hashOf);
    for (const hash of hashes) expect(hash).not.toBe(base);
    expect(new Set(hashes).size).toBe(variants.length);
  });
});

describe("writing and sending", () => {
  it("prefills the lines from the lead's package at the site's prices, and sends with the mail to the client", async () => {
    const leadId = await makeLead({ service: "WhatsApp Automation", package: "Starter" });
    const made = await p.createProposalForLead(leadId, SALES, { config, now: NOW });
    expect(made.ok).toBe(true);
    const draft = await rowOf((made as { id: string }).id);
    expect(draft).toMatchObject({ status: "draft", version: 1, number: expect.stringMatching(/^P-2026-\d{4}$/), tokenHash: null, documentSha256: null });
    // The catalogue's Starter: ₹24,835 a month and a ₹1,24,500 setup fee, in paise.
    expect(draft.lines.map((l) => [l.billing, l.unitPricePaise])).toEqual([
      ["monthly", 2_483_500],
      ["one-time", 12_450_000],
    ]);
    const sent = await p.sendProposal(draft.id, SALES, { config, now: NOW });
    expect(sent.ok).toBe(true);
    const mails = await handle.db.select().from(notifications);
    expect(mails.map((m) => [m.kind, m.recipients])).toEqual([["proposal-sent", ["ravi@rangoli.test"]]]);
    expect(mails[0]!.textBody).toContain(`/proposal/${(sent as { token: string }).token}`);
    expect(await p.sendProposal(draft.id, SALES, { config, now: NOW })).toEqual({ ok: false, message: "This version was sent already." });
  });

  it("revise never changes a sent version: the next version is a draft, and the sent one is only marked superseded when that is sent", async () => {
    const { id, token } = await sentProposal();
    const sentRow = await rowOf(id);
    const refusedEdit = await p.updateDraft(
      id,
      { title: "Changed", lines: sentRow.lines, validUntil: "2026-12-31", terms: "", recipient: sentRow.recipient },
      SALES,
      {
        config,
        now: NOW,
      },
    );
    expect(refusedEdit.ok).toBe(false);

    const revised = await p.reviseProposal(id, SALES, { now: NOW });
    if (!revised.ok) throw new Error(revised.message);
    expect(await p.reviseProposal(id, SALES, { now: NOW })).toEqual(revised); // the one draft, not a second
    const lines = sentRow.lines.map((l) => ({ ...l, unitPricePaise: l.unitPricePaise - 500_000 }));
    expect(
      (
        await p.updateDraft(revised.id, { title: "Revised", lines, validUntil: "2027-01-15", terms: "New terms", recipient: sentRow.recipient }, SALES, {
          config,
          now: NOW,
        })
      ).ok,
    ).toBe(true);
    expect(await rowOf(id)).toEqual(sentRow);

    const second = await p.sendProposal(revised.id, SALES, { config, now: LATER });
    if (!second.ok) throw new Error(second.message);
    const old = await rowOf(id);
    expect(old).toEqual({ ...sentRow, status: "superseded", supersededAt: LATER, updatedAt: old.updatedAt });
    expect(second.row).toMatchObject({ version: 2, number: sentRow.number, status: "sent", title: "Revised" });
    expect(second.row.documentSha256).not.toBe(sentRow.documentSha256);
    // The old link now says so and accepts nothing.
    const page = await p.publicProposal(token, { now: LATER });
    expect(page?.status).toBe("superseded");
    expect(await accept(token, page!.documentSha256)).toEqual({ ok: false, message: expect.stringContaining("newer version") });
  });
});

describe("the activity trail", () => {
  it("records each write in its transaction: the desk's by the member, the client's answers by no account with their address", async () => {
    const { id, token } = await sentProposal();
    const row = await rowOf(id);
    expect(
      (await p.updateDraft(id, { title: "x", lines: row.lines, validUntil: row.validUntil, terms: "", recipient: row.recipient }, SALES, { config, now: NOW }))
        .ok,
    ).toBe(false);
    const revised = await p.reviseProposal(id, SALES, { now: NOW });
    if (!revised.ok) throw new Error(revised.message);
    expect(
      (
        await p.updateDraft(revised.id, { title: "Revised", lines: row.lines, validUntil: row.validUntil, terms: "", recipient: row.recipient }, SALES, {
          config,
          now: NOW,
        })
      ).ok,
    ).toBe(true);
    await p.publicProposal(token, { now: LATER });
    await p.declineProposal({ token, reason: "", now: LATER });
    const trail = await handle.db
      .select()
      .from(activityEvents)
      .where(sql`${activityEvents.recordId} in (${id}, ${revised.id})`)
      .orderBy(activityEvents.at);
    expect(trail.map((t) => [t.action, t.recordId === id ? "v1" : "v2", t.userId])).toEqual([
      ["create", "v1", SALES.id],
      ["proposal.send", "v1", SALES.id],
      ["proposal.revise", "v2", SALES.id],
      ["update", "v2", SALES.id],
      ["proposal.view", "v1", null],
      ["proposal.decline", "v1", null],
    ]);
    expect(trail.at(-1)!.email).toBe("ravi@rangoli.test");
  });
});

describe("the client's page and answer", () => {
  it("returns nothing for an unknown or malformed token, and marks the first open viewed", async () => {
    expect(await p.publicProposal("A".repeat(43))).toBeUndefined();
    expect(await p.publicProposal("not a token")).toBeUndefined();
    const { id, token } = await sentProposal();
    const page = await p.publicProposal(token, { now: LATER });
    expect(page).toMatchObject({ status: "viewed", open: true });
    expect(page!.documentSha256).toBe((await rowOf(id)).documentSha256);
    expect((await rowOf(id)).viewedAt).toEqual(LATER);
    await p.publicProposal(token, { now: new Date(LATER.getTime() + 60_000) });
    expect((await rowOf(id)).viewedAt).toEqual(LATER);
  });

  it("stores the token only as its SHA-256: no column of the row, the trail or an event holds it", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example/p", kind: "standard", events: ["proposal.accepted"] });
    const { id, token } = await sentProposal();
    const page = await p.publicProposal(token, { now: LATER });
    await accept(token, page!.documentSha256);
    const row = await rowOf(id);
    expect(row.tokenHash).toBe(p.hashProposalToken(token));
    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, id));
    expect(trail.length).toBeGreaterThan(0);
    const stored = JSON.stringify([row, trail, await handle.db.select().from(webhookDeliveries)]);
    expect(stored).toContain(id);
    expect(stored).not.toContain(token);
  });

  it("accepting moves the lead to Won with the proposal's value, writes the trail and the event, and mails the lead's owner", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example/p", kind: "standard", events: ["proposal.accepted", "lead.updated"] });
    const { id, token, leadId } = await sentProposal();
    const page = await p.publicProposal(token, { now: LATER });
    const result = await accept(token, page!.documentSha256, { name: "  Ravi   Kumar " });
    expect(result.ok).toBe(true);

    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: "accepted",
      acceptedAt: LATER,
      acceptedName: "Ravi Kumar",
      acceptedIp: "198.51.100.0",
      acceptedUserAgent: "Test Browser/1.0",
      acceptedDocumentSha256: page!.documentSha256,
    });
    const [lead] = await handle.db.select().from(leads).where(eq(leads.id, leadId));
    // SEO Growth: ₹1,00,000 a month before GST, the deal's value in rupees.
    expect(lead).toMatchObject({ status: "won", dealValue: 100_000 });
    expect(lead!.dealValue).toBe(dealValueRupees(row.taxablePaise));
    expect(lead!.wonAt).not.toBeNull();

    const trail = await handle.db
      .select()
      .from(activityEvents)
      .where(sql`${activityEvents.recordId} in (${id}, ${leadId})`);
    expect(trail.map((t) => [t.action, t.tableName, t.userId])).toEqual(
      expect.arrayContaining([
        ["proposal.accept", "proposals", null],
        ["status", "leads", null],
      ]),
    );
    const events = (await handle.db.select().from(webhookDeliveries)).map((d) => [d.eventType, d.payload as Record<string, unknown>]);
    expect(events.map(([type]) => type).sort()).toEqual(["lead.updated", "proposal.accepted"]);
    const accepted = events.find(([type]) => type === "proposal.accepted")![1] as Record<string, unknown>;
    expect(accepted).toMatchObject({ id, status: "accepted", acceptedName: "Ravi Kumar", totalPaise: row.totalPaise, leadId });
    expect(JSON.stringify(accepted)).not.toContain("198.51.100");

    const mails = await handle.db.select().from(notifications).where(eq(notifications.kind, "proposal-accepted"));
    expect(mails.map((m) => m.recipients)).toEqual([[SALES.email]]);
  });

  it("mails the owners when the lead has no owner", async () => {
    const { token } = await sentProposal(await makeLead({ ownerId: null }));
    const page = await p.publicProposal(token, { now: LATER });
    expect((await accept(token, page!.documentSha256)).ok).toBe(true);
    const mails = await handle.db.select().from(notifications).where(eq(notifications.kind, "proposal-accepted"));
    expect(mails.map((m) => m.recipients)).toEqual([[OWNER.email]]);
  });

  it("two acceptances at once accept once: one trail row, one event, one mail", async () => {
    await insertWebhookEndpoint({ url: "https://hooks.example/p", kind: "standard", events: ["proposal.accepted"] });
    const { id, token } = await sentProposal();
    const page = await p.publicProposal(token, { now: LATER });
    const results = await Promise.all([accept(token, page!.documentSha256), accept(token, page!.documentSha256, { name: "Someone Else" })]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, message: expect.stringContaining("accepted already") });
    expect(
      (
        await handle.db
          .select()
          .from(activityEvents)
          .where(sql`${activityEvents.action} = 'proposal.accept' and ${activityEvents.recordId} = ${id}`)
      ).length,
    ).toBe(1);
    expect((await handle.db.select().from(webhookDeliveries)).length).toBe(1);
    expect((await handle.db.select().from(notifications).where(eq(notifications.kind, "proposal-accepted"))).length).toBe(1);
  });

  it("refuses with a sentence and changes nothing: no name, no tick, another document, expired, declined, unknown", async () => {
    const { id, token } = await sentProposal();
    const page = await p.publicProposal(token, { now: LATER });
    const before = await rowOf(id);
    const refusals = [
      await accept(token, page!.documentSha256, { name: "   " }),
      await accept(token, page!.documentSha256, { agreed: false }),
      await accept(token, "0".repeat(64)),
      await accept("B".repeat(43), page!.documentSha256),
      // Valid until 14 January 2027 (30 days): the 15th is past it.
      await accept(token, page!.documentSha256, { now: new Date("2027-01-15T09:00:00+05:30") }),
    ];
    expect(refusals.map((r) => (r.ok ? "accepted" : r.message))).toEqual([
      "Type your full name to accept.",
      "Tick “I accept these terms” to accept.",
      expect.stringContaining("changed since the page was opened"),
      expect.stringContaining("names no proposal"),
      expect.stringContaining("validity has passed"),
    ]);
    expect(await rowOf(id)).toEqual(before);
    expect((await p.listProposals({ status: "expired", now: new Date("2027-01-15T09:00:00+05:30") })).map((r) => r.id)).toEqual([id]);

    const declined = await p.declineProposal({ token, reason: "Over budget", now: LATER });
    expect(declined.ok).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: "declined", declineReason: "Over budget" });
    expect(await accept(token, page!.documentSha256)).toEqual({ ok: false, message: expect.stringContaining("was declined") });
    expect((await p.declineProposal({ token, reason: "", now: LATER })).ok).toBe(false);
    const [lead] = await handle.db.select().from(leads);
    expect(lead!.status).not.toBe("won");
  });
});
