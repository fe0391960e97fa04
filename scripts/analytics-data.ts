// Generated page views for the site's own analytics (docs/decisions/0056), and the query benchmark.
//
//   npm run analytics:seed -- --events=200000 [--days=84]
//     adds that many generated page views over the last `days` days (and a lead for about one visit
//     in 250, with its visitor id) to the configured database (DATABASE_URL, else the embedded one
//     under DATA_DIR), then rolls up the closed days as the timed job would. For trying the
//     Analytics screen with figures in it; never on a production database.
//
//   npm run bench:analytics-queries -- [--events=N] [--days=84] [--runs=5] [--keep] [--reuse=bench_analytics_...]
//     on a fresh database of its own: PostgreSQL when BENCH_DATABASE_URL or DATABASE_URL is set (a
//     database created on that server and dropped afterwards; 10 million page views by default),
//     else the embedded database in a temporary folder (1 million by default). Seeds, rolls up every
//     closed day, then times the Analytics screen's report (every figure it shows) for 7, 30 and 90
//     days, without a filter and with each filter, and prints the median and slowest of `runs`.
//     --keep leaves the PostgreSQL database it seeded, for --reuse.
//     --reuse names a database an interrupted run left on that PostgreSQL server: its page views are
//     timed again, and it is kept. The figures it printed last are in docs/benchmark.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openConfiguredDatabase, openPglite, openPostgres, setDatabase, type DatabaseHandle } from "../src/server/kernel/db/client";
import { crossUncrossedDays, dueRollupDays, refreshVisits, rollUpDay } from "../src/server/analytics/data/analytics";
import { analyticsReport, DIRECT, type AnalyticsFilters, type AnalyticsPeriod } from "../src/server/analytics/data/analytics-report";
import { packageChoices, services } from "../src/content/services";
import type { Database } from "../src/server/kernel/db/client";
import { createScratchDatabase } from "./bench-helpers";

const args = process.argv.slice(3);
const option = (name: string, fallback: number) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};

// What a growth agency's site looks like: a few pages take most views (power-law picks below).
const PATHS = [
  "/",
  "/services",
  "/free-audit",
  "/blog",
  "/contact",
  "/about",
  "/case-studies",
  "/pricing",
  ...services.map((s) => `/services/${s.slug}`),
  ...Array.from({ length: 30 }, (_, i) => `/blog/growth-note-${i + 1}`),
];
/** First touches: referring host, utm_source, utm_medium, utm_campaign (null: none). */
const TOUCHES: [string | null, string | null, string | null, string | null][] = [
  [null, null, null, null],
  ["www.google.com", null, null, null],
  ["www.google.co.in", null, null, null],
  [null, "google", "cpc", "diwali-growth"],
  [null, "newsletter", "email", "monthly-digest"],
  ["www.linkedin.com", "linkedin", "social", "founder-posts"],
  ["l.facebook.com", null, null, null],
  [null, "meta", "paid_social", "lead-gen-q4"],
  ["www.bing.com", null, null, null],
  ["partner.example", null, null, null],
  ["duckduckgo.com", null, null, null],
  [null, "google", "cpc", "brand-search"],
];
const COUNTRIES = ["IN", "IN", "IN", "IN", "US", "GB", "AE", "SG", "DE", "AU", null];
const BROWSERS = ["Chrome", "Chrome", "Safari", "Samsung Internet", "Firefox", "Microsoft Edge"];
const STATUSES = ["new", "new", "contacted", "qualified", "won", "lost"];
const PACKAGES = packageChoices();

const VISITS_PER_STATEMENT = 50_000;
/** The mean of 1 + floor(5 * random()^1.4), the page views of a generated visit. */
const PAGES_PER_VISIT = 2.616;

/**
 * Adds about `events` page views (whole visits of 1 to 5 pages, 2 minutes apart, a visitor coming back
 * now and then the same day) spread evenly over the last `days` days up to 15 minutes ago, and a lead for
 * about one visit in 250, sent a minute after the visit's last page. Returns what was added.
 */
