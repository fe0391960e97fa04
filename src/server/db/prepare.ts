import "server-only";
import type { DatabaseHandle } from "./client";
import { isContentEmpty, seedSampleContent } from "./seed";

/** Migrates, then fills an empty database with the sample content. Safe to run on every start. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<{ seeded: boolean }> {
  await handle.migrate();
  if (await isContentEmpty(handle.db)) {
    await seedSampleContent(handle.db);
    return { seeded: true };
  }
  return { seeded: false };
}
