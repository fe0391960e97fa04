import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utcDay, visitorDigest, visitorIdFrom } from "@/server/analytics/visitor-id";
import { createTestDatabase } from "./helpers/test-db";
import { expectedSplit, HOST, PATHS, VISITORS, visitor } from "./helpers/page-view-plan";

/**
 * The site's own analytics with several server processes on one PostgreSQL (docs/decisions/0056,
 * 0032): three Node processes, each with the host's counter and queue (host/analytics.ts) and the
 * app's writer (storePageViews), count known page views at the same moment, visitors shared
 * between them. The table must hold every one of them, each credited to its visitor (one salt for
 * the day, whoever made it), and the day's rollup, raced for by three rounds of the timed job, must
 * be done once. The embedded database belongs to one process, so this file runs only with
 * DATABASE_URL (npm run test:postgres).
 */
const serverUrl = process.env.DATABASE_URL?.trim();
const root = path.resolve(import.meta.dirname, "..");
const PROCESSES = 3;
/** Two full batches of 500 and a rest that only the last write (the queue's stop) stores. */
const VIEWS = 1_234;
let handle: Awaited<ReturnType<typeof createTestDatabase>>;
let url: string;

beforeAll(async () => {
  if (!serverUrl) return;
  handle = await createTestDatabase();
  const name = /\((test_[0-9a-f]+)\)/.exec(handle.label)![1]!;
  const address = new URL(serverUrl);
  address.pathname = `/${name}`;
  url = address.toString();
});
afterAll(async () => {
  await handle?.close();
});

function runProcess(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, "node_modules", ".bin", "tsx"),
      ["--conditions=react-server", "--tsconfig", "tsconfig.json", "tests/helpers/page-view-process.ts", ...args],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${out.slice(-2000)}`))));
  });
}

describe.skipIf(!serverUrl)("page views counted by three processes on one PostgreSQL (needs DATABASE_URL)", () => {
  it("add up exactly, each to its visitor, and the day is rolled up once", async () => {
    // Far enough ahead for every process to have started and connected on a busy machine.
    const countAt = Date.now() + 15_000;
    const outputs = await Promise.all(Array.from({ length: PROCESSES }, (_, p) => runProcess(["count", url, String(p), String(VIEWS), String(countAt)])));
    for (const output of outputs) {
      const line = output.split("\n").find((l) => l.startsWith('{"stats"'));
      expect(JSON.parse(line!).stats).toMatchObject({ queued: 0, written: VIEWS, dropped: 0, failedWrites: 0 });
    }

    const total = await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from analytics_events`);
    expect(Number(total.rows[0]!.n)).toBe(PROCESSES * VIEWS);

    // One salt for the day, though three processes asked for it at once.
    const salts = await handle.db.execute<{ day: string; salt: string }>(sql`select to_char(day, 'YYYY-MM-DD') as day, salt from analytics_salts`);
    expect(salts.rows).toHaveLength(1);
    const { day, salt } = salts.rows[0]!;
    expect(day).toBe(utcDay(new Date()));

    // Each visitor's page views, and per page, exactly as planned: the ids are recomputed here
    // from the visitor's address and browser and the day's salt.
    const idOf = new Map<string, number>();
    for (let v = 0; v < VISITORS; v++) {
      const { address, userAgent } = visitor(v);
      idOf.set(visitorIdFrom(salt, visitorDigest(HOST, address, userAgent)), v);
    }
    const { perVisitor, perVisitorPage } = expectedSplit(PROCESSES, VIEWS);
    const stored = await handle.db.execute<{ visitor_id: string; path: string; n: number }>(
      sql`select visitor_id, path, count(*)::int as n from analytics_events group by visitor_id, path`,
    );
    const storedPerVisitor = new Map<number, number>();
    const storedPerVisitorPage = new Map<string, number>();
    for (const row of stored.rows) {
      const v = idOf.get(row.visitor_id);
      expect(v, `a stored visitor id that is none of the planned visitors (${row.visitor_id})`).toBeDefined();
      storedPerVisitor.set(v!, (storedPerVisitor.get(v!) ?? 0) + Number(row.n));
      storedPerVisitorPage.set(`${v} ${row.path}`, Number(row.n));
    }
    expect(storedPerVisitor).toEqual(perVisitor);
    expect(storedPerVisitorPage).toEqual(perVisitorPage);
    // The plan does split unevenly: a test whose visitors all had the same count would miss a swap.
    expect(new Set(perVisitor.values()).size).toBeGreaterThan(1);

    // The day closes: the same rows, moved two days back (past the salt's grace whatever the time
    // now), are what the timed job finds to roll up. Three processes run a round at once.
    await handle.db.execute(sql`update analytics_events set at = at - interval '2 days', day = day - 2`);
    const closed = utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86_400_000));
    const rollupAt = Date.now() + 15_000;
    const rounds = await Promise.all(Array.from({ length: PROCESSES }, () => runProcess(["rollup", url, String(rollupAt)])));
    const rolledUp = rounds.flatMap((output) => output.split("\n").filter((l) => l.includes('"event":"analytics.rolled-up"')));
    expect(rolledUp).toHaveLength(1);
    expect(rolledUp[0]).toContain(`"day":"${closed}"`);
    const claims = await handle.db.execute<{ n: number }>(
      sql`select count(*)::int as n from job_runs where job = 'analytics-rollup' and run_key = ${closed} and finished_at is not null`,
    );
    expect(Number(claims.rows[0]!.n)).toBe(1);

    // Its figures: every page view, every visitor, one visit each (all within seconds).
    const totals = await handle.db.execute<{ visitors: number; visits: number; pageviews: number; bounces: number }>(
      sql`select visitors, visits, pageviews, bounces from analytics_daily_rollups where day = ${closed}::date and filter_kind = '' and dimension = 'all'`,
    );
    expect(
      totals.rows.map((r) => ({ visitors: Number(r.visitors), visits: Number(r.visits), pageviews: Number(r.pageviews), bounces: Number(r.bounces) })),
    ).toEqual([
      { visitors: perVisitor.size, visits: perVisitor.size, pageviews: PROCESSES * VIEWS, bounces: [...perVisitor.values()].filter((n) => n === 1).length },
    ]);
    const pages = await handle.db.execute<{ path: string; n: number }>(
      sql`select value as path, pageviews as n from analytics_daily_rollups where day = ${closed}::date and filter_kind = '' and dimension = 'page'`,
    );
    const perPage = new Map<string, number>();
    for (const [key, n] of perVisitorPage) {
      const page = key.slice(key.indexOf(" ") + 1);
      perPage.set(page, (perPage.get(page) ?? 0) + n);
    }
    expect(new Map(pages.rows.map((r) => [r.path, Number(r.n)]))).toEqual(perPage);
    expect([...perPage.keys()].sort()).toEqual([...PATHS].sort());
  }, 120_000);
});
