// The request id and the access log (docs/decisions/0015, 0025). host/server.ts calls
// withRequestContext() for every request: the request gets an id (the caller's X-Request-Id when it
// is a short safe token, else a new UUID), the response echoes it in X-Request-Id, every log line
// written while the request is handled carries it (the logger reads the request context that
// src/server/kernel/bridge.ts shares with the app), and one access line is written when the response is
// over.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestContext } from "../src/server/kernel/bridge.ts";
import { logger } from "../src/server/kernel/logger.ts";

/** Letters, digits and . _ - only, 1 to 64 characters: safe in a header, a log line and a shell. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The caller's id when it is a short safe token (a proxy's or a load balancer's), else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return typeof value === "string" && SAFE_REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

// Paths whose segments are secrets: better-auth's password-reset link carries its token in the path.
const SECRET_SEGMENTS = [/^(\/api\/auth\/reset-password\/)[^/?#]+/];

/**
 * The path as it is safe to log: secret path segments replaced, and of the query only the names of
 * its parameters (values such as ?token=... of the e-mail verification link are never written).
 */
export function loggablePath(url: string | undefined): string {
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
export function withRequestContext<T>(req: IncomingMessage, res: ServerResponse, next: () => T): T {
  const requestId = requestIdFrom(req.headers["x-request-id"]);
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  const started = process.hrtime.bigint();
  res.once("close", () => {
    const status = res.statusCode;
    const line = {
      requestId,
      method: req.method,
      path: loggablePath(req.url),
      status,
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      ...(res.writableFinished ? {} : { aborted: true }),
    };
    // 5xx answers at level error, on stderr.
    if (status >= 500) logger.error(line, "request");
    else logger.info(line, "request");
  });
  return requestContext.run({ requestId }, next);
}
