import { CHANNELS, CHANNEL_LABELS, type Channel } from "@/lib/channels";
import { formatRupees } from "@/lib/format";
import { dashboardHref } from "@/lib/routes";
import { OVERVIEW_PERIODS, type Overview } from "@/server/data/overview";

// The lead desk's first screen (docs/decisions/0049): drawn on the server as SVG with a table of the
// same numbers beside each chart; no script and no chart library.

/** Distinct in hue and lightness, each with 3:1 contrast or more against white; the legend and tables carry the names. */
const COLOURS: Record<Channel, string> = {
  organic: "#15803d",
  paid: "#6a35dc",
  social: "#c2410c",
  email: "#0e7490",
  referral: "#b45309",
  direct: "#475569",
};

export const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`);
const shortDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });

function WeeklyChart({ overview }: { overview: Overview }) {
  const totals = overview.weekStarts.map((week) => overview.perWeek.filter((r) => r.week === week).reduce((n, r) => n + r.leads + r.messages, 0));
  const max = Math.max(1, ...totals);
  const width = 720;
  const height = 220;
  const left = 32;
  const bottom = 24;
  const slot = (width - left) / overview.weekStarts.length;
  const bar = Math.max(4, slot * 0.7);
  const scale = (height - bottom - 8) / max;
  const busiest = overview.weekStarts[totals.indexOf(Math.max(...totals))];
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="weekly-title weekly-desc" className="h-auto w-full">
      <title id="weekly-title">Leads and messages per week, by channel</title>
      <desc id="weekly-desc">
        {`${overview.weekStarts.length} weeks from ${shortDate(overview.weekStarts[0]!)}; ${totals.reduce((a, b) => a + b, 0)} in all; busiest week ${busiest ? shortDate(busiest) : "none"} with ${Math.max(...totals)}. The table below has every number.`}
      </desc>
      <line x1={left} x2={width} y1={height - bottom} y2={height - bottom} stroke="#94a3b8" />
      <text x={left - 6} y={12} textAnchor="end" fontSize="11" fill="#3b3868">
        {max}
      </text>
      {overview.weekStarts.map((week, i) => {
        let y = height - bottom;
        const x = left + i * slot + (slot - bar) / 2;
        return (
          <g key={week}>
            {CHANNELS.map((channel) => {
              const cell = overview.perWeek.find((r) => r.week === week && r.channel === channel);
              const value = (cell?.leads ?? 0) + (cell?.messages ?? 0);
              if (value === 0) return null;
              const h = value * scale;
              y -= h;
              return <rect key={channel} x={x} y={y} width={bar} height={h} fill={COLOURS[channel]} stroke="#fff" strokeWidth="0.5" />;
            })}
            {(overview.weekStarts.length <= 13 || i % 4 === 0) && (
              <text x={x + bar / 2} y={height - 8} textAnchor="middle" fontSize="10" fill="#3b3868">
                {shortDate(week)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          {head.map((h, i) => (
            <th key={h} scope="col" className={i === 0 ? "py-2 pr-3" : "py-2 pr-3 text-right"}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-line last:border-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-2 pr-3 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-2 pr-3 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Seconds as the largest two units ("1 day 4 h", "3 h 20 min", "12 min"); a dash for none. */
export function duration(seconds: number | null): string {
  if (seconds === null) return "–";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? "" : "s"}${hours % 24 ? ` ${hours % 24} h` : ""}`;
}

export function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-3 rounded-card border border-line bg-surface p-5">
      <h2 className="text-base font-bold">{title}</h2>
      {children}
    </section>
  );
}

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-IN", { month: "short", year: "numeric", timeZone: "UTC" });

/** A bar of a value against the largest of its list: a picture of the table beside it (which carries the numbers). */
function Bar({ value, max, label }: { value: number; max: number; label: string }) {
  const width = max > 0 ? Math.max(value > 0 ? 2 : 0, Math.round((value / max) * 100)) : 0;
  return (
    <div className="flex items-center gap-2 text-sm">
      <span className="w-24 shrink-0 truncate sm:w-32">{label}</span>
      <span className="h-3 flex-1 rounded-sm bg-canvas" aria-hidden="true">
        <span className="block h-3 rounded-sm bg-brand-600" style={{ width: `${width}%` }} />
      </span>
    </div>
  );
}

/** The pipeline's open value by stage and the value won per month (docs/decisions/0067), readable on a phone. */
function PipelineCard({ pipeline }: { pipeline: Overview["pipeline"] }) {
  const openTotal = pipeline.open.reduce((n, s) => n + s.value, 0);
  const openMax = Math.max(0, ...pipeline.open.map((s) => s.value));
  const wonMax = Math.max(0, ...pipeline.wonByMonth.map((m) => m.value));
  const wonTotal = pipeline.wonByMonth.reduce((n, m) => n + m.value, 0);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Open pipeline">
        <p className="text-sm">
          <strong className="text-lg" data-testid="overview-open-value">
            {formatRupees(openTotal)}
          </strong>{" "}
          in deals not yet won or lost, by stage (all leads, today).
        </p>
        <div className="space-y-1.5">
          {pipeline.open.map((s) => (
            <Bar key={s.key} value={s.value} max={openMax} label={s.name} />
          ))}
        </div>
        <Table
          caption="Open deal value by stage"
          head={["Stage", "Leads", "Value"]}
          rows={pipeline.open.map((s) => [s.name, s.count, formatRupees(s.value)])}
        />
      </Card>
      <Card title="Won per month">
        <p className="text-sm">
          <strong className="text-lg" data-testid="overview-won-value">
            {formatRupees(wonTotal)}
          </strong>{" "}
          won in the last 12 months (India time, by the month a lead moved to Won).
        </p>
        <div className="space-y-1.5">
          {pipeline.wonByMonth.map((m) => (
            <Bar key={m.month} value={m.value} max={wonMax} label={monthLabel(m.month)} />
          ))}
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">Every month&apos;s numbers</summary>
          <Table
            caption="Deals won per month"
            head={["Month", "Won", "Value"]}
            rows={pipeline.wonByMonth.map((m) => [monthLabel(m.month), m.count, formatRupees(m.value)])}
          />
        </details>
      </Card>
    </div>
  );
}

