import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Databases of their own on the PostgreSQL server DATABASE_URL names: one per test file
 * (tests/helpers/test-db.ts) and the run's migrated template (tests/global-setup.ts). A database
 * name is an identifier, which SQL takes no parameter for: only names made here, a prefix and hex,
 * are ever written into a statement.
 */
export interface ServerDatabase {
  name: string;
  /** DATABASE_URL with this database's name in place of the server's. */
  url: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** A new database named `prefix` + hex, empty or, with `template` (the name of a database made here), a copy of it (which must have no open connection). */
export async function createServerDatabase(serverUrl: string, prefix: "test_" | "test_template_", template?: string): Promise<ServerDatabase> {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  // The template's name comes from this module too (tests/global-setup.ts made it); anything else is refused.
  if (template !== undefined && !/^test_template_[0-9a-f]{12}$/.test(template)) throw new Error(`Not a template database made here: ${template}`);
  // eslint-disable-next-line no-restricted-syntax -- names made above: a fixed prefix and hex
  await onServer(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ""}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    // eslint-disable-next-line no-restricted-syntax -- the name made above
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
