import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Databases of their own on a PostgreSQL server, for whatever needs one and drops it afterwards: each
 * test file's (tests/helpers/test-db.ts) and the run's migrated template (tests/global-setup.ts), the
 * fault specs' servers (e2e/security/faults.ts) and the benches (scripts/bench-helpers.ts). A database
 * name is an identifier, which SQL takes no parameter for: only names made here, a checked prefix and
 * random hex, are ever written into a statement.
 */
export interface ServerDatabase {
  name: string;
  /** The server's address with this database's name in place of the server's own. */
  url: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** The server did not let us in (not running, wrong address, refused): callers that can do without one say so and skip. */
export class ServerUnreachableError extends Error {}

interface Options {
  /** The name of a database made here (`test_template_` + hex) to copy; it must have no open connection. */
  template?: string;
  /** How long to wait for the server to accept the connection; pg's default is to wait for ever. */
  connectTimeoutMs?: number;
}

async function onServer(serverUrl: string, connectTimeoutMs: number | undefined, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: connectTimeoutMs });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new ServerUnreachableError(`PostgreSQL at ${serverUrl} is not answering (${(error as Error).message})`, { cause: error });
  }
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** A new database named `prefix` + random hex on the server of `serverUrl` (whose own database is left alone), empty or a copy of `template`. */
export async function createServerDatabase(serverUrl: string, prefix: string, { template, connectTimeoutMs }: Options = {}): Promise<ServerDatabase> {
  if (!/^[a-z][a-z_]*_$/.test(prefix)) throw new Error(`A database name prefix is lower-case letters and "_", ending in "_": ${prefix}`);
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  // The template's name comes from this module too (tests/global-setup.ts made it); anything else is refused.
  if (template !== undefined && !/^test_template_[0-9a-f]{12}$/.test(template)) throw new Error(`Not a template database made here: ${template}`);
  // eslint-disable-next-line no-restricted-syntax -- names made above: a checked prefix and hex
  await onServer(serverUrl, connectTimeoutMs, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // eslint-disable-next-line no-restricted-syntax -- the name made above
    drop: () => onServer(serverUrl, connectTimeoutMs, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
