import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "@/server/kernel/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated embedded database's data folder, made once per run: each test file's database starts as a copy of it. */
    pgliteTemplate: string;
  }
}

/**
 * Once per Vitest run, on the embedded database (no DATABASE_URL): one data folder, created and
 * migrated, that tests/helpers/test-db.ts copies for every test database. A fresh in-memory PGlite
 * runs initdb in WebAssembly (about 2.5 s on two cores, 3.5 s under load) and then every migration;
 * starting on a copied folder takes about 0.6 s, and the migrations then find nothing to do.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL?.trim()) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "vitest-pglite-"));
  const template = path.join(base, "template");
  const handle = openPglite({ dataDir: template });
  await handle.migrate();
  await handle.close();
  fs.rmSync(`${template}.lock`, { force: true });
  project.provide("pgliteTemplate", template);
  return () => fs.rmSync(base, { recursive: true, force: true });
}
