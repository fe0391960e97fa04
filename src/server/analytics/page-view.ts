// Which requests are public page views, and what of them is kept (docs/decisions/0056,
// docs/analytics.md). The host (host/analytics.ts) asks this of every request: first from the
// request alone (cheap, before the page is served), then from the finished response's status.
// No "server-only", no app imports: the host loads it as it is.
import Bowser from "bowser";
import { isbot } from "isbot";
import { DASHBOARD_PATH } from "../../lib/routes.ts";
import { addressFromForwarded, optedOut, visitorDigest } from "./visitor-id.ts";

export type DeviceClass = "mobile" | "tablet" | "desktop";

/** A counted page view as it waits in the host's queue: no address, no user agent. */
export interface PageViewRecord {
  at: Date;
  path: string;
  /** Unsalted; the app turns it into the visitor id with the day's salt (visitor-id.ts). */
  digest: string;
  referrerHost: string | null;
  /** The referrer is this site: a navigation inside it (no source). */
  internal: boolean;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: DeviceClass;
  browser: string | null;
  country: string | null;
  /** The A/B experiment variant this page view showed (docs/decisions/0107), 0 being the control. */
  exposure?: { key: string; variant: number } | null;
}

/** What a request is, for counting. `count` only when it may be a page view; the status decides. */
export type Verdict = { count: true } | { count: false; reason: SkipReason };
export type SkipReason = "method" | "path" | "not-a-document" | "prefetch" | "staff" | "opted-out" | "bot";

