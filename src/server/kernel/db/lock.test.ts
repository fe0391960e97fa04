import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DatabaseLockedError } from "./lock.ts";

const dirs: string[] = [];
function tempLock() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return { dataDir: path.join(dir, "pglite"), lockPath: path.join(dir, "pglite.lock") };
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("embedded database lock", () => {
  it("writes this process's pid and removes it on release", () => {
    const { dataDir, lockPath } = tempLock();
    const release = acquireDataDirLock(dataDir, lockPath);
    expect(fs.readFileSync(lockPath, "utf8").trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dataDir, lockPath)).not.toThrow(); // same process: re-entrant
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("refuses while another live process holds it, naming the folder and the pid", async () => {
    const { dataDir, lockPath } = tempLock();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(lockPath, `${other.pid}\n`);
      let caught: unknown;
      try {
        acquireDataDirLock(dataDir, lockPath);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DatabaseLockedError);
      expect((caught as Error).message).toContain(dataDir);
      expect((caught as Error).message).toContain(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it("takes over a stale lock whose owner is gone", async () => {
    const { dataDir, lockPath } = tempLock();
    const gone = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => gone.on("exit", resolve));
    fs.writeFileSync(lockPath, `${gone.pid}\n`);
    const release = acquireDataDirLock(dataDir, lockPath);
    expect(fs.readFileSync(lockPath, "utf8").trim()).toBe(String(process.pid));
    release();
  });
});
