import { Column, getTableName, is, sql, type SQL } from "drizzle-orm";
import { invoices } from "../kernel/db/schema";

// What a deal has been paid, one definition for every screen, export and API answer
// (docs/decisions/0109), beside its won value (src/lib/deal-value.ts). A lead's payments are the
// totals of its paid invoices, in whole paise, tax included: what reached the bank, which the
// webhook records. It is derived from the invoices rather than kept on the lead, so it cannot
// disagree with them: an invoice paid, or a second one for the same deal, is counted by this
// rule alone. A cancelled invoice counts nothing, even if it was paid first (the money is refunded).
// The screens say the rule in PAID_RULE's words (src/lib/deal-value.ts).

/** The paise paid against the lead whose id is `leadId` (a column or expression): 0 when none. */
export function paidPaiseSql(leadId: SQL | unknown): SQL<number> {
  // A column is written with its table's name: drizzle leaves a one-table select's columns bare, and
  // a bare "id" inside this subquery would be the invoice's own id, not the lead's.
  const lead = is(leadId, Column) ? sql`${sql.identifier(getTableName(leadId.table))}.${sql.identifier(leadId.name)}` : leadId;
  return sql<number>`(select coalesce(sum(${invoices.totalPaise}), 0)::bigint from ${invoices} where ${invoices.leadId} = ${lead} and ${invoices.status} = 'paid')`;
}
