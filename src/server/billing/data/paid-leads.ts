import "server-only";
import { inArray } from "drizzle-orm";
import { db, type Executor } from "../../kernel/db/client";
import { leads } from "../../kernel/db/schema";
import { paidPaiseSql } from "../paid";

/**
 * What each of these leads has been paid, by the one rule (paidPaiseSql, docs/decisions/0109), for
 * the readers that show rows one page at a time (the REST API, the MCP tools, the leads' export):
 * one query for the page. A lead not found is absent from the map.
 */
export async function paidPaiseOfLeads(ids: readonly string[], exec: Executor = db()): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .select({ id: leads.id, paidPaise: paidPaiseSql(leads.id) })
    .from(leads)
    .where(inArray(leads.id, [...ids]));
  // A bigint sum may come back as text; the paise of a deal are far below 2^53.
  return new Map(rows.map((r) => [r.id, Number(r.paidPaise)]));
}
