import "server-only";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { LEAD_VISIT_PAGES, type LeadVisit } from "@/lib/admin-tables/lead-visit";
import { requireRole } from "../../kernel/session/auth-guard";
import { utcDay, visitPathFor, type VisitPath, visitChannel } from "../../analytics";
import { env } from "../../kernel/env";
import { errorFields, log } from "../../kernel/log";
import { inArray } from "drizzle-orm";
import { CHANNEL_LABELS, type Channel } from "@/lib/channels";
import { db } from "../../kernel/db/client";
import { analyticsLeadVisits } from "../../kernel/db/schema";

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The visit that led to each lead or contact message (docs/decisions/0056, "The lead join"): for a
 * row with a visitor id, the visit of that id going on when the row was created. Only for the lead
 * desk's roles. A row whose visit cannot be read (the database refused) is left without one and the
 * failure logged: its record is shown all the same, without the section.
 */
export async function withLeadVisits<R extends Record<string, unknown>>(rows: R[], now: Date = new Date()): Promise<(R & { visit?: LeadVisit })[]> {
  if (rows.length === 0) return rows;
  try {
    await requireRole(LEAD_DESK.read);
  } catch (error) {
    log("warn", "lead desk: the visits were not read", { event: "lead-visit.refused", ...errorFields(error) });
    return rows;
  }
  const { ANALYTICS_ENABLED: enabled, ANALYTICS_RAW_DAYS: rawDays } = env();
  // Raw page views before this day are deleted (pruneRawPageViews in ./analytics.ts, the same rule).
  const oldestKept = utcDay(new Date(now.getTime() - rawDays * DAY_MS));
  // A lead whose page views are gone still has the summary its day's rollup kept (analytics_lead_visits).
  const expiredIds = rows
    .filter((row) => typeof row.visitorId === "string" && typeof row.id === "string" && UUID.test(row.id) && utcDay(new Date(row.createdAt as string | Date)) < oldestKept)
    .map((row) => row.id as string);
  const kept = new Map<string, LeadVisit>();
  if (expiredIds.length > 0) {
    try {
      for (const r of await db().select().from(analyticsLeadVisits).where(inArray(analyticsLeadVisits.leadId, expiredIds))) {
        kept.set(r.leadId, {
          kind: "kept",
          landingPage: r.entryPath,
          pages: r.pages.slice(0, LEAD_VISIT_PAGES),
          morePages: Math.max(0, r.pages.length - LEAD_VISIT_PAGES),
          source: r.source || null,
          channel: CHANNEL_LABELS[r.channel as Channel] ?? r.channel,
          campaign: r.campaign || null,
          rawDays,
        });
      }
    } catch (error) {
      log("error", "lead desk: the kept visits could not be read", { event: "lead-visit.failed", rows: expiredIds.length, ...errorFields(error) });
    }
  }
  const found = await Promise.allSettled(
    rows.map(async (row): Promise<LeadVisit> => {
      const visitorId = typeof row.visitorId === "string" ? row.visitorId : null;
      const sentAt = row.createdAt instanceof Date ? row.createdAt : new Date(String(row.createdAt));
      if (!visitorId) return { kind: "none", reason: "no-id", rawDays };
      const day = utcDay(sentAt);
      if (day < oldestKept) return kept.get(String(row.id)) ?? { kind: "none", reason: "expired", rawDays };
      const path = await visitPathFor(visitorId, day, sentAt);
      if (path) return shown(path, sentAt);
      return { kind: "none", reason: enabled ? "not-counted" : "off", rawDays };
    }),
  );
  const failed = found.filter((r) => r.status === "rejected");
  if (failed.length > 0) {
    log("error", "lead desk: a visit could not be read", { event: "lead-visit.failed", rows: failed.length, ...errorFields(failed[0]!.reason) });
  }
  return rows.map((row, i) => {
    const result = found[i]!;
    return result.status === "fulfilled" ? { ...row, visit: result.value } : row;
  });
}

function shown(path: VisitPath, sentAt: Date): LeadVisit {
  const sourceKind = !path.source ? "direct" : path.utmSource?.trim() ? "campaign" : "referrer";
  return {
    kind: "visit",
    startedAt: path.startedAt.toISOString(),
    sentAt: sentAt.toISOString(),
    landingPage: path.landingPage,
    pages: path.pages.slice(0, LEAD_VISIT_PAGES).map((p) => ({ path: p.path, at: p.at.toISOString() })),
    morePages: Math.max(0, path.pages.length - LEAD_VISIT_PAGES),
    source: path.source,
    sourceKind,
    medium: path.utmMedium?.trim() || null,
    campaign: path.utmCampaign?.trim() || null,
    channel: CHANNEL_LABELS[visitChannel(path)],
    device: path.device,
    browser: path.browser,
    country: path.country,
    earlierVisits: path.earlierVisits,
  };
}
