import type { Metadata } from "next";
import Link from "next/link";
import { CancelCallForm } from "@/components/forms/cancel-call-form";
import { ConfirmCallForm } from "@/components/forms/confirm-call-form";
import { RescheduleForm } from "@/components/forms/booking-form";
import { PageHero } from "@/components/site/page-hero";
import { callState, formatCallTime } from "@/lib/booking";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { currentSlots } from "@/server/booking/book";
import { readBookingToken } from "@/server/booking/tokens";
import { bookingForLink } from "@/server/booking/data/bookings";

// A booking's own page, opened from its mails (docs/decisions/0065): no account, the signed link is
// the key. Showing it changes nothing (mail scanners follow links); moving and cancelling are POSTs.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Your strategy call", robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const DONE: Record<string, string> = {
  booked: "Your call is booked. We sent the details and a calendar invitation to your e-mail.",
  confirmed: "Your call is confirmed. We sent the details and a calendar invitation to your e-mail.",
  rescheduled: "Your call has moved. We sent the new time and an updated invitation to your e-mail.",
  cancelled: "Your call is cancelled. We sent a cancellation to your e-mail, which removes it from your calendar.",
  released: "The time held for you is released. The call was never booked, so there is nothing to remove from your calendar.",
};

/** Cancelling a call, or, while it is only held, letting the held time go: nothing was booked, so nobody is sent a cancellation. */
const LET_GO = {
  call: {
    heading: "Cancel the call",
    start: "Cancel the call…",
    question: "Cancel your call on",
    says: "We will send you and your strategist a cancellation.",
    then: "We will send you and your strategist a cancellation. To talk later, you can book a new time.",
    keep: "No, keep the call",
  },
  held: {
    heading: "Release this held time",
    start: "Release this held time…",
    question: "Release the time held for you on",
    says: "If this time no longer suits you, let it go for someone else. Nothing is booked yet, so no cancellation is sent.",
    then: "Nothing is booked yet, so no cancellation is sent. To talk later, you can book a new time.",
    keep: "No, keep holding it",
  },
};

export default async function ManageBookingPage({ params, searchParams }: Props) {
  const token = decodeURIComponent((await params).token);
  const query = await searchParams;
  const link = readBookingToken(token);
  const booking = link ? await bookingForLink(link.id, link.version) : null;
  if (!booking) {
    return (
      <>
        <PageHero title="This link is no longer valid" breadcrumbs={[{ name: "Book a Call", path: "/book" }]} />
        <div className="container-page max-w-2xl py-12">
          <p data-testid="link-not-valid">
            The call was moved and a newer link sent, or the link was changed. Please use the link in the latest mail about your call, or{" "}
            <Link href="/book" className="font-semibold text-brand-700 underline">
              book a new time
            </Link>
            .
          </p>
        </div>
      </>
    );
  }
  const done = typeof query.done === "string" ? DONE[query.done] : undefined;
  const day = typeof query.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(query.day) ? query.day : undefined;
  // "Cancel the call" ("Release this held time" while held) first asks (a link: no JavaScript needed, and opening it changes nothing).
  const isConfirmingCancel = query.cancel === "confirm";
  const now = new Date();
  const open = booking.status === "booked" && booking.startsAt.getTime() > now.getTime();
  // Held until the visitor confirms it (docs/decisions/0077): the page its mail links to confirms it with a button.
  const held = open && callState(booking) === "held";
  const letGo = LET_GO[held ? "held" : "call"];
  const starts = open ? (await currentSlots(now)).map((s) => s.start.toISOString()) : [];
  return (
    <>
      <PageHero title="Your strategy call" breadcrumbs={[{ name: "Book a Call", path: "/book" }]} />
      <div className="container-page max-w-3xl space-y-8 py-12">
        {done && (
          <p role="status" className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 font-medium text-ink" data-testid="booking-done">
            {done}
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-card border border-line bg-surface p-6" data-testid="booking-summary">
          <dt className="font-semibold text-ink">When</dt>
          <dd>
            {formatCallTime(booking.startsAt, booking.timeZone)}
            {booking.timeZone !== SITE_TIME_ZONE ? ` (${formatCallTime(booking.startsAt, SITE_TIME_ZONE)})` : ""}
          </dd>
          <dt className="font-semibold text-ink">With</dt>
          <dd>{booking.hostName ?? "Our team"}</dd>
          <dt className="font-semibold text-ink">Status</dt>
          <dd data-testid="booking-status">
            {booking.status === "cancelled"
              ? booking.confirmedAt
                ? "Cancelled"
                : "Released: no longer held for you"
              : booking.status === "released"
                ? "Released: not confirmed in time"
                : held
                  ? "Held for you: not yet confirmed"
                  : open
                    ? "Booked"
                    : "Under way or over"}
          </dd>
        </dl>
        {held && (
          <section aria-labelledby="confirm-title" className="rounded-card border border-brand-600 bg-surface p-6">
            <h2 id="confirm-title" className="text-xl font-bold">
              Confirm the call
            </h2>
            <p className="mt-2 text-ink-soft">
              We hold this time for you until {formatCallTime(booking.heldUntil ?? now, booking.timeZone)}. Confirm it to keep it; we then send the details and
              a calendar invitation.
            </p>
            <div className="mt-4">
              <ConfirmCallForm token={token} />
            </div>
          </section>
        )}
        {open ? (
          <>
            <section aria-labelledby="move-title" className="rounded-card border border-line bg-surface p-6">
              <h2 id="move-title" className="text-xl font-bold">
                Move the call
              </h2>
              <div className="mt-4">
                <RescheduleForm token={token} starts={starts} zone={booking.timeZone} day={day} />
              </div>
            </section>
            <section aria-labelledby="cancel-title" className="rounded-card border border-line bg-surface p-6">
              <h2 id="cancel-title" className="text-xl font-bold">
                {letGo.heading}
              </h2>
              {isConfirmingCancel ? (
                <div
                  role="alertdialog"
                  aria-labelledby="cancel-confirm-title"
                  aria-describedby="cancel-confirm-text"
                  className="mt-4 rounded-xl border border-danger/40 bg-danger/5 p-4"
                  data-testid="cancel-confirm"
                >
                  <p id="cancel-confirm-title" className="font-semibold text-ink">
                    {letGo.question} {formatCallTime(booking.startsAt, booking.timeZone)}?
                  </p>
                  <p id="cancel-confirm-text" className="mt-1 text-ink-soft">
                    {letGo.then}
                  </p>
                  <div className="mt-4 flex flex-wrap items-center gap-3">
                    <CancelCallForm token={token} held={held} />
                    <Link
                      href={`/book/manage/${encodeURIComponent(token)}`}
                      className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
                    >
                      {letGo.keep}
                    </Link>
                  </div>
                </div>
              ) : (
                <>
                  <p className="mt-2 text-ink-soft">{letGo.says}</p>
                  <Link
                    href={`/book/manage/${encodeURIComponent(token)}?cancel=confirm#cancel-title`}
                    className="mt-4 inline-flex min-h-11 items-center justify-center rounded-full border border-danger/50 px-5 text-sm font-semibold text-danger hover:bg-danger/10"
                    data-testid="cancel-start"
                  >
                    {letGo.start}
                  </Link>
                </>
              )}
            </section>
          </>
        ) : booking.status !== "booked" ? (
          <p>
            <Link href="/book" className="font-semibold text-brand-700 underline">
              Book another time
            </Link>
          </p>
        ) : null}
      </div>
    </>
  );
}
