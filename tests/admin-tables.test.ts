import { getTableColumns, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ADMIN_TABLES } from "@/lib/admin-tables/registry";
import * as dbSchema from "@/server/kernel/db/schema";

// A definition is checked against the database schema and its own Zod schema, so that a new table
// (a definition and a migration) fails here, not in the dashboard.
describe.each(ADMIN_TABLES.map((t) => [t.id, t] as const))("admin table %s", (_id, table) => {
  const drizzleTable = (dbSchema as Record<string, unknown>)[table.table];
  const shape = (table.schema as unknown as z.ZodObject).shape as Record<string, unknown>;

  it("names a table of the database schema and only its columns", () => {
    expect(is(drizzleTable, PgTable)).toBe(true);
    const columns = Object.keys(getTableColumns(drizzleTable as PgTable));
    const named = [
      ...table.search,
      ...Object.values(table.sorts).map((s) => s.column),
      ...(table.filter ? [table.filter.column] : []),
      ...table.fields.map((f) => f.name),
    ];
    expect(named.filter((c) => !columns.includes(c))).toEqual([]);
    expect(Object.keys(table.sorts)).toContain(table.defaultSort);
  });

  it("has a dialog field for every key of its Zod schema, and no other", () => {
    expect(table.fields.map((f) => f.name).sort()).toEqual(Object.keys(shape).sort());
  });

  it("has unique ids and words for its toasts' messages", () => {
    expect(ADMIN_TABLES.filter((t) => t.id === table.id)).toHaveLength(1);
    expect(table.noun.one).toMatch(/^[a-z ]+$/);
    expect(table.access.read.length).toBeGreaterThan(0);
    expect(table.access.write.length).toBeGreaterThan(0);
  });
});
