// The redirect table's rules as the host applies them and the dashboard saves them
// (docs/decisions/0091). No imports: host/redirects.ts loads this file as it is (Node, stripping
// the types), and the dashboard's schema (src/lib/schemas/redirects.ts) shares it.

export const REDIRECT_STATUSES = [301, 302, 307, 308, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const GONE = 410;

/** A source ending in this is a prefix rule: that folder and everything under it. */
export const PREFIX_MARK = "/*";

export interface RedirectRule {
  id?: number;
  source: string;
  /** A path or an http(s) URL; empty for 410. A prefix rule's target ending in `/*` keeps the rest of the path. */
  target: string;
  status: RedirectStatus;
}

export interface RedirectTable {
  exact: Map<string, RedirectRule>;
  /** Folder rules by their folder (the source without `/*`; '' for `/*`): a request looks up its own folders, deepest first. */
  prefixes: Map<string, RedirectRule>;
}

export interface RedirectMatch {
  rule: RedirectRule;
  /** Where to send the visitor; null for 410. */
  location: string | null;
}

export const isPrefixRule = (source: string): boolean => source.endsWith(PREFIX_MARK);
export const isAbsoluteTarget = (target: string): boolean => /^https?:\/\//i.test(target);

/** A host name without a leading "www.", lower-case: the site answers with and without it. */
const bareHost = (hostname: string): string => hostname.toLowerCase().replace(/^www\./, "");

/**
 * `target` as a path when it is an absolute URL to this site: the host of `siteUrl` with or without
 * "www.", over http or https, on the same port (the scheme's default counting as none). Any other
 * target is returned as it is. Saved as the path, such a target is judged like any other for loops
 * and chains, and answers on whichever of the site's addresses the visitor came by.
 */
export function sameSiteTarget(target: string, siteUrl: string): string {
  if (!isAbsoluteTarget(target)) return target;
  let url: URL;
  let site: URL;
  try {
    url = new URL(target);
    site = new URL(siteUrl);
  } catch {
    return target;
  }
  // URL leaves a scheme's default port out, so a site on 80/443 matches either scheme's default.
  if (bareHost(url.hostname) !== bareHost(site.hostname) || url.port !== site.port) return target;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A path as the table keys it: without a trailing slash, so that /old and /old/ are one address. */
export function tablePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

export function compileRedirects(rules: readonly RedirectRule[]): RedirectTable {
  const exact = new Map<string, RedirectRule>();
  const prefixes = new Map<string, RedirectRule>();
  for (const rule of rules) {
    if (isPrefixRule(rule.source)) prefixes.set(rule.source.slice(0, -PREFIX_MARK.length), rule);
    else exact.set(tablePath(rule.source), rule);
  }
  return { exact, prefixes };
}

/** `target` with the request's query string added (`search` starts with "?" or is empty), before any #fragment. */
function withQuery(target: string, search: string): string {
  if (!search || search === "?") return target;
  const hash = target.indexOf("#");
  const [head, fragment] = hash === -1 ? [target, ""] : [target.slice(0, hash), target.slice(hash)];
  return `${head}${head.includes("?") ? "&" : "?"}${search.slice(1)}${fragment}`;
}

/**
 * The rule that answers a request path, exact paths first, then the longest prefix rule. An exact
 * rule keeps the request's query string (campaign tags survive a renamed page); a prefix rule whose
 * target ends in `/*` carries the rest of the path over (/old/a/b to /new/a/b).
 */
export function matchRedirect(table: RedirectTable, pathname: string, search = ""): RedirectMatch | null {
  const path = tablePath(pathname);
  const exact = table.exact.get(path);
  if (exact) return { rule: exact, location: exact.status === GONE ? null : withQuery(exact.target, search) };
  if (!table.prefixes.size) return null;
  // The path itself and each folder above it, deepest first: the most specific folder rule wins, in
  // as many Map lookups as the path has segments, however many rules there are.
  for (let base = path === "/" ? "" : path; ; base = base.slice(0, base.lastIndexOf("/"))) {
    const rule = table.prefixes.get(base);
    if (rule) {
      if (rule.status === GONE) return { rule, location: null };
      const location = isPrefixRule(rule.target) ? `${rule.target.slice(0, -PREFIX_MARK.length)}${path.slice(base.length)}` : rule.target;
      return { rule, location };
    }
    if (!base) return null;
  }
}

export class RedirectLoopError extends Error {
  // A plain field, not a parameter property: Node loads this file by stripping the types only.
  readonly chain: string[];
  constructor(chain: string[]) {
    super(`This redirect would loop: ${chain.join(" → ")}.`);
    this.name = "RedirectLoopError";
    this.chain = chain;
  }
}

function splitTarget(target: string): { pathname: string; search: string } {
  const end = target.search(/[?#]/);
  const pathname = end === -1 ? target : target.slice(0, end);
  const query = target.match(/\?[^#]*/);
  return { pathname, search: query ? query[0] : "" };
}

/**
 * Every rule's target followed through the table to where it ends, so that no request takes more
 * than one hop (A→B and B→C save A as A→C). A chain that comes back to a rule it went through is a
 * loop: refused, naming the chain. A chain stops at an absolute URL (another site's business) and
 * at a 410 (the one hop then answers Gone). Returns the rules with their final targets, in order.
 */
export function flattenRedirects(rules: readonly RedirectRule[]): RedirectRule[] {
  const table = compileRedirects(rules);
  return rules.map((rule) => {
    if (rule.status === GONE || isAbsoluteTarget(rule.target) || isPrefixRule(rule.target)) {
      // A prefix target is followed only to see that it does not come back into its own folder.
      if (isPrefixRule(rule.target) && rule.status !== GONE) {
        const probe = rule.target.slice(0, -PREFIX_MARK.length) || "/";
        const hit = matchRedirect(table, probe);
        if (hit && hit.rule.source === rule.source) throw new RedirectLoopError([rule.source, rule.target]);
      }
      return rule;
    }
    const seen = new Set([rule.source]);
    const chain = [rule.source, rule.target];
    let target = rule.target;
    for (;;) {
      const { pathname, search } = splitTarget(target);
      const hit = matchRedirect(table, pathname, search);
      if (!hit || hit.rule.status === GONE || hit.location === null) break;
      if (seen.has(hit.rule.source)) throw new RedirectLoopError(chain);
      seen.add(hit.rule.source);
      chain.push(hit.location);
      target = hit.location;
      if (isAbsoluteTarget(target)) break;
    }
    return target === rule.target ? rule : { ...rule, target };
  });
}
