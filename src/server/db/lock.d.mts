export class DatabaseLockedError extends Error {
  constructor(dataDir: string, ownerPid: number, lockPath: string);
  readonly dataDir: string;
  readonly ownerPid: number;
  readonly lockPath: string;
}
/** Takes the lock for this process; returns a function that releases it. */
export function acquireDataDirLock(dataDir: string, lockPath: string): () => void;
