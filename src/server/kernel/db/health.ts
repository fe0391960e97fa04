import "server-only";
import { getDatabase } from "./client";

/** A database round trip with a deadline, for /api/health. */
export async function checkDatabase(timeoutMs = 2_000): Promise<{ ok: true; kind: string; latencyMs: number } | { ok: false; kind: string; error: string }> {
  const handle = getDatabase();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      handle.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, kind: handle.kind, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, kind: handle.kind, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
