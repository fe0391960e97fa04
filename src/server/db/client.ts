import "server-only";
import net from "node:net";
import path from "node:path";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateDrizzle } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { startPgliteThread, type StartedPglite } from "./pglite-start.mjs";
import { getDatabaseHandle, setDatabaseHandle, takePglitePrestart } from "../bridge.mjs";
import { errorFields, log } from "../log";

/** One driver for both databases: node-postgres, to PostgreSQL or to the embedded thread's socket (docs/decisions/0028). */
export type Database = NodePgDatabase<typeof schema>;

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

/**
 * The embedded database: PGlite in a thread of its own (docs/decisions/0018), served there over the
 * PostgreSQL protocol on a Unix socket, reached with the ordinary `pg` pool (docs/decisions/0028).
 */
export function openPglite(options: { dataDir?: string } = {}): DatabaseHandle {
  let started: StartedPglite;
  if (options.dataDir) {
    // scripts/start.mjs may have taken the folder's lock and started its thread already, before Next loaded.
    const dataDir = path.resolve(/*turbopackIgnore: true*/ options.dataDir);
    started = takePglitePrestart(dataDir) ?? startPgliteThread(dataDir);
  } else {
    started = startPgliteThread("memory://"); // tests
  }
  const { ready } = started;
  /** A connection is opened once the thread's socket listens (or fails with the thread's error). */
  class EmbeddedClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (error: Error | null) => void): void;
    override connect(callback?: (error: Error | null) => void): Promise<pg.Client> | void {
      const connected = ready.then(() => super.connect());
      if (!callback) return connected;
      connected.then(() => callback(null), (error: Error) => callback(error));
    }
  }
  const pool = new pg.Pool({
    Client: EmbeddedClient,
    host: started.socketDir,
    port: started.port,
    user: "postgres",
    database: "postgres",
    // PGlite is one session: the socket server gives every connection the same one, so one
    // connection at a time. A transaction holds it; other statements wait in the pool, as they
    // waited on PGlite's own lock in-process.
    max: 1,
    // An idle database keeps no script alive (they end by themselves when done).
    allowExitOnIdle: true,
  });
  pool.on("error", (error) => log("error", "embedded database connection error", errorFields(error)));
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    kind: "pglite",
    db,
    async migrate() {
      await migrateDrizzle(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    async ping() {
      if (closed) throw new Error("The embedded database is closed.");
      await pool.query("select 1");
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pool.end();
      } finally {
        await started.stop();
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
    // Below the socket's silence limit, so that the pool closes an idle connection first.
    idleTimeoutMillis: Math.min(30_000, Math.floor(queryTimeoutMs / 2)),
    // A database that stops answering (a network partition, a hung server) must not hold a
    // visitor's request until TCP gives up, minutes later. pg's own query_timeout would fail the
    // query but leave it running on its connection, which Drizzle then hands back to the pool with
    // a transaction's connection: the next request would queue behind the unanswered query. So the
    // limit is on the socket pg is given (its documented `stream` option): a connection silent for
    // queryTimeoutMs is destroyed, its query fails, the pool drops it and opens a fresh one, and
    // PostgreSQL rolls back whatever transaction it had open.
    stream: () => {
      const socket = new net.Socket();
      socket.setTimeout(queryTimeoutMs, () => socket.destroy(new Error("Query read timeout")));
      return socket;
    },
    keepAlive: true,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => log("error", "postgres pool error", errorFields(error)));
  const db = drizzle(pool, { schema });
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
        await migrateDrizzle(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
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
export function openConfiguredDatabase(
  source: Record<string, string | undefined> = process.env,
): DatabaseHandle {
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
