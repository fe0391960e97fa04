// A table the host keeps in memory, loaded from what the app registers on the bridge (the redirect
// table, the running A/B experiment): loaded once the app has booted, again whenever it changes.
// A load that fails (the app not booted yet, the database down) is tried again after RETRY_MS,
// doubling up to MAX_RETRY_MS: a database that is down for long is not asked every second. It loses
// no change: a change needs the database, and on PostgreSQL the invalidation channel coming back
// reloads. Reloads overlap when changes come fast: only the latest one's answer is applied.

export const RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

export interface Reloader {
  reload(): Promise<void>;
  /** No more tries (shutdown). */
  cancel(): void;
}

export interface ReloaderOptions<Source, Value> {
  /** What is loaded, e.g. "redirects": named in the log. */
  name: string;
  /** The app's store on the bridge; undefined until the app has booted. */
  source: () => Source | undefined;
  load: (source: Source) => Promise<Value>;
  /** Takes the loaded value; what it returns is logged when a load succeeds after failures. */
  apply: (value: Value) => object | void;
  log: (level: "info" | "warn" | "error", msg: string, fields?: object) => void;
}

export function createReloader<Source, Value>({ name, source, load, apply, log }: ReloaderOptions<Source, Value>): Reloader {
  let generation = 0;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  async function reload(): Promise<void> {
    const mine = ++generation;
    clearTimeout(retryTimer);
    const from = source();
    if (!from) {
      // The app has not booted yet: asked again each second, which is no failure.
      retryTimer = setTimeout(() => void reload(), RETRY_MS);
      retryTimer.unref();
      return;
    }
    try {
      const value = await load(from);
      if (mine !== generation) return;
      const fields = apply(value);
      if (failures > 0) log("info", `${name} loaded`, fields ?? {});
      failures = 0;
    } catch (error) {
      if (mine !== generation) return;
      failures += 1;
      // The 1st, 2nd, 4th... failure is logged, not each one of a long outage.
      if ((failures & (failures - 1)) === 0) log("warn", `${name} not loaded, trying again`, { error: (error as Error).message, failures });
      retryTimer = setTimeout(() => void reload(), Math.min(RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS));
      retryTimer.unref();
    }
  }

  return { reload, cancel: () => clearTimeout(retryTimer) };
}
