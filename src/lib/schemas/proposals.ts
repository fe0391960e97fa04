import { z } from "zod";
import "./jitless";
import { PROPOSAL_BILLING, PROPOSAL_LIMITS, type ProposalLine } from "../proposals";
import { DESCRIPTION_MAX, MAX_QUANTITY, type Discount } from "../gst/invoice";
import { isPlaceOfSupplyCode } from "../gst/states";
import { checkGstin } from "../gst/gstin";

/**
 * The proposals' forms (docs/decisions/0108): the dashboard's editor of a draft and the client's
 * accept and decline forms. A draft's lines are fields named by their row (`line0-description`...);
 * a row left without a description is no line. Money is typed in rupees with at most two decimals
 * (1,00,000.50) and stored in whole paise.
 */

/** The editor's rows: the draft's lines and empty ones to add. */
export const EDITOR_LINES = 12;
const LINE_FIELDS = ["description", "sacCode", "quantity", "price", "discount", "billing"] as const;
export const lineField = (row: number, field: (typeof LINE_FIELDS)[number]) => `line${row}-${field}`;

const Id = z.uuid({ error: "This proposal no longer exists." });
export const ProposalIdSchema = z.object({ id: Id });
export const NewProposalSchema = z.object({ leadId: z.uuid({ error: "This lead no longer exists." }) });

/** "Issue invoice" on an accepted proposal: the client's address, asked only when the proposal has none. */
export const IssueInvoiceSchema = z.object({
  id: Id,
  address: z
    .string()
    .trim()
    .max(PROPOSAL_LIMITS.recipientText, { error: `Keep the address to ${PROPOSAL_LIMITS.recipientText} characters or fewer.` })
    .default(""),
});

/** "Create payment link" for the invoice of an accepted proposal (the proposal names it). */
/** A payment link for one of the proposal's invoices (its id); without one, the first still to pay. */
export const PaymentLinkSchema = z.object({
  id: Id,
  invoice: z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{0,15}$/, { error: "Choose the invoice from the list." })
    .transform(Number)
    .optional(),
});

