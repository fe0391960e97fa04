import "server-only";
import { and, desc, eq, getTableColumns, is, type SQL } from "drizzle-orm";
import { PgTable, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { AdminTableDefinition } from "@/lib/admin-tables/definition";
import { requireRole } from "../auth-guard";
import { db } from "../db/client";
import * as dbSchema from "../db/schema";
import { hooksFor } from "../admin-hooks";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "./admin-list";

// The one CRUD module of the dashboard, driven by a table's definition (ADR 0024). Every function
// checks the definition's roles itself (GUIDE rule 2): read for lists, counts and exports, write
// for the rest.

type Row = { id: string; createdAt: Date } & Record<string, unknown>;

interface Resolved {
  table: PgTable;
  id: AnyPgColumn;
  column: (key: string) => AnyPgColumn;
}

function resolve(definition: AdminTableDefinition): Resolved {
  const table = (dbSchema as Record<string, unknown>)[definition.table];
  if (!is(table, PgTable)) throw new Error(`${definition.table} is not a table of src/server/db/schema.ts`);
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const column = (key: string) => {
    const found = columns[key];
    if (!found) throw new Error(`${definition.table} has no column ${key}`);
    return found;
  };
  return { table, id: column("id"), column };
}

function filters(definition: AdminTableDefinition, params: ListParams): (SQL | undefined)[] {
  const { column } = resolve(definition);
  const chosen = definition.filter && params.status ? definition.filter.options[params.status] : undefined;
  return [
    searchWhere(params.q, definition.search.map(column)),
    chosen && definition.filter ? eq(column(definition.filter.column), chosen.value) : undefined,
  ];
}

export async function listRecords<R = Row>(definition: AdminTableDefinition, params: ListParams): Promise<ListResult<R>> {
  await requireRole(definition.access.read);
  const { table, column } = resolve(definition);
  const sortable = Object.fromEntries(Object.entries(definition.sorts).map(([key, sort]) => [key, column(sort.column)]));
  return listPage<R>({ table, where: filters(definition, params), sortable, defaultSort: definition.defaultSort, params });
}

export async function countRecords(definition: AdminTableDefinition, params: ListParams): Promise<number> {
  await requireRole(definition.access.read);
  return countWhere(resolve(definition).table, and(...filters(definition, params)));
}

/** Every row that matches, newest first, for the CSV export (bounded). */
export async function exportRecords(definition: AdminTableDefinition, params: ListParams, limit = 50_000): Promise<Row[]> {
  await requireRole(definition.access.read);
  const { table, column } = resolve(definition);
  return (await db()
    .select()
    .from(table)
    .where(and(...filters(definition, params)))
    .orderBy(desc(column("createdAt")))
    .limit(limit)) as Row[];
}

/** Stores a new row from the schema's output; a table's hook may take over (blog posts). */
export async function createRecord(definition: AdminTableDefinition, data: Record<string, unknown>): Promise<void> {
  const actor = await requireRole(definition.access.write);
  const hooks = hooksFor(definition);
  if (hooks.create) await hooks.create(data, actor);
  else await db().insert(resolve(definition).table).values(data);
  hooks.afterWrite?.();
}

/** False when the row no longer exists. */
export async function updateRecord(definition: AdminTableDefinition, id: string, data: Record<string, unknown>): Promise<boolean> {
  const actor = await requireRole(definition.access.write);
  const hooks = hooksFor(definition);
  let found: boolean;
  if (hooks.update) found = await hooks.update(id, data, actor);
  else {
    const { table, id: idColumn } = resolve(definition);
    found = (await db().update(table).set(data).where(eq(idColumn, id)).returning({ id: idColumn })).length === 1;
  }
  if (found) hooks.afterWrite?.();
  return found;
}

/** Changes the filter column (an inbox row's status) to one of its allowed values. */
export async function setRecordStatus(definition: AdminTableDefinition, id: string, status: string): Promise<boolean> {
  await requireRole(definition.access.write);
  const option = definition.filter?.options[status];
  if (!definition.filter || !option) return false;
  const { table, id: idColumn } = resolve(definition);
  const rows = await db()
    .update(table)
    .set({ [definition.filter.column]: option.value })
    .where(eq(idColumn, id))
    .returning({ id: idColumn });
  if (rows.length === 1) hooksFor(definition).afterWrite?.();
  return rows.length === 1;
}

export async function deleteRecord(definition: AdminTableDefinition, id: string): Promise<boolean> {
  await requireRole(definition.access.write);
  const hooks = hooksFor(definition);
  let found: boolean;
  if (hooks.remove) found = await hooks.remove(id);
  else {
    const { table, id: idColumn } = resolve(definition);
    found = (await db().delete(table).where(eq(idColumn, id)).returning({ id: idColumn })).length === 1;
  }
  if (found) hooks.afterWrite?.();
  return found;
}

/** What the table's content field will look like once stored (the dialog's preview). */
export async function previewRecordContent(definition: AdminTableDefinition, content: string): Promise<string | null> {
  await requireRole(definition.access.write);
  const preview = hooksFor(definition).preview;
  return preview ? preview(content) : null;
}
