// Starts the embedded database's thread (docs/decisions/0018, 0028): the data folder, its lock, a
// private folder for the thread's Unix socket, the worker. Plain JavaScript so that
// scripts/start.mjs can call it before Next loads; the app calls it too when nothing started the
// thread earlier (src/server/db/client.ts). Types: pglite-start.d.mts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { acquireDataDirLock } from "./lock.mjs";

const WORKER_FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "src", "server", "db", "pglite-worker.mjs");
/** `pg` reaches a Unix socket as host = its folder, port = the number in this name. */
export const SOCKET_PORT = 5432;

/** `dataDir` is a folder (locked for this process) or "memory://" (tests: no folder, no lock). */
export function startPgliteThread(dataDir) {
  let release = () => {};
  if (dataDir !== "memory://") {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    release = acquireDataDirLock(dataDir, `${dataDir}.lock`);
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // The socket server asks for no password: its folder (mode 0700, this user's only) is the access
  // control. It lives in the temporary folder because a socket path is limited to about 100 bytes.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-"));
  const worker = new Worker(WORKER_FILE, {
    workerData: { dataDir, socketPath: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`) },
  });
  // The worker keeps no process alive by itself: the pool's open connections do while they work.
  worker.unref();
  const ready = new Promise((resolve, reject) => {
    worker.on("message", (message) => message === "ready" && resolve());
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
  });
  ready.catch(() => {}); // reported to whoever connects
  async function stop() {
    try {
      if (await ready.then(() => true, () => false)) {
        const closed = new Promise((resolve) => worker.on("message", (message) => message === "closed" && resolve()));
        worker.postMessage("close");
        await Promise.race([closed, new Promise((resolve) => worker.once("exit", resolve))]);
      }
      await worker.terminate();
    } finally {
      fs.rmSync(socketDir, { recursive: true, force: true });
      release();
    }
  }
  return { dataDir, socketDir, port: SOCKET_PORT, worker, ready, stop };
}
