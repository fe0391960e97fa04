// Which answers the page cache in front of Next may keep and reuse (docs/decisions/0011): only
// documents, only anonymous GET/HEAD requests Next would answer from its own cache, for as long as
// their public s-maxage says, and one variant per Accept-Encoding.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { NEXT_BYPASS_HEADER, NEXT_CACHE_HEADER, NEXT_DRAFT_COOKIE, isNextAssetRequest } from "./next-internals.ts";

/** Response headers that depend on the request and are set again for each answer. */
export const PER_ANSWER_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "vary",
  NEXT_CACHE_HEADER,
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

type RequestLike = { method?: string; url?: string; headers: IncomingHttpHeaders };

/**
 * Responses that may be HTML documents: everything but the build's own files (/_next/: scripts,
 * styles, optimised images, which Next gives their own headers) and RSC payloads fetched by scripts.
 */
export function mayBeDocument(req: RequestLike): boolean {
  return !isNextAssetRequest(req.url, req.headers);
}

/** Whether a request may be answered from the page cache (and its answer stored in it). */
export function isCacheableRequest(req: RequestLike): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (!mayBeDocument(req)) return false;
  // Next answers these with something else than the page's document (RSC payloads, prefetches,
  // router state, revalidation, drafts), and bypasses its own page cache for draft mode.
  for (const name of Object.keys(req.headers)) if (NEXT_BYPASS_HEADER.test(name)) return false;
  return !NEXT_DRAFT_COOKIE.test(req.headers.cookie ?? "");
}

/**
 * Seconds a response may be kept, or 0: only what Next itself served from (or just wrote to) its
 * page cache, status 200, HTML, with our public Cache-Control (next.config.ts headers(), ADR 0009),
 * and no cookie. Kept for the s-maxage a shared cache is allowed, never longer.
 */
export function storableSeconds(statusCode: number, headers: OutgoingHttpHeaders): number {
  if (statusCode !== 200) return 0;
  if (!/^text\/html/i.test(String(headers["content-type"] ?? ""))) return 0;
  if (headers["set-cookie"] !== undefined) return 0;
  const nextCache = String(headers[NEXT_CACHE_HEADER] ?? "").toUpperCase();
  if (nextCache !== "HIT" && nextCache !== "MISS") return 0; // not from the page cache, or STALE
  if (!headers.etag) return 0;
  if (!isPublic(headers["cache-control"])) return 0;
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/i.exec(String(headers["cache-control"]));
  return sMaxAge ? Number(sMaxAge[1]) : 0;
}

/** Whether a Cache-Control lets shared caches keep the answer: the public pages (ADR 0009). */
export function isPublic(cacheControl: unknown): boolean {
  const value = String(cacheControl ?? "").toLowerCase();
  return /(^|,)\s*public\s*(,|$)/.test(value) && !/no-store|private|no-cache/.test(value);
}

/** If-None-Match against an ETag (weak comparison, as for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string | undefined): boolean {
  if (!ifNoneMatch || !etag) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

export function appendVary(current: unknown): string {
  const values = String(current ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === "accept-encoding")) values.push("Accept-Encoding");
  return values.join(", ");
}
