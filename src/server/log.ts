import "server-only";
import crypto from "node:crypto";

type Level = "debug" | "info" | "warn" | "error";

/**
 * The request being handled, as scripts/request-context.mjs (the Node server around Next) stores it:
 * the same AsyncLocalStorage instance, found through a registered symbol (docs/decisions/0015).
 * Outside a request (start-up, the mail worker, tests) there is none.
 */
const REQUEST_CONTEXT = Symbol.for("kinetic-growth.request-context");
function currentRequestId(): string | undefined {
  const storage = (globalThis as Record<symbol, { getStore(): { requestId?: string } | undefined } | undefined>)[REQUEST_CONTEXT];
  return storage?.getStore()?.requestId;
}

/** Field names whose values never reach a log line, whatever a caller passes by mistake. */
const SECRET_FIELD = /passw|token|cookie|secret|authorization/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) out[key] = SECRET_FIELD.test(key) && value !== undefined ? "[redacted]" : value;
  return out;
}

/**
 * One JSON object per line on stdout/stderr, so that logs can be searched and shipped as they are.
 * A line written while a request is handled carries its `requestId`.
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const requestId = currentRequestId();
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...redact(fields) });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

/**
 * An e-mail address as auth events log it (docs/decisions/0015): masked for a person reading the
 * log (`j***@example.com`) and a short SHA-256 of the normalised address to find every event of
 * one address (`printf %s j.doe@example.com | sha256sum | cut -c1-16`). Never the address itself.
 */
export function emailFields(email: string): { email: string; emailHash: string } {
  const normalised = email.trim().toLowerCase();
  const at = normalised.lastIndexOf("@");
  const local = at > 0 ? normalised.slice(0, at) : normalised;
  const domain = at > 0 ? normalised.slice(at + 1) : "";
  const masked = `${[...local][0] ?? ""}***${domain ? `@${domain}` : ""}`;
  return { email: masked, emailHash: crypto.createHash("sha256").update(normalised).digest("hex").slice(0, 16) };
}

/**
 * Drizzle's failed-query message ends with the query's parameters: the values typed into a form,
 * e-mail addresses, tokens being stored. The SQL stays in the log, the values do not.
 */
function withoutParams(message: string): string {
  return message.replace(/\nparams: [\s\S]*$/, "\nparams: [not logged]");
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    // Drizzle wraps the driver's error: its message is the SQL, the cause says why (ECONNREFUSED...).
    const cause = error.cause instanceof Error ? { cause: withoutParams(error.cause.message) } : {};
    return { error: withoutParams(error.message), errorName: error.name, ...cause };
  }
  return { error: withoutParams(String(error)) };
}
