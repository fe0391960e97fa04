// The billing feature's public entry (docs/decisions/0106): GST tax invoices issued with consecutive
// numbers per financial year, cancelled by credit notes, checked against Rule 46, and paid through
// Razorpay's webhook events. The pure GST parts (GSTIN, states, figures, words) are in src/lib/gst.
export { billingConfig, BillingConfigError, DEFAULT_SAC_CODES, type BillingConfig } from "./config";
export { canonicalJson, documentSha256, documentText, invoiceParticulars, type DocumentParticulars } from "./document";
export { missingRule46Particulars, rule46Particulars, type Rule46Particular, type Rule46Record } from "./rule46";
export { PAYMENT_EVENT_TYPES, readRazorpayEvent, verifyRazorpaySignature, type PaymentNotice } from "./razorpay";
export {
  cancelInvoice,
  invoiceById,
  invoiceByNumber,
  invoicesOfProposal,
  invoicesOfLead,
  issueInvoice,
  issueInvoiceIn,
  takeSerial,
  type IssueInvoiceInput,
} from "./data/invoices";
export { createPaymentLink, openPaymentLink, openPaymentLinks, paymentLinksOfInvoice } from "./data/payment-links";
export { applyPaymentEvent, type PaymentEventInput, type PaymentEventResult } from "./data/payments";
export { razorpayWebhookPost, WEBHOOK_BODY_LIMIT_BYTES, type RazorpayWebhookOptions } from "./razorpay-http";
export {
  configuredPaymentProvider,
  PAYMENT_LINKS_OFF,
  paymentLinksEnabled,
  PaymentProviderError,
  razorpayProvider,
  type PaymentLink,
  type PaymentLinkRequest,
  type PaymentProvider,
} from "./payment-provider";
export { invoicePdf, invoiceTextLines, type InvoicePdfRecord } from "./invoice-pdf";
export { formatPaise, indianDate, inr, lineAdder, pdfResponse, percent, textPdf, type Line } from "./pdf";
export { invoicePdfForStaff } from "./invoice-documents";
export { paidPaiseSql } from "./paid";
export { paidPaiseOfLeads } from "./data/paid-leads";
