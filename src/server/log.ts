import "server-only";
import crypto from "node:crypto";
import { logger } from "./logger.ts";

type Level = "debug" | "info" | "warn" | "error";

/**
 * One JSON object per line (pino, docs/decisions/0025): warnings and errors on stderr, the rest on
 * stdout. A line written while a request is handled carries its `requestId`; fields named like a
 * secret are written as "[redacted]".
 */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  logger[level](fields, msg);
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