/** Rupees as typed (commas allowed) to whole paise, or null when it is not an amount. */
export function rupeesToPaise(text: string): number | null {
  const plain = text.replace(/[,\s₹]/g, "");
  const match = /^(\d{1,11})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** A discount as typed: "10%" is a percentage, any other amount rupees; empty is none. */
export function parseDiscount(text: string): Discount | null | undefined {
  const plain = text.trim();
  if (!plain) return null;
  const percent = /^(\d{1,3}(?:\.\d{1,2})?)\s*%$/.exec(plain);
  if (percent) return Number(percent[1]) <= 100 ? { percent: Number(percent[1]) } : undefined;
  const paise = rupeesToPaise(plain);
  return paise === null ? undefined : { paise };
}

/** How a stored discount is typed back into the editor. */
export function discountText(discount: Discount | null): string {
  if (!discount) return "";
  return "percent" in discount ? `${discount.percent}%` : paiseText(discount.paise);
}

/** Paise as the editor's rupees: 5000000 to "50000.00". */
export function paiseText(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

const lineShape = Object.fromEntries(
  Array.from({ length: EDITOR_LINES }, (_, row) =>
    LINE_FIELDS.map((field) => [
      lineField(row, field),
      z
        .string()
        .max(DESCRIPTION_MAX + 50)
        .optional(),
    ]),
  ).flat(),
) as Record<string, z.ZodOptional<z.ZodString>>;

export const DraftSchema = z
  .object({
    id: Id,
    title: z
      .string({ error: "Give the proposal a title." })
      .trim()
      .min(1, { error: "Give the proposal a title." })
      .max(PROPOSAL_LIMITS.title, { error: `Keep the title to ${PROPOSAL_LIMITS.title} characters or fewer.` }),
    validUntil: z.iso.date({ error: "Choose the last day the proposal is valid." }),
    terms: z
      .string()
      .max(PROPOSAL_LIMITS.terms, { error: `Keep the terms to ${PROPOSAL_LIMITS.terms} characters or fewer.` })
      .default(""),
    name: z
      .string({ error: "Enter the client's name." })
      .trim()
      .min(1, { error: "Enter the client's name." })
      .max(PROPOSAL_LIMITS.acceptedName, { error: "The client's name is too long." }),
    company: z.string().trim().max(PROPOSAL_LIMITS.acceptedName, { error: "The company's name is too long." }).default(""),
    email: z.email({ error: "Enter the client's e-mail address." }).max(254, { error: "The e-mail address is too long." }),
    address: z
      .string()
      .trim()
      .max(PROPOSAL_LIMITS.recipientText, { error: `Keep the address to ${PROPOSAL_LIMITS.recipientText} characters or fewer.` })
      .default(""),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .default("")
      .refine((value) => !value || checkGstin(value).ok, { error: "This GSTIN does not check: look at each character again, or leave it empty." }),
    stateCode: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || isPlaceOfSupplyCode(value), { error: "Choose the client's state." }),
    ...lineShape,
  })
  .superRefine((data, context) => {
    if (!data.gstin && !data.stateCode) context.addIssue({ code: "custom", path: ["stateCode"], message: "Choose the client's state, or enter their GSTIN." });
    let lines = 0;
    for (let row = 0; row < EDITOR_LINES; row++) {
      const get = (field: (typeof LINE_FIELDS)[number]) => String((data as Record<string, unknown>)[lineField(row, field)] ?? "").trim();
      if (!get("description")) continue;
      lines++;
      const issue = (field: (typeof LINE_FIELDS)[number], message: string) => context.addIssue({ code: "custom", path: [lineField(row, field)], message });
      if (!/^99\d{4}$/.test(get("sacCode"))) issue("sacCode", "A SAC is six digits starting 99, e.g. 998361.");
      const quantity = Number(get("quantity"));
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY)
        issue("quantity", `The quantity is a whole number from 1 to ${MAX_QUANTITY}.`);
      if (rupeesToPaise(get("price")) === null) issue("price", "Enter the unit price in rupees, e.g. 50000 or 50000.50.");
      if (parseDiscount(get("discount")) === undefined) issue("discount", "A discount is rupees (5000) or a percentage (10%), or empty.");
      if (!(PROPOSAL_BILLING as readonly string[]).includes(get("billing"))) issue("billing", "Choose one-time or monthly.");
    }
    if (lines === 0)
      context.addIssue({ code: "custom", path: [lineField(0, "description")], message: "A proposal has at least one line: describe the service." });
  });

/** The draft's lines from the editor's rows (after DraftSchema has passed them). */
export function linesOf(data: Record<string, unknown>, serviceSlugs: readonly (string | undefined)[] = []): ProposalLine[] {
  const lines: ProposalLine[] = [];
  for (let row = 0; row < EDITOR_LINES; row++) {
    const get = (field: (typeof LINE_FIELDS)[number]) => String(data[lineField(row, field)] ?? "").trim();
    if (!get("description")) continue;
    const slug = serviceSlugs[row];
    lines.push({
      ...(slug ? { serviceSlug: slug } : {}),
      description: get("description"),
      sacCode: get("sacCode"),
      quantity: Number(get("quantity")),
      unitPricePaise: rupeesToPaise(get("price"))!,
      discount: parseDiscount(get("discount")) ?? null,
      billing: get("billing") as ProposalLine["billing"],
    });
  }
  return lines;
}

const Token = z.string({ error: "This link names no proposal." }).max(100, { error: "This link names no proposal." });

export const AcceptSchema = z.object({
  token: Token,
  document: z.string({ error: "Open the proposal again before accepting." }).regex(/^[0-9a-f]{64}$/, { error: "Open the proposal again before accepting." }),
  name: z
    .string({ error: "Type your full name to accept." })
    .trim()
    .min(1, { error: "Type your full name to accept." })
    .max(PROPOSAL_LIMITS.acceptedName, { error: `Your name is at most ${PROPOSAL_LIMITS.acceptedName} characters.` }),
  agree: z.literal("yes", { error: "Tick “I accept these terms” to accept." }),
});

export const DeclineSchema = z.object({
  token: Token,
  reason: z
    .string()
    .trim()
    .max(PROPOSAL_LIMITS.declineReason, { error: `Keep the reason to ${PROPOSAL_LIMITS.declineReason} characters or fewer.` })
    .default(""),
});
