"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { FORM_FAILURE } from "@/lib/form-messages";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import {
  AcceptSchema,
  DeclineSchema,
  DraftSchema,
  EDITOR_LINES,
  IssueInvoiceSchema,
  linesOf,
  NewProposalSchema,
  PaymentLinkSchema,
  ProposalIdSchema,
} from "@/lib/schemas/proposals";
import { BillingConfigError, configuredPaymentProvider, createPaymentLink, PAYMENT_LINKS_OFF, PaymentProviderError } from "../billing";
import { InvoiceInputError } from "@/lib/gst/invoice";
import { deskActions, handleForm, type FormContext } from "../kernel/forms/form-action";
import type { SignedInUser } from "../kernel/session/auth-guard";
import {
  acceptProposal,
  createProposalForLead,
  declineProposal,
  issueInvoiceForProposal,
  proposalForDesk,
  invoiceToPay,
  reviseProposal,
  sendProposal,
  updateDraft,
} from "./data/proposals";

// The proposals' actions (docs/decisions/0108). The lead desk (owners, admins, sales) writes them
// from the dashboard; the client answers on the link's page, with no account: the link's token is
// the key. Every form is a plain form posting to its action, so each works without JavaScript; an
// action that opens another page redirects after handleForm (which treats a redirect as a failure).

const leadDesk = deskActions(LEAD_DESK.write);
const screen = (id?: string) => (id ? `${dashboardHref("proposals")}/${id}` : dashboardHref("proposals"));

const actor = (context: FormContext) => {
  const user = context.user as SignedInUser;
  return { id: user.id, email: user.email };
};

/** Billing not configured: the sentence says which settings are missing, as the figures need them. */
function billingRefusal(error: unknown): FormState | null {
  return error instanceof BillingConfigError
    ? { status: "refused", title: "Billing is not configured", message: `Proposals are priced with GST from the billing settings. ${error.message}` }
    : null;
}

/** "New proposal" on a lead's page: a draft prefilled from the lead's package, opened in the editor. */
export async function newProposalAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await leadDesk(
    form,
    { schema: NewProposalSchema, failed: "The proposal could not be started. Please try again." },
    async ({ leadId }, context) => {
      try {
        const made = await createProposalForLead(leadId, actor(context));
        if (!made.ok) return { status: "refused", title: "Not started", message: made.message };
        target = screen(made.id);
        return { status: "success", message: "Proposal started." };
      } catch (error) {
        const refused = billingRefusal(error);
        if (refused) return refused;
        throw error;
      }
    },
  );
  if (target) redirect(target);
  return answer;
}

/** Saves a draft's lines, validity, terms and client. */
export async function saveDraftAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(form, { schema: DraftSchema, echo: true, failed: "The proposal could not be saved. Please try again." }, async (data, context) => {
    const current = await proposalForDesk(data.id);
    if (!current) return { status: "refused", title: "Not saved", message: "This proposal no longer exists." };
    const slugs = Array.from({ length: EDITOR_LINES }, (_, row) => current.row.lines[row]?.serviceSlug);
    try {
      const saved = await updateDraft(
        data.id,
        {
          title: data.title,
          lines: linesOf(data, slugs),
          validUntil: data.validUntil,
          terms: data.terms,
          recipient: {
            name: data.name,
            company: data.company,
            email: data.email,
            ...(data.address ? { address: data.address } : {}),
            ...(data.gstin ? { gstin: data.gstin } : {}),
            stateCode: data.gstin ? data.gstin.slice(0, 2) : data.stateCode,
          },
        },
        actor(context),
      );
      if (!saved.ok) return { status: "invalid", title: "Not saved", message: saved.message, fieldErrors: { form: saved.message } };
    } catch (error) {
      const refused = billingRefusal(error);
      if (refused) return refused;
      throw error;
    }
    revalidatePath(screen(data.id));
    return { status: "success", message: "Proposal saved." };
  });
}

/** "Send": the client is mailed the link; the draft becomes the sent version. */
export async function sendProposalAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(form, { schema: ProposalIdSchema, failed: "The proposal could not be sent. Please try again." }, async ({ id }, context) => {
    try {
      const sent = await sendProposal(id, actor(context));
      if (!sent.ok) return { status: "refused", title: "Not sent", message: sent.message };
      revalidatePath(screen(id));
      return { status: "success", message: `Sent to ${sent.row.recipient.email}.` };
    } catch (error) {
      const refused = billingRefusal(error);
      if (refused) return refused;
      throw error;
    }
  });
}

