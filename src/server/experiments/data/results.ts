import "server-only";
import { sql } from "drizzle-orm";
import { EXPERIMENTS_DESK } from "@/lib/admin-tables/definition";
import { dealValueSql } from "@/lib/deal-value";
import { db, type Executor } from "../../kernel/db/client";
import { analyticsEvents, bookings, contactMessages, experiments, leads, type ExperimentGoal } from "../../kernel/db/schema";
import { requireRole } from "../../kernel/session/auth-guard";
import { stagesIn } from "../../leads";
import { checkSampleRatio, compareToControl, summariseRate, type Comparison, type RateSummary, type SampleRatioCheck } from "../statistics";

// An experiment's results (docs/decisions/0104). A variant's visitors are the distinct visitor ids of
// the page views that showed it (analytics_events.experiment_key and variant: the exposure); what they
// sent is joined on the visitor id the forms store: a free-audit lead (leads.visitor_id), a contact
// message (contact_messages.visitor_id), a booked call (a booking keeps its visitor id only while held
// and hands it to its lead when confirmed, so a confirmed call is joined through its lead). Only what
// was sent at or after the visitor's first exposure counts: what came before cannot be the variant's
// doing. A visitor seen in two variants is left out of both, since neither copy can be credited.
// The figures are read from the raw page views, which are kept ANALYTICS_RAW_DAYS days.

/** Called a winner: this chance to beat the control or more (and below one minus it, the control wins). */
export const WINNER_CHANCE = 0.95;

export interface VariantResult {
  index: number;
  name: string;
  weight: number;
  visitors: number;
  /** Records sent, by form. A lead the booking page made is a booked call, not a free-audit lead. */
  leads: { freeAudit: number; contact: number };
  bookedCalls: number;
  /** Leads now at Qualified or a later stage of the board (Lost aside), as the lead desk's Overview counts them. */
  qualified: number;
  won: number;
  /** The won leads' deal values in rupees, by the lead desk's one rule (src/lib/deal-value.ts). */
  wonValue: number;
  /** Visitors who reached the experiment's goal at least once, and the rate with its 95 % interval. */
  goal: RateSummary;
  /** Against the control; null for the control itself. */
  comparison: Comparison | null;
}

export type Verdict =
  | { kind: "winner"; variant: number }
  | { kind: "control" }
  | { kind: "none"; reason: "sample-ratio" | "too-early" | "no-visitors" | "undecided" | "draft" };

export interface ExperimentResults {
  goal: ExperimentGoal;
  variants: VariantResult[];
  sampleRatio: SampleRatioCheck;
  /** Visitors seen in more than one variant, left out of every variant's figures. */
  crossovers: number;
  daysRun: number;
  minDays: number;
  verdict: Verdict;
  /** What the screen, the API and the MCP tool say before any figure. */
  warnings: string[];
}

type Experiment = Pick<typeof experiments.$inferSelect, "key" | "goal" | "variants" | "minDays" | "startedAt" | "stoppedAt" | "status">;

const DAY_MS = 86_400_000;

/** Whole days between the start and the stop (or now). */
export function daysRun(experiment: Pick<Experiment, "startedAt" | "stoppedAt">, now = new Date()): number {
  if (!experiment.startedAt) return 0;
  const end = experiment.stoppedAt ?? now;
  return Math.max(0, Math.floor((end.getTime() - experiment.startedAt.getTime()) / DAY_MS));
}

interface Counts {
  visitors: number;
  freeAudit: number;
  freeAuditVisitors: number;
  contact: number;
  contactVisitors: number;
  bookedCalls: number;
  bookedVisitors: number;
  qualified: number;
  qualifiedVisitors: number;
  won: number;
  wonVisitors: number;
  wonValue: number;
}

const emptyCounts = (): Counts => ({
  visitors: 0,
  freeAudit: 0,
  freeAuditVisitors: 0,
  contact: 0,
  contactVisitors: 0,
  bookedCalls: 0,
  bookedVisitors: 0,
  qualified: 0,
  qualifiedVisitors: 0,
  won: 0,
  wonVisitors: 0,
  wonValue: 0,
});

/** Which distinct visitors reached the goal. Won value is judged on the visitors who won a deal: a sum of rupees is no rate. */
const goalVisitors = (goal: ExperimentGoal, c: Counts): number =>
  ({
    "free-audit": c.freeAuditVisitors,
    contact: c.contactVisitors,
    "booked-call": c.bookedVisitors,
    qualified: c.qualifiedVisitors,
    "won-value": c.wonVisitors,
  })[goal];

