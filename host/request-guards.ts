// What host/server.ts refuses before Next sees a request (docs/decisions/0022):
// - a body over its path's limit, counted as it arrives whether or not it declares a length, and
//   never read further than that (413); an upload without a declared length (411);
// - a Server Action post (any POST outside /api/) from another site or from an opaque origin (403),
//   or whose data no page of ours sends: more fields than any form has (413), JSON nested deeper
//   than any argument we pass (400), or the multipart reply without its root row (400);
// - an image-optimiser address that is not a plain path of this site (400);
// - a NUL or bytes that are not UTF-8 in any path segment or query, or in an MCP request's JSON
//   (a lone surrogate too): text no route can store or search for (400, host/unstorable-input.ts,
//   docs/decisions/0076).
// Next answers most of these itself, but with a 500 and a stack trace in the log, or only after
// reading the whole body into memory.

import type { IncomingMessage } from "node:http";
import { REPLY_JSON_FIELD, replyRowsWellFormed } from "./next-internals.ts";
import { jsonRpcId, unstorableInJson, unstorableInTarget } from "./unstorable-input.ts";

const KB = 1024;
const MB = 1024 * KB;

/** next.config.ts experimental.serverActions.bodySizeLimit ("1mb"). */
export const ACTION_BODY_LIMIT_BYTES = MB;

export interface Refusal {
  status: number;
  message: string;
  /** The MCP request's JSON-RPC id, when its refusal answers one (see refusalBody). */
  rpcId?: string | number | null;
}

export interface BodyLimit {
  prefix: string;
  bytes: number;
  lengthRequired?: boolean;
}

/**
 * Limits by path, first match wins. Each is far above what the path's honest clients send and
 * is the most a request holds in memory before the app sees it. Uploads (MAX_UPLOAD_BYTES in
 * src/server/media/uploads.ts plus the multipart framing) are not held: they must declare their length,
 * which the route checks before it reads a byte, after the admin check.
 */
export const BODY_LIMITS: BodyLimit[] = [
  { prefix: "/api/admin/uploads", bytes: 5 * MB + 64 * KB, lengthRequired: true },
  { prefix: "/api/forms/", bytes: 64 * KB }, // the lead forms' endpoint (docs/decisions/0017)
  { prefix: "/api/blog/shares", bytes: 1 * KB }, // { slug, network }
  { prefix: "/api/auth/", bytes: 16 * KB }, // e-mail and password, sign-out
  { prefix: "/api/mcp", bytes: MB }, // a drafted post through the MCP server (MCP_BODY_LIMIT_BYTES in src/server/integrations/mcp.ts)
  { prefix: "/api/v1/", bytes: MB }, // the REST API: a blog post's 200,000 characters as JSON (API_BODY_LIMIT_BYTES in src/server/integrations/api-http.ts, ADR 0060)
  { prefix: "/api/newsletter/unsubscribe/", bytes: 4 * KB }, // RFC 8058's "List-Unsubscribe=One-Click" (UNSUBSCRIBE_BODY_LIMIT_BYTES in src/server/newsletter/returns-http.ts)
  { prefix: "/api/payments/razorpay", bytes: 64 * KB }, // Razorpay's webhook events, a few KB each (WEBHOOK_BODY_LIMIT_BYTES in src/server/billing/razorpay-http.ts)
  { prefix: "/api/newsletter/events", bytes: 256 * KB }, // a provider's notification: SNS messages are at most 256 KB (EVENTS_BODY_LIMIT_BYTES, same file)
  { prefix: "/api/", bytes: 16 * KB },
  { prefix: "/proposal/", bytes: 16 * KB }, // a proposal's accept or decline form: a name, a tick, a reason of at most 1,000 characters (docs/decisions/0108)
  { prefix: "/", bytes: ACTION_BODY_LIMIT_BYTES }, // Server Actions, and whatever else is posted to a page
  { prefix: "", bytes: 16 * KB }, // a request target that is not a path
];

