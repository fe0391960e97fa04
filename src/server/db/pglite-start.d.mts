import type { Worker } from "node:worker_threads";

export const SOCKET_PORT: number;

export interface StartedPglite {
  dataDir: string;
  /** The folder of the thread's Unix socket: `pg`'s host. */
  socketDir: string;
  /** The number in the socket's name: `pg`'s port. */
  port: number;
  worker: Worker;
  /** Settles once the socket listens; rejects if the thread failed first. */
  ready: Promise<void>;
  /** Closes the database and the thread, removes the socket folder, releases the data folder's lock. */
  stop(): Promise<void>;
}
export function startPgliteThread(dataDir: string): StartedPglite;
