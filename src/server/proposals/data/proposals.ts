import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { services, type ServiceSlug } from "@/content/services";
import { leadsTable } from "@/lib/admin-tables/leads";
import { DESCRIPTION_MAX, InvoiceInputError, storedTotals } from "@/lib/gst/invoice";
import { isPlaceOfSupplyCode } from "@/lib/gst/states";
import {
  computeProposal,
  dealValueRupees,
  OPEN_PROPOSAL_STATUSES,
  PROPOSAL_LIMITS,
  shownStatus,
  type ProposalLine,
  type ProposalRecipient,
  type ProposalStatus,
} from "@/lib/proposals";
import { addDays } from "@/lib/site-time";
import { maskIp, recordActivity, type ActivityActor } from "../../kernel/activity/activity";
import { db, type Executor, type Transaction } from "../../kernel/db/client";
import { leads, proposals, users, type InvoiceRow, type PaymentLinkRow, type ProposalRow } from "../../kernel/db/schema";
import { enqueueWebhookEvent } from "../../kernel/events/events";
import { enqueueMail } from "../../kernel/mail/mail";
import { ownerEmails } from "../../kernel/session/data/profiles";
import {
  billingConfig,
  DEFAULT_SAC_CODES,
  invoicesOfProposal,
  issueInvoiceIn,
  openPaymentLinks,
  type BillingConfig,
} from "../../billing";
import { afterStatusChange, changeRecordStatusIn } from "../../dashboard";
import { siteToday } from "../../leads";
import { proposalDocument, proposalDocumentSha256, type ProposalDocument } from "../document";
import { acceptedMail, proposalMail } from "../mails";
import { hashProposalToken, isProposalToken, newProposalToken } from "../token";

// Proposals (docs/decisions/0108): written from a lead, sent as a link, accepted or declined by the
// client on the link's page. A sent row is never edited: a revision is a new version. Every write of
// the dashboard records its activity row in its transaction; the client's answers do too, with no
// account named.

const TABLE = "proposals";
const VALIDITY_DAYS = 30;

/** What the agency's proposals say unless staff write otherwise. */
export const DEFAULT_TERMS = [
  "Prices are in Indian rupees; GST is charged as shown.",
  "One-time items are invoiced when the work starts; monthly items are invoiced at the start of each month.",
  "Either party may end the monthly services with 30 days' written notice.",
  "Ad spend, where any, is paid by the client directly to the ad platform and is not included.",
].join("\n");

export type ProposalRefusal = { ok: false; message: string };
const refuse = (message: string): ProposalRefusal => ({ ok: false, message });

function supplierOf(config?: BillingConfig): BillingConfig {
  return config ?? billingConfig();
}

/** The serial's number as printed: P-<year made>-<serial, four digits or more>. */
function proposalNumber(serial: number, today: string): string {
  return `P-${today.slice(0, 4)}-${String(serial).padStart(4, "0")}`;
}

/**
 * The lines a lead's chosen package prices (src/content/services.ts, the site's own prices): its price
 * as a monthly or one-time line and its setup fee as a one-time line; a line to fill in otherwise.
 */
export function prefillLines(lead: { service: string | null; package: string | null }, sacCodes: Readonly<Record<ServiceSlug, string>>): ProposalLine[] {
  const service = services.find((s) => s.title === lead.service);
  const pack = service?.detail.packages.find((p) => p.name === lead.package);
  if (!service || !pack) return [{ description: "Services as agreed", sacCode: DEFAULT_SAC_CODES["growth-consulting"], quantity: 1, unitPricePaise: 0, discount: null, billing: "one-time" }];
  const sacCode = sacCodes[service.slug];
  const lines: ProposalLine[] = [
    {
      serviceSlug: service.slug,
      description: `${service.title}: ${pack.name}${pack.limit ? ` (${pack.limit})` : ""}`,
      sacCode,
      quantity: 1,
      unitPricePaise: pack.price * 100,
      discount: null,
      billing: pack.billing === "month" ? "monthly" : "one-time",
    },
  ];
  if (pack.setupFee)
    lines.push({ serviceSlug: service.slug, description: `${service.title}: one-time setup`, sacCode, quantity: 1, unitPricePaise: pack.setupFee * 100, discount: null, billing: "one-time" });
  return lines;
}

