import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startSmtpServer } from "../../tests/helpers/smtp";
import {
  FAULTS_PORT,
  reconcileDatabase,
  createPostgresDatabase,
  newSubmission,
  startServer,
  submit,
  summary,
  tempDir,
  waitHealthy,
  type Target,
} from "./faults";

// 200 concurrent form submissions against the production server (docs/decisions/0014): stored rows equal the
// acknowledged answers, no duplicates, and every row has exactly one notification, delivered once
// to a real SMTP server. tests/lead-capture.test.ts proves the same inside one process with 100
// calls; this goes through HTTP, Next's Server Action handling and the server's own mail worker.

const CONCURRENT = 200;

for (const database of ["embedded", "postgres"] as const) {
  test(`${CONCURRENT} concurrent submissions (${database}): stored rows == acknowledged, 0 duplicates, 0 orphan notifications`, async () => {
    test.setTimeout(300_000);
    const dataDir = tempDir("faults-load-");
    let target: Target = { kind: "pglite", dir: path.join(dataDir, "pglite") };
    let drop = async () => {};
    const env: Record<string, string> = {};
    if (database === "postgres") {
      const created = await createPostgresDatabase();
      if ("skip" in created) {
        console.log(`load (postgres): SKIPPED: ${created.skip}`);
        test.skip(true, created.skip);
        return;
      }
      target = { kind: "postgres", url: created.url };
      env.DATABASE_URL = created.url;
      drop = created.drop;
    }
    const smtp = await startSmtpServer();
    const server = startServer(FAULTS_PORT + (database === "embedded" ? 0 : 1), {
      ...env,
      DATA_DIR: dataDir,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtp.port),
    });
    try {
      await waitHealthy(server);
      const tag = `load-${database}-${Date.now()}`;
      const started = performance.now();
      const outcomes = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) => submit(server.url, newSubmission(i % 2 ? "audit" : "contact", tag), 120_000)),
      );
      const seconds = (performance.now() - started) / 1000;
      const s = summary(outcomes);

      // The server's mail worker sends every notification to our SMTP server.
      await expect.poll(() => smtp.messages.filter((m) => m.raw.includes(tag)).length, { timeout: 120_000, intervals: [500] }).toBe(s.acknowledged);
      await server.stop();
      const reconciled = await reconcileDatabase(target, tag, outcomes);
      const mails = smtp.messages.filter((m) => m.raw.includes(tag));
      const mailedEmails = new Set(mails.map((m) => /^Reply-To: (\S+@faults\.test)$/m.exec(m.raw)?.[1]).filter(Boolean));
      console.log(
        `load (${database}): ${s.sent} concurrent submissions in ${seconds.toFixed(1)} s: ${s.acknowledged} acknowledged, ` +
          `${s.refusedWithMessage} refused with a message, ${s.http5xx} 5xx, ${s.noAnswer} without answer; ` +
          `${reconciled.stored} rows stored, ${reconciled.lost.length} lost, ${reconciled.duplicates} duplicates, ` +
          `${reconciled.rowsWithoutOneNotification} rows without exactly one notification, ${reconciled.orphanNotifications} orphan notifications; ` +
          `${mails.length} mails received for ${mailedEmails.size} distinct submissions; notifications ${JSON.stringify(reconciled.notificationsByStatus)}`,
      );
      expect(s.acknowledged).toBe(CONCURRENT);
      expect(reconciled.stored).toBe(s.acknowledged);
      expect(reconciled.lost).toEqual([]);
      expect(reconciled.duplicates).toBe(0);
      expect(reconciled.rowsWithoutOneNotification).toBe(0);
      expect(reconciled.orphanNotifications).toBe(0);
      expect(reconciled.notificationsByStatus).toEqual({ sent: CONCURRENT });
      expect(mails).toHaveLength(CONCURRENT);
      expect(mailedEmails.size).toBe(CONCURRENT);
    } finally {
      await server.stop();
      await smtp.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
