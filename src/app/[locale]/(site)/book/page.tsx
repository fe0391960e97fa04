import { BookingForm, ZoneSelect } from "@/components/forms/booking-form";
import { CallRequestForm } from "@/components/forms/call-request-form";
import { PageHero } from "@/components/site/page-hero";
import { bookingWindowWords, isTimeZone, visitorZone } from "@/lib/booking";
import { pageMetadata } from "@/lib/metadata";
import { SITE_TIME_ZONE } from "@/lib/site-time";
import { currentSlots } from "@/server/booking/book";
import { callLength } from "@/content/company-facts";

// The open times change with every booking: rendered for each request and stored by no cache
// (LIVE_PAGES in src/lib/public-routes.ts, docs/decisions/0065).
export const dynamic = "force-dynamic";

export const metadata = pageMetadata({
  title: "Book a Strategy Call",
  description: `Book a free ${callLength} strategy call with a growth strategist: pick a time that suits you, in your own time zone, and get the invitation by e-mail.`,
  path: "/book",
});

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [SITE_TIME_ZONE];
  }
})();

export default async function BookPage({ searchParams }: Props) {
  const query = await searchParams;
  const asked = typeof query.tz === "string" ? query.tz : undefined;
  const zoneChosen = asked !== undefined && isTimeZone(asked);
  const zone = visitorZone(asked);
  const starts = (await currentSlots()).map((slot) => slot.start.toISOString());
  const zones = ZONES.includes(zone) ? ZONES : [zone, ...ZONES];
  const day = typeof query.day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(query.day) ? query.day : undefined;
  if (starts.length === 0) {
    // No member takes calls at a free time: the visitor leaves a call request (a lead) instead of a dead end.
    return (
      <>
        <PageHero
          eyebrow="Free strategy call"
          title="Ask for a strategy call"
          lead={`Our calendar has no free time in the next ${bookingWindowWords()}. Leave your details and when suits you: a growth strategist calls you back to agree a time.`}
          breadcrumbs={[{ name: "Book a Call", path: "/book" }]}
        />
        <div className="container-page py-12 md:py-16">
          <section aria-labelledby="call-request-title" data-testid="form-region" className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-9">
            <h2 id="call-request-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
              Ask for a call
            </h2>
            <p role="status" className="mt-3 text-ink-soft" data-testid="no-free-time">
              No time is free in the next {bookingWindowWords()}, so we call you instead.
            </p>
            <div className="mt-8">
              <CallRequestForm />
            </div>
          </section>
        </div>
      </>
    );
  }
  return (
    <>
      <PageHero
        eyebrow="Free strategy call"
        title={`Book a ${callLength} strategy call`}
        lead="Pick a time that suits you. A growth strategist will call you, look at where your brand is today and tell you honestly where we see the biggest opportunities."
        breadcrumbs={[{ name: "Book a Call", path: "/book" }]}
      />
      <div className="container-page py-12 md:py-16">
        <section aria-labelledby="booking-title" data-testid="form-region" className="rounded-card border border-line bg-surface p-6 shadow-card sm:p-9">
          <h2 id="booking-title" className="text-2xl font-extrabold tracking-tight md:text-3xl">
            Your call
          </h2>
          {/* A plain GET form: without JavaScript the times are shown in the zone chosen here. */}
          <form method="get" action="/book" className="mt-4 flex flex-wrap items-end gap-3" aria-label="Time zone">
            <div>
              <label htmlFor="booking-zone" className="block text-sm font-semibold text-ink">
                Show times in
              </label>
              <ZoneSelect zones={zones} zone={zone} zoneChosen={zoneChosen} />
            </div>
            <button type="submit" className="min-h-11 rounded-full border border-line px-4 text-sm font-semibold text-ink hover:bg-brand-50">
              Show times
            </button>
          </form>
          <div className="mt-8">
            <BookingForm starts={starts} zone={zone} zoneChosen={zoneChosen} day={day} />
          </div>
        </section>
      </div>
    </>
  );
}
