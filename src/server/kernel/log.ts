import "server-only";
import crypto from "node:crypto";
import { logger } from "./logger.ts";

export { errorFields } from "./logger.ts";

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
