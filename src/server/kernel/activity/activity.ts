import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { currentRequestId } from "../bridge.ts";
import type { Executor } from "../db/client";
import { actorRole, insertActivityRows, pruneActivityOlderThan } from "./data/activity-writes";
import { ipFromHeaders } from "../request-info";
import { API_KEY_ACTOR_PREFIX } from "./api-principal";
import { queueEventsForChanges } from "../events/events";

// The activity trail (docs/decisions/0037). Every write of the dashboard goes through the CRUD module
// (data/admin-records.ts), which calls `recordActivity` in the transaction of the change; `handleForm`
// opens an activity scope around every dashboard action and writes a row itself for an action that
// changed something without one; better-auth's hooks (server/kernel/session/auth.ts) record sign-ins, failures
// and ended sessions. Nothing here updates or deletes a row: only `pruneActivity` removes old ones.
// A recorded change of a lead, message, post, case study or testimonial also queues its webhook
// events in the same transaction (src/server/kernel/events/events.ts).

/** A transaction or the database: the row is written where the change is. */
export type ActivityExecutor = Executor;

export interface ActivityActor {
  id: string;
  email: string;
}

export interface ActivityEntry {
  /** "create", "update", "delete", "status", "auth.sign-in", "auth.sign-in-failure"... */
  action: string;
  /** Who did it; default: the actor of the current activity scope (the signed-in user of the action). */
  actor?: ActivityActor | null;
  /** For an event without an account (a failed sign-in of an unknown address): the address typed. */
  email?: string | null;
  table?: string | null;
  recordId?: string | null;
  /** The whole row before and after; only the fields that differ are stored, secrets replaced. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Default: the request of the current activity scope, else of the Server Action or route. */
  headers?: Headers | null;
}