const n = (value: unknown) => Number(value ?? 0);

/** Per variant index, the figures counted from the database. */
async function countPerVariant(experiment: Experiment, exec: Executor): Promise<{ counts: Counts[]; crossovers: number }> {
  const stages = await stagesIn(exec);
  const order = stages.map((s) => s.key);
  const qualifiedKeys = stages.filter((s) => s.key !== "lost" && order.indexOf(s.key) >= order.indexOf("qualified")).map((s) => s.key);
  const qualifiedList = sql.join(
    (qualifiedKeys.length > 0 ? qualifiedKeys : ["qualified", "won"]).map((k) => sql`${k}`),
    sql`, `,
  );
  const value = dealValueSql({ dealValue: sql`l.deal_value`, service: sql`l.service`, package: sql`l.package` });
  const fromBooking = sql`coalesce(l.attribution->>'form_page', '') = '/book'`;
  const variantCount = experiment.variants.length;
  const exposed = sql`
    exposed as (
      select ${analyticsEvents.visitorId} as visitor_id, min(${analyticsEvents.variant}) as variant,
        count(distinct ${analyticsEvents.variant}) as seen, min(${analyticsEvents.at}) as first_at
      from ${analyticsEvents}
      where ${analyticsEvents.experimentKey} = ${experiment.key} and ${analyticsEvents.variant} < ${variantCount}
      group by ${analyticsEvents.visitorId}
    ),
    single as (select visitor_id, variant, first_at from exposed where seen = 1)`;
  const [visitorRows, leadRows, messageRows, bookingRows] = await Promise.all([
    exec.execute<{ variant: number; visitors: number; crossovers: number }>(sql`
      with ${exposed}
      select variant, count(*)::int as visitors, 0 as crossovers from single group by variant
      union all
      select -1, 0, count(*)::int from exposed where seen > 1`),
    exec.execute<Record<string, unknown> & { variant: number }>(sql`
      with ${exposed}
      select s.variant,
        count(*) filter (where not ${fromBooking})::int as free_audit,
        count(distinct s.visitor_id) filter (where not ${fromBooking})::int as free_audit_visitors,
        count(*) filter (where l.status in (${qualifiedList}))::int as qualified,
        count(distinct s.visitor_id) filter (where l.status in (${qualifiedList}))::int as qualified_visitors,
        count(*) filter (where l.status = 'won')::int as won,
        count(distinct s.visitor_id) filter (where l.status = 'won')::int as won_visitors,
        coalesce(sum(${value}) filter (where l.status = 'won'), 0)::text as won_value
      from single s join ${leads} l on l.visitor_id = s.visitor_id and l.created_at >= s.first_at
      group by s.variant`),
    exec.execute<{ variant: number; contact: number; contact_visitors: number }>(sql`
      with ${exposed}
      select s.variant, count(*)::int as contact, count(distinct s.visitor_id)::int as contact_visitors
      from single s join ${contactMessages} m on m.visitor_id = s.visitor_id and m.created_at >= s.first_at
      group by s.variant`),
    exec.execute<{ variant: number; booked: number; booked_visitors: number }>(sql`
      with ${exposed}
      select s.variant, count(*)::int as booked, count(distinct s.visitor_id)::int as booked_visitors
      from single s join ${leads} l on l.visitor_id = s.visitor_id
        join ${bookings} b on b.lead_id = l.id and b.confirmed_at is not null and b.created_at >= s.first_at
      group by s.variant`),
  ]);
  const counts = experiment.variants.map(emptyCounts);
  const at = (variant: unknown) => counts[Number(variant)];
  let crossovers = 0;
  for (const row of visitorRows.rows) {
    if (Number(row.variant) === -1) crossovers = n(row.crossovers);
    else if (at(row.variant)) at(row.variant)!.visitors = n(row.visitors);
  }
  for (const row of leadRows.rows) {
    const c = at(row.variant);
    if (!c) continue;
    c.freeAudit = n(row.free_audit);
    c.freeAuditVisitors = n(row.free_audit_visitors);
    c.qualified = n(row.qualified);
    c.qualifiedVisitors = n(row.qualified_visitors);
    c.won = n(row.won);
    c.wonVisitors = n(row.won_visitors);
    c.wonValue = n(row.won_value);
  }
  for (const row of messageRows.rows) {
    const c = at(row.variant);
    if (!c) continue;
    c.contact = n(row.contact);
    c.contactVisitors = n(row.contact_visitors);
  }
  for (const row of bookingRows.rows) {
    const c = at(row.variant);
    if (!c) continue;
    c.bookedCalls = n(row.booked);
    c.bookedVisitors = n(row.booked_visitors);
  }
  return { counts, crossovers };
}

