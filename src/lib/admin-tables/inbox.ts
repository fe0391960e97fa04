import type { Attribution } from "@/server/db/schema";
import type { CsvColumn, RowSummary } from "./definition";

// What the two inbox tables (leads, contact messages) share: how a sender is summarised and the
// attribution columns of their CSV export.

export function senderLine(row: { email: string; mobileNumber: string }): RowSummary["line"] {
  return [{ mailto: row.email }, ` · ${row.mobileNumber}`];
}

const TOUCH_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "referrer", "landing_page"] as const;

/** First and last touch, then the form's page: the columns every inbox export ends with. */
export function attributionColumns<Row extends { attribution: Attribution }>(): CsvColumn<Row>[] {
  const touch = (label: string, which: "first_touch" | "last_touch") =>
    TOUCH_KEYS.map((key) => ({ header: `${label} ${key}`, value: (row: Row) => row.attribution[which]?.[key] }));
  return [...touch("First touch", "first_touch"), ...touch("Last touch", "last_touch"), { header: "Form page", value: (row) => row.attribution.form_page }];
}
