// The proposals feature's public entry (docs/decisions/0108): proposals written from a lead, priced
// as GST invoices are, sent as a link whose page the client accepts or declines without an account.
export { proposalDocument, proposalDocumentSha256, proposalDocumentText, type ProposalDocument } from "./document";
export { hashProposalToken, isProposalToken } from "./token";
export {
  acceptProposal,
  createProposalForLead,
  declineProposal,
  DEFAULT_TERMS,
  issueInvoiceForProposal,
  listProposals,
  prefillLines,
  proposalForDesk,
  invoiceToPay,
  nextBillingMonth,
  proposalInvoices,
  publicProposal,
  reviseProposal,
  sendProposal,
  updateDraft,
  type AcceptInput,
  type AnswerOutcome,
  type DraftInput,
  type ProposalListRow,
  type PublicProposal,
} from "./data/proposals";
export { proposalTextLines } from "./proposal-pdf";
export { proposalPdfForStaff, publicProposalPdf } from "./proposal-files";
