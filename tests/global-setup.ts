import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "@/server/kernel/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's data folder, made once per run: each test file's database starts as a copy of it. */
    pgliteTemplate: string;
    /** On a PostgreSQL server (DATABASE_URL): a migrated database each test file's database is created from (CREATE DATABASE ... TEMPLATE). */
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
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  // A database name is an identifier, which SQL takes no parameter for; this one is test_template_ + hex.
  // eslint-disable-next-line no-restricted-syntax
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await handle.migrate();
  // A template must have no open connection while a database is created from it.
  await handle.close();
  project.provide("postgresTemplate", name);
  return async () => {
    const again = new pg.Client({ connectionString: serverUrl });
    await again.connect();
    // eslint-disable-next-line no-restricted-syntax -- the generated name above
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  };
}
