import { services } from "@/content/services";

// The pipeline board's address and filters (docs/decisions/0067), shared by its page, its forms and
// its data: read from the query once, bounded, and written back the same way, so a "Show more" link
// or a move made without JavaScript comes back to the same board.

/** Cards shown per column at first; "Show more" adds as many again. Counts and totals are always the whole column's. */
export const BOARD_PAGE = 50;
/** The most cards one column shows, however often "Show more" is followed. */
export const BOARD_COLUMN_MAX = 1000;

export interface BoardFilters {
  q?: string;
  /** "me", "none" or a member's id. */
  owner?: string;
  /** A service's title as a lead stores it. */
  service?: string;
  /** Created on or after / on or before these site days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** Cards shown per column, where more than BOARD_PAGE were asked for (stage key to count). */
  show: Record<string, number>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: string | undefined): v is string =>
  Boolean(v && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && v >= "2000-01-01" && v <= "2100-12-31");

/** The services a lead can name (the filter's choices). */
export const BOARD_SERVICES: readonly string[] = services.map((s) => s.title);

type Query = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

/** The board's filters from its address; anything malformed is left out rather than refused. */
export function readBoardFilters(raw: Query): BoardFilters {
  const q = one(raw.q)?.trim().slice(0, 200) || undefined;
  const owner = one(raw.owner)?.trim().slice(0, 100) || undefined;
  const service = one(raw.service);
  const from = one(raw.from);
  const to = one(raw.to);
  const show: Record<string, number> = {};
  for (const [key, value] of Object.entries(raw)) {
    const stage = /^show-([a-z][a-z0-9-]{0,39})$/.exec(key)?.[1];
    const n = Number(one(value));
    if (stage && Number.isInteger(n) && n > BOARD_PAGE) show[stage] = Math.min(n, BOARD_COLUMN_MAX);
  }
  return {
    q,
    owner,
    service: service && BOARD_SERVICES.includes(service) ? service : undefined,
    from: isDay(from) ? from : undefined,
    to: isDay(to) ? to : undefined,
    show,
  };
}

/** The board's query string for these filters (and `show` counts), without the leading "?". */
export function boardQuery(filters: BoardFilters, show: Record<string, number> = filters.show): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.service) params.set("service", filters.service);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  for (const [stage, n] of Object.entries(show)) params.set(`show-${stage}`, String(n));
  return params.toString();
}

/** The company a card names: the website's host, else the person's name. */
export function cardCompany(lead: { websiteUrl: string | null; name: string }): string {
  if (lead.websiteUrl) {
    try {
      return new URL(lead.websiteUrl).hostname.replace(/^www\./, "");
    } catch {
      // A stored value that is not a URL (a site-relative path): shown as it is.
      return lead.websiteUrl;
    }
  }
  return lead.name;
}
