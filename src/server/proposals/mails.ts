import "server-only";
import { dashboardHref } from "@/lib/routes";
import { formatPaise, proposalLabel } from "@/lib/proposals";
import { formatAdminDay } from "@/lib/format";
import type { ProposalRow } from "../kernel/db/schema";
import { composeMail } from "../kernel/mail/compose";
import type { MailInput } from "../kernel/mail/mail";
import { siteConfig } from "../kernel/site-config";
import type { ProposalDocument } from "./document";
import { proposalUrl } from "./token";

// The proposal's two mails, written through the one mail module: the client's, with the link to the
// proposal (the only place its token is written), and the lead's owner's, when the client accepts.

const siteHome = () => siteConfig().url.replace(/\/$/, "");

/** What the totals say in a line of a mail: the one-time part, then the monthly part. */
function totalsText(document: Pick<ProposalDocument, "oneTime" | "monthly">): string {
  const parts: string[] = [];
  if (document.oneTime.totalPaise > 0) parts.push(`${formatPaise(document.oneTime.totalPaise)} one-time`);
  if (document.monthly.totalPaise > 0) parts.push(`${formatPaise(document.monthly.totalPaise)} a month`);
  return parts.length > 0 ? `${parts.join(" + ")}, GST included` : formatPaise(0);
}

/** The client's mail: the proposal, its validity, and the link to read and answer it. */
export function proposalMail(row: ProposalRow, document: ProposalDocument, token: string): MailInput {
  const site = siteConfig();
  const body = composeMail({
    subject: `Proposal ${proposalLabel(row)}: ${row.title.slice(0, 80)}`,
    heading: row.title,
    paragraphs: [
      `Dear ${row.recipient.name},`,
      `Here is our proposal ${proposalLabel(row)}. Open it to read the lines, the GST and the terms; you can accept or decline it on the same page.`,
    ],
    rows: [
      ["Total", totalsText(document)],
      ["Valid until", formatAdminDay(row.validUntil)],
    ],
    button: { label: "Open the proposal", url: proposalUrl(token) },
    footer: ["The link is yours alone: anyone who has it can read and answer the proposal, so please do not forward it."],
  });
  return {
    kind: "proposal-sent",
    recipients: [row.recipient.email],
    ...body,
    replyTo: site.email,
    ...(row.leadId ? { leadId: row.leadId } : {}),
  };
}

/** The lead's owner's (or the owners') mail: accepted, by whom, for how much. */
export function acceptedMail(row: ProposalRow, recipients: string[], leadName: string | null): MailInput {
  const body = composeMail({
    subject: `Proposal accepted: ${proposalLabel(row)}, ${(row.recipient.company || row.recipient.name).slice(0, 60)}`,
    paragraphs: [
      `${row.acceptedName ?? row.recipient.name} accepted proposal ${proposalLabel(row)} online.${leadName ? ` The lead ${leadName} is now Won.` : ""}`,
    ],
    rows: [
      ["Proposal", row.title],
      ["Total", formatPaise(row.totalPaise)],
      ["Of which monthly", formatPaise(row.monthlyTotalPaise)],
      ["Accepted by", row.acceptedName ?? ""],
      ["Document SHA-256", row.acceptedDocumentSha256 ?? ""],
    ],
    button: { label: "Open the proposal", url: `${siteHome()}${dashboardHref("proposals")}/${row.id}` },
  });
  return {
    kind: "proposal-accepted",
    recipients,
    ...body,
    replyTo: row.recipient.email,
    ...(row.leadId ? { leadId: row.leadId } : {}),
  };
}
