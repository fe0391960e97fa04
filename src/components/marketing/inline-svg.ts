import "server-only";
import fs from "node:fs";
import path from "node:path";

/** Below this size a static SVG costs less written into the page than fetched beside it. */
const INLINE_LIMIT_BYTES = 1024;
const inlined = new Map<string, string | null>();

/**
 * A small SVG of our own static files (public/) as a data: address, else null. The page's first
 * screen then asks the network for nothing but itself, its style sheet and its largest image: on a
 * slow phone connection the linked icon and six logo requests started before the first paint were
 * seen to hold the largest paint back by 150-200 ms (Lighthouse counts every request begun before it;
 * docs/decisions/0105). An SVG in an <img> or an icon runs no script, written in or fetched.
 */
export function inlineSmallSvg(src: string): string | null {
  // Letters, digits, - _ and / only: no "..", no query, nothing outside public/.
  if (!/^\/[a-z0-9/_-]+\.svg$/i.test(src)) return null;
  let found = inlined.get(src);
  if (found === undefined) {
    found = null;
    try {
      const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "public", src);
      const text = fs.readFileSync(file, "utf8").trim();
      if (Buffer.byteLength(text) <= INLINE_LIMIT_BYTES) found = `data:image/svg+xml,${encodeURIComponent(text)}`;
    } catch {
      // Not one of our files (a content path that names nothing): linked as it is.
    }
    inlined.set(src, found);
  }
  return found;
}
