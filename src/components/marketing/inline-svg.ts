import "server-only";
import fs from "node:fs";
import path from "node:path";

/** Below this size a static SVG costs less written into the page than fetched beside it. */
const INLINE_LIMIT_BYTES = 1024;
/**
 * The first screen's images may be larger: written in, they are painted with the page's first paint
 * instead of a round trip later (docs/decisions/0114). A page draws at most a few (/blog: three).
 */
const FIRST_SCREEN_LIMIT_BYTES = 4096;
const files = new Map<string, string | null>();

/** The text of an SVG of our own static files (public/) of at most `limit` bytes, else null. */
function smallSvgFile(src: string, limit = INLINE_LIMIT_BYTES): string | null {
  // Letters, digits, - _ and / only: no "..", no query, nothing outside public/.
  if (!/^\/[a-z0-9/_-]+\.svg$/i.test(src)) return null;
  let found = files.get(src);
  if (found === undefined) {
    found = null;
    try {
      const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "public", src);
      const text = fs.readFileSync(file, "utf8").trim();
      if (Buffer.byteLength(text) <= FIRST_SCREEN_LIMIT_BYTES) found = text;
    } catch {
      // Not one of our files (a content path that names nothing): linked as it is.
    }
    files.set(src, found);
  }
  return found !== null && Buffer.byteLength(found) <= limit ? found : null;
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

// Shapes, text and gradients only: nothing that runs (script, event attributes), links (href, a url()
// to anything but a gradient of the same drawing), embeds another document (foreignObject, image,
// use) or styles the page (style), no comments or declarations. A file with anything else stays an
// <img>.
const DRAWING_TAGS = /^(path|rect|circle|ellipse|line|polyline|polygon|g|text|tspan|defs|linearGradient|radialGradient|stop)$/;
const NOT_DRAWING = /<!|<\?|\son[a-z]+\s*=|href|url\s*\(|javascript:|\sstyle\s*=/i;
/** A paint that names a gradient of the drawing itself: url(#name). */
const OWN_PAINT = /url\(#([A-Za-z][\w-]*)\)/g;
/** A <title> of words only: the page names the drawing itself (aria-label or alt). */
const TITLE = /<title>[^<]*<\/title>/g;

/**
 * A small SVG of our own static files as markup to write into the page (a client's logo), else null.
 * Even a data: address is an image request, and Lighthouse's simulation counts every request begun
 * before the observed largest paint into that paint: one logo near the first screen of a case study
 * held its LCP 150 ms after its first paint (docs/decisions/0112). Written in, it is no request at
 * all. Only files of drawing elements qualify (above); the <svg> root is the caller's. The file's
 * text is read once (smallSvgFile); checking a kilobyte of it again on each render costs nothing
 * beside the render.
 */
export function smallSvgMarkup(src: string, instance = ""): SvgMarkup | null {
  return drawingOf(src, INLINE_LIMIT_BYTES, instance);
}

/**
 * An image of the first screen, when it is an SVG drawing of our own static files of up to 4 KB, as
 * markup to write into the page, else null (it stays an <img>). Lighthouse times the largest paint
 * from every image request begun before it; written in, the drawing is no request and is painted
 * with the text around it (docs/decisions/0114).
 */
export function firstScreenSvgMarkup(src: string, instance = ""): SvgMarkup | null {
  return drawingOf(src, FIRST_SCREEN_LIMIT_BYTES, instance);
}

/**
 * The drawing of one of our files of at most `limit` bytes, its ids prefixed with the file's path and
 * `instance` (the use's useId): "svg-images-blog-x-_S_1_bg". They then never meet the page's ids,
 * another file's, or those of the same file drawn twice on one page.
 */
function drawingOf(src: string, limit: number, instance: string): SvgMarkup | null {
  const text = smallSvgFile(src, limit);
  const prefix = `svg${src.replace(/\.svg$/i, "").replace(/[^a-z0-9]+/gi, "-")}-${instance.replace(/[^\w-]/g, "")}`;
  return text === null ? null : svgDrawing(text, prefix);
}

/**
 * An SVG document's box and drawing when it is a root <svg> with a viewBox around drawing elements
 * only, else null. Its ids, and the url(#id) paints that name them, carry `idPrefix`; a paint that
 * names an id the drawing does not define refuses it.
 */
export function svgDrawing(text: string, idPrefix = "svg-"): SvgMarkup | null {
  const root = text.trim().match(/^<svg\b([^>]*)>([\s\S]*)<\/svg>$/);
  if (!root) return null;
  const [, attributes = "", file = ""] = root;
  const ids = new Set([...file.matchAll(/\sid="([A-Za-z][\w-]*)"/g)].map((id) => id[1]!));
  if ([...file.matchAll(OWN_PAINT)].some((paint) => !ids.has(paint[1]!))) return null;
  const body = file.replace(TITLE, "");
  const attribute = (name: string) => attributes.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const box = attribute("viewBox")
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length !== 4 || !box.every(Number.isFinite) || !(box[2]! > 0 && box[3]! > 0)) return null;
  const tags = [...body.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((tag) => tag[1]!);
  if (!tags.every((tag) => DRAWING_TAGS.test(tag)) || NOT_DRAWING.test(body.replace(OWN_PAINT, ""))) return null;
  return {
    viewBox: box.join(" "),
    width: Number(attribute("width")) || box[2]!,
    height: Number(attribute("height")) || box[3]!,
    body: body
      .replace(/(\sid=")/g, `$1${idPrefix}`)
      .replace(OWN_PAINT, `url(#${idPrefix}$1)`)
      .trim(),
  };
}
