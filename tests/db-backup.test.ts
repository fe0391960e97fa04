import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { backupPglite, restorePglite } from "@/server/kernel/db/backup";

describe("embedded database backup and restore", () => {
  it("restores a backup with every row, and keeps the folder it replaced", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
    const dataDir = path.join(root, "pglite");
    const file = path.join(root, "backups", "db.tgz");
    const rows = 500;

    let db = new PGlite(dataDir);
    await db.exec("create table leads (id serial primary key, name text not null)");
    await db.query("insert into leads (name) select 'lead ' || g || ' ✓ \u202Eevil' from generate_series(1, $1::int) g", [rows]);
    await db.close();

    const { bytes } = backupPglite(dataDir, file);
    expect(bytes).toBeGreaterThan(0);

    db = new PGlite(dataDir); // damage after the backup
    await db.exec("delete from leads where id % 2 = 0; insert into leads (name) values ('after backup')");
    await db.close();

    const { keptAs } = restorePglite(dataDir, file);
    expect(keptAs && fs.existsSync(keptAs)).toBeTruthy();
    db = new PGlite(dataDir);
    const count = await db.query<{ n: number }>("select count(*)::int as n from leads");
    const sample = await db.query<{ name: string }>("select name from leads where id = 250");
    const after = await db.query<{ n: number }>("select count(*)::int as n from leads where name = 'after backup'");
    await db.close();
    console.log(`Backup: ${bytes} bytes; restored ${count.rows[0]!.n} of ${rows} rows`);
    expect(count.rows[0]!.n).toBe(rows);
    expect(sample.rows[0]!.name).toBe("lead 250 ✓ \u202Eevil");
    expect(after.rows[0]!.n).toBe(0);
    fs.rmSync(root, { recursive: true, force: true });
  }, 300_000);
});