/** The stored figures of a proposal's lines (throws InvoiceInputError naming what cannot be priced). */
function figuresOf(recipient: ProposalRecipient, lines: readonly ProposalLine[], config: BillingConfig) {
  if (lines.length > PROPOSAL_LIMITS.lines) throw new InvoiceInputError(`A proposal has at most ${PROPOSAL_LIMITS.lines} lines.`);
  const figures = computeProposal({ supplierStateCode: config.supplier.stateCode, recipient, lines });
  return { ...storedTotals(figures.computation.totals), monthlyTotalPaise: figures.monthly.totalPaise };
}

async function lockProposal(tx: Transaction, id: string): Promise<ProposalRow | undefined> {
  const [row] = await tx.select().from(proposals).where(eq(proposals.id, id)).for("update");
  return row;
}

/** A new draft for a lead, its lines from the lead's package, addressed to the lead; its id, or a refusal. */
export async function createProposalForLead(
  leadId: string,
  actor: ActivityActor,
  options: { config?: BillingConfig; now?: Date } = {},
): Promise<{ ok: true; id: string } | ProposalRefusal> {
  const config = supplierOf(options.config);
  const today = siteToday(options.now);
  return db().transaction(async (tx) => {
    const [lead] = await tx.select().from(leads).where(eq(leads.id, leadId));
    if (!lead) return refuse("This lead no longer exists.");
    const recipient: ProposalRecipient = { name: lead.name, company: "", email: lead.email, stateCode: config.supplier.stateCode };
    const lines = prefillLines(lead, config.sacCodes);
    const [{ serial }] = (await tx.execute<{ serial: string }>(sql`select nextval('proposal_serial_seq') as serial`)).rows as [{ serial: string }];
    const values = {
      leadId,
      number: proposalNumber(Number(serial), today),
      version: 1,
      title: lead.service ? `${lead.service} for ${lead.name}` : `Proposal for ${lead.name}`,
      lines,
      validUntil: addDays(today, VALIDITY_DAYS),
      terms: DEFAULT_TERMS,
      recipient,
      supplier: config.supplier,
      ...figuresOf(recipient, lines, config),
      createdBy: actor.id,
    };
    const [row] = await tx.insert(proposals).values(values).returning();
    await recordActivity({ action: "create", actor, table: TABLE, recordId: row!.id, after: row }, tx);
    return { ok: true as const, id: row!.id };
  });
}

export interface DraftInput {
  title: string;
  lines: ProposalLine[];
  validUntil: string;
  terms: string;
  recipient: ProposalRecipient;
}

/** Saves a draft's words and figures; a proposal once sent is refused (revise it instead). */
export async function updateDraft(
  id: string,
  input: DraftInput,
  actor: ActivityActor,
  options: { config?: BillingConfig; now?: Date } = {},
): Promise<{ ok: true } | ProposalRefusal> {
  const config = supplierOf(options.config);
  const today = siteToday(options.now);
  if (input.validUntil < today) return refuse("The proposal must be valid until today or later.");
  if (input.validUntil > addDays(today, PROPOSAL_LIMITS.validityDays)) return refuse(`A proposal is valid for at most ${PROPOSAL_LIMITS.validityDays} days.`);
  if (!input.recipient.gstin && !isPlaceOfSupplyCode(input.recipient.stateCode)) return refuse("Choose the client's state.");
  let figures: ReturnType<typeof figuresOf>;
  try {
    figures = figuresOf(input.recipient, input.lines, config);
  } catch (error) {
    if (error instanceof InvoiceInputError) return refuse(error.message);
    throw error;
  }
  return db().transaction(async (tx) => {
    const before = await lockProposal(tx, id);
    if (!before) return refuse("This proposal no longer exists.");
    if (before.status !== "draft") return refuse("A proposal once sent is not changed: revise it to write the next version.");
    const [after] = await tx
      .update(proposals)
      .set({ ...input, supplier: config.supplier, ...figures })
      .where(eq(proposals.id, id))
      .returning();
    await recordActivity({ action: "update", actor, table: TABLE, recordId: id, before, after }, tx);
    return { ok: true as const };
  });
}

