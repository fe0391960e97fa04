/**
 * The SQLSTATE a failed statement reported (and the constraint it names), as pg and PGlite give it,
 * possibly wrapped in `cause` by drizzle. Callers compare the code: 23505 unique_violation, 23503
 * foreign_key_violation, 40001 serialization_failure, 40P01 deadlock_detected.
 */
export function databaseError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string") return { code, constraint: typeof constraint === "string" ? constraint : undefined };
  }
  return undefined;
}