interface Scope {
  actor: ActivityActor | null;
  headers: Headers | null;
  /** Rows recorded within the scope (handleForm checks that a change wrote one). */
  recorded: number;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `fn` with an actor and request that `recordActivity` uses by default; tells how many rows it wrote. */
export async function withActivityScope<T>(
  actor: ActivityActor | null,
  headers: Headers | null,
  fn: () => Promise<T>,
): Promise<{ value: T; recorded: number }> {
  const scope: Scope = { actor, headers, recorded: 0 };
  const value = await scopes.run(scope, fn);
  return { value, recorded: scope.recorded };
}

/**
 * Field names whose values never reach the trail, only that they changed: passwords, tokens,
 * secrets, two-factor codes and backup codes, keys. Matched anywhere in the name, any case.
 */
export const SECRET_FIELD = /passw|token|secret|backup.?code|otp|totp|private.?key|api.?key|credential|cookie|authori[sz]ation|hash/i;
export const REDACTED = "[redacted]";
/** Columns that change with every write and say nothing about it. */
const NOISE = new Set(["updatedAt", "updated_at"]);
/** Long text (a blog post's content) is kept up to this many characters, with its length. */
const MAX_TEXT = 4_000;

function plain(value: unknown, depth = 0): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}… (${value.length} characters)` : value;
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map((v) => plain(v, depth + 1));
  if (value && typeof value === "object") return redact(value as Record<string, unknown>, depth + 1);
  return value ?? null;
}

/** A copy with every secret field's value replaced, at any depth (a JSON column). */
export function redact(row: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (depth > 8) out[key] = "[nested]";
    else out[key] = SECRET_FIELD.test(key) && value !== null && value !== undefined ? REDACTED : plain(value, depth);
  }
  return out;
}

/**
 * The fields that differ between two versions of a row, each side redacted. A created row (no
 * before) keeps its set fields; a deleted one (no after) all of its fields.
 */
export function changedFields(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  const b = before ? redact(before) : null;
  const a = after ? redact(after) : null;
  if (!b || !a) {
    const only = (b ?? a)!;
    if (!only) return { before: null, after: null };
    const kept = Object.fromEntries(Object.entries(only).filter(([k, v]) => !NOISE.has(k) && (b !== null || v !== null)));
    return b ? { before: kept, after: null } : { before: null, after: kept };
  }
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  const outBefore: Record<string, unknown> = {};
  const outAfter: Record<string, unknown> = {};
  for (const key of keys) {
    if (NOISE.has(key)) continue;
    const was = b[key] ?? null;
    const is = a[key] ?? null;
    // A secret that changed shows as changed: its raw values are compared, never stored.
    const differs = SECRET_FIELD.test(key)
      ? JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null)
      : JSON.stringify(was) !== JSON.stringify(is);
    if (!differs) continue;
    outBefore[key] = was;
    outAfter[key] = is;
  }
  return { before: outBefore, after: outAfter };
}

/** An address with its host part removed: IPv4 to its /24 (last octet 0), IPv6 to its /48. */
export function maskIp(address: string | null | undefined): string | null {
  const raw = address?.trim().toLowerCase();
  if (!raw || raw === "unknown") return null;
  const v4 = raw.replace(/^::ffff:/, "");
  const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(v4);
  if (octets) return `${octets[1]}.${octets[2]}.${octets[3]}.0`;
  if (!raw.includes(":") || !/^[0-9a-f:.%a-z]+$/.test(raw)) return null;
  const bare = raw.split("%")[0]!;
  const [head = "", tail = ""] = bare.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = bare.includes("::") ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailParts];
  const first = groups.slice(0, 3).map((g) => (g || "0").replace(/^0+(?=.)/, ""));
  while (first.length < 3) first.push("0");
  return `${first.join(":")}::/48`;
}

async function currentHeaders(): Promise<Headers | null> {
  try {
    const { headers } = await import("next/headers");
    return await headers();
  } catch {
    return null; // outside a request (a script, the retention prune)
  }
}

/**
 * Writes one activity row with `executor`: pass the transaction of the change so that a change that
 * fails or is rolled back leaves no row, and a row that cannot be written undoes the change.
 */
export async function recordActivity(entry: ActivityEntry, executor?: ActivityExecutor): Promise<void> {
  await recordActivityMany([entry], executor);
}

/**
 * One row per entry, as `recordActivity` writes it, in a few multi-row inserts: a bulk action on a
 * thousand records writes a thousand rows without two thousand round trips. The entries share the
 * scope's (or the first entry's) actor and request.
 */
export async function recordActivityMany(entries: readonly ActivityEntry[], executor?: ActivityExecutor): Promise<void> {
  if (entries.length === 0) return;
  const scope = scopes.getStore();
  const first = entries[0]!;
  const actor = first.actor === undefined ? (scope?.actor ?? null) : first.actor;
  const headers = first.headers ?? scope?.headers ?? (await currentHeaders());
  // A write made with an API key names the key (docs/decisions/0059); its "role" is that it is a key.
  const role = actor ? (actor.id.startsWith(API_KEY_ACTOR_PREFIX) ? "API key" : await actorRole(actor.id, executor)) : null;
  const ip = headers ? maskIp(ipFromHeaders(headers)) : null;
  const rows = entries.map((entry) => {
    const { before, after } = changedFields(entry.before, entry.after);
    return {
      userId: actor?.id ?? null,
      email: actor?.email ?? entry.email ?? null,
      role,
      action: entry.action,
      tableName: entry.table ?? null,
      recordId: entry.recordId ?? null,
      before,
      after,
      requestId: currentRequestId() ?? null,
      ip,
    };
  });
  await insertActivityRows(rows, executor);
  // The change's webhook events join it here, in its transaction: every dashboard write records its
  // change with this function, so this is the one place they are queued from (docs/decisions/0057).
  await queueEventsForChanges(entries, executor);
  if (scope) scope.recorded += rows.length;
}

/** Removes the rows older than `keepDays` (the only deletion the database allows); returns how many. */
export async function pruneActivity(keepDays: number, database?: Executor): Promise<number> {
  return pruneActivityOlderThan(Math.floor(keepDays), database);
}
