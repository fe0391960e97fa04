// The embedded database's own thread (docs/decisions/0018). PGlite is Postgres compiled to
// WebAssembly: its start (about 0.4 s) and every query run on the thread that owns it. Here that is
// this worker, so the server's main thread loads Next and answers requests meanwhile, and a form's
// statement no longer competes with rendering. The main side is src/server/kernel/db/pglite-thread.ts.
//
// Messages in: { id, op: "ready" | "query" | "exec" | "begin" | "commit" | "rollback" | "close", ... }.
// Every message gets exactly one answer: { id, result } or { id, error }.
// PGlite's own mutexes keep its semantics: a query from outside waits for an open transaction.
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";

/** One message from the main side (src/server/kernel/db/pglite-thread.ts). */
interface Message {
  id: number;
  op: "ready" | "query" | "exec" | "begin" | "commit" | "rollback" | "close";
  transaction?: number;
  sql?: string;
  params?: unknown[];
  rowMode?: "array" | "object";
  rawTypes?: number[];
}

interface OpenTransaction {
  tx: Transaction;
  commit: (value: unknown) => void;
  rollback: (reason: unknown) => void;
  done: Promise<unknown>;
}

const client = new PGlite((workerData as { dataDir: string }).dataDir);
const port = parentPort!;
const keepRaw = (value: string) => value;
/** Open transactions: the id of the "begin" message -> the transaction and its way out. */
const transactions = new Map<number, OpenTransaction>();

/** Errors cross as plain objects: structured cloning would keep only name and message. */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack };
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
function queryOptions(message: Message): QueryOptions | undefined {
  if (!message.rowMode && !message.rawTypes) return undefined;
  const options: QueryOptions = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.rawTypes) options.parsers = Object.fromEntries(message.rawTypes.map((type) => [type, keepRaw]));
  return options;
}

function target(message: Message): PGlite | Transaction {
  if (message.transaction === undefined) return client;
  const open = transactions.get(message.transaction);
  if (!open) throw new Error("This transaction is no longer open.");
  return open.tx;
}

const ROLLBACK = new Error("rolled back on request");

/** BEGIN: PGlite's transaction stays open, holding its lock, until "commit" or "rollback". */
function begin(id: number): Promise<null> {
  return new Promise((began, failed) => {
    const done = client.transaction(
      (tx) =>
        new Promise<unknown>((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          began(null);
        }),
    );
    done.catch(failed); // BEGIN itself failed (once begun, this changes nothing)
  });
}

/** Ends a transaction; answers once COMMIT (or ROLLBACK) has run. */
async function end(message: Message, commit: boolean): Promise<null> {
  const open = transactions.get(message.transaction!);
  if (!open) throw new Error("This transaction is no longer open.");
  transactions.delete(message.transaction!);
  if (commit) {
    open.commit(undefined);
    await open.done;
  } else {
    open.rollback(ROLLBACK);
    await open.done.catch((error: unknown) => {
      if (error !== ROLLBACK) throw error;
    });
  }
  return null;
}

/**
 * Work outside a transaction (plain statements, multi-statement calls, BEGIN) runs one at a time in
 * arrival order. PGlite runs one statement at a time anyway; the turn matters after a failed
 * multi-statement call: one that failed after its own BEGIN leaves the session in an aborted
 * transaction, and every later statement would be refused ("current transaction is aborted") until
 * a ROLLBACK. The ROLLBACK is sent in the same turn, so nothing can run between the failure and it.
 */
let outside: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const turn = outside.then(work, work);
  outside = turn.catch(() => undefined);
  return turn;
}

async function execOutside(sql: string) {
  try {
    return await client.exec(sql);
  } catch (error) {
    await client.exec("ROLLBACK"); // only a warning when no transaction is open
    throw error;
  }
}

async function answer(message: Message): Promise<unknown> {
  switch (message.op) {
    case "ready":
      await client.waitReady;
      return null;
    case "query": {
      const run = () => target(message).query(message.sql!, message.params, queryOptions(message));
      const result = message.transaction === undefined ? await inTurn(run) : await run();
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec": {
      // Several statements without parameters in one call (the job queue's schema and its locked
      // blocks, docs/decisions/0089): one answer with the rows of every statement, in order.
      const results = message.transaction === undefined ? await inTurn(() => execOutside(message.sql!)) : await target(message).exec(message.sql!);
      return { rows: results.flatMap((r) => r.rows), fields: [] };
    }
    case "begin":
      return inTurn(() => begin(message.id));
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

port.on("message", (message: Message) => {
  answer(message).then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) => port.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