/** Fields in one Server Action post: the largest form (a blog post in the admin) has about 20. */
export const MAX_ACTION_FIELDS = 1000;
/** Nesting of a Server Action's JSON arguments: ours are 2 or 3 deep; React overflows its stack at a few thousand. */
export const MAX_ACTION_JSON_DEPTH = 64;

/** A path segment that URL parsing resolves away: ".", "..", or either spelled with %2e. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/**
 * The request target as the app will route it. Next resolves dot segments ("/a/../b", "/a/%2e%2e/b")
 * and reads a backslash as a slash, as URL parsing does; the guards must judge the same path, or
 * "/api/admin/uploads/../../contact" would be measured by the uploads' rule while Next serves a page.
 * A target with neither is returned unchanged (byte for byte); one with either gets the path that URL
 * parsing gives, its query kept as sent. Browsers resolve both before sending, so only hand-made
 * requests are changed. A target that is not a path (absolute form, "*") is left as it is.
 */
export function normalTarget(url: string | undefined): string {
  const raw = String(url ?? "/");
  if (!raw.startsWith("/")) return raw;
  const end = raw.search(/[?#]/);
  const pathname = end === -1 ? raw : raw.slice(0, end);
  if (!pathname.includes("\\") && !pathname.split("/").some((segment) => DOT_SEGMENT.test(segment))) return raw;
  let resolved: string;
  try {
    resolved = new URL(`http://target.invalid${pathname}`).pathname; // never read as a host: "//x" stays a path
  } catch {
    return raw;
  }
  return resolved + (end === -1 ? "" : raw.slice(end));
}

export function bodyLimitFor(url: string | undefined): BodyLimit {
  const pathname = String(url ?? "/").split("?")[0]!;
  // The last entry (prefix "") matches every target.
  return BODY_LIMITS.find((entry) => pathname.startsWith(entry.prefix))!;
}

export function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/** A POST outside /api/: Next treats it as a Server Action (with Next-Action) or a form posting to one. */
export function isActionPost(req: IncomingMessage): boolean {
  return req.method === "POST" && !String(req.url ?? "").startsWith("/api/");
}

/** The REST API's refusals carry its one JSON error shape (docs/decisions/0060); the rest are plain text. */
export function refusalBody(url: string | undefined, { status, message, rpcId }: Refusal): { contentType: string; body: string } {
  // The MCP server's callers read JSON-RPC: an error object (-32602: invalid params, -32600: invalid request) answering the request's id.
  if (/^\/api\/mcp(?:[/?]|$)/.test(String(url ?? "")))
    return {
      contentType: "application/json",
      body: `${JSON.stringify({ jsonrpc: "2.0", id: rpcId ?? null, error: { code: status === 400 ? -32602 : -32600, message } })}\n`,
    };
  if (!String(url ?? "").startsWith("/api/v1/")) return { contentType: "text/plain; charset=utf-8", body: `${message}\n` };
  const code =
    status === 413 ? "payload_too_large" : status === 411 ? "length_required" : status === 403 ? "forbidden" : status >= 500 ? "internal_error" : "bad_request";
  return { contentType: "application/json", body: `${JSON.stringify({ error: { code, message } })}\n` };
}

/** [status, message] or null. */
function refusal(status: number, message: string): Refusal {
  return { status, message };
}

function sizeText(bytes: number): string {
  return bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / KB)} KB`;
}

function tooLarge(req: IncomingMessage, limit: BodyLimit): Refusal {
  return isActionPost(req)
    ? refusal(
        413,
        `Not sent: this form is larger than ${sizeText(limit.bytes)}, which is more than any of our forms accepts. Please shorten it and send it again.`,
      )
    : refusal(413, `Refused: this request's body is larger than ${sizeText(limit.bytes)}, the most this address accepts.`);
}

/**
 * The hosts a request may come from: SITE_URL's, and the one it was sent to (`Host`, or the
 * proxy's `X-Forwarded-Host` when TRUST_PROXY says a proxy is in front; host/client-address.ts
 * removes a client's own X-Forwarded-Host before this runs).
 */