/** The request as far as counting reads it: Node's lower-case header names. */
export interface CountedRequest {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface CountOptions {
  /** The hosts that are this site (Host, the configured SITE_URL's): their referrers are internal navigations. */
  ownHosts: ReadonlySet<string>;
  /** The lower-case name of the header that carries the visitor's country (ANALYTICS_COUNTRY_HEADER), if any. */
  countryHeader?: string;
}

/**
 * Paths that are never public pages: the dashboard, the API, sign-in, Next's files, and a proposal's
 * page, whose address is its link's token (docs/decisions/0108): a page view would store the token,
 * which only the proposal's row may know, and then only as its hash.
 */
const NOT_PAGES = [DASHBOARD_PATH, "/api", "/auth", "/_next", "/_vercel", "/.well-known", "/proposal"];
/** better-auth's session cookie with the site's prefix (src/server/kernel/session/auth.ts cookiePrefix "kg"), plain or __Secure-. */
export const STAFF_SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?kg\.session_token=/;
/**
 * Agents that are not a person's browser: the maintained list of the `isbot` package (crawlers,
 * previews, monitors, libraries, refreshed with each release), and this short list of ours beside it
 * for the headless browsers and tools it lets through; bowser's own bot detection (platform "bot") and
 * the rule that a browser says "Mozilla/" catch more.
 */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|archiver|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|statuscake|preview|prerender|facebookexternalhit|facebookcatalog|embedly|quora link|outbrain|vkshare|validator|semrush|ahrefs|mj12|seznam|phantomjs|puppeteer|playwright|selenium|webdriver|python|curl|wget|httpclient|okhttp|axios|node-fetch|undici|go-http|java\/|libwww|scrapy|feedfetcher|feedly|google-inspectiontool|apis-google|mediapartners|adsbot|cloudflare|datadog|newrelic|site24x7/i;

function header(req: CountedRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function pathOf(url: string | undefined): string {
  const raw = String(url ?? "/");
  const q = raw.indexOf("?");
  return q === -1 ? raw : raw.slice(0, q);
}

/** A path that may be a public page: not the dashboard, API, sign-in or Next's files, not a file (a dot in its last segment). */
export function isPagePath(pathname: string): boolean {
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return false;
  for (const prefix of NOT_PAGES) if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return false;
  const last = pathname.slice(pathname.lastIndexOf("/") + 1);
  return !last.includes(".");
}

/** True for an agent that is not a person's browser (isbot's list, then BOT_PATTERN). */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length > 1000) return true;
  if (!/^(?:Mozilla|Opera)\//.test(userAgent)) return true;
  return isbot(userAgent) || BOT_PATTERN.test(userAgent);
}

/**
 * Whether a request may be a page view, from the request alone: a GET of a public path, for a
 * document (Accept names text/html) or a client-side navigation (RSC: 1), not a prefetch, not from
 * signed-in staff, not from a visitor who asked not to be tracked, not from a bot.
 */
export function classifyRequest(req: CountedRequest): Verdict {
  if (req.method !== "GET") return { count: false, reason: "method" };
  if (!isPagePath(pathOf(req.url))) return { count: false, reason: "path" };
  const purpose = `${header(req, "purpose") ?? ""} ${header(req, "sec-purpose") ?? ""}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("prerender")) return { count: false, reason: "prefetch" };
  if (header(req, "next-router-prefetch") !== undefined || header(req, "next-router-segment-prefetch") !== undefined) {
    return { count: false, reason: "prefetch" };
  }
  if (header(req, "x-middleware-prefetch") !== undefined) return { count: false, reason: "prefetch" };
  const navigation = header(req, "rsc") === "1";
  if (!navigation && !String(header(req, "accept") ?? "").includes("text/html")) return { count: false, reason: "not-a-document" };
  if (STAFF_SESSION_COOKIE.test(String(header(req, "cookie") ?? ""))) return { count: false, reason: "staff" };
  if (optedOut((name) => header(req, name))) return { count: false, reason: "opted-out" };
  if (isBotAgent(header(req, "user-agent"))) return { count: false, reason: "bot" };
  return { count: true };
}

/** A finished answer counts when it showed the page: 200, or 304 (the browser's copy is still the page). */
export function countedStatus(status: number): boolean {
  return status === 200 || status === 304;
}

interface Agent {
  device: DeviceClass | "bot";
  browser: string | null;
}
/** User agents repeat: their parse (about 50 µs each) is kept for the most recent ones. */
const agents = new Map<string, Agent>();
const AGENT_CACHE = 500;

function agentOf(userAgent: string): Agent {
  let agent = agents.get(userAgent);
  if (agent) return agent;
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type;
  agent = {
    device: type === "bot" ? "bot" : type === "mobile" || type === "tablet" ? type : "desktop",
    browser: parsed.browser.name ? parsed.browser.name.slice(0, 40) : null,
  };
  if (agents.size >= AGENT_CACHE) agents.delete(agents.keys().next().value!);
  agents.set(userAgent, agent);
  return agent;
}

function bounded(value: string | null | undefined, max: number): string | null {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
}

/**
 * The page view of a request `classifyRequest` let through, once its answer is known; null when
 * bowser knows the agent for a bot. The address and the user agent go into the digest only.
 */
export function pageViewOf(req: CountedRequest, options: CountOptions, at: Date = new Date()): PageViewRecord | null {
  const userAgent = header(req, "user-agent") ?? "";
  const agent = agentOf(userAgent);
  if (agent.device === "bot") return null;
  const url = new URL(String(req.url ?? "/"), "http://site.invalid");
  let path = url.pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "") || "/";
  path = path.slice(0, 300);
  let referrerHost: string | null = null;
  let internal = false;
  const referer = header(req, "referer");
  if (referer) {
    try {
      const host = new URL(referer).host.toLowerCase();
      if (options.ownHosts.has(host)) internal = true;
      else referrerHost = host ? host.slice(0, 255) : null;
    } catch {
      // Not an address: no source.
    }
  }
  const query = url.searchParams;
  const countryValue = options.countryHeader ? header(req, options.countryHeader)?.trim().toUpperCase() : undefined;
  const host = String(header(req, "host") ?? "").toLowerCase();
  const address = addressFromForwarded(header(req, "x-forwarded-for"), header(req, "x-real-ip"));
  return {
    at,
    path,
    digest: visitorDigest(host, address, userAgent),
    referrerHost,
    internal,
    utmSource: bounded(query.get("utm_source"), 100),
    utmMedium: bounded(query.get("utm_medium"), 100),
    utmCampaign: bounded(query.get("utm_campaign"), 100),
    device: agent.device,
    browser: agent.browser,
    // Cloudflare's XX (unknown) and T1 (Tor) are no country.
    country: countryValue && /^[A-Z]{2}$/.test(countryValue) && countryValue !== "XX" ? countryValue : null,
  };
}
