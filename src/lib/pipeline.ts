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

// A card names the person first and their company beside them (docs/decisions/0101). A lead has no
// company field: the public form asks for the website, so the company is read from its host, as a
// name ("brand.example.com" is "Brand Example"), not as an address.

/** Second-level labels under a country's code that are not the company's own ("shop.co.in"). */
const SECOND_LEVEL = new Set(["co", "com", "net", "org", "gov", "ac", "edu", "ltd", "plc", "firm", "gen", "ind", "res"]);

/** The company a website names, from its host; null when there is no website or it names none (a path, an IP address). */
export function companyFromWebsite(websiteUrl: string | null | undefined): string | null {
  // A site-relative path names no company.
  if (!websiteUrl || websiteUrl.startsWith("/")) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(websiteUrl) ? websiteUrl : `https://${websiteUrl}`).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host || /^[\d.]+$/.test(host) || host.startsWith("[")) return null;
  const labels = host
    .replace(/^www\d*\./, "")
    .split(".")
    .filter(Boolean);
  const tld = labels.length > 1 ? labels.pop()! : "";
  if (tld.length === 2 && labels.length > 1 && SECOND_LEVEL.has(labels.at(-1)!)) labels.pop();
  const words = labels
    .join(" ")
    .split(/[\s_-]+/)
    .filter(Boolean);
  if (words.length === 0) return null;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

/** How a card is named to a screen reader, its handle and its announcements: "Priya Sharma (Brand Example)". */
export function cardLabel(card: { name: string; company: string | null }): string {
  return card.company && card.company.toLowerCase() !== card.name.toLowerCase() ? `${card.name} (${card.company})` : card.name;
}

/** Whole days since the lead entered its stage (0 on the day it did). */
export function daysInStage(since: Date | string, now: Date = new Date()): number {
  const ms = now.getTime() - new Date(since).getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 86_400_000) : 0;
}

/** "Entered today", "1 day in stage", "12 days in stage". */
export function daysInStageText(days: number): string {
  return days <= 0 ? "Entered today" : `${days} ${days === 1 ? "day" : "days"} in stage`;
}

/** The initials of a member's avatar: "Ravi Kumar" is "RK", "ravi@agency.in" is "R". */
export function initialsOf(label: string): string {
  const words = label
    .replace(/@.*$/, "")
    .split(/[\s._-]+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words;
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join("") || "?";
}