function allowedHosts(req: IncomingMessage, trustProxy: boolean): Set<string> {
  const sent = String((trustProxy ? req.headers["x-forwarded-host"] : undefined) ?? req.headers.host ?? "")
    .split(",")[0]!
    .trim();
  const hosts = new Set(sent ? [sent] : []);
  try {
    if (process.env.SITE_URL) hosts.add(new URL(process.env.SITE_URL).host);
  } catch {
    // SITE_URL is validated at start-up (src/server/kernel/env.ts).
  }
  return hosts;
}

/**
 * A Server Action from another site: Origin names another host, or is "null" (an opaque origin:
 * a sandboxed frame, a page that hides its origin; none of ours), or Sec-Fetch-Site says
 * cross-site. Without Origin the action's own check reads Referer (src/server/kernel/request-info.ts).
 */
function isForeignAction(req: IncomingMessage, trustProxy: boolean): boolean {
  if (req.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return !allowedHosts(req, trustProxy).has(new URL(origin).host);
  } catch {
    return true; // "null", or not a URL
  }
}

/**
 * /_next/image fetches a local `url` from the app itself and answers 500 when that answer is a
 * redirect, which any path Next or the app normalises gives: a backslash (`/\host/x.png`), a
 * dot segment, a trailing slash, a page that redirects. Only plain paths, unchanged by URL
 * parsing, reach it; images.localPatterns (next.config.ts) then limits them to where images are.
 */
function isUnsafeImageUrl(url: string | undefined): boolean {
  const raw = String(url ?? "");
  if (!raw.startsWith("/_next/image")) return false;
  const value = new URLSearchParams(raw.slice(raw.indexOf("?") + 1)).get("url");
  if (!value || !value.startsWith("/")) return false; // missing or absolute: Next answers 400 itself
  try {
    const parsed = new URL(value, "http://local.invalid");
    return parsed.host !== "local.invalid" || parsed.pathname + parsed.search !== value || parsed.pathname.endsWith("/");
  } catch {
    return true;
  }
}

function unstorableRefusal(reason: string, rpcId?: string | number | null): Refusal {
  return { status: 400, message: `Refused: ${reason}, which cannot be stored or searched for. Remove it and send again.`, rpcId };
}

/** An MCP request: its JSON body is checked for text that cannot be stored before a tool reads it. */
const isMcpRequest = (url: string | undefined) => /^\/api\/mcp(?:[/?]|$)/.test(String(url ?? ""));

/** What can be refused from the request line and headers alone, or null. */
export function refusalBeforeBody(req: IncomingMessage, { trustProxy = false }: { trustProxy?: boolean } = {}): Refusal | null {
  const unstorable = unstorableInTarget(req.url);
  if (unstorable) return unstorableRefusal(unstorable);
  if (isActionPost(req) && isForeignAction(req, trustProxy)) return refusal(403, "Refused: this request must come from this site's own pages.");
  if (isUnsafeImageUrl(req.url)) return refusal(400, "Refused: the image address must be a plain path of this site.");
  // A script's call always sends its arguments (at least "[]"): without a body, React's decoder has nothing to read.
  if (!hasBody(req)) return isActionPost(req) && req.headers["next-action"] !== undefined ? INCOMPLETE() : null;
  const limit = bodyLimitFor(req.url);
  if (Number(req.headers["content-length"] ?? 0) > limit.bytes) return tooLarge(req, limit);
  if (limit.lengthRequired && req.headers["content-length"] === undefined) return refusal(411, "Refused: send the file with its length (Content-Length).");
  return null;
}

/**
 * Reads the request's body as the HTTP parser delivers it, holding it back from Next, and stops
 * at `limit` bytes: what arrives after that is dropped as it comes. The parser hands every chunk
 * to the request's push(); the chunks are given back to it, unchanged, by `replay()`, after which
 * Next reads the request as if nothing had happened.
 * Resolves { status: "complete", body, replay }, { status: "too-large" } or { status: "aborted" }.
 */
export type HeldBody = { status: "complete"; body: Buffer; replay(): void } | { status: "too-large" } | { status: "aborted" };

