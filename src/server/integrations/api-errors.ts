import type { FieldErrors } from "@/lib/form-state";

// The API's one error shape (docs/decisions/0060): { "error": { "code", "message", "fields"? } },
// whatever the status. `fields` names each invalid field with the dashboard form's own message.

export type ApiErrorCode =
  | "bad_request"
  | "invalid_json"
  | "unauthenticated"
  | "invalid_key"
  | "key_revoked"
  | "key_expired"
  | "insufficient_scope"
  | "forbidden"
  | "not_found"
  | "method_not_allowed"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "conflict"
  | "rate_limited"
  | "internal_error";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | string,
    message: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiErrorBody {
  error: { code: string; message: string; fields?: FieldErrors };
}

export function apiErrorBody(error: Pick<ApiError, "code" | "message" | "fields">): ApiErrorBody {
  return { error: { code: error.code, message: error.message, ...(error.fields && Object.keys(error.fields).length > 0 ? { fields: error.fields } : {}) } };
}

export const notFound = (what = "resource") => new ApiError(404, "not_found", `No such ${what}.`);
export const invalid = (fields: FieldErrors, message = "Some fields need your attention.") => new ApiError(422, "validation_failed", message, fields);