export function OverviewView({ overview }: { overview: Overview }) {
  const leadsTotal = overview.channels.reduce((n, c) => n + c.leads, 0);
  const messagesTotal = overview.channels.reduce((n, c) => n + c.messages, 0);
  const { funnel } = overview;
  return (
    <div className="mt-6 space-y-6" data-testid="overview">
      <form method="get" action={dashboardHref("overview")} className="flex flex-wrap items-end gap-3" aria-label="Overview period">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Period
          <select name="weeks" defaultValue={String(overview.weeks)} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
            {OVERVIEW_PERIODS.map((w) => (
              <option key={w} value={w}>
                Last {w} weeks
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-xl border border-line bg-surface px-4 text-sm font-semibold hover:bg-brand-50">
          Show
        </button>
        <p className="text-sm text-ink-soft" role="status">
          <span data-testid="overview-leads">{leadsTotal}</span> {leadsTotal === 1 ? "lead" : "leads"} and{" "}
          <span data-testid="overview-messages">{messagesTotal}</span> {messagesTotal === 1 ? "message" : "messages"} in the last {overview.weeks} weeks (spam
          not counted).
        </p>
      </form>

      <Card title="Time to first contact">
        <p className="text-sm">
          Median from arrival to first contact:{" "}
          <strong className="text-lg" data-testid="overview-first-contact">
            {duration(overview.firstContact.medianSeconds)}
          </strong>
        </p>
        <p className="text-sm text-ink-soft">
          {overview.firstContact.contacted} contacted, {overview.firstContact.waiting} still new. A lead counts as contacted when its status first moves to any
          stage but New and Lost (the owner&apos;s own stages included); a message when it is first marked Replied.
        </p>
      </Card>

      <PipelineCard pipeline={overview.pipeline} />

      <Card title="Where they came from">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Channel colours">
          {CHANNELS.map((c) => (
            <li key={c} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: COLOURS[c] }} />
              {CHANNEL_LABELS[c]}
            </li>
          ))}
        </ul>
        <WeeklyChart overview={overview} />
        <Table
          caption="Leads and messages by channel"
          head={["Channel", "Leads", "Messages", "Share"]}
          rows={overview.channels.map((c) => [CHANNEL_LABELS[c.channel], c.leads, c.messages, percent(c.leads + c.messages, leadsTotal + messagesTotal)])}
        />
        <details className="text-sm">
          <summary className="cursor-pointer font-semibold">Every week&apos;s numbers</summary>
          <Table
            caption="Leads and messages per week and channel"
            head={["Week of", ...CHANNELS.map((c) => CHANNEL_LABELS[c])]}
            rows={overview.weekStarts.map((week) => [
              shortDate(week),
              ...CHANNELS.map((c) => {
                const cell = overview.perWeek.find((r) => r.week === week && r.channel === c);
                return (cell?.leads ?? 0) + (cell?.messages ?? 0);
              }),
            ])}
          />
        </details>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Lead funnel">
          <Table
            caption="Leads that reached each stage, and the share of all leads in the period"
            head={["Stage", "Leads", "Of all"]}
            rows={[
              ["New (all leads)", funnel.total, percent(funnel.total, funnel.total)],
              ["Contacted or later", funnel.reached.contacted, percent(funnel.reached.contacted, funnel.total)],
              ["Qualified or won", funnel.reached.qualified, percent(funnel.reached.qualified, funnel.total)],
              ["Won", funnel.reached.won, percent(funnel.reached.won, funnel.total)],
              ["Lost", funnel.byStatus.lost, percent(funnel.byStatus.lost, funnel.total)],
            ]}
          />
          <p className="text-xs text-ink-soft">A lead counts at every stage up to its current status; lost leads are shown apart.</p>
        </Card>
        <Card title="Monthly revenue of the leads">
          <Table caption="Leads by the monthly revenue they gave" head={["Revenue", "Leads"]} rows={overview.revenue.map((r) => [r.bracket, r.leads])} />
        </Card>
        <Card title="Top landing pages">
          {overview.landingPages.length ? (
            <Table caption="The pages visitors first landed on" head={["Page", "Submissions"]} rows={overview.landingPages.map((r) => [r.page, r.count])} />
          ) : (
            <p className="text-sm text-ink-soft">No landing pages recorded in this period.</p>
          )}
        </Card>
        <Card title="Top campaigns">
          {overview.campaigns.length ? (
            <Table
              caption="First-touch campaigns (utm_campaign)"
              head={["Campaign", "Submissions"]}
              rows={overview.campaigns.map((r) => [r.campaign, r.count])}
            />
          ) : (
            <p className="text-sm text-ink-soft">No campaigns recorded in this period.</p>
          )}
        </Card>
      </div>
    </div>
  );
}
