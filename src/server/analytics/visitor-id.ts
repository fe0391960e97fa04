// The visitor id of the site's own analytics (docs/decisions/0056): no cookie, nothing stored on
// the visitor's device, and nothing stored here from which an address or a browser could be read
// back. Loaded by the host (host/analytics.ts) as well as the app: no "server-only", no app imports.
import crypto from "node:crypto";

/** A day's salt stays usable this long after the day is over, for page views still in a queue at midnight. */
export const SALT_GRACE_MS = 5 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** The UTC day of an instant, as YYYY-MM-DD: the day of a page view, of its salt and of its rollup. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** True while `day`'s salt may still be used (or created): until the day's end plus SALT_GRACE_MS. */
export function saltUsable(day: string, now: Date = new Date()): boolean {
  return now.getTime() < Date.parse(`${day}T00:00:00Z`) + DAY_MS + SALT_GRACE_MS;
}

/** The first day whose salt is still usable at `now`: every older salt is deleted (src/server/analytics/data/analytics.ts). */
export function oldestUsableSaltDay(now: Date = new Date()): string {
  return utcDay(new Date(now.getTime() - SALT_GRACE_MS));
}

/** A new day's secret: 32 random bytes, hex. */
export function newSalt(): string {
  return crypto.randomBytes(32).toString("hex");
}

/**
 * SHA-256 of the site's host, the client's address and its user agent, hex. Kept only in memory,
 * for the second a page view waits in the host's queue: it is never stored, and without the day's
 * salt it is not a visitor id.
 */
export function visitorDigest(host: string, address: string, userAgent: string): string {
  return crypto.createHash("sha256").update(`${host.toLowerCase()}\0${address}\0${userAgent}`).digest("hex");
}

/** The stored visitor id: HMAC-SHA-256 of the digest under the day's salt, hex (64 characters). */
export function visitorIdFrom(salt: string, digest: string): string {
  return crypto.createHmac("sha256", saltKey(salt)).update(digest).digest("hex");
}

/**
 * The salt as a key object, made once per salt: importing the raw bytes for every page view cost
 * about 12 µs each (6 ms of the server's thread per batch of 500), a kept key about a tenth of that.
 * A day has one salt; the app forgets a salt's key when it forgets the salt (forgetSaltKey, called
 * by src/server/analytics/data/analytics.ts once the day and its grace are over), so that no process can
 * recompute a past day's ids from memory either.
 */
const saltKeys = new Map<string, crypto.KeyObject>();
function saltKey(salt: string): crypto.KeyObject {
  let key = saltKeys.get(salt);
  if (!key) {
    if (saltKeys.size >= 4) saltKeys.clear(); // never more than today's and yesterday's in use
    key = crypto.createSecretKey(Buffer.from(salt, "hex"));
    saltKeys.set(salt, key);
  }
  return key;
}

export function forgetSaltKey(salt: string): void {
  saltKeys.delete(salt);
}

/**
 * The client's address as the app reads it (src/server/kernel/request-info.ts ipFromHeaders): the last
 * X-Forwarded-For entry, which host/client-address.ts sets from the socket unless a trusted proxy
 * sets it. Both sides must read the same address, or a lead would not find its visit.
 */
export function addressFromForwarded(forwardedFor: string | null | undefined, realIp?: string | null): string {
  const entries = String(forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return entries.at(-1) || realIp || "unknown";
}

/** `Sec-GPC: 1` or `DNT: 1`: the visitor asked not to be tracked, and is not counted (ADR 0056). */
export function optedOut(get: (name: string) => string | null | undefined): boolean {
  return get("sec-gpc")?.trim() === "1" || get("dnt")?.trim() === "1";
}