export function holdBody(req: IncomingMessage, limit: number): Promise<HeldBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let settled = false;
    const settle = (result: HeldBody) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.push = function holdChunk(chunk: Buffer | string | null, encoding?: BufferEncoding): boolean {
      if (settled) return true; // refused: the rest is dropped until the connection closes
      if (chunk === null) {
        delete (req as { push?: unknown }).push;
        const body = Buffer.concat(chunks);
        settle({
          status: "complete",
          body,
          replay() {
            if (body.length) req.push(body);
            req.push(null);
          },
        });
        return false;
      }
      bytes += typeof chunk === "string" ? Buffer.byteLength(chunk, encoding) : chunk.length;
      if (bytes > limit) {
        chunks.length = 0;
        settle({ status: "too-large" });
        return true;
      }
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      return true;
    };
    req.once("close", () => settle({ status: "aborted" }));
  });
}

/** True when `text`, read as JSON, opens more than `max` arrays or objects inside each other. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

const INCOMPLETE = () => refusal(400, "Refused: the form's data is incomplete or holds values none of our forms sends.");

/** A reply whose rows React's decoder would read as something none of our pages sends (host/next-internals.ts). */
const refusalOfReplyRows = (rows: Map<string, string>): Refusal | null => (replyRowsWellFormed(rows) ? null : INCOMPLETE());

/** A held Server Action body that no page of ours sends, or null. */
export async function refusalOfActionBody(req: IncomingMessage, body: Buffer): Promise<Refusal | null> {
  const type = String(req.headers["content-type"] ?? "");
  const fetchAction = req.headers["next-action"] !== undefined;
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await new Response(body as unknown as BodyInit, { headers: { "content-type": type } }).formData();
    } catch {
      return refusal(400, "Refused: the form's data could not be read.");
    }
    let fields = 0;
    const rows = new Map<string, string>();
    for (const [name, value] of form) {
      if (++fields > MAX_ACTION_FIELDS) return refusal(413, `Refused: more than ${MAX_ACTION_FIELDS} fields, more than any of our forms has.`);
      if (typeof value === "string" && REPLY_JSON_FIELD.test(name) && jsonDepthExceeds(value, MAX_ACTION_JSON_DEPTH))
        return refusal(400, "Refused: the form's data is nested deeper than any of our forms sends.");
      if (typeof value === "string" && /^\d+$/.test(name)) rows.set(name, value);
    }
    if (fetchAction && !form.has("0")) return refusal(400, "Refused: the form's data is incomplete.");
    return fetchAction ? refusalOfReplyRows(rows) : null;
  }
  if (!fetchAction) return null;
  const text = body.toString("utf8");
  if (jsonDepthExceeds(text, MAX_ACTION_JSON_DEPTH)) return refusal(400, "Refused: the form's data is nested deeper than any of our forms sends.");
  return refusalOfReplyRows(new Map([["0", text]]));
}

/**
 * The refusals of host/server.ts, in order: what the headers show, then the body held within
 * its limit, then (Server Actions) its shape. Calls `serve()` when the request may go on to Next,
 * or `refuse({ status, message })`.
 */
export async function guardRequest(
  req: IncomingMessage,
  { trustProxy = false, serve, refuse }: { trustProxy?: boolean; serve: () => unknown; refuse: (refusal: Refusal) => unknown },
): Promise<unknown> {
  const early = refusalBeforeBody(req, { trustProxy });
  if (early) return refuse(early);
  const limit = bodyLimitFor(req.url);
  if (!hasBody(req) || limit.lengthRequired) return serve();
  const held = await holdBody(req, limit.bytes);
  if (held.status === "aborted") return undefined;
  if (held.status === "too-large") return refuse(tooLarge(req, limit));
  const shape = isActionPost(req) ? await refusalOfActionBody(req, held.body) : null;
  if (shape) return refuse(shape);
  const unstorable = isMcpRequest(req.url) ? unstorableInJson(held.body) : null;
  if (unstorable) return refuse(unstorableRefusal(unstorable, jsonRpcId(held.body)));
  held.replay();
  return serve();
}