/**
 * Sends a draft: its figures made with the supplier as configured now, its document hashed, a new
 * link's token made (only its hash stored), the versions sent before it superseded, and the mail to
 * the client with the link queued, in one transaction. Returns the token for the caller's answer
 * (it is in the mail; nothing keeps it).
 */
export async function sendProposal(
  id: string,
  actor: ActivityActor,
  options: { config?: BillingConfig; now?: Date } = {},
): Promise<{ ok: true; token: string; row: ProposalRow } | ProposalRefusal> {
  const config = supplierOf(options.config);
  const now = options.now ?? new Date();
  const today = siteToday(now);
  return db().transaction(async (tx) => {
    const before = await lockProposal(tx, id);
    if (!before) return refuse("This proposal no longer exists.");
    if (before.status !== "draft") return refuse("This version was sent already.");
    if (before.validUntil < today) return refuse("Its validity has passed: set a later day before sending.");
    let document: ProposalDocument;
    try {
      document = proposalDocument({ ...before, supplier: config.supplier });
    } catch (error) {
      if (error instanceof InvoiceInputError) return refuse(error.message);
      throw error;
    }
    const { token, hash } = newProposalToken();
    await tx
      .update(proposals)
      .set({ status: "superseded", supersededAt: now })
      .where(and(eq(proposals.number, before.number), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES])));
    const [row] = await tx
      .update(proposals)
      .set({
        status: "sent",
        supplier: config.supplier,
        ...figuresOf(before.recipient, before.lines, config),
        tokenHash: hash,
        documentSha256: proposalDocumentSha256(document),
        sentAt: now,
      })
      .where(eq(proposals.id, id))
      .returning();
    await recordActivity({ action: "proposal.send", actor, table: TABLE, recordId: id, before, after: row }, tx);
    await enqueueMail(tx, proposalMail(row!, document, token));
    return { ok: true as const, token, row: row! };
  });
}

/**
 * The next version of a sent proposal, as a draft copied from the latest version; the sent one stays
 * as it was (it is superseded when the new one is sent). An accepted proposal is not revised; a
 * draft already there is returned rather than a second made.
 */
export async function reviseProposal(
  id: string,
  actor: ActivityActor,
  options: { now?: Date } = {},
): Promise<{ ok: true; id: string } | ProposalRefusal> {
  const today = siteToday(options.now);
  return db().transaction(async (tx) => {
    const source = await lockProposal(tx, id);
    if (!source) return refuse("This proposal no longer exists.");
    if (source.status === "draft") return { ok: true as const, id: source.id };
    // The proposal's versions are taken in order under the lock of the first one's row.
    const versions = await tx.select().from(proposals).where(eq(proposals.number, source.number)).orderBy(desc(proposals.version)).for("update");
    if (versions.some((v) => v.status === "accepted")) return refuse("This proposal was accepted: write a new proposal instead.");
    const draft = versions.find((v) => v.status === "draft");
    if (draft) return { ok: true as const, id: draft.id };
    const latest = versions[0]!;
    const [row] = await tx
      .insert(proposals)
      .values({
        leadId: latest.leadId,
        number: latest.number,
        version: latest.version + 1,
        title: latest.title,
        lines: latest.lines,
        validUntil: latest.validUntil < today ? addDays(today, VALIDITY_DAYS) : latest.validUntil,
        terms: latest.terms,
        recipient: latest.recipient,
        supplier: latest.supplier,
        taxablePaise: latest.taxablePaise,
        cgstPaise: latest.cgstPaise,
        sgstPaise: latest.sgstPaise,
        igstPaise: latest.igstPaise,
        totalPaise: latest.totalPaise,
        monthlyTotalPaise: latest.monthlyTotalPaise,
        createdBy: actor.id,
      })
      .returning();
    await recordActivity({ action: "proposal.revise", actor, table: TABLE, recordId: row!.id, after: row }, tx);
    return { ok: true as const, id: row!.id };
  });
}

