import type { DeviceClass } from "@/server/kernel/db/schema";

/**
 * The visit that led to a lead or a contact message, as its record shows it (read-only): the page
 * views of the visit going on when the form was sent, found by the row's visitor id
 * (docs/decisions/0056). Plain data (ISO strings), for the list's dialog as well as the record page.
 */
export type LeadVisit =
  | {
      kind: "visit";
      startedAt: string;
      /** When the form was sent (the row's creation). */
      sentAt: string;
      landingPage: string;
      /** The visit's page views in order, the first LEAD_VISIT_PAGES of them. */
      pages: { path: string; at: string }[];
      /** Page views past those shown. */
      morePages: number;
      /** utm_source, else the referring site (without www.); null: direct. */
      source: string | null;
      sourceKind: "campaign" | "referrer" | "direct";
      medium: string | null;
      campaign: string | null;
      /** The channel's label, by the lead desk's rule over the visit's first touch (src/lib/channels.ts). */
      channel: string;
      device: DeviceClass;
      browser: string | null;
      country: string | null;
      earlierVisits: number;
    }
  | {
      /** Its page views are past ANALYTICS_RAW_DAYS: the summary its day's rollup kept with the lead. */
      kind: "kept";
      landingPage: string;
      /** The pages seen before the form was sent, in order (without their times), the first LEAD_VISIT_PAGES. */
      pages: string[];
      morePages: number;
      /** utm_source, else the referring site (without www.); null: direct. */
      source: string | null;
      /** The channel's label (src/lib/channels.ts). */
      channel: string;
      campaign: string | null;
      rawDays: number;
    }
  | { kind: "none"; reason: LeadVisitMissing; rawDays: number };

/**
 * Why no visit is shown: the row has no visitor id (`no-id`), its day's page views were deleted
 * (`expired`, older than ANALYTICS_RAW_DAYS), the counter is off (`off`), or no page view of that
 * visitor was counted that day (`not-counted`).
 */
export type LeadVisitMissing = "no-id" | "expired" | "off" | "not-counted";

/** A visit of more page views shows this many, then "and N more". */
export const LEAD_VISIT_PAGES = 50;

/** The one plain sentence that says why a row shows no visit. */
export function missingVisitSentence(reason: LeadVisitMissing, rawDays: number): string {
  switch (reason) {
    case "no-id":
      return "No visit is linked: the browser that sent it asked not to be tracked (Do Not Track or Global Privacy Control), or it did not come through the site's form (added on the dashboard or released from Spam).";
    case "expired":
      return `Its page views are no longer kept: the site keeps each page view ${rawDays} days (ANALYTICS_RAW_DAYS), then only daily totals.`;
    case "off":
      return "The site's visit counter is off (ANALYTICS_ENABLED), so no page view was counted.";
    case "not-counted":
      return "No page view was counted for this visitor that day: the site does not count a signed-in team member or a bot.";
  }
}

/** Whole minutes from `from` to `to`, never below zero. */
export function minutesBetween(from: string, to: string): number {
  return Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60_000));
}
