import "server-only";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { requireRole } from "../kernel/session/auth-guard";
import { proposalForDesk, publicProposal } from "./data/proposals";
import { proposalDocument, proposalDocumentSha256 } from "./document";
import { proposalPdf } from "./proposal-pdf";

// A sent proposal as a PDF, for its client (the link's token is the key, as on its page) and for
// the roles that read the lead desk. A draft has no document yet: it is never offered as a file.

type File = { filename: string; bytes: Buffer };

const acceptedOf = (row: { acceptedName: string | null; acceptedAt: Date | null }) =>
  row.acceptedName && row.acceptedAt ? { name: row.acceptedName, at: row.acceptedAt } : null;

/** The PDF of the proposal a link names; null when it names none. Opening it counts as a view, as the page does. */
export async function publicProposalPdf(token: string): Promise<File | null> {
  const proposal = await publicProposal(token);
  if (!proposal) return null;
  return proposalPdf({ document: proposal.document, sha256: proposal.documentSha256, accepted: acceptedOf(proposal.row) });
}

/** The PDF of a sent proposal for signed-in staff; null for an unknown id or a draft. Throws AccessDeniedError. */
export async function proposalPdfForStaff(id: string): Promise<File | null> {
  await requireRole(LEAD_DESK.read);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const found = await proposalForDesk(id);
  if (!found || found.row.status === "draft" || !found.row.supplier) return null;
  const document = proposalDocument({ ...found.row, supplier: found.row.supplier });
  return proposalPdf({ document, sha256: proposalDocumentSha256(document), accepted: acceptedOf(found.row) });
}
