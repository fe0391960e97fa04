import "server-only";
import Bowser from "bowser";
import { and, desc, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import { recordActivityMany } from "../../activity/activity";
import { requireRole, type SignedInUser } from "../auth-guard";
import { getAuth } from "../auth";
import { db } from "../../db/client";
import { sessions } from "../../db/schema";

/** One signed-in browser of the member who asks. */
export interface ActiveSession {
  id: string;
  device: string;
  browser: string;
  address: string;
  lastSeen: Date;
  current: boolean;
}

/** "Chrome 131 · Linux" style words from a user agent; what cannot be read says so. */
export function describeUserAgent(userAgent: string | null): { device: string; browser: string } {
  if (!userAgent) return { device: "Unknown device", browser: "Unknown browser" };
  const parsed = Bowser.parse(userAgent.slice(0, 1000));
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ") || "Unknown browser";
  const type = parsed.platform.type ? parsed.platform.type[0]!.toUpperCase() + parsed.platform.type.slice(1) : "";
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(" ");
  return { device: [type, os].filter(Boolean).join(" · ") || "Unknown device", browser };
}

/** An address with its host part hidden: 203.0.113.x, 2001:db8:85a3::x (enough to tell networks apart). */
export function maskAddress(ip: string | null): string {
  if (!ip) return "unknown";
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(":")) return `${ip.split(":").slice(0, 3).join(":")}::x`;
  return "unknown";
}

/** The asking member's sessions that have not expired, newest first. */
export async function listMySessions(requestHeaders?: Headers): Promise<ActiveSession[]> {
  const user = await requireRole(STAFF_ROLES, requestHeaders);
  const current = await currentSessionId(requestHeaders);
  const rows = await db()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    ...describeUserAgent(s.userAgent),
    address: maskAddress(s.ipAddress),
    lastSeen: s.updatedAt,
    current: s.id === current,
  }));
}

async function currentSessionId(requestHeaders?: Headers): Promise<string | null> {
  const { headers } = await import("next/headers");
  const session = await getAuth().api.getSession({ headers: requestHeaders ?? (await headers()) });
  return session?.session.id ?? null;
}

/** Ends one of the asking member's own sessions (never another member's: the id is matched with the owner). */
export async function endMySession(sessionId: string, requestHeaders?: Headers): Promise<boolean> {
  const user = await requireRole(STAFF_ROLES, requestHeaders);
  const ended = await endSessions(user, and(eq(sessions.id, sessionId), eq(sessions.userId, user.id))!);
  return ended === 1;
}

/** Ends every session of the asking member but the one asking. */
export async function endMyOtherSessions(requestHeaders?: Headers): Promise<number> {
  const user = await requireRole(STAFF_ROLES, requestHeaders);
  const current = await currentSessionId(requestHeaders);
  return endSessions(user, and(eq(sessions.userId, user.id), current ? ne(sessions.id, current) : undefined)!);
}

/**
 * Deletes the sessions `where` matches and writes one auth.session-end row for each, in the same
 * transaction, as better-auth's hook does for the sessions it ends itself (docs/decisions/0037).
 */
async function endSessions(user: SignedInUser, where: SQL): Promise<number> {
  return db().transaction(async (tx) => {
    const rows = await tx.delete(sessions).where(where).returning({ id: sessions.id });
    await recordActivityMany(rows.map((row) => ({ action: "auth.session-end", actor: user, table: "sessions", recordId: row.id })), tx);
    return rows.length;
  });
}