/** The verdict from the figures: nothing is called on a broken split, before the minimum days, or without visitors. */
function verdictOf(experiment: Experiment, variants: VariantResult[], sampleRatio: SampleRatioCheck, days: number): Verdict {
  if (experiment.status === "draft") return { kind: "none", reason: "draft" };
  if (sampleRatio.evaluated && sampleRatio.isMismatch) return { kind: "none", reason: "sample-ratio" };
  if (variants.some((v) => v.visitors === 0)) return { kind: "none", reason: "no-visitors" };
  if (days < experiment.minDays) return { kind: "none", reason: "too-early" };
  const challengers = variants.filter((v) => v.comparison);
  const best = challengers.reduce<VariantResult | null>((top, v) => (!top || v.comparison!.chanceToBeatControl > top.comparison!.chanceToBeatControl ? v : top), null);
  if (best && best.comparison!.chanceToBeatControl >= WINNER_CHANCE) return { kind: "winner", variant: best.index };
  if (challengers.length > 0 && challengers.every((v) => v.comparison!.chanceToBeatControl <= 1 - WINNER_CHANCE)) return { kind: "control" };
  return { kind: "none", reason: "undecided" };
}

/** The results of an experiment as they stand at `now` (no role check: the caller has made it; the stop's webhook reads them in its transaction). */
export async function experimentResults(experiment: Experiment, now = new Date(), exec: Executor = db()): Promise<ExperimentResults> {
  const { counts, crossovers } = experiment.status === "draft" ? { counts: experiment.variants.map(emptyCounts), crossovers: 0 } : await countPerVariant(experiment, exec);
  const rates = counts.map((c) => ({ visitors: c.visitors, conversions: goalVisitors(experiment.goal, c) }));
  const variants: VariantResult[] = experiment.variants.map((variant, index) => {
    const c = counts[index]!;
    return {
      index,
      name: variant.name,
      weight: variant.weight,
      visitors: c.visitors,
      leads: { freeAudit: c.freeAudit, contact: c.contact },
      bookedCalls: c.bookedCalls,
      qualified: c.qualified,
      won: c.won,
      wonValue: c.wonValue,
      goal: summariseRate(rates[index]!),
      comparison: index === 0 ? null : compareToControl(rates[0]!, rates[index]!),
    };
  });
  const sampleRatio = checkSampleRatio(
    variants.map((v) => v.visitors),
    experiment.variants.map((v) => v.weight),
  );
  const days = daysRun(experiment, now);
  const verdict = verdictOf(experiment, variants, sampleRatio, days);
  const warnings: string[] = [];
  if (sampleRatio.evaluated && sampleRatio.isMismatch)
    warnings.push(
      `The visitors are not split as the weights say (sample-ratio check, p = ${sampleRatio.pValue.toPrecision(2)}): the assignment or the counting is broken, so no winner is called and no figure here can be trusted.`,
    );
  if (crossovers > 0)
    warnings.push(`${crossovers} visitor${crossovers === 1 ? " was" : "s were"} seen in more than one variant and ${crossovers === 1 ? "is" : "are"} left out of the figures.`);
  if (experiment.status !== "draft" && days < experiment.minDays)
    warnings.push(`It has run ${days} of its ${experiment.minDays} days: no winner is called before then, however the figures look.`);
  if (experiment.goal === "won-value")
    warnings.push("Won value is judged on the share of visitors who won a deal; the rupees are shown beside it, not modelled.");
  return { goal: experiment.goal, variants, sampleRatio, crossovers, daysRun: days, minDays: experiment.minDays, verdict, warnings };
}

/** The results for the dashboard, the API and MCP: the roles that read the experiments. */
export async function loadExperimentResults(experiment: Experiment, now = new Date()): Promise<ExperimentResults> {
  await requireRole(EXPERIMENTS_DESK.read);
  return experimentResults(experiment, now);
}
