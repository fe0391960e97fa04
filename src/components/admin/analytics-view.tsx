import Link from "next/link";
import { dashboardHref } from "@/lib/routes";
import { formatCount, formatPaiseAsRupees, formatRupees } from "@/lib/format";
import { ANALYTICS_PERIODS, type AnalyticsReport, type Figures, type FunnelRow } from "@/server/analytics/data/analytics-report";
import { Card, Table } from "./overview-view";
import { DEAL_VALUE_RULE } from "@/lib/deal-value";

// The site's own visit counts (docs/decisions/0056), drawn on the server as SVG with the numbers in
// tables, like the Overview; the period and the filters are a plain GET form.

const n = formatCount;
const regions = new Intl.DisplayNames(["en"], { type: "region" });
/** A country's name from its two letters ("IN" -> "India"); the letters themselves when unknown. */
function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A share as a percentage: one decimal under 10 % (a 0.6 % conversion is not "1 %" nor "0 %"). */
function rate(part: number, whole: number): string {
  if (whole === 0) return "–";
  const value = (part / whole) * 100;
  return `${value > 0 && value < 10 ? value.toFixed(1) : Math.round(value)}%`;
}

const shortDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });

function seconds(value: number | null): string {
  if (value === null) return "–";
  const s = Math.round(value);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** The change from the previous period, in words a screen reader reads as they are. */
function change(now: number | null, before: number | null): string {
  if (now === null || before === null) return "no earlier figure";
  if (before === 0) return now === 0 ? "same as before" : "none before";
  const delta = Math.round(((now - before) / before) * 100);
  return delta === 0 ? "same as before" : `${delta > 0 ? "+" : ""}${delta}% on the previous period`;
}

function Figure({ label, value, note, testId }: { label: string; value: string; note: string; testId: string }) {
  return (
    <div className="rounded-card border border-line bg-surface p-4">
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs text-ink-soft">{note}</dd>
    </div>
  );
}

/** The screen's ranked lists: title, caption, column heads, rows, and what an empty period says. */
function lists(report: AnalyticsReport): [title: string, caption: string, head: string[], rows: string[][], empty: string][] {
  const visits = "No visits in this period.";
  return [
    [
      "Top pages",
      "Pages by page views",
      ["Page", "Visitors", "Page views"],
      report.topPages.map((r) => [r.path, n(r.visitors), n(r.pageviews)]),
      "No page views in this period.",
    ],
    [
      "Entry pages",
      "Pages visits began on, with their bounce rate",
      ["Page", "Visits", "Bounce rate"],
      report.entryPages.map((r) => [r.path, n(r.visits), rate(r.bounces, r.visits)]),
      visits,
    ],
    ["Sources", "Visits by source (utm_source, else the referring site)", ["Source", "Visits"], report.sources.map((r) => [r.source, n(r.visits)]), visits],
    ["Campaigns", "Visits by campaign (utm_campaign)", ["Campaign", "Visits"], report.campaigns.map((r) => [r.campaign, n(r.visits)]), visits],
    ["Countries", "Visits by country", ["Country", "Visits"], report.countries.map((r) => [countryName(r.country), n(r.visits)]), visits],
    ["Devices", "Visits by device class", ["Device", "Visits"], report.devices.map((r) => [r.device, n(r.visits)]), visits],
  ];
}

function DailyChart({ report }: { report: AnalyticsReport }) {
  const width = 720;
  const height = 200;
  const left = 36;
  const bottom = 24;
  const max = Math.max(1, ...report.perDay.map((d) => d.pageviews));
  const slot = (width - left) / Math.max(1, report.perDay.length);
  const bar = Math.max(3, slot * 0.7);
  const scale = (height - bottom - 8) / max;
  const total = report.perDay.reduce((n, d) => n + d.pageviews, 0);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="daily-title daily-desc" className="h-auto w-full">
      <title id="daily-title">Page views per day</title>
      <desc id="daily-desc">{`${report.perDay.length} days, ${n(total)} page views in all, at most ${n(max)} in a day. The table below has every number.`}</desc>
      <line x1={left} x2={width} y1={height - bottom} y2={height - bottom} stroke="#94a3b8" />
      <text x={left - 6} y={12} textAnchor="end" fontSize="11" fill="#3b3868">
        {n(max)}
      </text>
      {report.perDay.map((d, i) => {
        const x = left + i * slot + (slot - bar) / 2;
        const h = d.pageviews * scale;
        return (
          <g key={d.day}>
            {h > 0 && <rect x={x} y={height - bottom - h} width={bar} height={h} fill="#6a35dc" />}
            {(report.perDay.length <= 14 || i % Math.ceil(report.perDay.length / 12) === 0) && (
              <text x={x + bar / 2} y={height - 8} textAnchor="middle" fontSize="10" fill="#3b3868">
                {shortDate(d.day)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function FunnelTable({ caption, first, rows }: { caption: string; first: string; rows: FunnelRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-ink-soft">No visits in this period.</p>;
  return (
    <Table
      caption={caption}
      head={[first, "Visits", "Audit requests", "Messages", "Both forms", "Conversion", "Qualified", "Won", "Won value", "Paid"]}
      rows={rows.map((r) => [
        r.label,
        n(r.visits),
        n(r.leads),
        n(r.messages),
        n(r.forms),
        rate(r.forms, r.visits),
        n(r.qualified),
        n(r.won),
        formatRupees(r.wonValue),
        formatPaiseAsRupees(r.paidPaise),
      ])}
    />
  );
}

function List({ title, caption, head, rows, empty }: { title: string; caption: string; head: string[]; rows: (string | number)[][]; empty: string }) {
  return <Card title={title}>{rows.length ? <Table caption={caption} head={head} rows={rows} /> : <p className="text-sm text-ink-soft">{empty}</p>}</Card>;
}

export function AnalyticsView({ report }: { report: AnalyticsReport }) {
  const { current: c, previous: p, filters } = report;
  const figure = (label: string, key: keyof Figures, format: (v: number | null) => string, testId: string) => (
    <Figure label={label} value={format(c[key])} note={change(c[key], p[key])} testId={testId} />
  );
  const filtered = Boolean(filters.page || filters.source || filters.campaign);
  return (
    <div className="mt-6 space-y-6" data-testid="analytics">
      <form method="get" action={dashboardHref("analytics")} className="flex flex-wrap items-end gap-3" aria-label="Analytics period and filters">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Period
          <select name="days" defaultValue={String(report.days)} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
            {ANALYTICS_PERIODS.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? "Today" : `Last ${d} days`}
              </option>
            ))}
          </select>
        </label>
        {(["page", "source", "campaign"] as const).map((name) => (
          <label key={name} className="flex flex-col gap-1 text-sm font-semibold">
            {name === "page" ? "Page seen" : name === "source" ? "Source" : "Campaign"}
            <input
              name={name}
              defaultValue={filters[name] ?? ""}
              maxLength={300}
              placeholder={name === "page" ? "/blog" : name === "source" ? "google.com" : "diwali-sale"}
              className="min-h-11 w-44 rounded-xl border border-line bg-surface px-3 font-normal"
            />
          </label>
        ))}
        <button type="submit" className="min-h-11 rounded-xl border border-line bg-surface px-4 text-sm font-semibold hover:bg-brand-50">
          Show
        </button>
        <a
          href={`/admin/export/analytics?${new URLSearchParams(Object.entries({ days: String(report.days), ...filters }).filter((e): e is [string, string] => Boolean(e[1])))}`}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline"
        >
          Export as CSV
        </a>
        {filtered && (
          <a
            href={dashboardHref("analytics", { days: report.days })}
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline"
          >
            Clear filters
          </a>
        )}
      </form>

      <p className="text-sm text-ink-soft" role="status">
        <strong data-testid="analytics-live">{report.liveVisitors}</strong> {report.liveVisitors === 1 ? "visitor" : "visitors"} in the last 30 minutes. Counted
        by this site without cookies; staff, bots and browsers that ask not to be tracked are not counted (what visitors are told:{" "}
        <Link href="/privacy" className="font-semibold text-brand-800 underline underline-offset-4">
          the privacy policy
        </Link>
        ).
      </p>

      <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {figure("Visitors", "visitors", (v) => n(v ?? 0), "analytics-visitors")}
        {figure("Visits", "visits", (v) => n(v ?? 0), "analytics-visits")}
        {figure("Page views", "pageviews", (v) => n(v ?? 0), "analytics-pageviews")}
        {figure("Bounce rate", "bounceRate", (v) => (v === null ? "–" : `${Math.round(v * 100)}%`), "analytics-bounce")}
        {figure("Visit duration", "meanDuration", seconds, "analytics-duration")}
      </dl>

      <Card title="Page views per day">
        <DailyChart report={report} />
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">Every day&apos;s numbers</summary>
          <Table
            caption="Visitors, visits and page views per day"
            head={["Day", "Visitors", "Visits", "Page views"]}
            rows={report.perDay.map((d) => [shortDate(d.day), n(d.visitors), n(d.visits), n(d.pageviews)])}
          />
        </details>
      </Card>

      <Card title="From visit to lead to won deal, by channel">
        <FunnelTable caption="Visits by channel, and the leads they became" first="Channel" rows={report.funnelByChannel} />
        <p className="text-xs text-ink-soft">
          A growth audit request or a contact message counts for the visit it was sent from; conversion is both forms together over visits; qualified and won
          are audit requests. Won value: {DEAL_VALUE_RULE}
        </p>
      </Card>
      <Card title="From visit to lead to won deal, by entry page">
        <FunnelTable caption="Visits by the page they began on, and the leads they became" first="Entry page" rows={report.funnelByPage} />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        {lists(report).map(([title, caption, head, rows, empty]) => (
          <List key={title} title={title} caption={caption} head={head} rows={rows} empty={empty} />
        ))}
      </div>
    </div>
  );
}
