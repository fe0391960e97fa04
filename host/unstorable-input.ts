// Text no route can keep or search for, refused in one place before the app reads it
// (docs/decisions/0076): a NUL (PostgreSQL's text cannot hold U+0000, and a query that passes one
// fails inside the database), and bytes that are not UTF-8 (overlong forms, surrogates encoded as
// UTF-8, truncated sequences), which decoding would turn into U+FFFD, a different text from the one
// sent. Checked in every path segment and every query name and value of every request, and in the
// MCP server's JSON-RPC bodies (tool names and arguments), where a JSON escape can also carry a
// lone UTF-16 surrogate. Forms and the REST API's bodies refuse the same text beside the field
// (src/lib/text-safety.ts, ADR 0016); what is refused here never reaches a route.

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes a percent-encoded piece of a target stands for (a "%" not followed by two hex digits is kept as it is). */
function percentDecodedBytes(piece: string): Buffer {
  // The HTTP parser hands the request line over as latin1: a raw byte above 0x7f is one character.
  const raw = Buffer.from(piece, "latin1");
  const out = Buffer.alloc(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i]!;
    if (byte === 0x25 && isHex(raw[i + 1]) && isHex(raw[i + 2])) {
      out[n++] = parseInt(String.fromCharCode(raw[i + 1]!, raw[i + 2]!), 16);
      i += 2;
    } else out[n++] = byte;
  }
  return out.subarray(0, n);
}

function isHex(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66));
}

/** Why these bytes cannot be kept as text, or null. */
function unstorableBytes(bytes: Buffer): string | null {
  if (bytes.includes(0)) return "a NUL character (U+0000)";
  try {
    STRICT_UTF8.decode(bytes);
  } catch {
    return "bytes that are not valid UTF-8";
  }
  return null;
}

/** Why a decoded string cannot be kept as text, or null. */
export function unstorableString(value: string): string | null {
  if (value.includes("\u0000")) return "a NUL character (U+0000)";
  if (!value.isWellFormed()) return "a lone UTF-16 surrogate";
  return null;
}

/**
 * Where and why a request target holds text that cannot be stored, or null. Every path segment and
 * every query name and value is decoded as a route would decode it (a "+" in a query is a space).
 */
export function unstorableInTarget(url: string | undefined): string | null {
  const raw = String(url ?? "/");
  const hash = raw.indexOf("#");
  const target = hash === -1 ? raw : raw.slice(0, hash);
  const mark = target.indexOf("?");
  const pathname = mark === -1 ? target : target.slice(0, mark);
  for (const segment of pathname.split("/")) {
    const reason = unstorableBytes(percentDecodedBytes(segment));
    if (reason) return `the address's path holds ${reason}`;
  }
  if (mark !== -1) {
    for (const pair of target.slice(mark + 1).split("&")) {
      for (const part of pair.split("=")) {
        const reason = unstorableBytes(percentDecodedBytes(part.replace(/\+/g, " ")));
        if (reason) return `the address's query holds ${reason}`;
      }
    }
  }
  return null;
}

/** Why a JSON body holds text that cannot be stored (in a key or a string anywhere in it), or null; a body that is not JSON is left to its route. */
export function unstorableInJson(body: Buffer): string | null {
  const bytes = unstorableBytes(body);
  if (bytes) return `the body holds ${bytes}`;
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  const pending: unknown[] = [value];
  while (pending.length) {
    const item = pending.pop();
    if (typeof item === "string") {
      const reason = unstorableString(item);
      if (reason) return `the body holds ${reason}`;
    } else if (item && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const reason = unstorableString(key);
        if (reason) return `the body holds ${reason}`;
        pending.push(child);
      }
    }
  }
  return null;
}

/** The JSON-RPC id of an MCP request, so that its refusal answers it (null when there is none to read). */
export function jsonRpcId(body: Buffer): string | number | null {
  try {
    const value = JSON.parse(body.toString("utf8")) as unknown;
    const id = (Array.isArray(value) ? undefined : (value as { id?: unknown } | null)?.id) ?? null;
    return typeof id === "string" || typeof id === "number" ? id : null;
  } catch {
    return null;
  }
}