export async function seedPageViews(database: Database, events: number, days: number, now = new Date()): Promise<{ events: number; leads: number }> {
  const visitorsPerDay = Math.max(10, Math.floor((events / PAGES_PER_VISIT / days) * 0.8));
  const json = (value: unknown) => JSON.stringify(value);
  const column = (i: number) => TOUCHES.map((t) => t[i]);
  let added = 0;
  let leadsAdded = 0;
  // Oldest first, each statement a slice of time with its page views in time order: the table's
  // rows lie in the order a live site appends them, so a day's page views are near each other.
  const visits = Math.ceil(events / PAGES_PER_VISIT);
  const slices = Math.max(days, Math.ceil(visits / VISITS_PER_STATEMENT));
  const spanSeconds = days * 86_400 - 900;
  const sliceSeconds = spanSeconds / slices;
  const end = now.getTime() - 900_000;
  for (let round = 0; round < slices; round++) {
    const batch = Math.ceil(visits / slices);
    const sliceStart = new Date(end - spanSeconds * 1000 + round * sliceSeconds * 1000).toISOString();
    const tag = `${now.getTime()}-${round}`;
    const result = await database.execute<{ events: number; leads: number }>(sql`
      with c as (
        select array(select jsonb_array_elements_text(${json(PATHS)}::jsonb)) as paths,
          array(select jsonb_array_elements_text(${json(column(0))}::jsonb)) as refs,
          array(select jsonb_array_elements_text(${json(column(1))}::jsonb)) as sources,
          array(select jsonb_array_elements_text(${json(column(2))}::jsonb)) as media,
          array(select jsonb_array_elements_text(${json(column(3))}::jsonb)) as campaigns,
          array(select jsonb_array_elements_text(${json(COUNTRIES)}::jsonb)) as countries,
          array(select jsonb_array_elements_text(${json(BROWSERS)}::jsonb)) as browsers,
          array(select jsonb_array_elements_text(${json(STATUSES)}::jsonb)) as statuses,
          array(select jsonb_array_elements_text(${json(PACKAGES.map((p) => p.serviceTitle))}::jsonb)) as services,
          array(select jsonb_array_elements_text(${json(PACKAGES.map((p) => p.name))}::jsonb)) as packages
      ),
      v as materialized (
        select g, ${sliceStart}::timestamptz + make_interval(secs => random() * ${sliceSeconds}) as start,
          1 + floor(power(random(), 1.4) * 5)::int as k,
          1 + floor(power(random(), 2) * ${TOUCHES.length})::int as t,
          1 + floor(power(random(), 2.5) * ${PATHS.length})::int as entry,
          floor(random() * ${visitorsPerDay})::int as who,
          random() as device, 1 + floor(random() * ${COUNTRIES.length})::int as country, 1 + floor(random() * ${BROWSERS.length})::int as browser,
          random() as converts, 1 + floor(random() * ${STATUSES.length})::int as status, 1 + floor(random() * ${PACKAGES.length})::int as package
        from generate_series(1, ${batch}) g
      ),
      vv as materialized (
        select v.*, encode(sha256(convert_to(v.who::text || '/' || ((v.start at time zone 'UTC')::date)::text || '/seed', 'UTF8')), 'hex') as visitor from v
      ),
      inserted as (
        insert into analytics_events (at, day, visitor_id, path, referrer_host, internal, utm_source, utm_medium, utm_campaign, device, browser, country)
        select e.at, (e.at at time zone 'UTC')::date, vv.visitor,
          case when p.i = 1 then c.paths[vv.entry] else c.paths[1 + floor(power(random(), 2) * ${PATHS.length})::int] end,
          case when p.i = 1 then c.refs[vv.t] end, p.i > 1,
          case when p.i = 1 then c.sources[vv.t] end, case when p.i = 1 then c.media[vv.t] end, case when p.i = 1 then c.campaigns[vv.t] end,
          case when vv.device < 0.6 then 'mobile' when vv.device < 0.95 then 'desktop' else 'tablet' end,
          c.browsers[vv.browser], c.countries[vv.country]
        from vv cross join c cross join lateral generate_series(1, vv.k) as p(i)
        cross join lateral (select vv.start + (p.i - 1) * interval '2 minutes' as at) e
        order by e.at
        returning 1
      ),
      new_leads as (
        insert into leads (name, email, mobile_number, status, service, package, visitor_id, created_at, updated_at)
        select 'Generated visitor', 'visitor-' || ${tag} || '-' || vv.g || '@example.com', '9876543210', c.statuses[vv.status],
          c.services[vv.package], c.packages[vv.package], vv.visitor, vv.start + (vv.k - 1) * interval '2 minutes' + interval '1 minute',
          vv.start + (vv.k - 1) * interval '2 minutes' + interval '1 minute'
        from vv cross join c where vv.converts < 0.004
        returning 1
      )
      select (select count(*) from inserted)::int as events, (select count(*) from new_leads)::int as leads`);
    added += Number(result.rows[0]!.events);
    leadsAdded += Number(result.rows[0]!.leads);
  }
  await database.execute(sql`analyze analytics_events`);
  await database.execute(sql`analyze leads`);
  return { events: added, leads: leadsAdded };
}

