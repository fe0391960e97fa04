import "server-only";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { PgliteThread } from "./pglite-thread";
import { startPgliteThread, type StartedPglite } from "./pglite-start.ts";
import { getDatabaseHandle, setDatabaseHandle, takePglitePrestart } from "../bridge.ts";
import { errorFields, log } from "../log";

/** Both drivers expose the same query builder; we type them as one. */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction of either driver; `Executor` is what a function that writes inside one takes. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  kind: "pglite" | "postgres";
  db: Database;
  /** Applies the committed SQL migrations; running it twice changes nothing. */
  migrate(): Promise<void>;
  /** A trivial round trip, for health checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

export function openPglite(options: { dataDir?: string } = {}): DatabaseHandle {
  let started: StartedPglite;
  if (options.dataDir) {
    // A data folder opens in a thread of its own (docs/decisions/0018); host/start.ts may have
    // taken its lock and started that thread already, before Next loaded.
    const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir);
    started = takePglitePrestart(dataDir) ?? startPgliteThread(dataDir);
  } else {
    started = startPgliteThread("memory://"); // tests
  }
  const client = new PgliteThread(started);
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Database;
  return {
    kind: "pglite",
    db,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async ping() {
      await client.query("select 1");
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        started.release();
      }
    },
  };
}

/** A query with no answer for this long means the connection is presumed dead (DATABASE_QUERY_TIMEOUT_SECONDS). */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

export function openPostgres(url: string, options: { queryTimeoutMs?: number } = {}): DatabaseHandle {
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    connectionTimeoutMillis: 5_000,
    // The pool closes an idle connection before its socket's silence limit (below) would.
    idleTimeoutMillis: Math.min(30_000, Math.floor(queryTimeoutMs / 2)),
    keepAlive: true,
    // A database that stops answering (a network partition, a hung server) must not hold a
    // visitor's request until TCP gives up, minutes later. pg's `stream` option makes each
    // connection's socket: one silent for queryTimeoutMs is destroyed, so its query fails, the pool
    // drops the connection instead of queueing the next request behind it, and PostgreSQL rolls
    // back whatever transaction it had open (ADR 0028).
    stream: () => {
      const socket = new net.Socket();
      socket.setTimeout(queryTimeoutMs, () => socket.destroy(new Error(`The database sent nothing for ${queryTimeoutMs / 1000} s.`)));
      return socket;
    },
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => log("error", "postgres pool error", errorFields(error)));
  // A connection that fails while checked out (a transaction's) reports to its query; the event
  // itself must not end the process. The pool drops it on release (it is no longer queryable).
  pool.on("connect", (client) => client.on("error", (error) => log("warn", "postgres connection lost", errorFields(error))));
  const db = drizzlePg(pool, { schema });
  return {
    kind: "postgres",
    db,
    async migrate() {
      // A client of its own, without the query timeout: waiting for another server's migration
      // (the advisory lock) or a long migration is not a dead connection. It holds an advisory
      // lock so that two servers starting together migrate once.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock(727274)");
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query("select pg_advisory_unlock(727274)").catch(() => {});
        await client.end().catch(() => {});
      }
    },
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

/** Opens the database the environment names: DATABASE_URL, else embedded PGlite under DATA_DIR. */
export function openConfiguredDatabase(source: Record<string, string | undefined> = process.env): DatabaseHandle {
  const url = source.DATABASE_URL?.trim();
  const timeout = Number(source.DATABASE_QUERY_TIMEOUT_SECONDS);
  if (url) return openPostgres(url, { queryTimeoutMs: timeout > 0 ? timeout * 1000 : undefined });
  return openPglite({ dataDir: path.join(source.DATA_DIR?.trim() || "./data", "pglite") });
}

// Next may evaluate this module more than once in one process (separate bundles): the single
// handle is kept by the bridge (docs/decisions/0026).
export function getDatabase(): DatabaseHandle {
  const existing = getDatabaseHandle();
  if (existing) return existing;
  if (process.env.NEXT_PHASE === "phase-production-build") {
    // The build runs its own workers beside any running server: it must never open the database.
    throw new Error("The build tried to open the database; data must be read at request time (ADR 0003).");
  }
  const opened = openConfiguredDatabase();
  setDatabaseHandle(opened);
  return opened;
}

export function db(): Database {
  return getDatabase().db;
}

/** Installs a handle as the process-wide database (tests, scripts). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  setDatabaseHandle(handle);
}
