import "server-only";

type Level = "debug" | "info" | "warn" | "error";

/** One JSON object per line on stdout/stderr, so that logs can be searched and shipped as they are. */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    // Drizzle wraps the driver's error: its message is the SQL, the cause says why (ECONNREFUSED...).
    const cause = error.cause instanceof Error ? { cause: error.cause.message } : {};
    return { error: error.message, errorName: error.name, ...cause };
  }
  return { error: String(error) };
}
