import type { ComponentProps } from "react";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { AddDayOffForm, AvailabilityForm, OutcomeForms, RemoveDayOffForm, StaffCancelForm } from "@/components/admin/booking-forms";
import { BookingTable } from "@/components/admin/booking-list";
import { TEAM_DESK } from "@/lib/admin-tables/definition";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { listHostSettings, listPastBookings, listUpcomingBookings } from "@/server/booking/data/bookings";
import { siteToday } from "@/server/leads/data/follow-up";

export const generateMetadata = () => screenMetadata("booking");

/**
 * Strategy calls (docs/decisions/0065): each member's availability (their own; owners and admins
 * everyone's), the coming calls with Cancel, and the past ones with their outcome.
 */
export default async function BookingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("booking");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const now = new Date();
  const everyone = (TEAM_DESK.write as readonly string[]).includes(gate.user.role);
  const [counts, hosts, upcoming, past] = await Promise.all([
    navCounts(gate.screens),
    listHostSettings(siteToday(now)),
    listUpcomingBookings({ from: now }),
    listPastBookings({ before: now }),
  ]);
  const editable = hosts.filter((h) => everyone || h.userId === gate.user.id);
  const mayChange = (hostId: string | null) => everyone || hostId === gate.user.id;
  return (
    <DashboardShell screens={gate.screens} current="booking" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <CallsSection
        id="calls-upcoming"
        className="mt-6"
        title="Coming calls"
        empty="No call is booked. Visitors book at /book, in the hours set below."
        items={upcoming}
        caption="Coming calls, soonest first"
        controls={(item) =>
          item.startsAt.getTime() <= now.getTime() ? (
            mayChange(item.hostId) ? (
              <OutcomeForms bookingId={item.id} outcome={item.outcome} />
            ) : (
              "Under way"
            )
          ) : mayChange(item.hostId) ? (
            <StaffCancelForm bookingId={item.id} visitor={item.name} />
          ) : (
            "Booked"
          )
        }
      />
      <CallsSection
        id="calls-past"
        className="mt-8"
        title="Past, cancelled and released calls"
        empty="None yet."
        items={past}
        caption="Past, cancelled and released calls, newest first"
        controls={(item) =>
          item.status === "cancelled" ? (
            "Cancelled"
          ) : item.status === "released" ? (
            "Released"
          ) : mayChange(item.hostId) ? (
            <OutcomeForms bookingId={item.id} outcome={item.outcome} />
          ) : (
            (item.outcome ?? "No outcome yet")
          )
        }
      />
      <section aria-labelledby="availability" className="mt-8 space-y-6">
        <h2 id="availability" className="text-lg font-bold">
          Availability
        </h2>
        {editable.length === 0 && <p className="text-sm text-ink-soft">Calls are taken by members of the lead desk.</p>}
        {editable.map((host) => (
          <article key={host.userId} aria-labelledby={`host-${host.userId}`} className="rounded-card border border-line bg-surface p-5">
            <h3 id={`host-${host.userId}`} className="font-bold">
              {host.name} <span className="font-normal text-ink-soft">({host.email})</span>
            </h3>
            <div className="mt-4">
              <AvailabilityForm host={host} />
            </div>
            <div className="mt-5 border-t border-line pt-4">
              <h4 className="text-sm font-semibold">Days off</h4>
              {host.daysOff.length > 0 ? (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Days off of ${host.name}`}>
                  {host.daysOff.map((day) => (
                    <li key={day} className="flex items-center gap-1 rounded-full border border-line px-3 text-sm">
                      {day}
                      <RemoveDayOffForm userId={host.userId} day={day} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-ink-soft">None coming.</p>
              )}
              <div className="mt-3">
                <AddDayOffForm userId={host.userId} name={host.name} />
              </div>
            </div>
          </article>
        ))}
      </section>
    </DashboardShell>
  );
}

/** A list of calls under its heading, or a sentence when there is none. */
function CallsSection({
  id,
  className,
  title,
  empty,
  ...table
}: { id: string; className: string; title: string; empty: string } & Pick<ComponentProps<typeof BookingTable>, "items" | "caption" | "controls">) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {table.items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">{empty}</p>
      ) : (
        <div className="mt-3">
          <BookingTable {...table} testId={id} />
        </div>
      )}
    </section>
  );
}
