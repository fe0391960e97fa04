// The request id and the access log (issue 9, docs/decisions/0015). scripts/server.mjs calls
// withRequestContext() for every request: the request gets an id (the caller's X-Request-Id when it
// is a short safe token, else a new UUID), the response echoes it in X-Request-Id, the app's log
// lines written while the request is handled carry it (src/server/log.ts reads the store below),
// and one access line is written when the response is over.
//
// The AsyncLocalStorage lives on globalThis under a registered symbol: the app's server code is
// bundled by Next and cannot import this file, but it reads the same instance through the symbol.
import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

const STORE_KEY = Symbol.for("kinetic-growth.request-context");
/** @type {AsyncLocalStorage<{ requestId: string }>} */
export const requestContext = (globalThis[STORE_KEY] ??= new AsyncLocalStorage());

/** Letters, digits and . _ - only, 1 to 64 characters: safe in a header, a log line and a shell. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The caller's id when it is a short safe token (a proxy's or a load balancer's), else a new one. */
export function requestIdFrom(header) {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === "string" && SAFE_REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

// Paths whose segments are secrets: better-auth's password-reset link carries its token in the path.
const SECRET_SEGMENTS = [/^(\/api\/auth\/reset-password\/)[^/?#]+/];

/**
 * The path as it is safe to log: secret path segments replaced, and of the query only the names of
 * its parameters (values such as ?token=... of the e-mail verification link are never written).
 */
export function loggablePath(url) {
  const raw = String(url ?? "/");
  const q = raw.indexOf("?");
  let pathname = q === -1 ? raw : raw.slice(0, q);
  for (const pattern of SECRET_SEGMENTS) pathname = pathname.replace(pattern, "$1[redacted]");
  if (pathname.length > 300) pathname = `${pathname.slice(0, 300)}…`;
  if (q === -1) return pathname;
  const names = [...new Set([...new URLSearchParams(raw.slice(q + 1)).keys()])].slice(0, 20);
  return names.length ? `${pathname}?${names.map((n) => `${encodeURIComponent(n).slice(0, 40)}=…`).join("&")}` : pathname;
}

/** Runs `next` (the rest of the request's handling) inside the request's context. */
export function withRequestContext(req, res, next) {
  const requestId = requestIdFrom(req.headers["x-request-id"]);
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const status = res.statusCode;
    const line = {
      time: new Date().toISOString(),
      level: status >= 500 ? "error" : "info",
      msg: "request",
      requestId,
      method: req.method,
      path: loggablePath(req.url),
      status,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    (status >= 500 ? console.error : console.log)(JSON.stringify(line));
  });
  return requestContext.run({ requestId }, next);
}
