import "server-only";
import { and, asc, gt, inArray, lt } from "drizzle-orm";
import { db, type Executor } from "../../kernel/db/client";
import { calendarBusy as calendarBusyTable } from "../../kernel/db/schema";

// What the booking's slots read of the members' own calendars (docs/decisions/0066): the busy
// intervals of the last sync of each member's connected calendar (src/server/booking/calendar-sync/sync.ts, every
// few minutes). A member with no calendar connected has none.

export interface MemberBusy {
  userId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The busy intervals of these members that overlap [from, to), by member and start. Intervals are
 * stored merged (none overlap another of the same member) and cut to the sync's window, which runs
 * from an hour ago to eight weeks ahead.
 */
export async function calendarBusy(userIds: readonly string[], from: Date, to: Date, executor: Executor = db()): Promise<MemberBusy[]> {
  if (userIds.length === 0 || to.getTime() <= from.getTime()) return [];
  const b = calendarBusyTable;
  return executor
    .select({ userId: b.userId, startsAt: b.startsAt, endsAt: b.endsAt })
    .from(b)
    .where(and(inArray(b.userId, [...userIds]), lt(b.startsAt, to), gt(b.endsAt, from)))
    .orderBy(asc(b.userId), asc(b.startsAt));
}
