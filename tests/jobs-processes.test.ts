import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./helpers/test-db";

/**
 * runOnce (src/server/jobs/jobs.ts) across separate server processes on one PostgreSQL: three Node
 * processes race for the same due run at the same moment; one does it, the others find it taken.
 * The embedded database belongs to one process, so this file runs only with DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL?.trim();
const root = path.resolve(import.meta.dirname, "..");
let handle: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  if (serverUrl) handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

function race(url: string, runKey: string, startAt: number, mode?: string): Promise<{ did: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", "--tsconfig", "tsconfig.json", "tests/helpers/run-once-process.ts", url, runKey, String(startAt), ...(mode ? [mode] : [])],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith('{"did"'));
      if (code !== 0 || !line) reject(new Error(`exit ${code}: ${out.slice(-2000)}`));
      else resolve(JSON.parse(line) as { did: boolean });
    });
  });
}

describe.skipIf(!serverUrl)("runOnce across processes (PostgreSQL)", () => {
  it("three processes due for the same run at the same moment: it is done once", async () => {
    const name = /\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const runKey = `2026-11-24-${Date.now()}`;
    // Far enough ahead for every process to have started and connected on a busy machine.
    const startAt = Date.now() + 15_000;
    const results = await Promise.all([0, 1, 2].map(() => race(url.toString(), runKey, startAt)));
    expect(results.filter((r) => r.did)).toHaveLength(1);
    const done = await handle.db.execute<{ count: number }>(sql`select count from rate_limits where key = ${`done:${runKey}`}`);
    expect(done.rows.map((r) => Number(r.count))).toEqual([1]);
    const claims = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from job_runs where job = 'digest' and run_key = ${runKey}`);
    expect(Number(claims.rows[0]!.n)).toBe(1);
  }, 90_000);

  it("three processes at the digest time of one day: each owner's morning digest is queued once (ADR 0050)", async () => {
    const name = /\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const owner = `digest-owner-${Date.now()}`;
    await handle.db.execute(sql`insert into users (id, name, email, email_verified) values (${owner}, 'Asha', ${`${owner}@team.test`}, true)`);
    await handle.db.execute(sql`insert into profiles (user_id, role) values (${owner}, 'sales')`);
    await handle.db.execute(
      sql`insert into leads (name, email, mobile_number, owner_id, follow_up_on) values ('Meera', 'meera@brand.in', '9876543210', ${owner}, '2031-01-01')`,
    );
    const startAt = Date.now() + 15_000;
    const results = await Promise.all([0, 1, 2].map(() => race(url.toString(), "2031-01-01", startAt, "follow-up-digest")));
    expect(results.filter((r) => r.did)).toHaveLength(1);
    const mails = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where kind = 'follow-up-digest' and recipients[1] = ${`${owner}@team.test`}`,
    );
    expect(Number(mails.rows[0]!.n)).toBe(1);
  }, 90_000);
});
