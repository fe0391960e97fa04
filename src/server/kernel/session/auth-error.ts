/**
 * better-auth's refusals (its `APIError`), recognised by their shape rather than by class.
 *
 * Next gives the `/api/auth` route handler and the Server Actions a copy each of better-auth's
 * code, while the one auth instance (server/bridge.mjs) is made by whichever bundle asks first: when
 * that is the route handler (e.g. `GET /api/auth/get-session` is the first request after a restart),
 * every error the instance throws is an instance of the route handler's `APIError`, and
 * `instanceof APIError` in a Server Action is false. The shape is what better-call gives every
 * such error whichever copy made it: `name` "APIError", a numeric `statusCode`, a `body` with the
 * refusal's `code` and `message` (docs/decisions/0020).
 */
export interface AuthRefusal {
  /** The HTTP status the refusal answers with (401, 429, ...). */
  status: number;
  /** better-auth's code (`INVALID_EMAIL_OR_PASSWORD`, `INVALID_CODE`) or ours (`TOO_MANY_ATTEMPTS`). */
  code: string | undefined;
  /** Its fixed words, never SQL or a stack. */
  message: string | undefined;
}

export function authRefusal(error: unknown): AuthRefusal | null {
  if (!error || typeof error !== "object") return null;
  const candidate = error as { name?: unknown; statusCode?: unknown; body?: unknown };
  if (candidate.name !== "APIError" || typeof candidate.statusCode !== "number") return null;
  const body = candidate.body && typeof candidate.body === "object" ? (candidate.body as { code?: unknown; message?: unknown }) : {};
  return {
    status: candidate.statusCode,
    code: typeof body.code === "string" ? body.code : undefined,
    message: typeof body.message === "string" ? body.message : undefined,
  };
}

/** The refusal's code, or undefined for anything that is not a better-auth refusal. */
export const authErrorCode = (error: unknown): string | undefined => authRefusal(error)?.code;
