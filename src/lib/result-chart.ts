import { metricLabel } from "./display";

/**
 * A case study's result chart (docs/decisions/0069): the study's own percentage figures as bars,
 * each labelled with the value exactly as it was entered. Only percentages are drawn, on one scale:
 * a multiple ("3.9x") or an amount ("₹62L") has no common axis with them, and a bar for it would be
 * a shape we invented. A study with no percentage gets no chart, never a made-up curve.
 */

export interface ResultBar {
  key: string;
  label: string;
  /** The stored text, shown as it is ("+54%", "-34%"). */
  value: string;
  /** The figure's size in percent, without its sign. */
  magnitude: number;
  /** A fall the study reports (a cost, returns): drawn in the accent colour. */
  decrease: boolean;
  /** The bar's length as a share of the longest, 0 to 1. */
  share: number;
}

export const RESULT_CHART_MAX_BARS = 5;

/** A percentage as entered ("212%", "+54%", "-34%", "−46 %", "1,200%"), or null for anything else. */
export function parsePercent(value: string): { magnitude: number; negative: boolean } | null {
  const match = /^\s*([+\-−])?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*%\s*$/.exec(value);
  if (!match) return null;
  const magnitude = Number(`${match[2]!.replace(/,/g, "")}.${match[3] ?? "0"}`);
  if (!Number.isFinite(magnitude) || magnitude <= 0) return null;
  return { magnitude, negative: match[1] === "-" || match[1] === "−" };
}

/** The bars for a study's metrics, largest first, at most RESULT_CHART_MAX_BARS; empty when nothing can be drawn. */
export function resultBars(metrics: Record<string, string>): ResultBar[] {
  const parsed = Object.entries(metrics).flatMap(([key, value]) => {
    const percent = typeof value === "string" ? parsePercent(value) : null;
    return percent ? [{ key, value: value.trim(), ...percent }] : [];
  });
  const bars = parsed.sort((a, b) => b.magnitude - a.magnitude).slice(0, RESULT_CHART_MAX_BARS);
  const longest = bars[0]?.magnitude ?? 0;
  return bars.map(({ key, value, magnitude, negative }) => ({
    key,
    label: metricLabel(key),
    value,
    magnitude,
    decrease: negative || /reduction|decrease|drop/i.test(key),
    share: magnitude / longest,
  }));
}

/** What the chart shows, as one sentence for its accessible name. */
export function resultChartSummary(bars: readonly ResultBar[]): string {
  return `Results: ${bars.map((b) => `${b.label} ${b.value}`).join(", ")}.`;
}
