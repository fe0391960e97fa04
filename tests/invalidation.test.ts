import { afterEach, describe, expect, it } from "vitest";
import pg from "pg";
import { startInvalidationChannel, type InvalidationChannel, type InvalidationMessage } from "../host/invalidation.ts";

/**
 * The invalidation channel between server processes (docs/decisions/0032), on the PostgreSQL of
 * DATABASE_URL: two channels stand for two processes. The embedded database has one process and no
 * channel, so this file is skipped without DATABASE_URL.
 */
const url = process.env.DATABASE_URL?.trim();
const channels: InvalidationChannel[] = [];

afterEach(async () => {
  await Promise.all(channels.splice(0).map((c) => c.stop()));
});

function open(name: string) {
  const received: InvalidationMessage[] = [];
  const states: boolean[] = [];
  const channel = startInvalidationChannel({
    connectionString: url!,
    applicationName: name,
    retryMs: 100,
    heartbeatMs: 200,
    onRemote: (m) => received.push(m),
    onState: (s) => states.push(s),
  });
  channels.push(channel);
  return { channel, received, states };
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function terminate(applicationName: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1", [
      applicationName,
    ]);
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)("invalidation channel on PostgreSQL", () => {
  const suffix = `${process.pid}-${Date.now()}`;

  it("delivers one process's tags to the other within a second, never back to the sender", async () => {
    const a = open(`inv-a-${suffix}`);
    const b = open(`inv-b-${suffix}`);
    await until(() => a.channel.listening && b.channel.listening);
    const sent = Date.now();
    a.channel.publish(["_N_T_/en-IN/blog/x", "_N_T_/[locale]/(site)/blog/layout"], undefined);
    await until(() => b.received.length === 1);
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(b.received[0]!.tags).toEqual(["_N_T_/en-IN/blog/x", "_N_T_/[locale]/(site)/blog/layout"]);
    // A listener gets notifications in the order they were sent: once b's later marker reaches a,
    // a's own message would have reached it first, had it been sent back.
    b.channel.publish(["_N_T_/marker"], undefined);
    await until(() => a.received.length >= 1);
    expect(a.received.map((m) => m.tags)).toEqual([["_N_T_/marker"]]);
    // A message too long for NOTIFY becomes "expire everything", not an error.
    a.channel.publish(
      Array.from({ length: 500 }, (_, i) => `_N_T_/a-long-tag-name-${i}`),
      undefined,
    );
    await until(() => b.received.length === 2);
    expect(b.received[1]!.all).toBe(true);
  });

  it("says so when its connection is terminated, comes back, and a publish it missed reaches the others as 'everything'", async () => {
    const a = open(`inv-a2-${suffix}`);
    const b = open(`inv-b2-${suffix}`);
    await until(() => a.channel.listening && b.channel.listening);
    expect(await terminate(`inv-a2-${suffix}`)).toBe(1);
    await until(() => a.states.includes(false));
    expect(a.states).toEqual([true, false]);
    // While it is down, its publish cannot go out.
    expect(a.channel.listening).toBe(false);
    a.channel.publish(["_N_T_/en-IN"], undefined);
    await until(() => a.states.length === 3);
    expect(a.states).toEqual([true, false, true]);
    await until(() => b.received.some((m) => m.all === true));
    // b never lost its connection.
    expect(b.states).toEqual([true]);
  });
});
