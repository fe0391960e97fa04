// The embedded database's own thread (docs/decisions/0018, 0028). PGlite is Postgres compiled to
// WebAssembly: its start (about 0.4 s) and every query run on the thread that owns it. Here that is
// this worker, so the server's main thread loads Next and answers requests meanwhile. The worker
// serves PGlite over the PostgreSQL protocol with PGlite's own socket server
// (@electric-sql/pglite-socket) on a Unix socket in a private folder; the main thread reaches it
// with the ordinary `pg` pool, the same driver as for PostgreSQL (src/server/db/client.ts).
//
// Messages out: "ready" once the socket listens, "closed" after a "close" message in.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

const db = await PGlite.create(workerData.dataDir);
// The pool uses one connection at a time (src/server/db/client.ts), but `pg`'s pool replaces a
// connection after an error before the old one has gone: a second slot keeps that from being refused.
const server = new PGLiteSocketServer({ db, path: workerData.socketPath, maxConnections: 4 });
await server.start();
parentPort.postMessage("ready");

parentPort.on("message", async (message) => {
  if (message !== "close") return;
  await server.stop();
  if (!db.closed) await db.close();
  parentPort.postMessage("closed");
});
