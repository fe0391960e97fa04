import Link from "next/link";
import { Mail, MessageCircle, Phone } from "lucide-react";
import { MarkDoneButton, RowStatusSelect } from "@/components/admin/admin-list";
import { NoCallsNotice } from "@/components/admin/no-calls-notice";
import { duration } from "@/components/admin/overview-view";
import { buttonVariants } from "@/components/ui/button";
import type { FieldOption } from "@/lib/admin-tables/definition";
import { cn } from "@/lib/cn";
import { formatAdminDay, formatAdminTime, formatRupees } from "@/lib/format";
import { telHref, whatsAppHref } from "@/lib/phone";
import { dashboardHref, type DeskTable } from "@/lib/routes";
import { TODAY_WHOSE, type TodayWhose, type TodayWork } from "@/server/dashboard/data/today";

// The Overview's first screen (docs/decisions/0102): the member's day as short lists, each row one
// tap from the next action (call, mail, WhatsApp, mark contacted, move stage), and each empty list
// saying what fills it. Rendered on the server; the row forms post without JavaScript too.

const lateness = (followUpOn: string, today: string) => {
  const late = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${followUpOn}T00:00:00Z`)) / 86_400_000);
  return late <= 0 ? "Due today" : `${late} day${late === 1 ? "" : "s"} overdue`;
};

const action = buttonVariants({ variant: "outline", size: "sm", className: "px-3" });

/**
 * Call, mail and WhatsApp, each named with the person. On a phone they are icons (the number itself
 * is in the row's line, a tap-to-call link too), so a row's actions fit on one line and the first
 * rows of three lists fit on the first screen.
 */
function ReachLinks({ name, phone, email }: { name: string; phone: string; email: string }) {
  const chat = whatsAppHref(phone);
  return (
    <>
      <a href={telHref(phone)} className={action} aria-label={`Call ${name}`}>
        <Phone aria-hidden="true" />
        <span className="hidden sm:inline">Call</span>
      </a>
      <a href={`mailto:${email}`} className={action} aria-label={`E-mail ${name}`}>
        <Mail aria-hidden="true" />
        <span className="hidden sm:inline">Mail</span>
      </a>
      {chat && (
        <a href={chat} target="_blank" rel="noopener noreferrer" className={action} aria-label={`WhatsApp ${name} (opens the chat)`}>
          <MessageCircle aria-hidden="true" />
          <span className="hidden sm:inline">WhatsApp</span>
        </a>
      )}
    </>
  );
}

/** A row: the person (a link to their record), what is due and their number, then the actions. */
function Row({
  person,
  href,
  meta,
  children,
  testId,
}: {
  person: { name: string; phone: string };
  href: string;
  meta: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <li className="flex flex-col gap-1.5 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between sm:p-4" data-testid={testId}>
      <p className="min-w-0 text-sm">
        <Link href={href} className="font-semibold text-brand-800 underline underline-offset-2">
          {person.name}
        </Link>{" "}
        <span className="text-ink-soft">{meta}</span> ·{" "}
        <a href={telHref(person.phone)} className="whitespace-nowrap text-ink-soft underline underline-offset-2">
          {person.phone}
        </a>
      </p>
      <div className="flex shrink-0 flex-wrap items-center gap-2">{children}</div>
    </li>
  );
}

function List({
  id,
  title,
  shown,
  total,
  more,
  empty,
  footer,
  children,
}: {
  id: string;
  title: string;
  shown: number;
  total: number;
  more: { href: string; label: string };
  empty: React.ReactNode;
  /** Under the list or its empty text: nobody's work, with "mine". */
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="flex items-baseline gap-2 text-base font-bold">
        {title}
        <span className="text-sm font-normal text-ink-soft tabular-nums">{total}</span>
      </h3>
      {total === 0 ? (
        <div className="mt-1 text-sm text-ink-soft">{empty}</div>
      ) : (
        <>
          <ul className="mt-1.5 divide-y divide-line overflow-hidden rounded-card border border-line bg-surface">{children}</ul>
          {total > shown && (
            <p className="mt-1 text-sm">
              <Link href={more.href} className="font-semibold text-brand-800 hover:underline">
                {more.label}
              </Link>
            </p>
          )}
        </>
      )}
      {footer}
    </section>
  );
}

/** With "mine": the work of this kind nobody owns yet, one link to everyone's (someone has to pick it up). */
function Unowned({ count, one, many, href }: { count: number; one: string; many: string; href: string }) {
  if (count === 0) return null;
  return (
    <p className="mt-1 text-sm">
      <Link href={href} className="font-semibold text-brand-800 hover:underline">
        {count} {count === 1 ? `${one} has` : `${many} have`} no owner yet
      </Link>
    </p>
  );
}

const recordHref = (table: DeskTable, id: string) => dashboardHref(table, { edit: id });
const whoseHref = (whose: TodayWhose) => dashboardHref("overview", { whose });

export function TodayView({ work, stages, takesCalls }: { work: TodayWork; stages: readonly FieldOption[]; takesCalls: boolean }) {
  const mine = work.whose === "mine";
  const stageSelect = (id: string, status: string, name: string) => <RowStatusSelect tableId="leads" id={id} status={status} title={name} statuses={stages} />;
  return (
    <section aria-labelledby="today-heading" className="mt-3 space-y-4 sm:space-y-5" data-testid="today">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h2 id="today-heading" className="text-lg font-bold">
          Today <span className="font-normal text-ink-soft">{formatAdminDay(work.today)}</span>
        </h2>
        <nav aria-label="Whose work" className="flex gap-1 text-sm">
          {(Object.keys(TODAY_WHOSE) as TodayWhose[]).map((whose) => (
            <Link
              key={whose}
              href={whoseHref(whose)}
              aria-current={work.whose === whose ? "page" : undefined}
              className={cn(
                "inline-flex min-h-9 items-center rounded-full px-3 font-semibold",
                work.whose === whose ? "bg-brand-50 text-brand-800" : "text-ink-soft hover:bg-canvas",
              )}
            >
              {TODAY_WHOSE[whose]}
            </Link>
          ))}
        </nav>
      </div>

      <List
        id="today-calls"
        title="Today's calls"
        shown={work.calls.length}
        total={work.calls.length}
        more={{ href: dashboardHref("booking"), label: "Calls" }}
        empty={
          takesCalls ? (
            <p>
              No call is booked for today. Visitors book from your booking page;{" "}
              <Link href={dashboardHref("booking")} className="font-semibold text-brand-800 hover:underline">
                open more hours on the Calls screen
              </Link>
              .
            </p>
          ) : (
            <NoCallsNotice />
          )
        }
      >
        {work.calls.map((call) => (
          <Row
            key={call.id}
            person={call}
            href={call.leadId ? recordHref("leads", call.leadId) : `${dashboardHref("booking")}#call-${call.id}`}
            meta={`${formatAdminTime(call.startsAt)}${mine ? "" : ` · with ${call.hostName ?? "no member"}`} · ${call.topic}`}
          >
            <ReachLinks name={call.name} phone={call.phone} email={call.email} />
          </Row>
        ))}
      </List>

      <List
        id="today-due"
        title="Follow-ups due"
        shown={work.due.items.length}
        total={work.due.total}
        more={{ href: dashboardHref("due", { owner: mine ? "me" : "all" }), label: `All ${work.due.total} on the Due screen` }}
        empty={<p>Nothing is due. Set a next follow-up day on a lead (Edit, then Next follow-up) and it comes back here on that day.</p>}
      >
        {work.due.items.map((item) => {
          const table: DeskTable = item.kind === "lead" ? "leads" : "messages";
          return (
            <Row key={item.id} person={item} href={recordHref(table, item.id)} meta={`${lateness(item.followUpOn, work.today)} · ${item.statusLabel}`}>
              <ReachLinks name={item.name} phone={item.phone} email={item.email} />
              {/* One next action, so the row stays one line on a phone: mark the first contact, else move the stage. */}
              {item.status === "new" ? (
                <MarkDoneButton tableId={table} id={item.id} title={item.name} />
              ) : (
                item.kind === "lead" && stageSelect(item.id, item.status, item.name)
              )}
            </Row>
          );
        })}
      </List>

      <List
        id="today-new"
        title="New leads to contact"
        shown={work.uncontacted.items.length}
        total={work.uncontacted.total}
        more={{ href: dashboardHref("leads", { status: "new", sort: "created_at", dir: "asc" }), label: `All ${work.uncontacted.total} new leads` }}
        empty={<p>Every new lead has been contacted.</p>}
        footer={mine && <Unowned count={work.unowned.uncontacted} one="new lead" many="new leads" href={whoseHref("all")} />}
      >
        {work.uncontacted.items.map((item) => (
          <Row
            key={item.id}
            person={item}
            href={recordHref("leads", item.id)}
            meta={`waiting ${duration(item.waitingSeconds)}${item.detail ? ` · ${item.detail}` : ""}`}
            testId="today-new-lead"
          >
            <ReachLinks name={item.name} phone={item.phone} email={item.email} />
            <MarkDoneButton tableId="leads" id={item.id} title={item.name} />
          </Row>
        ))}
      </List>

      <List
        id="today-replies"
        title="Messages waiting for a reply"
        shown={work.replies.items.length}
        total={work.replies.total}
        more={{ href: dashboardHref("messages", { status: "new", sort: "created_at", dir: "asc" }), label: `All ${work.replies.total} unanswered messages` }}
        empty={<p>No message waits for a reply.</p>}
        footer={mine && <Unowned count={work.unowned.replies} one="unanswered message" many="unanswered messages" href={whoseHref("all")} />}
      >
        {work.replies.items.map((item) => (
          <Row
            key={item.id}
            person={item}
            href={recordHref("messages", item.id)}
            meta={`waiting ${duration(item.waitingSeconds)}${item.detail ? ` · “${item.detail}”` : ""}`}
          >
            <ReachLinks name={item.name} phone={item.phone} email={item.email} />
            <MarkDoneButton tableId="messages" id={item.id} title={item.name} />
          </Row>
        ))}
      </List>

      <List
        id="today-stalled"
        title="Deals without a next step"
        shown={work.noNextStep.items.length}
        total={work.noNextStep.total}
        more={{ href: dashboardHref("pipeline"), label: `All ${work.noNextStep.total} on the pipeline board` }}
        empty={<p>Every open deal has a next follow-up day.</p>}
      >
        {work.noNextStep.items.map((deal) => (
          <Row
            key={deal.id}
            person={deal}
            href={recordHref("leads", deal.id)}
            meta={`${deal.statusLabel}${deal.value === null ? "" : ` · ${formatRupees(deal.value)}`} · no follow-up day`}
          >
            <ReachLinks name={deal.name} phone={deal.phone} email={deal.email} />
            <Link href={recordHref("leads", deal.id)} className={action} aria-label={`Set the next step for ${deal.name}`}>
              Set next step
            </Link>
            {stageSelect(deal.id, deal.status, deal.name)}
          </Row>
        ))}
      </List>
    </section>
  );
}
