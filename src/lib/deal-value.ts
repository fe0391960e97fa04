import { sql, type SQL } from "drizzle-orm";
import { packageChoices, packageDealValue } from "@/content/services";

// A deal's value, one definition for every screen, export, API answer, MCP tool and webhook
// (docs/decisions/0080): the value staff entered on the lead when there is one, else the price of
// the package the lead chose (packageDealValue: the published price plus its one-time setup fee),
// else none. `dealValueOf` reads one record; `dealValueSql` is the same rule for sums in SQL, built
// from the same catalogue, so the two cannot disagree.

/** What the screens say the figure is. */
export const DEAL_VALUE_RULE = "A deal's value is the value set on the lead; without one, the price of the package the lead chose.";

/**
 * What the screens say "paid" is, beside won (docs/decisions/0109): the figure itself is counted by
 * one SQL rule, paidPaiseSql in src/server/billing/paid.ts.
 */
export const PAID_RULE = "Paid is what the deal's invoices have been paid through Razorpay, GST included; won is the deal's value before tax.";

export interface DealValueInput {
  dealValue?: number | null;
  service?: string | null;
  package?: string | null;
}

export type DealValueSource = "set" | "package";

/** The deal's value in whole rupees and where it comes from; null when neither is known. */
export function dealValueWithSource(row: DealValueInput): { value: number; source: DealValueSource } | null {
  if (typeof row.dealValue === "number") return { value: row.dealValue, source: "set" };
  const price = packageDealValue(row.service, row.package);
  return price === null ? null : { value: price, source: "package" };
}

/** The deal's value in whole rupees, or null. */
export function dealValueOf(row: DealValueInput): number | null {
  return dealValueWithSource(row)?.value ?? null;
}

/**
 * The same rule as an SQL expression (bigint rupees, null when neither is known) over a lead row's
 * columns: `deal_value`, else the catalogue's price for its service's title and package name.
 */
export function dealValueSql(columns: { dealValue: SQL | unknown; service: SQL | unknown; package: SQL | unknown }): SQL<number | null> {
  const prices = packageChoices()
    .map((choice) => ({ choice, price: packageDealValue(choice.serviceTitle, choice.name) }))
    .filter((p): p is { choice: (typeof p)["choice"]; price: number } => p.price !== null);
  if (prices.length === 0) return sql<number | null>`(${columns.dealValue})::bigint`;
  const whens = prices.map(
    ({ choice, price }) => sql`when ${columns.service} = ${choice.serviceTitle} and ${columns.package} = ${choice.name} then ${price}::bigint`,
  );
  return sql<number | null>`coalesce((${columns.dealValue})::bigint, case ${sql.join(whens, sql` `)} else null end)`;
}
