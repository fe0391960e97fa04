// `npm run test:postgres`: the unit and integration tests again on a real PostgreSQL server
// (DATABASE_URL, default the local CI server); says so clearly and succeeds when none answers.
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";

const url = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.end();
} catch (error) {
  console.log(
    `=== PostgreSQL at ${url} is not answering (${error instanceof Error ? error.message : String(error)}): SKIPPING the integration tests on PostgreSQL`,
  );
  process.exit(0);
}
console.log(`=== unit + integration tests on PostgreSQL (${url})`);
const root = path.resolve(import.meta.dirname, "..");
const result = spawnSync(path.join(root, "node_modules", ".bin", "vitest"), ["run"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, DATABASE_URL: url },
});
process.exit(result.status ?? 1);
