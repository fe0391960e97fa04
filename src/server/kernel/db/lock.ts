// Loaded by the host as it is (Node strips the types) so that host/start.ts can take the lock
// before Next loads (docs/decisions/0018).
import fs from "node:fs";

/**
 * PGlite has no cross-process lock: two processes writing one data folder silently lose rows
 * (docs/decisions/0002). This owner-pid lock file, created with O_EXCL and honoured while that pid
 * lives, turns that into one clear error.
 */
export class DatabaseLockedError extends Error {
  readonly dataDir: string;
  readonly ownerPid: number;
  readonly lockPath: string;

  constructor(dataDir: string, ownerPid: number, lockPath: string) {
    super(
      `The embedded database in ${dataDir} is in use by process ${ownerPid}. ` +
        `Stop that process first (or set DATABASE_URL to use PostgreSQL). ` +
        `If no such process is running, delete ${lockPath}.`,
    );
    this.name = "DatabaseLockedError";
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
    this.lockPath = lockPath;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Takes the lock for this process; returns a function that releases it. */
export function acquireDataDirLock(dataDir: string, lockPath: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.rmSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = NaN;
      try {
        owner = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      } catch {
        continue; // removed between our two calls: try again
      }
      if (owner === process.pid) return () => {};
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new DatabaseLockedError(dataDir, owner, lockPath);
      }
      fs.rmSync(lockPath, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
