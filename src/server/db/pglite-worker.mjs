// The embedded database's own thread (docs/decisions/0018). PGlite is Postgres compiled to
// WebAssembly: its start (about 0.4 s) and every query run on the thread that owns it. Here that is
// this worker, so the server's main thread loads Next and answers requests meanwhile, and a form's
// statement no longer competes with rendering. The main side is src/server/db/pglite-thread.ts.
//
// Messages in: { id, op: "ready" | "query" | "begin" | "commit" | "rollback" | "close", ... }.
// Every message gets exactly one answer: { id, result } or { id, error }.
// PGlite's own mutexes keep its semantics: a query from outside waits for an open transaction.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";

const client = new PGlite(workerData.dataDir);
const keepRaw = (value) => value;
/** Open transactions: the id of the "begin" message -> the transaction and its way out. */
const transactions = new Map();

/** Errors cross as plain objects: structured cloning would keep only name and message. */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/**
 * Drizzle asks for some types as the text Postgres sent (timestamps, dates, intervals): it passes
 * functions that return their input, which cannot cross threads, so the main side sends the type
 * ids and they are made here again.
 */
function queryOptions(message) {
  if (!message.rowMode && !message.rawTypes) return undefined;
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.rawTypes) options.parsers = Object.fromEntries(message.rawTypes.map((type) => [type, keepRaw]));
  return options;
}

function target(message) {
  if (message.transaction === undefined) return client;
  const open = transactions.get(message.transaction);
  if (!open) throw new Error("This transaction is no longer open.");
  return open.tx;
}

const ROLLBACK = new Error("rolled back on request");

/** BEGIN: PGlite's transaction stays open, holding its lock, until "commit" or "rollback". */
function begin(id) {
  return new Promise((began, failed) => {
    const done = client.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          began(null);
        }),
    );
    done.catch(failed); // BEGIN itself failed (once begun, this changes nothing)
  });
}

/** Ends a transaction; answers once COMMIT (or ROLLBACK) has run. */
async function end(message, commit) {
  const open = transactions.get(message.transaction);
  if (!open) throw new Error("This transaction is no longer open.");
  transactions.delete(message.transaction);
  if (commit) {
    open.commit();
    await open.done;
  } else {
    open.rollback(ROLLBACK);
    await open.done.catch((error) => {
      if (error !== ROLLBACK) throw error;
    });
  }
  return null;
}

async function answer(message) {
  switch (message.op) {
    case "ready":
      await client.waitReady;
      return null;
    case "query": {
      const result = await target(message).query(message.sql, message.params, queryOptions(message));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "begin":
      return begin(message.id);
    case "commit":
      return end(message, true);
    case "rollback":
      return end(message, false);
    case "close":
      if (!client.closed) await client.close();
      return null;
    default:
      throw new Error(`Unknown database operation ${message.op}`);
  }
}

parentPort.on("message", (message) => {
  answer(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
