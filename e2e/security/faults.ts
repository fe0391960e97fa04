import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createServerDatabase, ServerUnreachableError, type ServerDatabase } from "../../tests/helpers/server-database";

// Shared pieces of the load and fault specs (docs/decisions/0014): production servers
// of their own (host/server.ts on the current build), form submissions posted as the page's
// script posts them, and direct reads of the database they wrote.

/** First port of the servers these specs start (E2E_PORT + 10 unless FAULTS_PORT says otherwise). */
export const FAULTS_PORT = Number(process.env.FAULTS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 10);

// ------------------------------------------------------------------------------------------------
// A production server of the test's own
// ------------------------------------------------------------------------------------------------

export interface AppServer {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM and wait (the graceful path: the embedded database closes, its lock is released). */
  stop(): Promise<void>;
}

export function startServer(port: number, env: Record<string, string>): AppServer {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["host/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: url,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      // Several servers run from one .next folder: no shared on-disk page cache (ADR 0008).
      NEXT_PRIVATE_TEST_PROXY: "true",
      DATABASE_URL: "",
      // Each simulated visitor has its own X-Forwarded-For address (the per-IP form limit stays on).
      TRUST_PROXY: "1",
      // These runs count the agency's notification per stored row and the mails the SMTP server
      // receives; the sender's acknowledgement is proved in tests/lead-acknowledgement.test.ts.
      FORM_ACKNOWLEDGEMENT: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    url,
    port,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Waits for /api/health to answer 200; returns the milliseconds it took. Fails with the server's log. */
export async function waitHealthy(server: AppServer, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}) before it was healthy:\n${server.output().slice(-3000)}`);
    }
    const status = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return Math.round(performance.now() - started);
    await sleep(200);
  }
  throw new Error(`no healthy answer within ${timeoutMs} ms:\n${server.output().slice(-3000)}`);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

// ------------------------------------------------------------------------------------------------
// Form submissions
// ------------------------------------------------------------------------------------------------

export type FormKind = "contact" | "audit";

export interface Submission {
  kind: FormKind;
  email: string;
  key: string;
}

export interface Outcome extends Submission {
  /** HTTP status, 0 when the connection failed. */
  http: number;
  /** The action's answer ("success", "error", ...), or null when none arrived. */
  status: string | null;
  /** Milliseconds from sending to the whole answer (or the failure). */
  ms: number;
  /** The message shown to the visitor, if any. */
  message?: string;
  /** True only when the server said it stored the submission. */
  acknowledged: boolean;
}

let counter = 0;

/** A new, unique submission of one form; the e-mail address identifies its row later. */
export function newSubmission(kind: FormKind, tag: string): Submission {
  counter += 1;
  const id = `${tag}-${counter}-${randomBytes(3).toString("hex")}`;
  return { kind, email: `${id}@faults.test`, key: `faults-key-${id}` };
}

/**
 * Posts one form as the page's script posts it (its fields to /api/forms/<kind>, ADR 0017), each
 * from its own client address so the per-IP rate limit never interferes.
 */
export async function submit(url: string, s: Submission, timeoutMs = 60_000): Promise<Outcome> {
  const fields: [string, string][] =
    s.kind === "contact"
      ? [
          ["name", "Fault Test"],
          ["email", s.email],
          ["mobileNumber", "+919876543210"],
          ["company", "Faults Ltd"],
          ["message", `A message sent during a fault test (${s.email}).`],
        ]
      : [
          ["name", "Fault Test"],
          ["email", s.email],
          ["mobileNumber", "+919876543210"],
          ["websiteUrl", "faults.example"],
          ["monthlyRevenue", "50L-1Cr/month"],
          ["growthChallenge", `A free audit request sent during a fault test (${s.email}).`],
        ];
  const form = new URLSearchParams();
  for (const [name, value] of [...fields, ["companyWebsite", ""], ["elapsedMs", "15000"], ["submissionKey", s.key], ["attribution", ""]]) {
    form.append(name!, value!);
  }
  const n = ++counter;
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(`${url}/api/forms/${s.kind}`, {
      method: "POST",
      body: form,
      headers: {
        accept: "application/json",
        origin: url,
        "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.text();
    const status = /"status":"(idle|success|invalid|refused|error)"/.exec(body)?.[1] ?? null;
    const message = /"message":"((?:[^"\\]|\\.)*)"/.exec(body)?.[1];
    return { ...s, http: res.status, status, message, ms: ms(), acknowledged: res.status === 200 && status === "success" };
  } catch {
    return { ...s, http: 0, status: null, ms: ms(), acknowledged: false };
  }
}

/**
 * Keeps `concurrency` submissions in flight (alternating the two forms) until stop() is called;
 * every outcome is kept.
 */
export function submissionStream(url: string, tag: string, concurrency = 6) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    let k = i;
    while (running) {
      const outcome = await submit(url, newSubmission(k++ % 2 === 0 ? "contact" : "audit", tag), 30_000);
      outcomes.push(outcome);
      if (!outcome.acknowledged) await sleep(100); // the server is down or refusing: do not spin
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

// ------------------------------------------------------------------------------------------------
// The database, read directly
// ------------------------------------------------------------------------------------------------

export type Target = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

export async function query<T = Record<string, unknown>>(target: Target, sql: string, params: unknown[] = []): Promise<T[]> {
  if (target.kind === "pglite") {
    // Only once the server has stopped: the embedded database belongs to one process at a time.
    const db = new PGlite(target.dir);
    try {
      return (await db.query<T>(sql, params)).rows;
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface Reconciliation {
  /** Rows stored with this tag (leads + contact messages). */
  stored: number;
  /** Acknowledged submissions with no row: losses. */
  lost: string[];
  /** E-mail addresses stored more than once. */
  duplicates: number;
  /** Stored without an acknowledgement (the answer was lost in a crash): not a loss. */
  unacknowledgedStored: number;
  /** Rows without exactly one notification, and notifications that belong to no row. */
  rowsWithoutOneNotification: number;
  orphanNotifications: number;
  notificationsByStatus: Record<string, number>;
}

/** Matches the outcomes against the rows and notifications the database holds. */
export async function reconcileDatabase(target: Target, tag: string, outcomes: Outcome[]): Promise<Reconciliation> {
  const like = `${tag}-%`;
  const rows = await query<{ email: string; notes: number }>(
    target,
    `select l.email, (select count(*)::int from notifications n where n.lead_id = l.id) as notes from leads l where l.email like $1
     union all
     select c.email, (select count(*)::int from notifications n where n.contact_message_id = c.id) from contact_messages c where c.email like $1`,
    [like],
  );
  const orphans = await query<{ n: number }>(
    target,
    `select count(*)::int as n from notifications n
     where (n.lead_id is null and n.contact_message_id is null and n.kind in ('lead', 'contact'))
        or (n.lead_id is not null and not exists (select 1 from leads l where l.id = n.lead_id))
        or (n.contact_message_id is not null and not exists (select 1 from contact_messages c where c.id = n.contact_message_id))`,
  );
  const statuses = await query<{ status: string; n: number }>(
    target,
    `select n.status, count(*)::int as n from notifications n
     left join leads l on l.id = n.lead_id left join contact_messages c on c.id = n.contact_message_id
     where coalesce(l.email, c.email) like $1 group by n.status`,
    [like],
  );
  const storedEmails = new Map<string, number>();
  for (const r of rows) storedEmails.set(r.email, (storedEmails.get(r.email) ?? 0) + 1);
  const acknowledged = new Set(outcomes.filter((o) => o.acknowledged).map((o) => o.email));
  return {
    stored: rows.length,
    lost: [...acknowledged].filter((e) => !storedEmails.has(e)),
    duplicates: [...storedEmails.values()].filter((n) => n > 1).length,
    unacknowledgedStored: [...storedEmails.keys()].filter((e) => !acknowledged.has(e)).length,
    rowsWithoutOneNotification: rows.filter((r) => r.notes !== 1).length,
    orphanNotifications: orphans[0]!.n,
    notificationsByStatus: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
  };
}

// ------------------------------------------------------------------------------------------------
// PostgreSQL: a database of the test's own, or a printed reason to skip
// ------------------------------------------------------------------------------------------------

export const POSTGRES_URL = process.env.FAULTS_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** Creates a fresh database on the PostgreSQL server; the reason to skip when none answers. */
export async function createPostgresDatabase(): Promise<ServerDatabase | { skip: string }> {
  try {
    return await createServerDatabase(POSTGRES_URL, "faults_", { connectTimeoutMs: 3_000 });
  } catch (error) {
    // Only a server that is not there is a reason to skip; a refused statement is a failure.
    if (error instanceof ServerUnreachableError) return { skip: error.message };
    throw error;
  }
}

export function summary(outcomes: Outcome[]) {
  const count = (f: (o: Outcome) => boolean) => outcomes.filter(f).length;
  return {
    sent: outcomes.length,
    acknowledged: count((o) => o.acknowledged),
    refusedWithMessage: count((o) => o.http === 200 && o.status !== null && !o.acknowledged),
    http5xx: count((o) => o.http >= 500),
    noAnswer: count((o) => o.http === 0),
  };
}
