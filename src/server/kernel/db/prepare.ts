import "server-only";
import { getDatabase, type DatabaseHandle } from "./client";
import { isContentEmpty, seedSampleContent } from "./seed";

/**
 * Migrates, then fills an empty database with the sample content. Safe to run on every start.
 * Returns the milliseconds each step took (the first query also pays for opening the database).
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<{ seeded: boolean; timings: { migrateMs: number; checkMs: number; seedMs?: number } }> {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const ms = Math.round(now - mark);
    mark = now;
    return ms;
  };
  await handle.migrate();
  const migrateMs = lap();
  const empty = await isContentEmpty(handle.db);
  const checkMs = lap();
  if (empty) {
    await seedSampleContent(handle.db);
    return { seeded: true, timings: { migrateMs, checkMs, seedMs: lap() } };
  }
  return { seeded: false, timings: { migrateMs, checkMs } };
}

/**
 * Server start-up (src/server/boot.ts): opens the process-wide database (the handle the host
 * started, or one of its own) and prepares it; the kind tells whether it is the embedded one.
 */
export async function prepareAppDatabase(): Promise<{
  kind: DatabaseHandle["kind"];
  seeded: boolean;
  timings: { migrateMs: number; checkMs: number; seedMs?: number };
}> {
  const handle = getDatabase();
  return { kind: handle.kind, ...(await prepareDatabase(handle)) };
}
