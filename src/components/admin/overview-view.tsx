import Link from "next/link";
import { CHANNELS, CHANNEL_LABELS } from "@/lib/channels";
import { DEAL_VALUE_RULE, PAID_RULE } from "@/lib/deal-value";
import { formatPaiseAsRupees, formatRupees } from "@/lib/format";
import { CHANNEL_COLOURS as COLOURS, describeChange } from "@/lib/overview-figures";
import { dashboardHref } from "@/lib/routes";
import { OVERVIEW_PERIODS, type Overview } from "@/server/dashboard/data/overview";

// The lead desk's first screen (docs/decisions/0049, 0072): key figures first, then charts drawn on
// the server in HTML with a table of the same numbers beside each; no script and no chart library.

export const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`);
const shortDate = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });

/**
 * Leads and messages per week as one horizontal bar per week, split by channel: a row per week reads
 * at any width (a phone's included), where a wide SVG shrinks its labels out of sight. One image for
 * assistive technology, described in words; the tables below have every number.
 */
function WeeklyChart({ overview }: { overview: Overview }) {
  const totals = overview.weekStarts.map((week) => overview.perWeek.filter((r) => r.week === week).reduce((n, r) => n + r.leads + r.messages, 0));
  const max = Math.max(1, ...totals);
  const busiest = overview.weekStarts[totals.indexOf(Math.max(...totals))];
  const description = `${overview.weekStarts.length} weeks from ${shortDate(overview.weekStarts[0]!)}; ${totals.reduce((a, b) => a + b, 0)} in all; busiest week ${busiest ? shortDate(busiest) : "none"} with ${Math.max(...totals)}. The table below has every number.`;
  return (
    <div role="img" aria-label="Leads and messages per week, by channel" aria-describedby="weekly-desc" data-testid="weekly-chart">
      <p id="weekly-desc" className="sr-only">
        {description}
      </p>
      <ol className="space-y-1" aria-hidden="true">
        {overview.weekStarts.map((week, i) => (
          <li key={week} className="flex items-center gap-2 text-xs">
            <span className="w-14 shrink-0 text-ink-soft tabular-nums">{shortDate(week)}</span>
            <span className="flex h-3.5 min-w-0 flex-1">
              {CHANNELS.map((channel) => {
                const cell = overview.perWeek.find((r) => r.week === week && r.channel === channel);
                const value = (cell?.leads ?? 0) + (cell?.messages ?? 0);
                if (value === 0) return null;
                return (
                  <span
                    key={channel}
                    data-channel={channel}
                    className="h-full border-r border-white last:border-r-0"
                    style={{ width: `${(value / max) * 100}%`, background: COLOURS[channel] }}
                  />
                );
              })}
            </span>
            <span className="w-8 shrink-0 text-right tabular-nums">{totals[i]}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A table of figures; a wide one scrolls inside its card, never the page. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="overflow-x-auto">
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
    </div>
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
    <section aria-label={title} className="min-w-0 space-y-3 rounded-card border border-line bg-surface p-4 sm:p-5">
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
  const paidTotal = pipeline.wonByMonth.reduce((n, m) => n + m.paidPaise, 0);
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
          won in the last 12 months (India time, by the month a lead moved to Won);{" "}
          <strong data-testid="overview-paid-value">{formatPaiseAsRupees(paidTotal)}</strong> of it paid.
        </p>
        <p className="text-xs text-ink-soft" data-testid="deal-value-rule">
          {DEAL_VALUE_RULE} {PAID_RULE}
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
            head={["Month", "Won", "Value", "Paid"]}
            rows={pipeline.wonByMonth.map((m) => [monthLabel(m.month), m.count, formatRupees(m.value), formatPaiseAsRupees(m.paidPaise)])}
          />
        </details>
      </Card>
    </div>
  );
}

/** One key figure: its name, the number, and a line that says what it is measured against. */
function Figure({ title, value, testId, children }: { title: string; value: string; testId: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-card border border-line bg-surface p-4 sm:p-5">
      <h2 className="text-sm font-semibold text-ink-soft">{title}</h2>
      <p className="mt-1 text-3xl font-extrabold tracking-tight tabular-nums" data-testid={testId}>
        {value}
      </p>
      <p className="mt-1 text-sm text-ink-soft">{children}</p>
    </section>
  );
}

/**
 * What the screen shows once submissions arrive, and how they arrive: said where the charts would be
 * while the period has none (a new site, or a quiet stretch).
 */
function EmptyOverview({ weeks }: { weeks: number }) {
  return (
    <section aria-labelledby="overview-empty-title" className="rounded-card border border-dashed border-line bg-surface p-5" data-testid="overview-empty">
      <h2 id="overview-empty-title" className="text-base font-bold">
        No leads or messages in the last {weeks} weeks
      </h2>
      <p className="mt-2 text-sm">
        When they arrive, this screen shows each week&apos;s leads and messages by channel (search, paid, social, e-mail, referral, direct), the monthly revenue
        the leads gave, the pages they first landed on and the campaigns that brought them.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        <li>
          Leads come from the{" "}
          <Link href="/free-audit" className="font-semibold text-brand-700 hover:underline">
            free audit form
          </Link>{" "}
          and messages from the{" "}
          <Link href="/contact" className="font-semibold text-brand-700 hover:underline">
            contact form
          </Link>
          ; link to them from your posts, ads and e-mails.
        </li>
        <li>
          Tag the links of a campaign with <code>utm_source</code>, <code>utm_medium</code> and <code>utm_campaign</code>: the channel and the campaign come
          from the visitor&apos;s first visit.
        </li>
        <li>
          A lead who called or wrote directly can be{" "}
          <Link href={dashboardHref("leads", { new: "1" })} className="font-semibold text-brand-700 hover:underline">
            added by hand
          </Link>
          .
        </li>
      </ul>
      <p className="mt-3 text-sm text-ink-soft">A longer period above may show earlier ones.</p>
    </section>
  );
}

export function OverviewView({ overview }: { overview: Overview }) {
  const leadsTotal = overview.channels.reduce((n, c) => n + c.leads, 0);
  const messagesTotal = overview.channels.reduce((n, c) => n + c.messages, 0);
  const { funnel, newLeads, newMessages } = overview;
  const newBoth = newLeads.lastSevenDays + newMessages.lastSevenDays;
  const empty = leadsTotal + messagesTotal === 0;
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

      <div className="grid gap-4 sm:grid-cols-3" data-testid="overview-figures">
        <Figure title="New leads, last 7 days" value={String(newBoth)} testId="overview-new-leads">
          <span data-testid="overview-new-by-form">
            {newLeads.lastSevenDays} growth audit {newLeads.lastSevenDays === 1 ? "request" : "requests"} and {newMessages.lastSevenDays} contact{" "}
            {newMessages.lastSevenDays === 1 ? "message" : "messages"} (both forms).
          </span>{" "}
          <span data-testid="overview-new-leads-change">{describeChange(newBoth, newLeads.sevenDaysBefore + newMessages.sevenDaysBefore)}</span>
        </Figure>
        <Figure title="Time to first contact" value={duration(overview.firstContact.medianSeconds)} testId="overview-first-contact">
          Median over the last {overview.weeks} weeks; {overview.firstContact.contacted} contacted, {overview.firstContact.waiting} still new.
        </Figure>
        <Figure title="Won" value={formatRupees(overview.won.value)} testId="overview-won">
          {overview.won.count} {overview.won.count === 1 ? "deal" : "deals"} moved to Won in the last {overview.weeks} weeks;{" "}
          <span data-testid="overview-won-paid">{formatPaiseAsRupees(overview.won.paidPaise)} paid</span>.
        </Figure>
      </div>
      <p className="-mt-3 text-xs text-ink-soft">
        A lead counts as contacted when its status first moves to any stage but New and Lost (the owner&apos;s own stages included); a message when it is first
        marked Replied.
      </p>

      {empty ? (
        <EmptyOverview weeks={overview.weeks} />
      ) : (
        <>
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
                caption="Both forms of the period, then the growth audit leads that reached each stage, and their share of all leads"
                head={["Stage", "Leads", "Of all"]}
                rows={[
                  ["Sent a form (both)", funnel.total + funnel.messages, percent(funnel.total + funnel.messages, funnel.total + funnel.messages)],
                  ["Contact messages", funnel.messages, percent(funnel.messages, funnel.total + funnel.messages)],
                  ["Growth audit requests (New or later)", funnel.total, percent(funnel.total, funnel.total)],
                  ["Contacted or later", funnel.reached.contacted, percent(funnel.reached.contacted, funnel.total)],
                  ["Qualified or won", funnel.reached.qualified, percent(funnel.reached.qualified, funnel.total)],
                  ["Won", funnel.reached.won, percent(funnel.reached.won, funnel.total)],
                  ["Lost", funnel.byStatus.lost, percent(funnel.byStatus.lost, funnel.total)],
                ]}
              />
              <p className="text-xs text-ink-soft">
                A contact message is a lead too; the stages are the growth audit requests&apos;. A lead counts at every stage up to its current status; lost
                leads are shown apart.
              </p>
            </Card>
            <Card title="Monthly revenue of the leads">
              <Table
                caption="Leads by the monthly revenue they gave, smallest bracket first, as the free audit form lists them"
                head={["Revenue", "Leads"]}
                rows={overview.revenue.map((r) => [r.bracket, r.leads])}
              />
            </Card>
            <Card title="Top landing pages">
              {overview.landingPages.length ? (
                <Table
                  caption="The pages visitors first landed on, by path (campaign tags and other query parameters left out)"
                  head={["Page", "Submissions"]}
                  rows={overview.landingPages.map((r) => [r.page, r.count])}
                />
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
                <p className="text-sm text-ink-soft">
                  No campaigns recorded in this period: links tagged with <code>utm_campaign</code> are counted here.
                </p>
              )}
            </Card>
          </div>
        </>
      )}

      <PipelineCard pipeline={overview.pipeline} />
    </div>
  );
}
