import { afterAll, beforeAll, inject } from "vitest";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { openPglite, openPostgres, setDatabase, type DatabaseHandle } from "@/server/kernel/db/client";
import { createServerDatabase } from "./server-database";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * created on the server DATABASE_URL names (dropped again afterwards), so files can run in parallel.
 */
export async function createTestDatabase(): Promise<DatabaseHandle & { label: string }> {
  const serverUrl = process.env.DATABASE_URL?.trim();
  let handle: DatabaseHandle;
  let cleanup = async () => {};
  let label = "pglite (memory)";
  if (serverUrl) {
    // A copy of the run's migrated template database (tests/global-setup.ts) when there is one.
    const template = inject("postgresTemplate");
    const database = await createServerDatabase(serverUrl, "test_", { template: template || undefined });
    handle = openPostgres(database.url);
    label = `postgres (${database.name})`;
    cleanup = database.drop;
  } else {
    // A copy of the run's migrated template (tests/global-setup.ts), removed again afterwards; in
    // memory when there is none (a file run outside Vitest's global set-up).
    const template = inject("pgliteTemplate");
    if (template) {
      const copy = `${template}-${randomBytes(6).toString("hex")}`;
      fs.cpSync(template, copy, { recursive: true });
      handle = openPglite({ dataDir: copy });
      label = "pglite (template copy)";
      cleanup = async () => {
        fs.rmSync(copy, { recursive: true, force: true });
        fs.rmSync(`${copy}.lock`, { force: true });
      };
    } else {
      handle = openPglite();
    }
  }
  await handle.migrate();
  setDatabase(handle);
  return {
    ...handle,
    label,
    async close() {
      setDatabase(undefined);
      await handle.close();
      await cleanup();
    },
  };
}

export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * The one database lifecycle of a test file: a fresh, migrated database created before the file's
 * tests (and before its own `beforeAll` hooks, registered after this call) and closed after them.
 * Returns the handle, usable from the first hook on: `const handle = setUpTestDatabase();`.
 */
export function setUpTestDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestDatabase, {
    get(_, property) {
      if (!current) throw new Error("The test database is used before its beforeAll hook ran (or after afterAll).");
      const value = current[property as keyof TestDatabase];
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