/**
 * Rolls up every closed day with page views, then writes the visits of the visitor-days still marked
 * (today's; every day's on a database seeded before analytics_visits existed), as the timed job does
 * (without its once-across-processes claim, and without its time budget).
 */
async function rollUpClosedDays(
  database: Database,
  keepDays: number,
): Promise<{ days: number; refreshMs: number; refreshed: number; crossed: number; crossMs: number }> {
  const days = await dueRollupDays(keepDays, new Date(), database);
  for (const day of days) await rollUpDay(day, database);
  let started = performance.now();
  const refreshed = await refreshVisits({ database, budgetMs: Number.POSITIVE_INFINITY });
  const refreshMs = performance.now() - started;
  // A database seeded before the rollup crossed the filters gets its crossed rows (docs/decisions/0100).
  started = performance.now();
  const crossed = await crossUncrossedDays({ database, budgetMs: Number.POSITIVE_INFINITY });
  const crossMs = performance.now() - started;
  await database.execute(sql`analyze analytics_daily_rollups`);
  await database.execute(sql`analyze analytics_visits`);
  await database.execute(sql`analyze analytics_visit_marks`);
  return { days: days.length, refreshMs, refreshed, crossed, crossMs };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seed(): Promise<void> {
  const events = option("events", 200_000);
  const days = option("days", 84);
  const handle = openConfiguredDatabase();
  try {
    await handle.migrate();
    setDatabase(handle);
    const started = performance.now();
    const added = await seedPageViews(handle.db, events, days);
    const rolled = await rollUpClosedDays(handle.db, days + 1);
    console.log(
      `Added ${added.events} page views and ${added.leads} leads over ${days} days (${handle.kind}), ${rolled.days} days rolled up, in ${seconds(performance.now() - started)}.`,
    );
  } finally {
    await handle.close();
  }
}

async function bench(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL?.trim() || process.env.DATABASE_URL?.trim();
  const events = option("events", url ? 10_000_000 : 1_000_000);
  const days = option("days", 84);
  const runs = option("runs", 5);
  const reuse = args.find((a) => a.startsWith("--reuse="))?.split("=")[1];
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  if (url && reuse) {
    // A database an earlier run seeded and left (interrupted): time the queries again, keep it.
    if (!/^bench_analytics_[a-z0-9_]+$/.test(reuse)) throw new Error("--reuse takes the name of a database this benchmark made (bench_analytics_...)");
    const own = new URL(url);
    own.pathname = `/${reuse}`;
    handle = openPostgres(own.toString(), { queryTimeoutMs: 3_600_000 });
    cleanup = async () => console.log(`Kept ${reuse}: drop it with  psql ${url} -c 'drop database ${reuse}'`);
  } else if (url) {
    const scratch = await createScratchDatabase(url, "bench_analytics");
    handle = openPostgres(scratch.url, { queryTimeoutMs: 3_600_000 });
    // --keep leaves the seeded database for later runs with --reuse (seeding 10 million takes minutes).
    cleanup = args.includes("--keep") ? async () => console.log(`Kept ${scratch.name}: time it again with --reuse=${scratch.name}`) : scratch.drop;
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
    handle = openPglite({ dataDir: path.join(dir, "pglite") });
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    await handle.migrate();
    setDatabase(handle);
    console.log(
      `Analytics queries on ${handle.kind === "postgres" ? "PostgreSQL" : "the embedded database"}: ${events.toLocaleString("en")} page views over ${days} days.`,
    );
    const [existing] = (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`)).rows;
    let started = performance.now();
    if (!reuse || !existing?.n) {
      const added = await seedPageViews(handle.db, events, days);
      console.log(`Seeded ${added.events.toLocaleString("en")} page views and ${added.leads} leads in ${seconds(performance.now() - started)}.`);
    } else console.log(`Reusing ${existing.n.toLocaleString("en")} page views seeded earlier.`);
    started = performance.now();
    const rolled = await rollUpClosedDays(handle.db, days + 1);
    const rollupMs = performance.now() - started - rolled.refreshMs;
    const [counts] = (
      await handle.db.execute<{ rollups: number; lead_visits: number; visits: number; today: number; today_visits: number }>(sql`select
        (select count(*) from analytics_daily_rollups)::int as rollups, (select count(*) from analytics_lead_visits)::int as lead_visits,
        (select count(*) from analytics_visits)::int as visits,
        (select count(*) from analytics_events where day = (now() at time zone 'UTC')::date)::int as today,
        (select count(*) from analytics_visits where day = (now() at time zone 'UTC')::date)::int as today_visits`)
    ).rows;
    console.log(
      `Rolled up ${rolled.days} days in ${seconds(rollupMs)} (${Math.round(rollupMs / Math.max(1, rolled.days))} ms a day): ${counts!.rollups} rollup rows, ${counts!.lead_visits} lead visits; ` +
        `then wrote the visits of ${rolled.refreshed} marked visitor-days in ${seconds(rolled.refreshMs)}: ${counts!.visits} stored visits` +
        (rolled.crossed ? `, and crossed the filters of ${rolled.crossed} days counted before (${seconds(rolled.crossMs)}). ` : ". ") +
        `Today: ${counts!.today} raw page views, ${counts!.today_visits} stored visits.`,
    );

    const cases: { label: string; days: AnalyticsPeriod; filters: AnalyticsFilters }[] = [];
    for (const period of [7, 30, 90] as const) cases.push({ label: `${period} days, no filter`, days: period, filters: {} });
    cases.push({ label: "90 days, page /pricing", days: 90, filters: { page: "/pricing" } });
    cases.push({ label: "90 days, source google", days: 90, filters: { source: "google" } });
    cases.push({ label: `90 days, source ${DIRECT}`, days: 90, filters: { source: DIRECT } });
    cases.push({ label: "7 days, campaign diwali-growth", days: 7, filters: { campaign: "diwali-growth" } });
    // Two filters and three are read from the rollup's crossed rows (docs/decisions/0100).
    cases.push({ label: "7 days, source google + campaign diwali-growth", days: 7, filters: { source: "google", campaign: "diwali-growth" } });
    cases.push({ label: "90 days, source google + campaign diwali-growth", days: 90, filters: { source: "google", campaign: "diwali-growth" } });
    cases.push({ label: "7 days, page /pricing + source google", days: 7, filters: { page: "/pricing", source: "google" } });
    cases.push({ label: "90 days, page /pricing + source google", days: 90, filters: { page: "/pricing", source: "google" } });
    cases.push({ label: "90 days, page / + source google", days: 90, filters: { page: "/", source: "google" } });
    cases.push({ label: "90 days, page /pricing + campaign diwali-growth", days: 90, filters: { page: "/pricing", campaign: "diwali-growth" } });
    cases.push({
      label: "90 days, page /pricing + source google + campaign diwali-growth",
      days: 90,
      filters: { page: "/pricing", source: "google", campaign: "diwali-growth" },
    });
    console.log(`\nThe Analytics screen's report (every figure it shows), after one warm-up run; ${runs} runs, or 1 when the warm-up took over 10 s:\n`);
    console.log("| period and filter | visits | median ms | slowest ms |\n| --- | --- | --- | --- |");
    for (const c of cases) {
      const times: number[] = [];
      let visits = 0;
      let slow = false;
      for (let i = 0; i < (slow ? 2 : runs + 1); i++) {
        const t = performance.now();
        const report = await analyticsReport(c.days, c.filters);
        const ms = performance.now() - t;
        if (i > 0)
          times.push(ms); // the first run warms the caches and the plans
        else slow = ms > 10_000;
        visits = report.current.visits;
      }
      times.sort((a, b) => a - b);
      console.log(`| ${c.label} | ${visits.toLocaleString("en")} | ${Math.round(times[Math.floor(times.length / 2)]!)} | ${Math.round(times.at(-1)!)} |`);
    }
  } finally {
    setDatabase(undefined);
    await handle.close();
    await cleanup();
  }
}

const command = process.argv[2];
const run = command === "seed" ? seed : command === "bench" ? bench : null;
if (!run) {
  console.error("usage: tsx scripts/analytics-data.ts seed|bench [--events=N] [--days=84] [--runs=5]");
  process.exit(2);
}
run().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
