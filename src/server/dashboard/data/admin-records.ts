import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, getTableColumns, getTableName, inArray, is, sql, type SQL } from "drizzle-orm";
import { PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdminTableDefinition } from "@/lib/admin-tables/definition";
import { requireRole } from "../../kernel/session/auth-guard";
import { recordActivity, recordActivityMany, type ActivityActor } from "../../kernel/activity/activity";
import { holdMediaInUse } from "../../media";
import { db, type Executor, type Transaction } from "../../kernel/db/client";
import * as dbSchema from "../../kernel/db/schema";
import { hooksFor } from "../admin-hooks";
import { FieldError } from "../../kernel/forms/form-action";
import { databaseError } from "../../kernel/db/errors";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "../../kernel/db/admin-list";

// The one CRUD module of the dashboard, driven by a table's definition (ADR 0024). Every function
// checks the definition's roles itself, on the server, whatever page or layout called it: read for
// lists, counts and exports, write for the rest.

type Row = { id: string; createdAt: Date } & Record<string, unknown>;

interface Resolved {
  table: PgTable;
  id: AnyPgColumn;
  column: (key: string) => AnyPgColumn;
}

function resolve(definition: AdminTableDefinition): Resolved {
  const table = (dbSchema as Record<string, unknown>)[definition.table];
  if (!is(table, PgTable)) throw new Error(`${definition.table} is not a table of src/server/kernel/db/schema.ts`);
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const column = (key: string) => {
    const found = columns[key];
    if (!found) throw new Error(`${definition.table} has no column ${key}`);
    return found;
  };
  return { table, id: column("id"), column };
}

/**
 * The table's status options in order: the definition's, or the table's own when they are data (a
 * lead's stages, docs/decisions/0067), read with `executor` so a check and its write agree.
 */
export async function statusOptionsOf(
  definition: AdminTableDefinition,
  executor: Executor = db(),
): Promise<Record<string, { label: string; value: string | boolean }>> {
  const dynamic = hooksFor(definition).statusOptions;
  return dynamic ? dynamic(executor) : (definition.filter?.options ?? {});
}

/** The table's status options, for a member who may read it (the list's filter, the selects). */
export async function readStatusOptions(definition: AdminTableDefinition): Promise<{ value: string; label: string }[]> {
  await requireRole(definition.access.read);
  return Object.entries(await statusOptionsOf(definition)).map(([value, { label }]) => ({ value, label }));
}

async function filters(definition: AdminTableDefinition, params: ListParams, executor: Executor = db()): Promise<(SQL | undefined)[]> {
  const { column } = resolve(definition);
  const chosen = definition.filter && params.status ? (await statusOptionsOf(definition, executor))[params.status] : undefined;
  return [
    searchWhere(params.q, definition.search.map(column)),
    chosen && definition.filter ? eq(column(definition.filter.column), chosen.value) : undefined,
  ];
}

export async function listRecords<R = Row>(definition: AdminTableDefinition, params: ListParams): Promise<ListResult<R>> {
  await requireRole(definition.access.read);
  const { table, column } = resolve(definition);
  const sortable = Object.fromEntries(Object.entries(definition.sorts).map(([key, sort]) => [key, sort.group ? sql`lower(${column(sort.column)})` : column(sort.column)]));
  const page = await listPage<R>({ table, where: await filters(definition, params), sortable, defaultSort: definition.defaultSort, params });
  const decorate = hooksFor(definition).decorate;
  return decorate ? { ...page, rows: (await decorate(page.rows as Record<string, unknown>[], {})) as R[] } : page;
}

export async function countRecords(definition: AdminTableDefinition, params: ListParams): Promise<number> {
  await requireRole(definition.access.read);
  return countWhere(resolve(definition).table, and(...(await filters(definition, params))));
}

/** One page of a list read by cursor (the REST API, docs/decisions/0060), and the cursor of the next page. */
export interface CursorPage<R> {
  rows: R[];
  /** The position after the last row, or null when there is no further row. */
  next: { createdAt: string; id: string } | null;
}

