import type { Worker } from "node:worker_threads";

export interface StartedPglite {
  dataDir: string;
  worker: Worker;
  /** Releases the data folder's lock (nothing for "memory://"). */
  release: () => void;
  /** Set if the worker failed before PgliteThread listened to it. */
  error?: Error;
}
export function startPgliteThread(dataDir: string): StartedPglite;