export interface ProposalListRow {
  id: string;
  number: string;
  version: number;
  title: string;
  status: ProposalStatus;
  recipientName: string;
  leadId: string | null;
  leadName: string | null;
  totalPaise: number;
  monthlyTotalPaise: number;
  validUntil: string;
  sentAt: Date | null;
  createdAt: Date;
}

/** The proposals, newest first, each with its shown status (expired read from today); `status` filters by it. */
export async function listProposals(options: { status?: ProposalStatus; leadId?: string; now?: Date; limit?: number } = {}): Promise<ProposalListRow[]> {
  const today = siteToday(options.now);
  const expired = sql`(${proposals.status} in ('sent', 'viewed') and ${proposals.validUntil} < ${today}::date)`;
  const byStatus =
    options.status === undefined
      ? undefined
      : options.status === "expired"
        ? expired
        : options.status === "sent" || options.status === "viewed"
          ? and(eq(proposals.status, options.status), sql`not ${expired}`)
          : eq(proposals.status, options.status);
  const rows = await db()
    .select({ row: proposals, leadName: leads.name })
    .from(proposals)
    .leftJoin(leads, eq(leads.id, proposals.leadId))
    .where(and(byStatus, options.leadId ? eq(proposals.leadId, options.leadId) : undefined))
    .orderBy(desc(proposals.createdAt), desc(proposals.version))
    .limit(options.limit ?? 500);
  return rows.map(({ row, leadName }) => ({
    id: row.id,
    number: row.number,
    version: row.version,
    title: row.title,
    status: shownStatus(row, today),
    recipientName: row.recipient.company || row.recipient.name,
    leadId: row.leadId,
    leadName,
    totalPaise: row.totalPaise,
    monthlyTotalPaise: row.monthlyTotalPaise,
    validUntil: row.validUntil,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
  }));
}

/** One proposal with its versions (newest first) and, for a sent one, its document; undefined when gone. */
export async function proposalForDesk(
  id: string,
  options: { now?: Date } = {},
): Promise<{ row: ProposalRow; status: ProposalStatus; versions: { id: string; version: number; status: ProposalStatus }[]; leadName: string | null } | undefined> {
  const today = siteToday(options.now);
  const [found] = await db().select({ row: proposals, leadName: leads.name }).from(proposals).leftJoin(leads, eq(leads.id, proposals.leadId)).where(eq(proposals.id, id));
  if (!found) return undefined;
  const versions = await db()
    .select({ id: proposals.id, version: proposals.version, status: proposals.status, validUntil: proposals.validUntil })
    .from(proposals)
    .where(eq(proposals.number, found.row.number))
    .orderBy(desc(proposals.version));
  return {
    row: found.row,
    status: shownStatus(found.row, today),
    versions: versions.map((v) => ({ id: v.id, version: v.version, status: shownStatus(v, today) })),
    leadName: found.leadName,
  };
}

// ---- The client's page --------------------------------------------------------------------------

export interface PublicProposal {
  row: ProposalRow;
  document: ProposalDocument;
  /** The document's hash as the page shows it, computed from what it renders. */
  documentSha256: string;
  status: ProposalStatus;
  /** Whether the accept and decline forms are offered. */
  open: boolean;
  /** Once accepted and invoiced: the invoice's total, and the link to pay it or when it was paid. */
  payment: { invoiceNumber: string; totalPaise: number; payUrl: string | null; paidAt: Date | null } | null;
}

async function rowByToken(token: string, executor: Executor = db()): Promise<ProposalRow | undefined> {
  if (!isProposalToken(token)) return undefined;
  const [row] = await executor.select().from(proposals).where(eq(proposals.tokenHash, hashProposalToken(token)));
  return row;
}

/**
 * The proposal a link names, rendered as its document; undefined for a token that names none. The
 * first open of a sent proposal marks it viewed (a conditional update: once, whoever opens it first).
 */
