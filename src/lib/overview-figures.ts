import type { Channel } from "./channels";
import { EARLIER_REVENUE_CHOICES } from "./schemas/admin";
import { FREE_AUDIT_REVENUE_BRACKETS } from "./schemas/form-rules";

// The Overview's figures that are arithmetic on counts the database returned (docs/decisions/0072):
// plain functions, so the screen and the tests read the same rule.

/**
 * One colour per channel, each of a different hue (green, violet, orange, blue, pink, and grey for
 * Direct) and each with 3:1 contrast or more against white, so a bar segment is told apart from its
 * neighbour without reading the legend; the legend and the tables still carry the names.
 */
export const CHANNEL_COLOURS: Record<Channel, string> = {
  organic: "#15803d",
  paid: "#6d28d9",
  social: "#c2410c",
  email: "#1d4ed8",
  referral: "#be185d",
  direct: "#475569",
};

/** The bracket a lead without a revenue is counted under. */
export const NO_REVENUE = "Not given";

/**
 * Leads per revenue bracket in the public form's order (smallest first): every bracket of the form,
 * with 0 where no lead gave it; then an earlier bracket of the lead dialog that a lead still has;
 * then any other value as stored; "Not given" last.
 */
export function orderRevenue(rows: readonly { bracket: string; leads: number }[]): { bracket: string; leads: number }[] {
  const by = new Map(rows.map((r) => [r.bracket, r.leads]));
  const known: string[] = [...FREE_AUDIT_REVENUE_BRACKETS, ...EARLIER_REVENUE_CHOICES];
  const others = rows
    .map((r) => r.bracket)
    .filter((b) => !known.includes(b) && b !== NO_REVENUE)
    .sort();
  return [
    ...FREE_AUDIT_REVENUE_BRACKETS.map((bracket) => ({ bracket, leads: by.get(bracket) ?? 0 })),
    ...[...EARLIER_REVENUE_CHOICES, ...others].flatMap((bracket) => (by.has(bracket) ? [{ bracket, leads: by.get(bracket)! }] : [])),
    ...(by.has(NO_REVENUE) ? [{ bracket: NO_REVENUE, leads: by.get(NO_REVENUE)! }] : []),
  ];
}

/**
 * A landing page as its path: no scheme and host (an absolute address), no query and no fragment,
 * so `/free-audit?utm_campaign=diwali` and `/free-audit` are one page. The same rule as landingPathSql
 * in src/server/dashboard/data/overview.ts.
 */
export function landingPath(page: string): string {
  const path = page.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "").split(/[?#]/)[0]!;
  return path === "" ? "/" : path;
}

/** This week's count against last week's: the difference and the change in percent (none from 0). */
export function weekChange(current: number, previous: number): { difference: number; percent: number | null } {
  return { difference: current - previous, percent: previous === 0 ? null : Math.round(((current - previous) / previous) * 100) };
}

/** The change as words: "+3 (+50%) against last week", "no change", "+2 (none last week)". */
export function describeChange(current: number, previous: number): string {
  const { difference, percent } = weekChange(current, previous);
  if (difference === 0) return `no change against the 7 days before (${previous})`;
  const sign = difference > 0 ? "+" : "−";
  const amount = `${sign}${Math.abs(difference)}`;
  return percent === null
    ? `${amount} against the 7 days before (none then)`
    : `${amount} (${sign}${Math.abs(percent)}%) against the 7 days before (${previous})`;
}
