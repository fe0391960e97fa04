import "server-only";
import fs from "node:fs";
import path from "node:path";

/** Below this size a static SVG costs less written into the page than fetched beside it. */
const INLINE_LIMIT_BYTES = 1024;
const files = new Map<string, string | null>();

/** The text of a small SVG of our own static files (public/), else null. */
function smallSvgFile(src: string): string | null {
  // Letters, digits, - _ and / only: no "..", no query, nothing outside public/.
  if (!/^\/[a-z0-9/_-]+\.svg$/i.test(src)) return null;
  let found = files.get(src);
  if (found === undefined) {
    found = null;
    try {
      const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "public", src);
      const text = fs.readFileSync(file, "utf8").trim();
      if (Buffer.byteLength(text) <= INLINE_LIMIT_BYTES) found = text;
    } catch {
      // Not one of our files (a content path that names nothing): linked as it is.
    }
    files.set(src, found);
  }
  return found;
}

/**
 * A small SVG of our own static files (public/) as a data: address, else null (the head's icon). The
 * page's first screen then asks the network for nothing but itself, its style sheet and its largest
 * image (docs/decisions/0105). An SVG in an <img> or an icon runs no script.
 */
export function inlineSmallSvg(src: string): string | null {
  const text = smallSvgFile(src);
  return text === null ? null : `data:image/svg+xml,${encodeURIComponent(text)}`;
}

/** What an inline <svg> of one of our small files is drawn from: its root's box and its drawing. */
export interface SvgMarkup {
  viewBox: string;
  width: number;
  height: number;
  /** The elements inside the root <svg>, as written in the file. */
  body: string;
}

// Shapes, text and gradients only: nothing that runs (script, event attributes), links (href, url()),
// embeds another document (foreignObject, image, use) or styles the page (style), no comments or
// declarations. A file with anything else stays an <img>.
const DRAWING_TAGS = /^(path|rect|circle|ellipse|line|polyline|polygon|g|text|tspan|defs|linearGradient|radialGradient|stop)$/;
const NOT_DRAWING = /<!|<\?|\son[a-z]+\s*=|href|url\s*\(|javascript:|\sstyle\s*=/i;

/**
 * A small SVG of our own static files as markup to write into the page (a client's logo), else null.
 * Even a data: address is an image request, and Lighthouse's simulation counts every request begun
 * before the observed largest paint into that paint: one logo near the first screen of a case study
 * held its LCP 150 ms after its first paint (docs/decisions/0112). Written in, it is no request at
 * all. Only files of drawing elements qualify (above); the <svg> root is the caller's. The file's
 * text is read once (smallSvgFile); checking a kilobyte of it again on each render costs nothing
 * beside the render.
 */
export function smallSvgMarkup(src: string): SvgMarkup | null {
  const text = smallSvgFile(src);
  return text === null ? null : svgDrawing(text);
}

/** An SVG document's box and drawing when it is a root <svg> with a viewBox around drawing elements only, else null. */
export function svgDrawing(text: string): SvgMarkup | null {
  const root = text.trim().match(/^<svg\b([^>]*)>([\s\S]*)<\/svg>$/);
  if (!root) return null;
  const [, attributes = "", body = ""] = root;
  const attribute = (name: string) => attributes.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const box = attribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length !== 4 || !box.every(Number.isFinite) || !(box[2]! > 0 && box[3]! > 0)) return null;
  const tags = [...body.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((tag) => tag[1]!);
  if (!tags.every((tag) => DRAWING_TAGS.test(tag)) || NOT_DRAWING.test(body)) return null;
  return {
    viewBox: box.join(" "),
    width: Number(attribute("width")) || box[2]!,
    height: Number(attribute("height")) || box[3]!,
    body: body.trim(),
  };
}
