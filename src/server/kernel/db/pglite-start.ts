// Starts the embedded database's thread (docs/decisions/0018): the data folder, its lock, the
// worker. Loaded by the host as it is (Node strips the types) so that host/start.ts can call it
// before Next loads; the app calls it too when nothing started the thread earlier (src/server/kernel/db/client.ts).
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { acquireDataDirLock } from "./lock.ts";

const WORKER_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "src", "server", "kernel", "db", "pglite-worker.ts");

export interface StartedPglite {
  dataDir: string;
  worker: Worker;
  /** Releases the data folder's lock (nothing for "memory://"). */
  release: () => void;
  /** Set if the worker failed before PgliteThread listened to it. */
  error?: Error;
}

/** `dataDir` is a folder (locked for this process) or "memory://" (tests: no folder, no lock). */
export function startPgliteThread(dataDir: string): StartedPglite {
  let release = () => {};
  if (dataDir !== "memory://") {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    release = acquireDataDirLock(dataDir, `${dataDir}.lock`);
    fs.mkdirSync(dataDir, { recursive: true });
  }
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir } });
  const started: StartedPglite = { dataDir, worker, release, error: undefined };
  // Until PgliteThread listens: a failure is kept, not thrown as an unhandled 'error' event.
  worker.once("error", (error) => (started.error ??= error));
  worker.once("exit", (code) => (started.error ??= new Error(`The embedded database's thread stopped (exit code ${code}).`)));
  return started;
}