/**
 * The rows after `after` in the order newest first (created_at, then id), at most `limit`: the
 * table's search and status filter as in the list, and `updatedSince`. A position is the row's
 * created_at as the database prints it (microseconds and offset: a JavaScript Date would round it
 * to milliseconds and repeat or skip rows made in the same millisecond) and its id. Rows inserted
 * while a client pages sort before the first page, so every row that existed when the first page was
 * read is returned exactly once.
 */
export async function listRecordsAfter<R = Row>(
  definition: AdminTableDefinition,
  params: { q?: string; status?: string; updatedSince?: Date; after?: { createdAt: string; id: string }; limit: number },
): Promise<CursorPage<R>> {
  await requireRole(definition.access.read);
  const { table, column, id } = resolve(definition);
  const createdAt = column("createdAt");
  const rows = (await db()
    .select({ row: getTableColumns(table) as Record<string, AnyPgColumn>, position: sql<string>`${createdAt}::text` })
    .from(table)
    .where(
      and(
        ...(await filters(definition, params)),
        params.updatedSince ? sql`${column("updatedAt")} >= ${params.updatedSince}` : undefined,
        params.after ? sql`(${createdAt}, ${id}) < (${params.after.createdAt}::timestamptz, ${params.after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(createdAt), desc(id))
    .limit(params.limit + 1)) as unknown as { row: Row; position: string }[];
  const page = rows.slice(0, params.limit);
  const last = page.at(-1);
  const next = rows.length > params.limit && last ? { createdAt: last.position, id: String(last.row.id) } : null;
  const decorate = hooksFor(definition).decorate;
  const plain = page.map((r) => r.row);
  // Decorated as for the export: the owner's address, without the person's other submissions.
  return { rows: (decorate ? await decorate(plain, { forExport: true }) : plain) as R[], next };
}

/** One row by id, decorated as in the list (the record's own page, `?edit=<id>`); undefined when gone. */
export async function readRecord(definition: AdminTableDefinition, id: string): Promise<Row | undefined> {
  await requireRole(definition.access.read);
  const { table, id: idColumn } = resolve(definition);
  const rows = (await db().select().from(table).where(eq(idColumn, id)).limit(1)) as Row[];
  const decorate = hooksFor(definition).decorate;
  return decorate && rows.length ? ((await decorate(rows, {})) as Row[])[0] : rows[0];
}

/** Every row that matches, newest first, for the CSV export (bounded). */
export async function exportRecords(definition: AdminTableDefinition, params: ListParams, limit = 50_000): Promise<Row[]> {
  await requireRole(definition.access.read);
  const { table, column } = resolve(definition);
  const rows = (await db()
    .select()
    .from(table)
    .where(and(...(await filters(definition, params))))
    .orderBy(desc(column("createdAt")))
    .limit(limit)) as Row[];
  const decorate = hooksFor(definition).decorate;
  return decorate ? ((await decorate(rows, { forExport: true })) as Row[]) : rows;
}

// Every write runs in one transaction with its activity row (ADR 0037): the row as it was (read FOR
// UPDATE), the change, the row as it is, then `recordActivity` with both. A write that fails or is
// refused writes no activity row, and an activity row that cannot be written undoes the write.

async function rowById(tx: Transaction, resolved: Resolved, id: string, lock = false): Promise<Row | undefined> {
  const query = tx.select().from(resolved.table).where(eq(resolved.id, id)).limit(1);
  return ((await (lock ? query.for("update") : query)) as Row[])[0];
}

/** Stores a new row from the schema's output; a table's hook may take over (blog posts). */
export async function createRecord(definition: AdminTableDefinition, data: Record<string, unknown>): Promise<string> {
  const user = await requireRole(definition.access.write);
  const hooks = hooksFor(definition);
  const resolved = resolve(definition);
  const { id, afterCommit } = await db().transaction(async (tx) => {
    await hooks.check?.(data, tx);
    const made = hooks.create
      ? await hooks.create(data, tx, user)
      : { id: String(((await tx.insert(resolved.table).values(data).returning({ id: resolved.id })) as { id: string }[])[0]!.id) };
    const after = await rowById(tx, resolved, made.id);
    await holdMediaInUse(getTableName(resolved.table), after, undefined, tx);
    await recordActivity({ action: "create", actor: user, table: getTableName(resolved.table), recordId: made.id, after }, tx);
    return made;
  });
  afterCommit?.();
  hooks.afterWrite?.();
  return id;
}

type Writer = Awaited<ReturnType<typeof requireRole>>;

/**
 * One write to the existing row `id`, by a user the definition lets write, in one transaction that
 * holds the row as it was (FOR UPDATE); null when there is no such row.
 */
async function writeRow<T>(
  definition: AdminTableDefinition,
  id: string,
  write: (tx: Transaction, before: Row, user: Writer, resolved: Resolved) => Promise<T | null>,
): Promise<T | null> {
  const user = await requireRole(definition.access.write);
  const resolved = resolve(definition);
  return db().transaction(async (tx) => {
    const before = await rowById(tx, resolved, id, true);
    return before ? write(tx, before, user, resolved) : null;
  });
}

/** A row's version: the time it was last written (ISO), or null for a table without one. */
export function recordVersion(row: Record<string, unknown> | undefined): string | null {
  return row?.updatedAt instanceof Date ? row.updatedAt.toISOString() : null;
}

/**
 * How an update ended: stored, with the row's new version; or refused because the row was written
 * since `expectedVersion` was read (someone else's save, a scheduled publish), with nothing changed.
 */
export type UpdateOutcome = { kind: "done"; version: string | null } | { kind: "stale"; version: string | null };

/**
 * False when the row no longer exists. With `expectedVersion` (the record form's hidden version),
 * the row locked for the write must still be at that version.
 */
export async function updateRecord(
  definition: AdminTableDefinition,
  id: string,
  data: Record<string, unknown>,
  options: { expectedVersion?: string; autosave?: boolean } = {},
): Promise<UpdateOutcome | false> {
  const hooks = hooksFor(definition);
  type Written = { stale: string } | { stale?: undefined; version: string | null; afterCommit?: () => void };
  const done = await writeRow<Written>(definition, id, async (tx, before, user, resolved) => {
    const current = recordVersion(before);
    if (options.expectedVersion && current && current !== options.expectedVersion) return { stale: current };
    await hooks.check?.(data, tx);
    const changed = hooks.update ? await hooks.update(id, data, tx, user, { autosave: options.autosave }) : (await tx.update(resolved.table).set(data).where(eq(resolved.id, id)), {});
    if (!changed) return null;
    const after = await rowById(tx, resolved, id);
    await holdMediaInUse(getTableName(resolved.table), after, before, tx);
    await recordActivity({ action: "update", actor: user, table: getTableName(resolved.table), recordId: id, before, after }, tx);
    return { ...changed, version: recordVersion(after) };
  });
  if (!done) return false;
  if (done.stale !== undefined) return { kind: "stale", version: done.stale };
  done.afterCommit?.();
  hooks.afterWrite?.();
  return { kind: "done", version: done.version };
}

/**
 * How a status change ended: done; the row is gone; the status names no option (a stage removed
 * meanwhile); or, when the caller said which status it saw (`from`, the board's card), the row had
 * another one by the time it was locked, and nothing changed.
 */
export type StatusOutcome = { kind: "done" } | { kind: "gone" } | { kind: "unknown" } | { kind: "stale"; current: string };

/**
 * Changes the filter column (an inbox row's status) to one of its allowed values: the one write of a
 * status change, whatever asks for it (the list's menu, the REST API, MCP, the pipeline board): the
 * row locked, the change, its activity row "status" and with it the webhook event, one transaction;
 * the first-contact stamp is the database's trigger.
 */
export async function changeRecordStatus(
  definition: AdminTableDefinition,
  id: string,
  status: string,
  options: {
    from?: string;
    /**
     * Other columns written in the same update, already validated by the caller: a deal won on the
     * board with the value it was asked for (docs/decisions/0101), one change in the trail, not two.
     */
    set?: Record<string, unknown>;
  } = {},
): Promise<StatusOutcome> {
  if (!definition.filter) {
    await requireRole(definition.access.write);
    return { kind: "unknown" };
  }
  const outcome = await writeRow<StatusOutcome>(definition, id, async (tx, before, user, resolved) =>
    statusChangeOf(definition, resolved, tx, before, status, { ...options, actor: user }),
  );
  if (outcome?.kind === "done") hooksFor(definition).afterWrite?.();
  return outcome ?? { kind: "gone" };
}

/** The status change itself, on the row `before` already locked in `tx`, with its activity row. */
async function statusChangeOf(
  definition: AdminTableDefinition,
  resolved: Resolved,
  tx: Transaction,
  before: Row,
  status: string,
  options: { from?: string; set?: Record<string, unknown>; actor: ActivityActor | null },
): Promise<StatusOutcome> {
  const column = definition.filter!.column;
  const id = String(before.id);
  const option = (await statusOptionsOf(definition, tx))[status];
  if (!option) return { kind: "unknown" };
  if (options.from !== undefined && String(before[column]) !== options.from) return { kind: "stale", current: String(before[column]) };
  try {
    // A savepoint: a stage removed between the read above and this write fails its foreign key,
    // which is answered as an unknown status rather than an error.
    await tx.transaction(async (inner) => {
      await inner
        .update(resolved.table)
        .set({ ...options.set, [column]: option.value })
        .where(eq(resolved.id, id));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { kind: "unknown" };
    throw error;
  }
  const after = await rowById(tx, resolved, id);
  await recordActivity({ action: "status", actor: options.actor, table: getTableName(resolved.table), recordId: id, before, after }, tx);
  return { kind: "done" };
}

/**
 * The same status change inside a caller's transaction, for a change that is part of another (a
 * proposal accepted online moves its lead to Won): no session is asked for, the caller has decided
 * who may; `actor` is who the trail names (null: no account, the client). The table's after-write
 * hook is the caller's to run once its transaction has committed (`afterStatusChange`).
 */
export async function changeRecordStatusIn(
  tx: Transaction,
  definition: AdminTableDefinition,
  id: string,
  status: string,
  options: { from?: string; set?: Record<string, unknown>; actor: ActivityActor | null },
): Promise<StatusOutcome> {
  if (!definition.filter) return { kind: "unknown" };
  const resolved = resolve(definition);
  const before = await rowById(tx, resolved, id, true);
  return before ? statusChangeOf(definition, resolved, tx, before, status, options) : { kind: "gone" };
}

/** What follows a committed status change of the table (the public pages it shows on refreshed). */
export function afterStatusChange(definition: AdminTableDefinition): void {
  hooksFor(definition).afterWrite?.();
}

/** PostgreSQL's foreign_key_violation (23503). */
function isForeignKeyViolation(error: unknown): boolean {
  return databaseError(error)?.code === "23503";
}

/** True when deleted, false when there was no such row, or the sentence saying why it may not go. */
export async function deleteRecord(definition: AdminTableDefinition, id: string): Promise<boolean | { refused: string }> {
  const hooks = hooksFor(definition);
  const done = await writeRow(definition, id, async (tx, before, user, resolved) => {
    const removed = hooks.remove ? await hooks.remove(id, tx) : (await tx.delete(resolved.table).where(eq(resolved.id, id)), {});
    // Refused (an image still in use): nothing changed, so nothing is recorded.
    if (!removed || "refused" in removed) return removed;
    await recordActivity({ action: "delete", actor: user, table: getTableName(resolved.table), recordId: id, before }, tx);
    return removed;
  });
  if (!done) return false;
  if ("refused" in done) return { refused: done.refused };
  done.afterCommit?.();
  hooks.afterWrite?.();
  return true;
}

/** What the table's content field will look like once stored (the dialog's preview). */
export async function previewRecordContent(definition: AdminTableDefinition, content: string): Promise<string | null> {
  await requireRole(definition.access.write);
  const preview = hooksFor(definition).preview;
  return preview ? preview(content) : null;
}

// ---- Bulk actions on the current filter (ADR 0050) ----------------------------------------------

/** The most records one bulk action changes; a larger set is narrowed with the filter first. */
export const BULK_LIMIT = 10_000;

export interface MatchingSet {
  count: number;
  /** SHA-256 of the matching ids in order: the exact set the confirmation named. */
  fingerprint: string;
}

const fingerprintOf = (ids: readonly string[]) => crypto.createHash("sha256").update(ids.join(",")).digest("hex");

async function matchingIds(executor: Executor, definition: AdminTableDefinition, params: ListParams, lock: boolean): Promise<Row[]> {
  const { table, id } = resolve(definition);
  const query = executor
    .select()
    .from(table)
    .where(and(...(await filters(definition, params, executor))))
    .orderBy(id);
  return (await (lock ? query.for("update") : query)) as Row[];
}

/** What a bulk action on this filter would change: how many, and which (as a fingerprint). */
export async function matchingSet(definition: AdminTableDefinition, params: ListParams): Promise<MatchingSet> {
  await requireRole(definition.access.read);
  const { table, id } = resolve(definition);
  const rows = (await db()
    .select({ id })
    .from(table)
    .where(and(...(await filters(definition, params))))
    .orderBy(id)) as { id: string }[];
  return { count: rows.length, fingerprint: fingerprintOf(rows.map((r) => String(r.id))) };
}

export type BulkChange =
  | { kind: "status"; status: string }
  | { kind: "assign"; ownerId: string | null }
  | { kind: "delete" };

export type BulkOutcome =
  | { done: number }
  /** The filter matches another set than the one confirmed: nothing changed. */
  | { changed: number }
  | { tooMany: number }
  | { refused: string };

/**
 * Applies one change to exactly the records the confirmation named: in one transaction the filter's
 * rows are read again and locked, and unless they are the confirmed set (same count, same ids)
 * nothing is changed. Every record gets its own activity row (ADR 0037).
 */
export async function bulkApply(definition: AdminTableDefinition, params: ListParams, change: BulkChange, confirmed: MatchingSet): Promise<BulkOutcome> {
  const user = await requireRole(definition.access.write);
  const hooks = hooksFor(definition);
  const resolved = resolve(definition);
  const tableName = getTableName(resolved.table);
  let set: Record<string, unknown>;
  if (change.kind === "status") {
    const option = (await statusOptionsOf(definition))[change.status];
    if (!definition.filter || !option) return { refused: "Choose a status." };
    set = { [definition.filter.column]: option.value };
  } else if (change.kind === "assign") set = { ownerId: change.ownerId };
  else set = {};
  const outcome = await db().transaction(async (tx): Promise<BulkOutcome> => {
    if (change.kind === "assign") {
      try {
        await hooks.check?.(set, tx);
      } catch (error) {
        if (error instanceof FieldError) return { refused: error.message };
        throw error;
      }
    }
    const before = await matchingIds(tx, definition, params, true);
    if (before.length > BULK_LIMIT) return { tooMany: before.length };
    if (before.length !== confirmed.count || fingerprintOf(before.map((r) => String(r.id))) !== confirmed.fingerprint) return { changed: before.length };
    if (before.length === 0) return { done: 0 };
    const ids = before.map((r) => r.id);
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = inArray(resolved.id, ids.slice(i, i + 1000));
      if (change.kind === "delete") await tx.delete(resolved.table).where(chunk);
      else await tx.update(resolved.table).set(set).where(chunk);
    }
    const after = change.kind === "delete" ? new Map<string, Row>() : new Map((await tx.select().from(resolved.table).where(inArray(resolved.id, ids)) as Row[]).map((r) => [r.id, r]));
    const action = change.kind === "delete" ? "delete" : change.kind === "status" ? "status" : "update";
    await recordActivityMany(
      before.map((row) => ({ action, actor: user, table: tableName, recordId: row.id, before: row, after: after.get(row.id) ?? null })),
      tx,
    );
    return { done: before.length };
  });
  if ("done" in outcome && outcome.done > 0) hooks.afterWrite?.();
  return outcome;
}
