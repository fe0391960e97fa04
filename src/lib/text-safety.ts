/**
 * Text the database cannot keep exactly as sent (docs/decisions/0016). RTL overrides, zero-width
 * characters, emoji and ZWJ sequences, combining marks and astral-plane characters are stored as
 * they came; control characters are refused by the schemas (`controlCharacter` below,
 * docs/decisions/0023). These three are refused with a message, never altered silently:
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

/** C0 controls, DEL and C1 controls (NEL, U+0085, included): invisible, and terminals, mail and logs act on some. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but TAB, LF and CR, which a text area sends. */
const CONTROL_IN_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A single-line field also refuses the Unicode line and paragraph separators. */
const LINE_SEPARATOR = /[\u2028\u2029]/;

const CONTROL_NAMES: Record<number, string> = {
  0x00: "NUL",
  0x07: "bell",
  0x08: "backspace",
  0x09: "tab",
  0x0a: "line feed",
  0x0b: "vertical tab",
  0x0c: "form feed",
  0x0d: "carriage return",
  0x1b: "escape",
  0x7f: "delete",
  0x85: "next line",
  0x2028: "line separator",
  0x2029: "paragraph separator",
};

/**
 * The first control character in a text ("U+001B escape"), or null (docs/decisions/0023). A
 * single-line field (a name, a company, a title) refuses every control character and the line
 * separators; a multi-line one (a message, notes, content) accepts TAB, LF and CR. RTL overrides,
 * zero-width characters, emoji and combining marks are not controls and are stored as sent.
 */
export function controlCharacter(value: string, multiline = false): string | null {
  const match = (multiline ? CONTROL_IN_MULTILINE : CONTROL).exec(value) ?? (multiline ? null : LINE_SEPARATOR.exec(value));
  if (!match) return null;
  const code = match[0].charCodeAt(0);
  const name = CONTROL_NAMES[code] ?? "control character";
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")} ${name}`;
}