/** "Revise": the next version as a draft, opened in the editor. */
export async function reviseProposalAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await leadDesk(form, { schema: ProposalIdSchema, failed: "The proposal could not be revised. Please try again." }, async ({ id }, context) => {
    const revised = await reviseProposal(id, actor(context));
    if (!revised.ok) return { status: "refused", title: "Not revised", message: revised.message };
    target = screen(revised.id);
    return { status: "success", message: "Revision started." };
  });
  if (target) redirect(target);
  return answer;
}

/** "Issue invoice" on an accepted proposal: its GST invoice, once. */
export async function issueInvoiceAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(
    form,
    { schema: IssueInvoiceSchema, echo: true, failed: "The invoice could not be issued. Please try again." },
    async ({ id, address }, context) => {
      try {
        const issued = await issueInvoiceForProposal(id, actor(context), { address });
        if (!issued.ok) return { status: "refused", title: "Not issued", message: issued.message };
        revalidatePath(screen(id));
        return { status: "success", message: `Invoice ${issued.invoice.number} issued.` };
      } catch (error) {
        if (error instanceof BillingConfigError)
          return { status: "refused", title: "Billing is not configured", message: `Invoices carry the billing settings. ${error.message}` };
        throw error;
      }
    },
  );
}

/** "Create payment link" for one of the proposal's invoices: asked of Razorpay and kept; its address shown. */
export async function paymentLinkAction(_previous: FormState, form: FormData): Promise<FormState> {
  return leadDesk(form, { schema: PaymentLinkSchema, failed: "The payment link could not be made. Please try again." }, async ({ id, invoice }, context) => {
    const provider = configuredPaymentProvider();
    if (!provider) return { status: "refused", title: "Payment links are off", message: PAYMENT_LINKS_OFF };
    const billed = await invoiceToPay(id, invoice);
    if (!billed) return { status: "refused", title: "No invoice", message: "Issue the invoice first: a payment link is for an invoice's total." };
    try {
      const { link } = await createPaymentLink(billed.id, provider, actor(context));
      revalidatePath(screen(id));
      return { status: "success", message: `Payment link: ${link.url}` };
    } catch (error) {
      if (error instanceof PaymentProviderError || error instanceof InvoiceInputError)
        return { status: "refused", title: "No payment link", message: error.message };
      throw error;
    }
  });
}

// ---- The client's answers (no account: the link's token) -----------------------------------------

const publicAnswers = {
  foreign: { status: "refused" as const, title: "Not sent", message: "This form can only be sent from our own website." },
  failure: { status: "error" as const, ...FORM_FAILURE },
  invalid: () => ({ status: "invalid" as const, title: "Please check the form", message: "Some fields need your attention." }),
};

/** "Accept": the typed name, the ticked box and the hash of the document the page showed. */
export async function acceptProposalAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await handleForm({
    log: { failed: "proposal accept failed" },
    input: form,
    fields: ["token", "document", "name", "agree"],
    schema: AcceptSchema,
    echo: ["name"],
    answers: publicAnswers,
    run: async ({ token, document, name }, { headers, ip }) => {
      const outcome = await acceptProposal({ token, name, agreed: true, documentSha256: document, ip, userAgent: headers.get("user-agent"), headers });
      if (!outcome.ok) return { status: "refused", title: "Not accepted", message: outcome.message };
      target = `/proposal/${encodeURIComponent(token)}?done=accepted`;
      return { status: "success" };
    },
  });
  if (target) redirect(target);
  return answer;
}

/** "Decline", with a reason if the client gives one. */
export async function declineProposalAction(_previous: FormState, form: FormData): Promise<FormState> {
  let target: string | null = null;
  const answer = await handleForm({
    log: { failed: "proposal decline failed" },
    input: form,
    fields: ["token", "reason"],
    schema: DeclineSchema,
    echo: ["reason"],
    answers: publicAnswers,
    run: async ({ token, reason }, { headers }) => {
      const outcome = await declineProposal({ token, reason, headers });
      if (!outcome.ok) return { status: "refused", title: "Not declined", message: outcome.message };
      target = `/proposal/${encodeURIComponent(token)}?done=declined`;
      return { status: "success" };
    },
  });
  if (target) redirect(target);
  return answer;
}