export async function publicProposal(token: string, options: { now?: Date } = {}): Promise<PublicProposal | undefined> {
  const now = options.now ?? new Date();
  const today = siteToday(now);
  let row = await rowByToken(token);
  if (!row || !row.supplier) return undefined;
  if (row.status === "sent" && row.validUntil >= today) {
    const viewed = await db().transaction(async (tx) => {
      const [after] = await tx
        .update(proposals)
        .set({ status: "viewed", viewedAt: now })
        .where(and(eq(proposals.id, row!.id), eq(proposals.status, "sent")))
        .returning();
      if (after) await recordActivity({ action: "proposal.view", actor: null, email: after.recipient.email, table: TABLE, recordId: after.id, before: row, after }, tx);
      return after;
    });
    if (viewed) row = viewed;
  }
  const document = proposalDocument({ ...row, supplier: row.supplier! });
  const status = shownStatus(row, today);
  let payment: PublicProposal["payment"] = null;
  if (row.status === "accepted") {
    // The client is shown the first invoice still to pay, or the last one paid.
    const all = await proposalInvoices(row.id);
    const billed = all.find((b) => b.invoice.status === "issued") ?? all.at(-1);
    if (billed) {
      const paid = billed.invoice.status === "paid";
      payment = {
        invoiceNumber: billed.invoice.number,
        totalPaise: billed.invoice.totalPaise,
        payUrl: !paid && billed.link?.status === "created" ? billed.link.url : null,
        paidAt: paid ? billed.invoice.paidAt : null,
      };
    }
  }
  return { row, document, documentSha256: proposalDocumentSha256(document), status, open: status === "sent" || status === "viewed", payment };
}

/** Why a proposal cannot be answered, in the client's words; null when it can. */
function closedReason(row: ProposalRow, today: string): string | null {
  switch (shownStatus(row, today)) {
    case "accepted":
      return "This proposal was accepted already. Thank you: we will be in touch.";
    case "declined":
      return "This proposal was declined. If you would like another one, reply to our e-mail.";
    case "superseded":
      return "A newer version of this proposal has been sent to you: please open the link in the latest e-mail.";
    case "expired":
      return "This proposal's validity has passed. Reply to our e-mail and we will send you a new one.";
    case "draft":
      return "This proposal cannot be answered.";
    default:
      return null;
  }
}

export interface AcceptInput {
  token: string;
  /** The full name the client typed. */
  name: string;
  /** The "I accept these terms" box. */
  agreed: boolean;
  /** The document hash the page showed (a hidden field of the form). */
  documentSha256: string;
  ip: string | null;
  userAgent: string | null;
  headers?: Headers | null;
  now?: Date;
}

export type AnswerOutcome = { ok: true; row: ProposalRow } | ProposalRefusal;

const UNKNOWN_LINK = "This link names no proposal. Please use the link in our e-mail as it was sent.";

/**
 * The client accepts: their typed name, the time, their address (host part removed), their browser
 * and the hash of the document they were shown, written by one conditional update that only a sent
 * or viewed proposal within its validity passes, so two acceptances at once accept once. In the same
 * transaction the lead moves to Won with the proposal's value (the lead desk's own status change),
 * the trail's rows, the `proposal.accepted` event and the mail to the lead's owner (or the owners).
 */
