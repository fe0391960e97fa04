import "server-only";
import { asc, eq, getTableName, gte, is, lt, type SQL } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { ACTIVITY_TAB, type ActivityFilter } from "@/lib/admin-tables/activity";
import { memberLabel } from "@/lib/format";
import { requireRole } from "../../kernel/session/auth-guard";
import { db } from "../../kernel/db/client";
import * as dbSchema from "../../kernel/db/schema";
import { activityEvents, type ActivityEvent } from "../../kernel/db/schema";
import { listPage, type ListResult } from "../../kernel/db/admin-list";

// The Activity tab's reads (ADR 0037). Read-only: nothing here or anywhere else in the app updates
// or deletes an activity row (the database refuses it too); src/server/kernel/activity/activity.ts writes and prunes.

/** Dates are the dashboard's (Asia/Kolkata, as its lists show them); `to` includes its whole day. */
const IST = "+05:30";

/** A table named as in the schema (blogPosts, a record dialog's link) or as stored (blog_posts). */
function storedTableName(name: string): string {
  const table = (dbSchema as Record<string, unknown>)[name];
  return is(table, PgTable) ? getTableName(table) : name;
}

function where(filter: ActivityFilter): (SQL | undefined)[] {
  const next = filter.to ? new Date(`${filter.to}T00:00:00${IST}`) : undefined;
  next?.setUTCDate(next.getUTCDate() + 1);
  return [
    filter.member ? eq(activityEvents.email, filter.member.toLowerCase()) : undefined,
    filter.action ? eq(activityEvents.action, filter.action) : undefined,
    filter.table ? eq(activityEvents.tableName, storedTableName(filter.table)) : undefined,
    filter.record ? eq(activityEvents.recordId, filter.record) : undefined,
    filter.from ? gte(activityEvents.at, new Date(`${filter.from}T00:00:00${IST}`)) : undefined,
    next ? lt(activityEvents.at, next) : undefined,
  ];
}

export async function listActivity(filter: ActivityFilter): Promise<ListResult<ActivityEvent>> {
  await requireRole(ACTIVITY_TAB.access.read);
  return listPage<ActivityEvent>({
    table: activityEvents,
    where: where(filter),
    sortable: { at: activityEvents.at },
    defaultSort: "at",
    params: { sort: "at", dir: "desc", page: filter.page },
  });
}

/**
 * What the filters offer: the members, actions and tables the trail names; and each member's name by
 * user id, so that a changed owner reads as a person rather than an id.
 */
export async function activityFilterOptions(): Promise<{ members: string[]; actions: string[]; tables: string[]; names: Record<string, string> }> {
  await requireRole(ACTIVITY_TAB.access.read);
  const distinct = async (column: typeof activityEvents.email | typeof activityEvents.action | typeof activityEvents.tableName) =>
    (await db().selectDistinct({ value: column }).from(activityEvents).orderBy(asc(column)).limit(500))
      .map((r) => r.value)
      .filter((v): v is string => Boolean(v));
  const [members, actions, tables, people] = await Promise.all([
    distinct(activityEvents.email),
    distinct(activityEvents.action),
    distinct(activityEvents.tableName),
    db().select({ id: dbSchema.users.id, name: dbSchema.users.name, email: dbSchema.users.email }).from(dbSchema.users).limit(1000),
  ]);
  // By user id (a changed owner) and by address (the Member filter, which the trail keys by address).
  const names = Object.fromEntries(people.flatMap((p) => [[p.id, memberLabel(p.name, p.email)] as const, [p.email, memberLabel(p.name, p.email)] as const]));
  return { members, actions, tables, names };
}
