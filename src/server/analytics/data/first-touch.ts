import "server-only";
import { classifyTouch, type Channel } from "@/lib/channels";
import type { Attribution, Touch } from "../../kernel/db/schema";
import { utcDay } from "../visitor-id";
import { flushPageViews } from "../../kernel/bridge.ts";
import { errorFields, log } from "../../kernel/log";
import { siteHost, visitPathFor, type VisitPath } from "./analytics";

// A lead's first touch, taken on the server (docs/decisions/0081): the visit the form was sent from,
// as the host counted its landing request (utm tags, referring site, landing page), whether or not
// the browser ran the page's script. The browser's own record (localStorage, sent in a hidden field)
// is kept only when the server counted no visit (a visitor who asked not to be tracked, analytics
// off). So a lead has the same source with and without JavaScript, and its channel is one rule
// (classifyTouch) over one touch on every screen: the Overview, Analytics and the lead's dialog.

/** A visit's first page view as a touch, in the shape the browser's script records one. */
export function touchOfVisit(visit: VisitPath): Touch {
  const touch: Touch = { landing_page: visit.landingPage, at: visit.startedAt.toISOString() };
  if (visit.utmSource?.trim()) touch.utm_source = visit.utmSource.trim();
  if (visit.utmMedium?.trim()) touch.utm_medium = visit.utmMedium.trim();
  if (visit.utmCampaign?.trim()) touch.utm_campaign = visit.utmCampaign.trim();
  if (visit.referrerHost) touch.referrer = `https://${visit.referrerHost}/`;
  return touch;
}

/** The channel of a visit, by the lead desk's rule table over its first touch. */
export function visitChannel(visit: VisitPath): Channel {
  return classifyTouch(touchOfVisit(visit), siteHost());
}

/**
 * The attribution to store: the server's first touch (the visit of `visitorId` going on at `now`)
 * over the browser's when there is one. The browser's utm_term and utm_content, which page views do
 * not keep, stay when its touch names the same source and campaign. A failed read keeps the
 * browser's record: the form matters more than its attribution.
 */
export async function withServerFirstTouch(attribution: Attribution, visitorId: string | null, now: Date = new Date()): Promise<Attribution> {
  if (!visitorId) return attribution;
  let visit: VisitPath | null;
  try {
    // The landing request may still sit in the host's queue (written once a second): write it first.
    await flushPageViews();
    visit = await visitPathFor(visitorId, utcDay(now), now);
  } catch (error) {
    log("warn", "first touch: the visit could not be read", { event: "first-touch.failed", ...errorFields(error) });
    return attribution;
  }
  if (!visit) return attribution;
  const server = touchOfVisit(visit);
  const browser = attribution.first_touch;
  const same = browser && (browser.utm_source ?? "") === (server.utm_source ?? "") && (browser.utm_campaign ?? "") === (server.utm_campaign ?? "");
  const extras = same ? { ...(browser.utm_term ? { utm_term: browser.utm_term } : {}), ...(browser.utm_content ? { utm_content: browser.utm_content } : {}) } : {};
  return { ...attribution, first_touch: { ...server, ...extras } };
}
