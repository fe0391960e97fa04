import "server-only";
import http from "node:http";
import https from "node:https";
import { Parser } from "htmlparser2";
import { env } from "../kernel/env";
import { pinnedLookup, RefusedAddressError, resolveTarget, type ResolvedAddress } from "../kernel/net/address";

// The link checker's walk (docs/decisions/0098-link-checker.md): the site's own sitemap, every page
// in it, and every <a href> and <img src> of those pages. The site's own addresses are asked of this
// server (its own port); another site's address is asked once per check, under the webhooks' address
// rules (resolved and pinned here, no private or loopback address), one request at a time and at most
// one a second per host, with a time limit, and no answer's body is read: the headers say enough.

export type LinkProblem = "broken" | "missing-image" | "redirect" | "unreachable" | "refused";

export interface LinkFinding {
  /** The page's path on this site. */
  page: string;
  /** A path for the site's own addresses, the full URL for another site's. */
  url: string;
  element: "a" | "img";
  /** The link's text (or its aria-label / title), or the image's alt text. */
  label: string;
  inMain: boolean;
  problem: LinkProblem;
  status: number | null;
  /** For a redirect: where it ends, the address to link to instead. */
  target: string | null;
  detail: string | null;
}

export interface LinkCheckResult {
  pages: number;
  /** Distinct addresses checked (pages, links and images). */
  links: number;
  findings: LinkFinding[];
}

export interface LinkCheckSettings {
  /** The site's public origin (SITE_URL): links to it are the site's own. */
  siteUrl: string;
  /** Where the site's own pages are asked for: this server, on its own port. */
  fetchOrigin: string;
  /** Whether other sites' addresses are checked (LINK_CHECK_EXTERNAL). */
  external: boolean;
  /** One request to another site: connection and headers. */
  timeoutMs: number;
  /** One request to this site: a page is rendered, so it may take longer. */
  ownTimeoutMs: number;
  /** The least time between two requests to one host of another site. */
  perHostIntervalMs: number;
  /** Hosts of other sites asked at once (each still one request at a time). */
  hostConcurrency: number;
  /** Pages of the sitemap walked at most, and the most of a page's HTML read. */
  maxPages: number;
  maxPageBytes: number;
  /** Other sites' addresses checked at most in one run. */
  maxExternal: number;
  /** Where another site's host may be reached: the webhooks' rule (refused ranges left out) by default. */
  resolve: (hostname: string) => Promise<ResolvedAddress[]>;
}

export function defaultLinkCheckSettings(): LinkCheckSettings {
  const e = env();
  return {
    siteUrl: e.SITE_URL,
    fetchOrigin: `http://127.0.0.1:${e.PORT}`,
    external: e.LINK_CHECK_EXTERNAL,
    timeoutMs: 5_000,
    ownTimeoutMs: 30_000,
    perHostIntervalMs: 1_000,
    hostConcurrency: 4,
    maxPages: 2_000,
    maxPageBytes: 5 * 1024 * 1024,
    maxExternal: 5_000,
    resolve: (hostname) => resolveTarget(hostname),
  };
}

const USER_AGENT = "KineticGrowth-LinkChecker/1.0 (link checker bot)";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_OWN_HOPS = 5;
/** Dashboard addresses answer a visitor with the sign-in page: not a broken link. */
const SKIPPED_PATHS = /^\/(admin|api\/auth)(\/|$)/;

interface Answer {
  status: number;
  location: string | null;
  body: string | null;
}

class RequestFailed extends Error {
  constructor(
    readonly kind: "unreachable" | "refused",
    message: string,
  ) {
    super(message);
  }
}

/**
 * One request. The answer's headers end it unless `readBody` (up to `maxBytes`, the rest dropped):
 * a link's status needs no body, and a body could be any size.
 */
