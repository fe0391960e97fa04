/**
 * Text the database cannot keep exactly as sent (docs/decisions/0016). Everything else — RTL
 * overrides, zero-width characters, emoji and ZWJ sequences, combining marks, other control
 * characters, astral-plane characters — is stored as it came. These three are refused with a message,
 * never altered silently:
 * - NUL (U+0000): PostgreSQL's text type cannot hold it; stripping it would store something else
 *   than what was sent.
 * - a lone UTF-16 surrogate: not a character; encoding it to UTF-8 on its way to the database would
 *   turn it into U+FFFD.
 * - U+FFFD, the replacement character: the request body's UTF-8 decoder puts it where the bytes
 *   were not valid UTF-8, so the text as sent is already lost (a real U+FFFD is never typed).
 */
export function unstorableReason(value: string): string | null {
  if (value.includes("\u0000")) return "contains a NUL character (U+0000), which cannot be stored. Remove it and send again.";
  if (!value.isWellFormed()) return "contains a broken character (a lone UTF-16 surrogate), which cannot be stored. Remove it and send again.";
  if (value.includes("\uFFFD")) return "contains bytes that are not valid UTF-8 (shown as \uFFFD), so it cannot be stored as sent. Retype it and send again.";
  return null;
}

/** A message per field whose text cannot be stored as sent; empty when every field can. */
export function unstorableFields(values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value !== "string") continue;
    const reason = unstorableReason(value);
    if (reason) errors[key] = `This field ${reason}`;
  }
  return errors;
}
