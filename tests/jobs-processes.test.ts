import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "./helpers/test-db";

/**
 * runOnce (src/server/kernel/jobs/jobs.ts) across separate server processes on one PostgreSQL: three Node
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

type Raced = { did: boolean; day?: number; hour?: number };

function race(url: string, runKey: string, startAt: number, mode?: string): Promise<Raced> {
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
      else resolve(JSON.parse(line) as Raced);
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

  it("three processes running every call's reminder jobs at once: each due reminder is queued once (ADR 0065)", async () => {
    const name = /\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!;
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const host = `call-host-${Date.now()}`;
    await handle.db.execute(sql`insert into users (id, name, email, email_verified) values (${host}, 'Ravi', ${`${host}@team.test`}, true)`);
    // 20 calls tomorrow (their day-before reminder due) and 10 within the hour (their hour-before one),
    // all booked three days ago.
    const calls = [...Array.from({ length: 20 }, (_, i) => 23 * 60 + 30 - i), ...Array.from({ length: 10 }, (_, i) => 50 - i)];
    for (const [i, minutes] of calls.entries()) {
      await handle.db.execute(sql`insert into bookings (host_id, starts_at, ends_at, name, email, phone, topic, time_zone, time_set_at)
        values (${host}, now() + make_interval(mins => ${minutes}), now() + make_interval(mins => ${minutes + 30}), 'Visitor', ${`visitor-${i}@example.com`},
          '+919876543210', 'Growth', 'Asia/Kolkata', now() - interval '3 days')`);
    }
    const startAt = Date.now() + 15_000;
    const results = await Promise.all([0, 1, 2].map(() => race(url.toString(), "reminders", startAt, "booking-reminders")));
    expect(results.reduce((n, r) => n + (r.day ?? 0), 0)).toBe(20);
    expect(results.reduce((n, r) => n + (r.hour ?? 0), 0)).toBe(10);
    const mails = await handle.db.execute<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n, count(distinct recipients[1])::int as people from notifications where kind like 'booking-reminder-%' group by kind order by kind`,
    );
    expect(mails.rows.map((r) => ({ ...r }))).toEqual([
      { kind: "booking-reminder-1h", n: 10, people: 10 },
      { kind: "booking-reminder-24h", n: 20, people: 20 },
    ]);
  }, 90_000);
});
