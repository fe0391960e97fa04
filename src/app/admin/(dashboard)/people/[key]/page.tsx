import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { EditInteraction, ErasePersonForm, LogInteractionForm } from "@/components/admin/person-forms";
import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from "@/lib/newsletter";
import { TIMELINE_LABELS } from "@/lib/people";
import { dashboardHref } from "@/lib/routes";
import { DEAL_VALUE_RULE, PAID_RULE } from "@/lib/deal-value";
import { formatAdminDate, formatPaiseAsRupees, formatRupees } from "@/lib/format";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { navCounts, openScreen } from "@/app/admin/dashboard-gate";
import { personPage } from "@/server/people/people";

export const metadata = { title: "Person" };

const KEY = /^[0-9a-f]{32}$/;

/**
 * One person (docs/decisions/0068): who they are, everything that happened with them newest first,
 * a form to log a call, e-mail, WhatsApp or meeting, their data as JSON or CSV, and (owners and
 * admins) the erasure. The address is never in this page's URL: the key is a keyed hash of it.
 */
export default async function PersonPage({ params }: { params: Promise<{ key: string }> }) {
  const gate = await openScreen("people");
  if (gate.kind === "denied") return gate.page;
  const { key } = await params;
  if (!KEY.test(key)) notFound();
  const [counts, person] = await Promise.all([navCounts(gate.screens), personPage(key)]);
  if (!person) notFound();
  const { header, timeline, canErase } = person;
  const exportBase = `/admin/export/person/${header.key}`;
  return (
    <DashboardShell screens={gate.screens} current="people" counts={counts}>
      <div className="mt-6 grid gap-8">
        <div>
          <Link href={dashboardHref("people")} className="text-sm font-semibold text-brand-700 hover:underline">
            ← All people
          </Link>
          <h2 className="mt-2 text-xl font-bold" data-testid="person-name">
            {header.names.join(" / ") || header.email}
          </h2>
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="person-header">
            {[
              ["E-mail", header.email],
              ["Phone", header.phones.join(", ") || "—"],
              ["Company", header.companies.join(", ") || "—"],
              ["Owner", header.owner ?? "Nobody"],
              ["Deal value", header.dealValue === null ? "—" : `${formatRupees(header.dealValue)} (${DEAL_VALUE_RULE})`],
              ["Paid", `${formatPaiseAsRupees(header.paidPaise)} (${PAID_RULE})`],
              ["Status", header.status ? `${header.status.status} (${header.status.kind === "lead" ? "latest growth audit" : "latest message"})` : "—"],
              [
                "Newsletter",
                header.newsletter
                  ? `${SUBSCRIBER_STATUS_LABELS[header.newsletter.status as SubscriberStatus] ?? header.newsletter.status}${header.newsletter.paused ? ", paused" : ""}`
                  : "Not subscribed",
              ],
            ].map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 flex flex-wrap gap-3 text-sm">
            <a href={`${exportBase}.json`} className="font-semibold text-brand-700 hover:underline" download>
              Export as JSON
            </a>
            <a href={`${exportBase}.csv`} className="font-semibold text-brand-700 hover:underline" download>
              Export as CSV
            </a>
          </p>
        </div>

        <section aria-labelledby="log-heading" className="rounded-2xl border border-line bg-surface p-5">
          <h3 id="log-heading" className="font-bold">
            Log a call, e-mail, WhatsApp or meeting
          </h3>
          <div className="mt-4">
            <LogInteractionForm person={header.key} now={toSiteDateTimeInput(new Date())} />
          </div>
        </section>

        <section aria-labelledby="timeline-heading">
          <h3 id="timeline-heading" className="font-bold">
            Timeline
          </h3>
          {timeline.length === 0 ? (
            <p className="mt-2 text-sm text-muted">Nothing yet.</p>
          ) : (
            <ol className="mt-3 grid gap-3" data-testid="timeline">
              {timeline.map((entry) => (
                <li key={entry.id} className="rounded-xl border border-line bg-surface p-4 text-sm" data-kind={entry.kind}>
                  <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <time dateTime={entry.at} className="text-muted">
                      {formatAdminDate(new Date(entry.at))}
                    </time>
                    <span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold">{TIMELINE_LABELS[entry.kind]}</span>
                    <span className="font-semibold">{entry.title}</span>
                    {entry.by && <span className="text-muted">by {entry.by}</span>}
                    {entry.href && (
                      <Link href={entry.href} className="text-brand-700 hover:underline">
                        Open<span className="sr-only">: {entry.title}</span>
                      </Link>
                    )}
                  </p>
                  {entry.detail && <p className="mt-1 break-words whitespace-pre-line">{entry.detail}</p>}
                  {entry.interaction?.mine && (
                    <EditInteraction
                      person={header.key}
                      entry={{ ...entry.interaction, occurredAt: toSiteDateTimeInput(new Date(entry.interaction.occurredAt)) }}
                    />
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>

        {canErase && (
          <section aria-labelledby="erase-heading" className="rounded-2xl border border-danger/40 bg-surface p-5">
            <h3 id="erase-heading" className="font-bold text-danger">
              Erase this person
            </h3>
            <p className="mt-2 max-w-prose text-sm text-ink-soft">
              Removes every row that names this address — growth audits, messages, spam submissions, mails, booked calls (taken out of the member&rsquo;s
              calendar), the newsletter subscription and its letters, logged interactions — and replaces what the activity trail says about them. It cannot be
              undone. Export their data first if they asked for a copy.
            </p>
            <div className="mt-4">
              <ErasePersonForm person={header.key} />
            </div>
          </section>
        )}
      </div>
    </DashboardShell>
  );
}
