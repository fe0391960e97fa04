import "server-only";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock } from "./lock.ts";

/**
 * Backup and restore of the embedded database: a gzipped tarball of its data folder, made with the
 * system's tar under the data folder's lock, so that it refuses, naming the owner's pid, while a
 * server has the database open (a copy of a folder that is being written is not a backup).
 * (PGlite's own dumpDataDir never settles on a folder on disk here: measured with 0.5.16.)
 */
function tar(args: string[]): void {
  const result = spawnSync("tar", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`tar ${args.join(" ")} failed: ${result.stderr || result.error?.message}`);
}

export function backupPglite(dataDir: string, file: string): { bytes: number } {
  const dir = path.resolve(dataDir);
  if (!fs.existsSync(dir)) throw new Error(`There is no embedded database in ${dir}.`);
  const release = acquireDataDirLock(dir, `${dir}.lock`);
  try {
    const target = path.resolve(file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a crash never leaves half a backup under its name.
    const partial = `${target}.partial`;
    tar(["-czf", partial, "-C", path.dirname(dir), path.basename(dir)]);
    fs.renameSync(partial, target);
    return { bytes: fs.statSync(target).size };
  } finally {
    release();
  }
}

/** Replaces the embedded database with a backup; the folder it replaces is kept beside it. */
export function restorePglite(dataDir: string, file: string): { keptAs: string | null } {
  const dir = path.resolve(dataDir);
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new Error(`There is no backup at ${source}.`);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const release = acquireDataDirLock(dir, `${dir}.lock`);
  try {
    // Unpacked into a fresh folder first: a damaged backup leaves the current database in place.
    const staging = fs.mkdtempSync(path.join(path.dirname(dir), ".restore-"));
    try {
      tar(["-xzf", source, "-C", staging]);
      const unpacked = path.join(staging, fs.readdirSync(staging)[0] ?? "");
      if (!fs.existsSync(path.join(unpacked, "PG_VERSION"))) throw new Error(`${source} is not a backup of an embedded database.`);
      let keptAs: string | null = null;
      if (fs.existsSync(dir)) {
        keptAs = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
        fs.renameSync(dir, keptAs);
      }
      fs.renameSync(unpacked, dir);
      return { keptAs };
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}
