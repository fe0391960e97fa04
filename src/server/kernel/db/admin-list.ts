import "server-only";
import { and, asc, count, desc, ilike, or, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "./client";

export const PAGE_SIZE = 25;

export interface ListParams {
  q?: string;
  sort?: string;
  dir?: "asc" | "desc";
  page?: number;
  status?: string;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  sort: string;
  dir: "asc" | "desc";
}

/** ILIKE pattern for a search text, with the wildcard characters taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function searchWhere(q: string | undefined, columns: AnyPgColumn[]): SQL | undefined {
  const text = q?.trim().slice(0, 200);
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((c) => ilike(c, pattern)));
}

/**
 * One page of an admin list: search, an allow-listed sort and offset pagination, plus the total
 * count of what matches. Callers check access first.
 */
export async function listPage<Row>(options: {
  table: PgTable;
  where: (SQL | undefined)[];
  sortable: Record<string, AnyPgColumn | SQL>;
  defaultSort: string;
  params: ListParams;
  select?: Record<string, AnyPgColumn>;
}): Promise<ListResult<Row>> {
  const { table, sortable, defaultSort, params } = options;
  const sort = params.sort && params.sort in sortable ? params.sort : defaultSort;
  const dir = params.dir === "asc" ? "asc" : "desc";
  const where = and(...options.where.filter(Boolean));
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(table).where(where);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(params.page ?? 1)), pageCount);
  const column = sortable[sort]!;
  const query = options.select ? db().select(options.select) : db().select();
  const rows = (await query
    .from(table)
    .where(where)
    .orderBy(dir === "asc" ? asc(column) : desc(column), desc(sortable[defaultSort]!))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)) as Row[];
  return { rows, total, page, pageCount, sort, dir };
}

export async function countWhere(table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(table).where(where);
  return total;
}