export async function acceptProposal(input: AcceptInput): Promise<AnswerOutcome> {
  const now = input.now ?? new Date();
  const today = siteToday(now);
  const name = input.name.trim().replace(/\s+/g, " ");
  if (!name) return refuse("Type your full name to accept.");
  if (name.length > PROPOSAL_LIMITS.acceptedName) return refuse(`Your name is at most ${PROPOSAL_LIMITS.acceptedName} characters.`);
  if (!input.agreed) return refuse("Tick “I accept these terms” to accept.");
  const outcome = await db().transaction(async (tx) => {
    const before = await rowByToken(input.token, tx);
    if (!before || !before.supplier) return refuse(UNKNOWN_LINK);
    const closed = closedReason(before, today);
    if (closed) return refuse(closed);
    const shown = proposalDocumentSha256(proposalDocument({ ...before, supplier: before.supplier }));
    if (shown !== before.documentSha256 || input.documentSha256 !== shown)
      return refuse("This proposal has changed since the page was opened. Please open the link again and read it before accepting.");
    const [after] = await tx
      .update(proposals)
      .set({
        status: "accepted",
        acceptedAt: now,
        acceptedName: name,
        acceptedIp: maskIp(input.ip),
        acceptedUserAgent: input.userAgent?.slice(0, PROPOSAL_LIMITS.userAgent) || null,
        acceptedDocumentSha256: shown,
      })
      .where(and(eq(proposals.id, before.id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]), sql`${proposals.validUntil} >= ${today}::date`))
      .returning();
    if (!after) {
      // Answered meanwhile (a second click, another tab): say what it is now.
      const [current] = await tx.select().from(proposals).where(eq(proposals.id, before.id));
      return refuse((current && closedReason(current, today)) ?? "This proposal cannot be accepted now.");
    }
    const client = { actor: null, email: after.recipient.email, headers: input.headers ?? null };
    await recordActivity({ action: "proposal.accept", ...client, table: TABLE, recordId: after.id, before, after }, tx);
    let wonLead: { id: string; name: string; ownerId: string | null } | undefined;
    if (after.leadId) {
      const won = await changeRecordStatusIn(tx, leadsTable, after.leadId, "won", { set: { dealValue: dealValueRupees(after.taxablePaise) }, actor: null });
      if (won.kind === "done") {
        const [lead] = await tx.select({ id: leads.id, name: leads.name, ownerId: leads.ownerId }).from(leads).where(eq(leads.id, after.leadId));
        wonLead = lead;
      }
    }
    await enqueueWebhookEvent(tx, "proposal.accepted", TABLE, after.id, after);
    const recipients = await ownerRecipients(tx, wonLead?.ownerId ?? null);
    if (recipients.length > 0) await enqueueMail(tx, acceptedMail(after, recipients, wonLead?.name ?? null));
    return { ok: true as const, row: after, leadWon: Boolean(wonLead) };
  });
  if (outcome.ok && "leadWon" in outcome && outcome.leadWon) afterStatusChange(leadsTable);
  return outcome.ok ? { ok: true, row: outcome.row } : outcome;
}

/** The lead's owner's address, or every owner's when the lead has none (or it is gone). */
async function ownerRecipients(tx: Transaction, ownerId: string | null): Promise<string[]> {
  if (ownerId) {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
    if (owner) return [owner.email];
  }
  return ownerEmails(tx);
}

/** The client declines, with a reason if they give one; only a sent or viewed proposal within its validity. */
export async function declineProposal(input: { token: string; reason: string; headers?: Headers | null; now?: Date }): Promise<AnswerOutcome> {
  const now = input.now ?? new Date();
  const today = siteToday(now);
  const reason = input.reason.trim();
  if (reason.length > PROPOSAL_LIMITS.declineReason) return refuse(`The reason is at most ${PROPOSAL_LIMITS.declineReason} characters.`);
  return db().transaction(async (tx) => {
    const before = await rowByToken(input.token, tx);
    if (!before) return refuse(UNKNOWN_LINK);
    const closed = closedReason(before, today);
    if (closed) return refuse(closed);
    const [after] = await tx
      .update(proposals)
      .set({ status: "declined", declinedAt: now, declineReason: reason || null })
      .where(and(eq(proposals.id, before.id), inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]), sql`${proposals.validUntil} >= ${today}::date`))
      .returning();
    if (!after) return refuse("This proposal was answered already.");
    await recordActivity({ action: "proposal.decline", actor: null, email: after.recipient.email, headers: input.headers ?? null, table: TABLE, recordId: after.id, before, after }, tx);
    return { ok: true as const, row: after };
  });
}

// ---- The invoice of an accepted proposal ---------------------------------------------------------

/** What a monthly line's description says of the month it bills, while it fits the e-invoice's limit. */
const monthWords = (month: number) => (month === 1 ? " (first month)" : ` (month ${month})`);

/** The first month of a proposal no standing invoice bills: 1, then each month after in turn (a cancelled one's again). */
export function nextBillingMonth(billed: readonly number[]): number {
  let month = 1;
  while (billed.includes(month)) month++;
  return month;
}

