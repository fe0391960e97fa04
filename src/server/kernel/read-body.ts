import "server-only";

/**
 * The request's body as text, read no further than `limit` bytes: null when it is longer (the
 * rest is never read; the stream is cancelled). host/server.ts already refuses bodies over
 * their path's limit before the app sees them (docs/decisions/0022); this holds when the app is
 * served some other way, and for a declared length it refuses without reading at all.
 */
export async function readBodyText(request: Request, limit: number): Promise<string | null> {
  const bytes = await readBodyBytes(request, limit);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/**
 * The request's body as the bytes received, under the same limit: what a signature over the raw
 * body (a payment provider's webhook) is checked against, before any decoding could change a byte.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
