import "server-only";
import type { StartedPglite } from "./pglite-start.ts";

/**
 * The main thread's side of the embedded database's own thread (src/server/kernel/db/pglite-worker.ts,
 * docs/decisions/0018): the part of PGlite's interface that Drizzle uses (query, transaction,
 * close), each call one message to the worker.
 */

interface QueryOptions {
  rowMode?: "array" | "object";
  /** Drizzle passes functions that keep these types as text; their type ids cross instead. */
  parsers?: Record<number, (value: string) => unknown>;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface PgliteTransactionClient {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  readonly closed: boolean;
}

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

function toError(fields: Record<string, unknown> & { message: string }): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private failure: Error | null = null;
  closed = false;
  readonly waitReady: Promise<void>;
  private readonly worker: StartedPglite["worker"];

  constructor(started: StartedPglite) {
    const worker = (this.worker = started.worker);
    worker.on("message", (answer: Answer) => this.settle(answer));
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`The embedded database's thread stopped (exit code ${code}).`)));
    worker.unref(); // held only while a call is waiting (see call())
    if (started.error) this.fail(started.error);
    this.waitReady = this.call({ op: "ready" }).then(() => undefined);
    this.waitReady.catch(() => {}); // reported to whoever queries
  }

  query(sql: string, params: unknown[] = [], options?: QueryOptions, transaction?: number): Promise<QueryResult> {
    return this.call({
      op: "query",
      sql,
      params,
      rowMode: options?.rowMode,
      rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      transaction,
    }) as Promise<QueryResult>;
  }

  /**
   * Several statements without parameters, run as one call (simple protocol): what the job queue's
   * engine sends for its schema and its locked blocks (docs/decisions/0089).
   */
  exec(sql: string, transaction?: number): Promise<QueryResult> {
    return this.call({ op: "exec", sql, transaction }) as Promise<QueryResult>;
  }

  /** Runs fn inside BEGIN ... COMMIT on the worker; ROLLBACK if fn throws. */
  async transaction<T>(fn: (tx: PgliteTransactionClient) => Promise<T>): Promise<T> {
    const id = this.nextId++; // the worker names the transaction after its "begin" message
    await this.call({ op: "begin" }, id);
    let ended = false;
    const tx: PgliteTransactionClient = {
      query: (sql, params, options) => {
        if (ended) return Promise.reject(new Error("Transaction is closed"));
        return this.query(sql, params, options, id);
      },
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      ended = true;
      await this.call({ op: "rollback", transaction: id }).catch(() => {});
      throw error;
    }
    ended = true;
    await this.call({ op: "commit", transaction: id });
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.failure) await this.call({ op: "close" });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }

  private call(message: Record<string, unknown>, id = this.nextId++): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error("The embedded database is closed."));
    return new Promise((resolve, reject) => {
      // A waiting call keeps the process alive; an idle database does not (scripts end by themselves).
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle(answer: Answer): void {
    const waiting = this.pending.get(answer.id);
    if (!waiting) return;
    this.pending.delete(answer.id);
    if (this.pending.size === 0) this.worker.unref();
    if (answer.error) waiting.reject(toError(answer.error));
    else waiting.resolve(answer.result);
  }

  private fail(error: Error): void {
    if (this.closed) return;
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }
}
