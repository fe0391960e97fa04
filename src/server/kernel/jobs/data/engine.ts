import "server-only";
import { PgBoss, type Db as IDatabase } from "pg-boss";
import { sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import { getDatabase, type DatabaseHandle, type Executor } from "../../db/client";
import type { PgliteThread } from "../../db/pglite-thread";

/**
 * The job queue's engine (pg-boss, docs/decisions/0089) speaks to the database through these
 * adapters, never a connection of its own: on PostgreSQL through the app's pool, on the embedded
 * database through its thread (one connection, so no second one could be opened anyway).
 */
export function engineDatabase(handle: DatabaseHandle): IDatabase {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === "pglite") {
    const thread = client as PgliteThread;
    return {
      async executeSql(text, values) {
        // Statements without parameters may be several (the engine's schema, its locked blocks):
        // the simple protocol runs them as one call; a parameterised one is a single statement.
        if (values?.length) return { rows: (await thread.query(text, values)).rows };
        return { rows: (await thread.exec(text)).rows };
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    async executeSql(text, values) {
      const result = (await pool.query(text, values)) as unknown as pg.QueryResult | pg.QueryResult[];
      // Several statements in one call answer with one result each.
      return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
    },
  };
}

/**
 * One parameter as the engine meant it: a list (its ids, as `$2::uuid[]`) goes as one array literal,
 * where the query builder would make a list of parameters of it.
 */
function asParameter(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const item = (v: unknown) => (v === null || v === undefined ? "NULL" : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`);
  return `{${value.map(item).join(",")}}`;
}

/**
 * The caller's transaction (or the database itself) as the engine's `db` option: the job's row is
 * written by the caller's own statement, so it commits or rolls back with the change that caused it.
 * Numbered placeholders become the query builder's parameters, in the order they appear.
 */
export function executorDatabase(executor: Executor): IDatabase {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        // eslint-disable-next-line no-restricted-syntax -- the engine's own SQL text; every value is a parameter
        chunks.push(sql.raw(text.slice(last, match.index)));
        chunks.push(sql`${sql.param(asParameter(values[Number(match[1]) - 1]))}`);
        last = match.index + match[0].length;
      }
      // eslint-disable-next-line no-restricted-syntax -- the engine's own SQL text, as above
      chunks.push(sql.raw(text.slice(last)));
      const result = await executor.execute(sql.join(chunks));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

/**
 * The engine on the process's database: it installs its schema (`pgboss`) on start, once, under its
 * own advisory lock, and then polls; the monitor that retries jobs whose lease ran out runs on
 * every process (it is one UPDATE). With `schedule`, it also runs the cron pass of the timed jobs
 * (docs/decisions/0095): every `cronSeconds` (30 by default) one process claims the pass and files a
 * job per due occurrence, which this and every other engine then forwards into its queue.
 */
export function openEngine(
  options: { monitorSeconds?: number; schedule?: boolean; cronSeconds?: number } = {},
  handle: DatabaseHandle = getDatabase(),
): PgBoss {
  return new PgBoss({
    db: engineDatabase(handle),
    backend: handle.kind === "pglite" ? "pglite" : "postgres",
    schema: "pgboss",
    schedule: options.schedule ?? false,
    ...(options.cronSeconds ? { cronMonitorIntervalSeconds: options.cronSeconds, cronWorkerIntervalSeconds: options.cronSeconds } : {}),
    ...(options.monitorSeconds ? { superviseIntervalSeconds: options.monitorSeconds, monitorIntervalSeconds: options.monitorSeconds } : {}),
  });
}