function request(
  url: URL,
  options: { method: "GET" | "HEAD"; timeoutMs: number; readBody?: number; addresses?: ResolvedAddress[]; headers?: Record<string, string> },
): Promise<Answer> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const outgoing = client.request(
      url,
      {
        method: options.method,
        headers: { "user-agent": USER_AGENT, accept: "text/html,image/*;q=0.9,*/*;q=0.8", ...options.headers },
        agent: false,
        ...(options.addresses ? { lookup: pinnedLookup(options.addresses) } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === "string" ? response.headers.location : null;
        if (!options.readBody) {
          settle(() => resolve({ status, location, body: null }));
          response.destroy();
          return;
        }
        const limit = options.readBody;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => settle(() => resolve({ status, location, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("data", (chunk: Buffer) => {
          if (size >= limit) return;
          chunks.push(chunk.subarray(0, limit - size));
          size += chunk.length;
          if (size >= limit) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", (error) => settle(() => reject(new RequestFailed("unreachable", error.message))));
      },
    );
    const timer = setTimeout(() => {
      settle(() => reject(new RequestFailed("unreachable", `no answer within ${Math.round(options.timeoutMs / 100) / 10} s`)));
      outgoing.destroy();
    }, options.timeoutMs);
    outgoing.on("error", (error: NodeJS.ErrnoException) =>
      settle(() => reject(new RequestFailed("unreachable", `${error.code ?? "error"}: ${error.message}`))),
    );
    outgoing.end();
  });
}

/** A link or image as the page has it, and where. */
export interface PageLink {
  element: "a" | "img";
  href: string;
  label: string;
  inMain: boolean;
}

const squash = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 200);

/** Every <a href> and <img src> of a page, with its text or alt and whether it is inside <main> (or an <article>). */
export function extractLinks(html: string): PageLink[] {
  const links: PageLink[] = [];
  let mainDepth = 0;
  const anchors: { link: PageLink; text: string; fallback: string }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "main" || name === "article") mainDepth++;
        if (name === "a" && attributes.href !== undefined) {
          const link: PageLink = { element: "a", href: attributes.href.trim(), label: "", inMain: mainDepth > 0 };
          links.push(link);
          anchors.push({ link, text: "", fallback: attributes["aria-label"] ?? attributes.title ?? "" });
        } else if (name === "a") {
          anchors.push({ link: { element: "a", href: "", label: "", inMain: false }, text: "", fallback: "" });
        }
        if (name === "img") {
          if (attributes.src !== undefined)
            links.push({ element: "img", href: attributes.src.trim(), label: squash(attributes.alt ?? ""), inMain: mainDepth > 0 });
          // An image inside a link with no words of its own names the link.
          for (const open of anchors) open.fallback ||= attributes.alt ?? "";
        }
      },
      ontext(text) {
        for (const open of anchors) open.text += text;
      },
      onclosetag(name) {
        if (name === "main" || name === "article") mainDepth = Math.max(0, mainDepth - 1);
        if (name === "a") {
          const open = anchors.pop();
          if (open) open.link.label = squash(open.text) || squash(open.fallback);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return links;
}

/** The <loc> addresses of a sitemap: pages, and (of a sitemap index) other sitemaps. */
export function extractSitemap(xml: string): { pages: string[]; sitemaps: string[] } {
  const pages: string[] = [];
  const sitemaps: string[] = [];
  let inLoc = false;
  let parent = "";
  let text = "";
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "url" || name === "sitemap") parent = name;
        if (name === "loc") {
          inLoc = true;
          text = "";
        }
      },
      ontext(chunk) {
        if (inLoc) text += chunk;
      },
      onclosetag(name) {
        if (name !== "loc") return;
        inLoc = false;
        (parent === "sitemap" ? sitemaps : pages).push(text.trim());
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  return { pages, sitemaps };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Checks the site's links from its sitemap. Throws when the sitemap itself cannot be read. */
export async function checkSite(overrides: Partial<LinkCheckSettings> = {}): Promise<LinkCheckResult> {
  const settings = { ...defaultLinkCheckSettings(), ...overrides };
  const ownOrigins = new Set([new URL(settings.siteUrl).origin, new URL(settings.fetchOrigin).origin]);
  const isOwn = (url: URL) => ownOrigins.has(url.origin);
  const ownPath = (url: URL) => `${url.pathname}${url.search}`;
  const ownRequest = (path: string, readBody?: number) =>
    request(new URL(path, settings.fetchOrigin), {
      method: "GET",
      timeoutMs: settings.ownTimeoutMs,
      readBody,
      headers: { host: new URL(settings.siteUrl).host },
    });

  // The sitemap, and one level of sitemaps it lists.
  const sitemap = await ownRequest("/sitemap.xml", settings.maxPageBytes);
  if (sitemap.status !== 200 || !sitemap.body) throw new Error(`the sitemap answered ${sitemap.status}`);
  const { pages: pageUrls, sitemaps } = extractSitemap(sitemap.body);
  for (const more of sitemaps.slice(0, 50)) {
    const url = safeUrl(more);
    if (!url || !isOwn(url)) continue;
    const answer = await ownRequest(ownPath(url), settings.maxPageBytes);
    if (answer.status === 200 && answer.body) pageUrls.push(...extractSitemap(answer.body).pages);
  }
  const pagePaths = [
    ...new Set(
      pageUrls
        .map((u) => safeUrl(u))
        .filter((u): u is URL => u !== null && isOwn(u))
        .map(ownPath),
    ),
  ].slice(0, settings.maxPages);

  // Each own address once: its status, and where a redirect ends.
  const own = new Map<string, { status: number | null; target: string | null; detail: string | null }>();
  const onPages: { page: string; link: PageLink; url: URL }[] = [];
  for (const page of pagePaths) {
    let answer: Answer;
    try {
      answer = await ownRequest(page, settings.maxPageBytes);
    } catch (error) {
      own.set(page, { status: null, target: null, detail: (error as Error).message });
      continue;
    }
    own.set(page, { status: answer.status, target: REDIRECTS.has(answer.status) ? answer.location : null, detail: null });
    if (answer.status !== 200 || !answer.body) continue;
    const base = new URL(page, settings.siteUrl);
    for (const link of extractLinks(answer.body)) {
      const url = safeUrl(link.href, base);
      if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) continue;
      url.hash = "";
      if (isOwn(url) && SKIPPED_PATHS.test(url.pathname)) continue;
      onPages.push({ page, link, url });
    }
  }

  const followed = new Set<string>();
  const followOwn = async (path: string) => {
    const known = own.get(path);
    if (known && (followed.has(path) || !REDIRECTS.has(known.status ?? 0))) return known;
    followed.add(path);
    let current = path;
    let first: number | null = null;
    // A sitemap page's own answer was a redirect: its chain goes on from where it pointed, not asked twice.
    const knownNext = known?.target ? safeUrl(known.target, new URL(path, settings.siteUrl)) : null;
    if (known && knownNext) {
      if (!isOwn(knownNext)) {
        const result = { status: known.status, target: knownNext.href, detail: null };
        own.set(path, result);
        return result;
      }
      first = known.status;
      current = ownPath(knownNext);
    }
    for (let hop = 0; hop <= MAX_OWN_HOPS; hop++) {
      let answer: Answer;
      try {
        answer = await ownRequest(current);
      } catch (error) {
        const result = { status: null, target: null, detail: (error as Error).message };
        own.set(path, result);
        return result;
      }
      first ??= answer.status;
      const next = answer.location ? safeUrl(answer.location, new URL(current, settings.siteUrl)) : null;
      if (REDIRECTS.has(answer.status) && next && isOwn(next) && hop < MAX_OWN_HOPS) {
        current = ownPath(next);
        continue;
      }
      // The chain's end: a path of this site, or another site's address (where it is that site's business).
      const leavesSite = REDIRECTS.has(answer.status) && next !== null;
      const end = leavesSite ? next.href : current;
      const result =
        current === path && !leavesSite
          ? { status: answer.status, target: null, detail: null }
          : { status: first, target: end, detail: answer.status >= 400 ? `it leads to ${end}, which answers ${answer.status}` : null };
      own.set(path, result);
      return result;
    }
    return own.get(path)!;
  };

  // A sitemap page that redirects is followed to its end, as a link to it is.
  for (const page of pagePaths) if (REDIRECTS.has(own.get(page)?.status ?? 0)) await followOwn(page);
  for (const path of new Set(onPages.filter((o) => isOwn(o.url)).map((o) => ownPath(o.url)))) await followOwn(path);

  const externalUrls = settings.external ? [...new Set(onPages.filter((o) => !isOwn(o.url)).map((o) => o.url.href))].slice(0, settings.maxExternal) : [];
  const external = await checkExternal(externalUrls, settings);

  const findings: LinkFinding[] = [];
  // A page the sitemap lists that does not answer 200 is a finding of the sitemap's own.
  for (const page of pagePaths) {
    const answer = own.get(page)!;
    if (answer.status === 200) continue;
    const verdict = ownFinding({ element: "a", href: page, label: "", inMain: false }, answer);
    findings.push({
      page: "/sitemap.xml",
      url: page,
      element: "a",
      label: "",
      inMain: false,
      ...(verdict ?? { problem: "broken", status: answer.status, target: answer.target, detail: "listed in the sitemap, but does not answer 200" }),
    });
  }
  const seen = new Set<string>();
  for (const { page, link, url } of onPages) {
    const finding = isOwn(url) ? ownFinding(link, own.get(ownPath(url))!) : external.has(url.href) ? externalFinding(link, external.get(url.href)!) : null;
    if (!finding) continue;
    const shown = isOwn(url) ? ownPath(url) : url.href;
    const key = JSON.stringify([page, shown, link.element, link.label, link.inMain]);
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({ page, url: shown, element: link.element, label: link.label, inMain: link.inMain, ...finding });
  }
  return { pages: pagePaths.length, links: own.size + external.size, findings };
}

type Verdict = Pick<LinkFinding, "problem" | "status" | "target" | "detail">;

function ownFinding(link: PageLink, answer: { status: number | null; target: string | null; detail: string | null }): Verdict | null {
  const gone = answer.status === null || answer.status === 404 || answer.status === 410 || answer.status >= 500;
  if (answer.target && answer.detail)
    return { problem: link.element === "img" ? "missing-image" : "broken", status: answer.status, target: answer.target, detail: answer.detail };
  if (gone) return { problem: link.element === "img" ? "missing-image" : "broken", status: answer.status, target: null, detail: answer.detail };
  if (answer.target && REDIRECTS.has(answer.status ?? 0) && link.element === "a") {
    return { problem: "redirect", status: answer.status, target: answer.target, detail: null };
  }
  return null;
}

function externalFinding(link: PageLink, answer: ExternalAnswer): Verdict | null {
  if (answer.kind === "refused") return { problem: "refused", status: null, target: null, detail: answer.detail };
  if (answer.kind !== "answered") return { problem: "unreachable", status: null, target: null, detail: answer.detail };
  const status = answer.status;
  if (status === 404 || status === 410 || status >= 500)
    return { problem: link.element === "img" ? "missing-image" : "broken", status, target: null, detail: null };
  return null;
}

type ExternalAnswer = { kind: "answered"; status: number } | { kind: "unreachable" | "refused"; detail: string };

/**
 * Each address of another site once: HEAD, then GET when HEAD is refused (405, 501). The hosts are
 * taken a few at a time, each host's addresses one after another with `perHostIntervalMs` between
 * the starts of two requests; every request resolves the host under the address rules first.
 */
async function checkExternal(urls: string[], settings: LinkCheckSettings): Promise<Map<string, ExternalAnswer>> {
  const results = new Map<string, ExternalAnswer>();
  const byHost = new Map<string, URL[]>();
  for (const raw of urls) {
    const url = new URL(raw);
    byHost.set(url.host, [...(byHost.get(url.host) ?? []), url]);
  }
  const hosts = [...byHost.values()];
  const work = async () => {
    for (let list = hosts.shift(); list; list = hosts.shift()) {
      let last = 0;
      const paced = async (url: URL, method: "GET" | "HEAD") => {
        const wait = last + settings.perHostIntervalMs - Date.now();
        if (last && wait > 0) await sleep(wait);
        last = Date.now();
        return externalRequest(url, method, settings);
      };
      for (const url of list) {
        let answer = await paced(url, "HEAD");
        if (answer.kind === "answered" && (answer.status === 405 || answer.status === 501)) answer = await paced(url, "GET");
        results.set(url.href, answer);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, settings.hostConcurrency) }, work));
  return results;
}

async function externalRequest(url: URL, method: "GET" | "HEAD", settings: LinkCheckSettings): Promise<ExternalAnswer> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await settings.resolve(url.hostname);
  } catch (error) {
    if (error instanceof RefusedAddressError) return { kind: "refused", detail: error.message };
    return { kind: "unreachable", detail: `could not resolve ${url.hostname}: ${(error as Error).message}` };
  }
  try {
    const answer = await request(url, { method, timeoutMs: settings.timeoutMs, addresses });
    return { kind: "answered", status: answer.status };
  } catch (error) {
    return { kind: "unreachable", detail: error instanceof RequestFailed ? error.message : String(error) };
  }
}

function safeUrl(raw: string, base?: URL): URL | null {
  try {
    return new URL(raw, base);
  } catch {
    return null;
  }
}
