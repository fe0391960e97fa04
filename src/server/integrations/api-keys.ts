import "server-only";
import crypto from "node:crypto";
import { API_KEY_PATTERN, API_KEY_PREFIX, API_KEY_SHOWN_CHARACTERS, API_SCOPES, type ApiScope } from "@/lib/api-scopes";
import { withActivityScope } from "../kernel/activity/activity";
import { apiKeyActorId, apiKeyActorLabel, runAsApiKey } from "../kernel/activity/api-principal";
import { findApiKeyByHash, insertApiKey, noteApiKeyUsed } from "./data/api-key-rows";
import { hitRateLimit } from "../kernel/db/rate-limit";
import { env } from "../kernel/env";

// API keys (docs/decisions/0059). A key is "kg_live_" and 32 random bytes (256 bits) in base64url,
// shown once; only its SHA-256 is stored. A request's key is looked up by that hash through the
// unique index: no stored secret is compared in the application, so a constant-time comparison has
// nothing to protect (an attacker timing the lookup learns at most about the hash of the key they
// sent, and 256 random bits cannot be guessed or found from a hash). Every request reads the row, so a
// revocation or an expiry holds at once on every process. The rate limit is the database's counter
// (ADR 0006), shared by every process.

export { API_SCOPES };
export type { ApiScope };

export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: ApiScope[];
  createdBy: string | null;
}

export type ApiAuthResult =
  { ok: true; key: ApiKeyPrincipal } | { ok: false; status: 401 | 403 | 429; code: string; message: string; retryAfterSeconds?: number };

export const hashApiKey = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");

/** The window of the per-key rate limit: API_RATE_LIMIT requests a minute. */
export const API_RATE_WINDOW_MS = 60_000;
export const apiRateLimitKey = (keyId: string) => `api-key:${keyId}`;

const refusal = (status: 401 | 403 | 429, code: string, message: string, retryAfterSeconds?: number): ApiAuthResult => ({
  ok: false,
  status,
  code,
  message,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

/** The key of `Authorization: Bearer <key>`, or why there is none. */
function bearerToken(headers: Headers): { token: string } | { missing: true } | { malformed: true } {
  const header = headers.get("authorization");
  if (!header) return { missing: true };
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match || !API_KEY_PATTERN.test(match[1]!)) return { malformed: true };
  return { token: match[1]! };
}

/**
 * Reads `Authorization: Bearer <key>`, checks hash, expiry, revocation (in the database on every
 * request, so a revocation holds at once on every process), and the key's rate limit.
 */
export async function authenticateApiKey(headers: Headers): Promise<ApiAuthResult> {
  const bearer = bearerToken(headers);
  if ("missing" in bearer) return refusal(401, "unauthenticated", "Send an API key as Authorization: Bearer <key>.");
  if ("malformed" in bearer) return refusal(401, "invalid_key", "The API key is not valid.");
  const stored = await findApiKeyByHash(hashApiKey(bearer.token));
  if (!stored) return refusal(401, "invalid_key", "The API key is not valid.");
  const now = new Date();
  if (stored.revokedAt) return refusal(401, "key_revoked", "This API key has been revoked.");
  if (stored.expiresAt && stored.expiresAt.getTime() <= now.getTime()) return refusal(401, "key_expired", "This API key has expired.");
  const limit = env().API_RATE_LIMIT;
  const counted = await hitRateLimit(apiRateLimitKey(stored.id), { limit, windowMs: API_RATE_WINDOW_MS });
  if (!counted.allowed) {
    return refusal(
      429,
      "rate_limited",
      `This API key made more than ${limit} requests in a minute. Try again in ${counted.retryAfterSeconds} seconds.`,
      counted.retryAfterSeconds,
    );
  }
  if (!stored.lastUsedAt || now.getTime() - stored.lastUsedAt.getTime() >= 60_000) await noteApiKeyUsed(stored.id, now);
  return { ok: true, key: { id: stored.id, name: stored.name, scopes: stored.scopes, createdBy: stored.createdBy } };
}

export function hasScope(key: ApiKeyPrincipal, scope: ApiScope): boolean {
  return key.scopes.includes(scope);
}

/**
 * Runs fn with the activity trail's actor set to the key (so every write through a key is in the
 * audit trail under the key's name), and the dashboard's role checks answering for the key.
 */
export async function withApiKeyActivity<T>(key: ApiKeyPrincipal, headers: Headers | null, fn: () => Promise<T>): Promise<T> {
  const actor = { id: apiKeyActorId(key.id), email: apiKeyActorLabel(key.name) };
  return runAsApiKey(key, async () => (await withActivityScope(actor, headers, fn)).value);
}

/** Makes a key (owners and admins): the key is returned once and never stored. */
export async function issueApiKey(input: { name: string; scopes: ApiScope[]; expiresAt: Date | null }): Promise<{ id: string; key: string }> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString("base64url")}`;
  const { id } = await insertApiKey({ ...input, tokenHash: hashApiKey(key), shownPrefix: key.slice(0, API_KEY_SHOWN_CHARACTERS) });
  return { id, key };
}
