import { toSiteIso } from "./site-time";

/**
 * One CSV cell, safe to open in Excel or Sheets: quoted when it holds a comma, quote or line break,
 * and with a leading apostrophe when it starts like a formula (=, +, -, @, tab or carriage return),
 * so that a lead named "=HYPERLINK(...)" stays text (OWASP CSV injection). A time is ISO 8601 in
 * the site's zone with its offset, as the dashboard shows it.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? toSiteIso(value) : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: unknown[]): string {
  return values.map(csvCell).join(",");
}

/** A UTF-8 byte-order mark first, so that Excel reads Indian names and ₹ correctly. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[csvRow(header), ...rows.map(csvRow)].join("\r\n")}\r\n`;
}
