import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";
import { startSmtpServer } from "./helpers/smtp";

// The mail outbox on the job queue (docs/decisions/0092), on the embedded database and on PostgreSQL
// with DATABASE_URL: a mail's row and its job commit with the change or not at all, a job run twice
// sends once, rows pending from before the queue are adopted once across starts, and a mail server
// that refuses is tried again on the queue's back-off until the last try gives the mail up.

const { enqueueMail, queueMail, requeueMail, mailDeliveryJob, adoptPendingMail, smtpTransport, sendOutboxMail, MAIL_JOB, MailBusyError } =
  await import("@/server/kernel/mail/mail");
const { declareJobs, startQueue, stopQueue, stopWorkers, stableJobId } = await import("@/server/kernel/jobs/queue");
const { QUEUED_JOBS } = await import("@/server/queue-registry");
const { notifications } = await import("@/server/kernel/db/schema");
const { createLead } = await import("@/server/leads/data/leads");
const { FreeAuditSchema } = await import("@/lib/schemas/lead-forms");

const handle = setUpTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.messages.length = 0;
  await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits, acknowledged_senders cascade`);
});
afterEach(async () => {
  await stopQueue();
});

const transport = () => smtpTransport({ host: "127.0.0.1", port: smtp.port, secure: false });
const mail = (subject: string) => ({ kind: "test", recipients: ["asha@brand.in"], subject, text: `Body of ${subject}` });
const received = (subject: string) => smtp.messages.filter((m) => m.raw.includes(`Subject: ${subject}`)).length;

async function jobsOf(id: string): Promise<{ state: string }[]> {
  const rows = await handle.db.execute<{ state: string }>(sql`select state::text as state from pgboss.job where name = ${MAIL_JOB} and data->>'id' = ${id}`);
  return rows.rows;
}

async function rowOf(id: string) {
  const [row] = await handle.db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe("the mail outbox on the job queue", () => {
  it("a mail queued in a transaction that rolls back is neither stored nor sent; one that commits is, once", async () => {
    await declareJobs(QUEUED_JOBS);
    await expect(
      handle.db.transaction(async (tx) => {
        await enqueueMail(tx, mail("Rolled back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    const id = await handle.db.transaction((tx) => enqueueMail(tx, mail("Committed")));
    // The row and its one job, named by the row.
    expect(await handle.db.select({ subject: notifications.subject }).from(notifications)).toEqual([{ subject: "Committed" }]);
    expect(await jobsOf(id)).toHaveLength(1);
    const [job] = (await handle.db.execute<{ id: string }>(sql`select id::text as id from pgboss.job where name = ${MAIL_JOB}`)).rows;
    expect(job!.id).toBe(stableJobId(MAIL_JOB, id));

    await startQueue([mailDeliveryJob({ transport: transport() })], { pollSeconds: 0.5 });
    await until("the committed mail", () => received("Committed") === 1);
    // A mail queued after it, once sent, shows the worker has polled the queue since: had the rolled
    // back mail left a job, it would have been taken by now (a fixed wait would pass on a worker that
    // never polled).
    await queueMail(mail("Queued after"));
    await until("the mail queued after", () => received("Queued after") === 1);
    expect(received("Rolled back")).toBe(0);
    expect(smtp.messages).toHaveLength(2);
    expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null, sentAt: expect.any(Date) });
  }, 60_000);

  it("a mail queued outside any transaction (better-auth's) stores its row and its job together", async () => {
    await declareJobs(QUEUED_JOBS);
    const id = await queueMail(mail("On its own"));
    expect(await jobsOf(id)).toHaveLength(1);
    // The database itself given as the executor: the two are written in a transaction of their own.
    const other = await enqueueMail(handle.db, mail("Also on its own"));
    expect(await jobsOf(other)).toHaveLength(1);
  });

  it("a job run twice sends its mail once: again after it was marked sent, and twice at once", async () => {
    await declareJobs(QUEUED_JOBS);
    const job = mailDeliveryJob({ transport: transport() });
    const first = await queueMail(mail("Run twice"));
    // The run a killed worker's lease brings back, after the first had marked the row sent.
    await job.handler({ id: first }, { retryCount: 0, isLastTry: false });
    await job.handler({ id: first }, { retryCount: 1, isLastTry: false });
    expect(received("Run twice")).toBe(1);
    expect(await rowOf(first)).toMatchObject({ status: "sent", attempts: 1 });

    // Two tries of one row at once: one sends, the other finds it held and sends nothing.
    const second = await queueMail(mail("At once"));
    const outcomes = await Promise.allSettled([
      sendOutboxMail({ id: second }, { isLastTry: false }, transport()),
      sendOutboxMail({ id: second }, { isLastTry: false }, transport()),
    ]);
    expect(received("At once")).toBe(1);
    expect(outcomes.filter((o) => o.status === "fulfilled" && o.value === true)).toHaveLength(1);
    const other = outcomes.find((o) => !(o.status === "fulfilled" && o.value === true))!;
    // Held by the other try (nothing counted, the queue tries again), or already sent by it.
    if (other.status === "rejected") expect(other.reason).toBeInstanceOf(MailBusyError);
    else expect(other.value).toBe(false);
    expect(await rowOf(second)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a try whose worker died is taken up again once its hold runs out, and still sends once it is marked sent", async () => {
    await declareJobs(QUEUED_JOBS);
    const id = await queueMail(mail("Orphaned"));
    // A try that claimed the row and died before sending: the hold is past.
    await handle.db
      .update(notifications)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(notifications.id, id));
    expect(await sendOutboxMail({ id }, { isLastTry: false }, transport())).toBe(true);
    expect(await sendOutboxMail({ id }, { isLastTry: false }, transport())).toBe(false);
    expect(received("Orphaned")).toBe(1);
  });

  it("a row pending from before the queue (the old worker's, or stored while no queue ran) is adopted and sent once across two starts", async () => {
    // Left by the outbox's own worker: tried once, waiting for its next attempt, its old lease past.
    const [old] = await handle.db
      .insert(notifications)
      .values({
        kind: "test",
        recipients: ["asha@brand.in"],
        subject: "From before",
        textBody: "Queued by the old worker",
        attempts: 1,
        lastError: "connect ECONNREFUSED",
        nextAttemptAt: new Date(Date.now() + 60_000),
        lockedUntil: new Date(Date.now() - 60_000),
      })
      .returning({ id: notifications.id });
    // No queue in this process yet: the row is stored alone.
    const alone = await queueMail(mail("Stored alone"));
    expect(await jobsOf(alone)).toHaveLength(0);

    // Adopted once, however many times (two processes, two starts).
    await declareJobs(QUEUED_JOBS);
    expect(await adoptPendingMail()).toBe(2);
    expect(await adoptPendingMail()).toBe(0);
    expect(await jobsOf(old!.id)).toHaveLength(1);
    expect(await jobsOf(alone)).toHaveLength(1);

    // First start: its adoption adds nothing more, its worker sends both.
    await startQueue([mailDeliveryJob({ transport: transport() })], { pollSeconds: 0.5 });
    await until("both mails", () => received("From before") === 1 && received("Stored alone") === 1);
    await stopQueue();
    // Second start: nothing pending, nothing adopted or sent again.
    await startQueue([mailDeliveryJob({ transport: transport() })], { pollSeconds: 0.5 });
    expect(await adoptPendingMail()).toBe(0);
    // The second worker has polled once a mail queued after its start is sent (not a fixed wait).
    await queueMail(mail("After the second start"));
    await until("the mail queued after the second start", () => received("After the second start") === 1);
    expect(received("From before")).toBe(1);
    expect(received("Stored alone")).toBe(1);
    expect(await rowOf(old!.id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await jobsOf(old!.id)).toEqual([{ state: "completed" }]);
  }, 60_000);

  it("a mail server that refuses: each try counted with its error on the queue's back-off, the last try gives the mail up", async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close(); // nothing listens here
    // Three tries a second or two apart (a job takes its queue's back-off when it is enqueued).
    const job = mailDeliveryJob({
      transport: smtpTransport({ host: "127.0.0.1", port, secure: false }),
      retry: { limit: 2, delaySeconds: 1, maxDelaySeconds: 1 },
    });
    await declareJobs([job]);
    const id = await queueMail(mail("Refused"));
    const began = Date.now();
    await startQueue([job], { pollSeconds: 0.5 });
    await until("the mail given up", async () => (await rowOf(id))?.status === "failed");
    const row = await rowOf(id);
    console.log(`mail queue: 3 refused tries, given up after ${Date.now() - began} ms`);
    expect(row).toMatchObject({ status: "failed", attempts: 3, sentAt: null });
    expect(row!.lastError).toMatch(/ECONNREFUSED/);
    await until("its job failed", async () => (await jobsOf(id))[0]?.state === "failed");

    // The dashboard's retry: a new job for the given-up row, sent once the server answers.
    const back = await startSmtpServer(port);
    try {
      await handle.db.update(notifications).set({ status: "pending", attempts: 0 }).where(eq(notifications.id, id));
      await handle.db.transaction((tx) => requeueMail(tx, [id]));
      await until("the mail sent after the retry", () => back.messages.length === 1);
      // The server has the message before the worker records it: wait for the row, then read it.
      await until("the row marked sent", async () => (await rowOf(id))?.status === "sent");
      expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
    } finally {
      await back.close();
    }
  }, 60_000);

  it("a mail that fails once is sent by its next try; the retry screen starts a waiting try now", async () => {
    const probe = await startSmtpServer();
    const port = probe.port;
    await probe.close();
    const job = mailDeliveryJob({
      transport: smtpTransport({ host: "127.0.0.1", port, secure: false }),
      retry: { limit: 3, delaySeconds: 1, maxDelaySeconds: 1 },
    });
    await declareJobs([job]);
    const soon = await queueMail(mail("Second try"));
    await startQueue([job], { pollSeconds: 0.5 });
    await until("a failed try", async () => ((await rowOf(soon))?.attempts ?? 0) >= 1);
    const back = await startSmtpServer(port);
    try {
      await until("the second try", () => back.messages.length === 1);
      await until("the row marked sent", async () => (await rowOf(soon))?.status === "sent");
      expect(await rowOf(soon)).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await back.close();
    }
    await stopWorkers();
    await stopQueue();

    // A try an hour away is made to start now by the retry screen's requeue.
    const dead = await startSmtpServer();
    const deadPort = dead.port;
    await dead.close();
    const slow = mailDeliveryJob({
      transport: smtpTransport({ host: "127.0.0.1", port: deadPort, secure: false }),
      retry: { limit: 3, delaySeconds: 3600, maxDelaySeconds: 3600 },
    });
    await declareJobs([slow]);
    const later = await queueMail(mail("An hour away"));
    await startQueue([slow], { pollSeconds: 0.5 });
    await until("a failed try", async () => ((await rowOf(later))?.attempts ?? 0) >= 1);
    await until("its job waiting to retry", async () => (await jobsOf(later))[0]?.state === "retry");
    const again = await startSmtpServer(deadPort);
    try {
      await handle.db.transaction((tx) => requeueMail(tx, [later]));
      await until("the mail sent now", () => again.messages.length === 1, 15_000);
      expect(await jobsOf(later)).toHaveLength(1);
    } finally {
      await again.close();
    }
  }, 90_000);

  it("a backlog drains at the send's pace, not one mail a poll", async () => {
    await declareJobs(QUEUED_JOBS);
    for (let n = 0; n < 30; n++) await queueMail(mail(`Backlog ${n}`));
    const began = Date.now();
    // The server's poll (2 s): one mail a poll would take a minute.
    await startQueue([mailDeliveryJob({ transport: transport() })], { pollSeconds: 2 });
    await until("30 mails", () => smtp.messages.length === 30, 20_000);
    const seconds = (Date.now() - began) / 1000;
    console.log(`mail queue (${handle.label}): 30 queued mails sent in ${seconds.toFixed(1)} s (${(30 / seconds).toFixed(0)} a second) by one worker`);
    // Oldest first, one at a time.
    expect(smtp.messages.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual(Array.from({ length: 30 }, (_, n) => `Backlog ${n}`));
  }, 60_000);

  it("a form's one statement and the jobs of the mails it stored commit together; a repeated key adds none", async () => {
    const lead = (n: number) =>
      FreeAuditSchema.parse({ name: `Lead ${n}`, email: `lead${n}@brand.in`, mobileNumber: "9876543210", monthlyRevenue: "0-10L/month", growthChallenge: "x" });
    // Without a queue in this process: the statement alone (its rows adopted at the queue's start).
    const aloneMs: number[] = [];
    for (let n = 0; n < 20; n++) {
      const began = performance.now();
      await createLead(lead(n), {}, `alone-${n}-abcdefghijklmnop`);
      aloneMs.push(performance.now() - began);
    }
    await declareJobs(QUEUED_JOBS);
    const aloneIds = (await handle.db.select({ id: notifications.id }).from(notifications)).map((m) => m.id);
    expect(aloneIds).toHaveLength(40);
    for (const id of aloneIds) expect(await jobsOf(id)).toHaveLength(0);
    await handle.db.execute(sql`truncate notifications, leads, contact_messages, rate_limits, acknowledged_senders cascade`);

    const withJobsMs: number[] = [];
    for (let n = 0; n < 20; n++) {
      const began = performance.now();
      await createLead(lead(100 + n), {}, `queued-${n}-abcdefghijklmnop`);
      withJobsMs.push(performance.now() - began);
    }
    const again = await createLead(lead(100), {}, "queued-0-abcdefghijklmnop");
    expect(again.isNew).toBe(false);
    // Each stored mail (the notification and the sender's acknowledgement) has its one job.
    const mails = await handle.db.select({ id: notifications.id, kind: notifications.kind }).from(notifications);
    expect(mails.filter((m) => m.kind === "lead")).toHaveLength(20);
    expect(mails.filter((m) => m.kind === "acknowledgement")).toHaveLength(20);
    for (const m of mails) expect(await jobsOf(m.id)).toHaveLength(1);
    const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!.toFixed(1);
    console.log(
      `mail queue (${handle.label}): a form's submission, median of 20: ${median(aloneMs)} ms as one statement, ${median(withJobsMs)} ms with its two mails' jobs in its transaction`,
    );
  }, 60_000);
});
