// The host's queue of counted page views (docs/decisions/0056): a page never waits for the
// database. Page views wait here, in memory, and are written in batches by the function the app
// registers on the bridge (src/server/kernel/bridge.ts setPageViewSink), every `intervalMs` or as soon as
// `batchSize` are waiting. Bounded: when full, page views are dropped and counted, never the page.
// No "server-only", no app imports: the host loads it as it is.
import type { PageViewRecord } from "./page-view.ts";

/** Writes one batch (one multi-row INSERT); throws when it could not. */
export type PageViewSink = (batch: PageViewRecord[]) => Promise<void>;

export interface PageViewQueueOptions {
  /** At most this many page views wait; more are dropped (and counted). */
  capacity: number;
  /** At most this many in one INSERT; this many waiting start a write at once. */
  batchSize: number;
  intervalMs: number;
  /** The app's writer, once it has booted; until then page views wait. */
  sink: () => PageViewSink | undefined;
  /** Told of a failed write (the batch goes back to the queue) and of drops, each with the totals so far. */
  onFailure?: (error: unknown, totals: PageViewQueueStats) => void;
  onDrop?: (totals: PageViewQueueStats) => void;
}

export interface PageViewQueueStats {
  queued: number;
  written: number;
  dropped: number;
  failedWrites: number;
}

export interface PageViewQueue {
  /** Queues a page view; false when the queue was full and it was dropped. */
  push(view: PageViewRecord): boolean;
  /** Writes everything waiting (in batches); resolves when done or when a write failed. */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what waits (the graceful shutdown, host/server.ts). */
  stop(): Promise<void>;
  stats(): PageViewQueueStats;
}

export function createPageViewQueue(options: PageViewQueueOptions): PageViewQueue {
  let waiting: PageViewRecord[] = [];
  let written = 0;
  let dropped = 0;
  let failedWrites = 0;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let again = false;
  let soon = false;

  const stats = (): PageViewQueueStats => ({ queued: waiting.length, written, dropped, failedWrites });

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const sink = options.sink();
      if (!sink) return;
      const batch = waiting.slice(0, options.batchSize);
      waiting = waiting.slice(batch.length);
      try {
        await sink(batch);
        written += batch.length;
      } catch (error) {
        failedWrites++;
        // Back to the front, to be tried on the next round; what no longer fits is dropped.
        const room = Math.max(0, options.capacity - waiting.length);
        const kept = batch.slice(0, room);
        dropped += batch.length - kept.length;
        waiting = kept.concat(waiting);
        options.onFailure?.(error, stats());
        return;
      }
    }
  }

  function flush(): Promise<void> {
    if (current) {
      // One write at a time; a flush asked for during one runs after it.
      again = true;
      return current;
    }
    current = drain().finally(() => {
      current = undefined;
      if (again) {
        again = false;
        void flush();
      }
    });
    return current;
  }

  return {
    push(view) {
      if (waiting.length >= options.capacity) {
        dropped++;
        options.onDrop?.(stats());
        return false;
      }
      waiting.push(view);
      if (waiting.length >= options.batchSize && !soon) {
        soon = true;
        setImmediate(() => {
          soon = false;
          void flush();
        });
      }
      return true;
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), options.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current;
      await flush();
    },
    stats,
  };
}
