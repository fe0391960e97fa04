import { DashboardShell } from "@/components/admin/dashboard-nav";
import { NoCallsNotice } from "@/components/admin/no-calls-notice";
import { DUE_OWNERS, DueView, type DueOwner } from "@/components/admin/due-view";
import { navCounts, navSearch, one, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { BookingTable } from "@/components/admin/booking-list";
import { dashboardHref } from "@/lib/routes";
import { hasCallHosts, listUpcomingBookings } from "@/server/booking/data/bookings";
import { listDue, siteToday } from "@/server/leads/data/follow-up";

export const generateMetadata = () => screenMetadata("due");

/** How far ahead the Due view lists booked calls (docs/decisions/0065). */
const CALL_DAYS = 7;

/** Follow-ups due today or earlier (docs/decisions/0050), mine, everyone's or nobody's. */
export default async function DuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("due");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const wanted = one(raw.owner) ?? "me";
  const owner: DueOwner = wanted in DUE_OWNERS ? (wanted as DueOwner) : "me";
  const q = navSearch(raw);
  const now = new Date();
  const [counts, due, calls, takesCalls] = await Promise.all([
    navCounts(gate.screens),
    listDue({ owner: owner === "all" ? undefined : owner === "none" ? null : gate.user.id }),
    // Calls have a member always: "nobody's" lists none, "mine" the viewer's own.
    owner === "none"
      ? Promise.resolve([])
      : listUpcomingBookings({
          from: now,
          to: new Date(now.getTime() + CALL_DAYS * 24 * 60 * 60_000),
          hostId: owner === "me" ? gate.user.id : undefined,
          confirmedOnly: true,
        }),
    hasCallHosts(),
  ]);
  return (
    <DashboardShell screens={gate.screens} current="due" counts={counts} q={q} seen={readSeen(raw)}>
      {!takesCalls && <NoCallsNotice />}
      <DueView items={due} owner={owner} today={siteToday()} />
      <section aria-labelledby="due-calls" className="mt-8">
        <h2 id="due-calls" className="text-lg font-bold">
          Calls in the next {CALL_DAYS} days
        </h2>
        {calls.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">
            No call is booked.{" "}
            <a href={dashboardHref("booking")} className="font-semibold text-brand-800 hover:underline">
              Calls and availability
            </a>
          </p>
        ) : (
          <div className="mt-3">
            <BookingTable items={calls} caption={`Calls booked in the next ${CALL_DAYS} days, soonest first`} testId="due-calls" />
          </div>
        )}
      </section>
    </DashboardShell>
  );
}