/** Whether an error is PostgreSQL's unique violation (23505), as node-postgres and PGlite report it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Issues the next GST invoice of an accepted proposal. The first bills its lines as they were
 * accepted (the one-time lines and one month of the monthly ones); each one after bills one more
 * month of the monthly lines alone, so a retainer is invoiced month by month from the proposal the
 * client accepted. It goes to the proposal's recipient, bills its lead, carries the proposal's id and
 * month (the unique index refuses a second invoice for one month) and writes the trail's row, in one
 * transaction that also takes the number. `address` is the recipient's address when neither the
 * proposal nor an earlier invoice has one (a tax invoice must carry it). Throws BillingConfigError
 * when billing is not configured.
 */
export async function issueInvoiceForProposal(
  id: string,
  actor: ActivityActor,
  options: { config?: BillingConfig; now?: Date; address?: string } = {},
): Promise<{ ok: true; invoice: InvoiceRow } | ProposalRefusal> {
  const config = supplierOf(options.config);
  try {
    return await db().transaction(async (tx) => {
      // The proposal's row is locked so two clicks queue here (each bills the next month); the unique index refuses whatever passes anyway.
      const proposal = await lockProposal(tx, id);
      if (!proposal) return refuse("This proposal no longer exists.");
      if (proposal.status !== "accepted") return refuse("Only an accepted proposal is invoiced.");
      if (proposal.totalPaise <= 0) return refuse("This proposal's total is nothing: there is nothing to invoice.");
      const issued = await invoicesOfProposal(proposal.id, tx);
      const month = nextBillingMonth(issued.map((invoice) => invoice.billingMonth));
      const billed = month === 1 ? proposal.lines : proposal.lines.filter((line) => line.billing === "monthly");
      if (billed.length === 0) return refuse(`Invoice ${issued[0]!.number} was issued for this proposal already, and it has no monthly lines to bill again.`);
      const address = proposal.recipient.address?.trim() || options.address?.trim() || issued[0]?.recipient.address.trim() || "";
      if (!address) return refuse("Enter the client's address: a tax invoice carries it.");
      let invoice: InvoiceRow;
      try {
        invoice = await issueInvoiceIn(
          tx,
          {
            recipient: {
              name: proposal.recipient.company || proposal.recipient.name,
              address,
              gstin: proposal.recipient.gstin ?? null,
              stateCode: proposal.recipient.stateCode,
              email: proposal.recipient.email,
            },
            lines: billed.map((line) => ({
              description:
                line.billing === "monthly" && line.description.length + monthWords(month).length <= DESCRIPTION_MAX
                  ? `${line.description}${monthWords(month)}`
                  : line.description,
              sac: line.sacCode,
              quantity: line.quantity,
              unitPricePaise: line.unitPricePaise,
              discount: line.discount,
            })),
            leadId: proposal.leadId,
            proposalId: proposal.id,
            billingMonth: month,
            issuedAt: options.now,
          },
          { config },
        );
      } catch (error) {
        if (error instanceof InvoiceInputError) return refuse(error.message);
        throw error;
      }
      await recordActivity(
        {
          action: "proposal.invoice",
          actor,
          table: TABLE,
          recordId: proposal.id,
          after: { invoiceId: invoice.id, invoiceNumber: invoice.number, billingMonth: month, totalPaise: invoice.totalPaise },
        },
        tx,
      );
      return { ok: true as const, invoice };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refuse("An invoice for this month of the proposal was issued already.");
    throw error;
  }
}

/**
 * The invoice of a proposal a payment link is asked for: the one named when it is this proposal's
 * (a posted id of another deal's invoice names nothing), else the first still to pay.
 */
export async function invoiceToPay(proposalId: string, invoiceId?: number): Promise<InvoiceRow | undefined> {
  const issued = await invoicesOfProposal(proposalId);
  return invoiceId === undefined ? issued.find((invoice) => invoice.status === "issued") : issued.find((invoice) => invoice.id === invoiceId);
}

/** The invoices issued from a proposal, by month, each with its open payment link, for the desk's page and the client's. */
export async function proposalInvoices(proposalId: string): Promise<{ invoice: InvoiceRow; link: PaymentLinkRow | null }[]> {
  const issued = await invoicesOfProposal(proposalId);
  const links = await openPaymentLinks(issued.map((invoice) => invoice.id));
  return issued.map((invoice) => ({ invoice, link: links.get(invoice.id) ?? null }));
}
