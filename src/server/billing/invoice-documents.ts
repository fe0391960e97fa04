import "server-only";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { requireRole } from "../kernel/session/auth-guard";
import { invoiceById } from "./data/invoices";
import { invoicePdf } from "./invoice-pdf";

// An invoice's PDF for signed-in staff (docs/decisions/0109): the roles that read the lead desk,
// where deals and their values are, may read the deal's invoices.

/** The invoice's PDF and a file name for it, or null when there is no such invoice; throws AccessDeniedError. */
export async function invoicePdfForStaff(id: string): Promise<{ filename: string; bytes: Buffer } | null> {
  await requireRole(LEAD_DESK.read);
  if (!/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const invoice = await invoiceById(Number(id));
  if (!invoice) return null;
  return { filename: `${invoice.number.replaceAll("/", "-")}.pdf`, bytes: invoicePdf(invoice) };
}
