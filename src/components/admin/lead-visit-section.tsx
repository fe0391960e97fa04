import type { ReactNode } from "react";
import { minutesBetween, missingVisitSentence, type LeadVisit } from "@/lib/admin-tables/lead-visit";
import { formatAdminDate } from "@/lib/format";

const DEVICES = { mobile: "Phone", tablet: "Tablet", desktop: "Computer" } as const;

function countryName(code: string): string {
  try {
    const name = new Intl.DisplayNames(["en"], { type: "region" }).of(code.toUpperCase());
    return name && name !== code.toUpperCase() ? `${name} (${code.toUpperCase()})` : code;
  } catch {
    return code; // not a region code Intl knows: shown as stored
  }
}

function sourceText(visit: Extract<LeadVisit, { kind: "visit" }>): string {
  if (visit.sourceKind === "campaign") return `${visit.source} (campaign tag utm_source)`;
  if (visit.sourceKind === "referrer") return `${visit.source} (referring site)`;
  return "Direct (no referring site, no campaign tag)";
}

/** "12 min", or "under 1 min" for what followed within the minute. */
function minutes(from: string, to: string): string {
  const whole = minutesBetween(from, to);
  return whole === 0 ? "under 1 min" : `${whole} min`;
}

/**
 * The visit that led to a lead or a contact message (docs/decisions/0056), read-only in its record:
 * where it landed, the pages it saw in order with the minutes since landing, its source and campaign,
 * device, browser and country, and its earlier visits that day; or one sentence saying why there is none.
 */
export function LeadVisitSection({ visit, idPrefix }: { visit: LeadVisit; idPrefix: string }) {
  const titleId = `${idPrefix}-visit-title`;
  return (
    <section aria-labelledby={titleId} className="rounded-xl bg-canvas p-4 text-sm" data-testid="lead-visit">
      <h3 id={titleId} className="font-semibold">
        The visit that led to it
      </h3>
      {visit.kind === "none" ? <p className="mt-2">{missingVisitSentence(visit.reason, visit.rawDays)}</p> : <VisitDetails visit={visit} titleId={titleId} />}
    </section>
  );
}

/** A visit still kept (its page views with their times) or its summary kept with the lead: the same terms and pages. */
function VisitDetails({ visit, titleId }: { visit: Exclude<LeadVisit, { kind: "none" }>; titleId: string }) {
  const landing = (
    <span key="landing" className="break-all">
      {visit.landingPage}
    </span>
  );
  const rows: [string, ReactNode][] = [["Landing page", landing]];
  let intro: ReactNode;
  let pages: ReactNode[];
  if (visit.kind === "visit") {
    rows.push(["Source", sourceText(visit)], ["Channel", visit.channel]);
    if (visit.medium) rows.push(["Medium", visit.medium]);
    if (visit.campaign) rows.push(["Campaign", visit.campaign]);
    rows.push(["Device", [DEVICES[visit.device], visit.browser, visit.country ? countryName(visit.country) : null].filter(Boolean).join(" · ")]);
    if (visit.earlierVisits > 0) rows.push(["Same day", `${visit.earlierVisits} earlier ${visit.earlierVisits === 1 ? "visit" : "visits"} that day`]);
    intro = (
      <>
        Landed <time dateTime={visit.startedAt}>{formatAdminDate(visit.startedAt)}</time>, sent the form{" "}
        <time dateTime={`PT${minutesBetween(visit.startedAt, visit.sentAt)}M`}>{minutes(visit.startedAt, visit.sentAt)}</time> later.
      </>
    );
    pages = visit.pages.map((page, i) => (
      <li key={`${i}-${page.at}`}>
        <span className="break-all">{page.path}</span>{" "}
        <time dateTime={page.at} className="text-ink-soft">
          {i === 0 ? "at landing" : `${minutes(visit.startedAt, page.at)} after landing`}
        </time>
      </li>
    ));
  } else {
    rows.push(["Source", visit.source ?? "Direct"], ["Channel", visit.channel]);
    if (visit.campaign) rows.push(["Campaign", visit.campaign]);
    intro = `Its page views are no longer kept (the site keeps each ${visit.rawDays} days); this summary stays with the lead.`;
    pages = visit.pages.map((page, i) => (
      <li key={`${i}-${page}`} className="break-all">
        {page}
      </li>
    ));
  }
  return (
    <>
      <p className="mt-1 text-ink-soft">{intro}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-soft">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4 id={`${titleId}-pages`} className="mt-3 font-semibold">
        Pages seen, in order
      </h4>
      <ol aria-labelledby={`${titleId}-pages`} className="mt-1 list-decimal space-y-0.5 pl-6">
        {pages}
      </ol>
      {visit.morePages > 0 && (
        <p className="mt-1 text-ink-soft">
          and {visit.morePages} more {visit.morePages === 1 ? "page" : "pages"}
        </p>
      )}
    </>
  );
}
