import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "@/server/kernel/db/client";
import { createServerDatabase } from "./helpers/server-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's data folder, made once per run: each test file's database starts as a copy of it. */
    pgliteTemplate: string;
    /** On a PostgreSQL server (DATABASE_URL): the name of a migrated database each test file's database is created from (CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * Once per Vitest run, on the embedded database (no DATABASE_URL): one data folder, created and
 * migrated, that tests/helpers/test-db.ts copies for every test database. A fresh in-memory PGlite
 * runs initdb in WebAssembly (about 2.5 s on two cores, 3.5 s under load) and then every migration;
 * starting on a copied folder takes about 0.6 s, and the migrations then find nothing to do.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (serverUrl) {
    project.provide("pgliteTemplate", "");
    return postgresTemplate(project, serverUrl);
  }
  project.provide("postgresTemplate", "");
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "vitest-pglite-"));
  const template = path.join(base, "template");
  const handle = openPglite({ dataDir: template });
  await handle.migrate();
  await handle.close();
  fs.rmSync(`${template}.lock`, { force: true });
  project.provide("pgliteTemplate", template);
  return () => fs.rmSync(base, { recursive: true, force: true });
}

/**
 * The same on a PostgreSQL server: one database, created and migrated once per run, that every test
 * file's database is created from as a template. PostgreSQL copies a template's files, which takes
 * a fraction of running every migration again in each file's new database.
 */
async function postgresTemplate(project: TestProject, serverUrl: string) {
  const template = await createServerDatabase(serverUrl, "test_template_");
  const handle = openPostgres(template.url);
  await handle.migrate();
  // A template must have no open connection while a database is created from it.
  await handle.close();
  project.provide("postgresTemplate", template.name);
  return () => template.drop();
}
