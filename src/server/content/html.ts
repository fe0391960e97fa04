import "server-only";
import sanitizeHtml from "sanitize-html";
import { slugify } from "@/lib/blog";
import { mediaName, mediaUrl } from "@/lib/url-safety";
import { isPlainText, plainTextToHtml } from "@/lib/plain-text";

/**
 * Blog HTML: one allow-list sanitiser used when a post is saved (admin) and again when it is
 * rendered, so content stored before a rule changed is still made safe. Its output is a fixed
 * point: sanitizing it again gives the same string (tests/blog-html.test.ts).
 */

export { ALLOWED_TAGS } from "@/lib/blog-tags";
import { ALLOWED_TAGS } from "@/lib/blog-tags";

// Elements whose content is code or markup, never readable text: dropped with their content.
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "iframe",
  "noembed",
  "noframes",
  "object",
  "embed",
  "template",
  "title",
  "head",
  "svg",
  "math",
  "xmp",
  "plaintext",
];

const ABSOLUTE_HTTP = /^https?:\/\//i;
const DIMENSION = /^\d{1,4}$/;

export interface SanitizeOptions {
  /** Make site-relative links and images absolute (for the feed, read away from the site). */
  baseUrl?: string;
  /**
   * The media library's dimensions of images in this content, by storage name: those images are
   * given their width and height (no layout shift) and a srcset of the optimiser's AVIF/WebP
   * widths. Only for rendering a page; never for what is stored.
   */
  images?: ReadonlyMap<string, { width: number; height: number }>;
}

/** Widths offered for an article image: next.config's deviceSizes up to a wide desktop column. */
const ARTICLE_IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920];
/** The article's text column: full width on phones, at most 48rem beside the contents list. */
export const ARTICLE_IMAGE_SIZES = "(min-width: 1024px) 768px, calc(100vw - 2rem)";

function optimised(src: string, width: number): string {
  return `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=75`;
}

/** An uploaded image's attributes for the page: its dimensions and the optimiser's variants. */
function responsiveImage(src: string, size: { width: number; height: number }): sanitizeHtml.Attributes {
  const widths = ARTICLE_IMAGE_WIDTHS.filter((w) => w <= size.width);
  // An image narrower than the smallest variant is served at its own size (the optimiser never enlarges).
  if (widths.length === 0) return { src: optimised(src, ARTICLE_IMAGE_WIDTHS[0]!), width: String(size.width), height: String(size.height) };
  return {
    src: optimised(src, widths.at(-1)!),
    srcset: widths.map((w) => `${optimised(src, w)} ${w}w`).join(", "),
    sizes: ARTICLE_IMAGE_SIZES,
    width: String(size.width),
    height: String(size.height),
  };
}

function absolute(url: string, baseUrl: string | undefined): string {
  if (!baseUrl || !url.startsWith("/") || url.startsWith("//")) return url;
  return `${baseUrl.replace(/\/+$/, "")}${url}`;
}

function sanitizerOptions({ baseUrl, images }: SanitizeOptions): sanitizeHtml.IOptions {
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "rel", "title"],
      img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding"],
      ol: ["start"],
      th: ["scope", "colspan", "rowspan"],
      td: ["colspan", "rowspan"],
    },
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
    // "//host/path" leaves the site as surely as "https://host/path" but hides it: refuse it.
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: DROPPED_WITH_CONTENT,
    enforceHtmlBoundary: false,
    allowVulnerableTags: false,
    parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
    transformTags: {
      // The article's own title is the page's only h1; deeper levels fold into h4.
      h1: "h2",
      h5: "h4",
      h6: "h4",
      a: (tagName, attribs) => {
        const { rel: _ignored, ...rest } = attribs;
        const href = rest.href?.trim();
        if (href === undefined) return { tagName, attribs: rest };
        const next = { ...rest, href: absolute(href, baseUrl) };
        // Every rule is re-derived from the href, so a second pass gives the same attributes.
        return { tagName, attribs: ABSOLUTE_HTTP.test(href) ? { ...next, rel: "noopener noreferrer" } : next };
      },
      img: (tagName, attribs) => {
        const next: sanitizeHtml.Attributes = { loading: "lazy", decoding: "async" };
        if (attribs.src !== undefined) next.src = absolute(attribs.src.trim(), baseUrl);
        if (attribs.alt !== undefined) next.alt = attribs.alt;
        if (attribs.width && DIMENSION.test(attribs.width.trim())) next.width = attribs.width.trim();
        if (attribs.height && DIMENSION.test(attribs.height.trim())) next.height = attribs.height.trim();
        // srcset and sizes are only ever written here, from the library's own dimensions.
        const name = images && attribs.src !== undefined ? mediaName(attribs.src) : null;
        const size = name ? images?.get(name) : undefined;
        if (name && size) Object.assign(next, responsiveImage(mediaUrl(name), size));
        return { tagName, attribs: next };
      },
      ol: (tagName, attribs) => {
        const start = attribs.start?.trim();
        const next: sanitizeHtml.Attributes = {};
        if (start && /^\d{1,6}$/.test(start)) next.start = start;
        return { tagName, attribs: next };
      },
      th: (tagName, attribs) => ({ tagName, attribs: tableCellAttributes(attribs, true) }),
      td: (tagName, attribs) => ({ tagName, attribs: tableCellAttributes(attribs, false) }),
    },
    // An image whose address was refused is an empty box: drop it.
    exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
  };
}

function tableCellAttributes(attribs: sanitizeHtml.Attributes, isHeader: boolean): sanitizeHtml.Attributes {
  const next: sanitizeHtml.Attributes = {};
  for (const name of ["colspan", "rowspan"]) {
    const value = attribs[name]?.trim();
    if (value && /^\d{1,3}$/.test(value)) next[name] = value;
  }
  const scope = attribs.scope?.trim().toLowerCase();
  if (isHeader && scope && ["row", "col", "rowgroup", "colgroup"].includes(scope)) next.scope = scope;
  return next;
}

export { isPlainText, plainTextToHtml };

// The allowed elements that make blocks of their own; the rest of ALLOWED_TAGS sit inside text.
const BLOCK_TAGS = new Set(ALLOWED_TAGS.filter((t) => !["br", "strong", "em", "b", "i", "u", "s", "a", "img", "code"].includes(t)));
const VOID_TAGS = new Set(["br", "img", "hr"]);

/**
 * An article's content is shown with its line breaks turned into <br>. In HTML that mixes elements
 * with bare lines of text, the text between block elements is written like plain text: a blank line
 * separates paragraphs, a single line break becomes <br>. Inside block elements (a <p>, a list, a
 * <pre>) line breaks are the author's markup and stay as they are. Works on the sanitiser's output,
 * where every tag is well formed and text holds no raw "<", so splitting on tags is exact.
 */
function breakLooseLines(clean: string): string {
  const out: string[] = [];
  let run: string[] = [];
  let raw: string[] = [];
  let depth = 0;
  let inlineDepth = 0;
  const flush = () => {
    const marked = run.join("").replace(/^[\s\u0000\u0001]+|[\s\u0000\u0001]+$/g, "");
    // Only lines that break: inline markup on one line stays as written.
    if (/[\u0000\u0001]/.test(marked)) {
      out.push(`<p>${marked.replace(/\u0001/g, "<br />").replace(/\u0000/g, "</p><p>")}</p>`.replace(/<p>\s*<\/p>/g, ""));
    } else {
      out.push(raw.join(""));
    }
    run = [];
    raw = [];
  };
  for (const token of clean.split(/(<[^>]+>)/)) {
    if (!token) continue;
    const tag = /^<(\/?)([a-z][a-z0-9]*)/i.exec(token);
    const name = tag?.[2]!.toLowerCase();
    const isClose = tag?.[1] === "/";
    if (name && BLOCK_TAGS.has(name)) {
      if (depth === 0 && !isClose) flush();
      out.push(token);
      if (!VOID_TAGS.has(name)) depth = Math.max(0, depth + (isClose ? -1 : 1));
    } else if (depth > 0) {
      out.push(token);
    } else if (name) {
      if (!VOID_TAGS.has(name)) inlineDepth = Math.max(0, inlineDepth + (isClose ? -1 : 1));
      run.push(token);
      raw.push(token);
    } else {
      // Text between blocks: a blank line ends a paragraph (only where no inline element is open,
      // so that tags stay nested), any other line break becomes <br>. The two marks stand for them
      // until the run is trimmed; stored text never holds them (lib/text-safety refuses NUL).
      const text = token.replace(/[\u0000\u0001]/g, "");
      const marked = inlineDepth === 0 ? text.replace(/[ \t]*\n[ \t]*\n\s*/g, "\u0000") : text;
      run.push(marked.replace(/[ \t]*\n[ \t]*/g, "\u0001"));
      raw.push(text);
    }
  }
  flush();
  return out.join("");
}

/** The allow-list sanitiser for blog content (HTML, or plain text turned into paragraphs). */
export function sanitizeBlogHtml(content: string, options: SanitizeOptions = {}): string {
  const html = isPlainText(content) ? plainTextToHtml(content) : content;
  const clean = breakLooseLines(sanitizeHtml(html, sanitizerOptions(options)).trim()).trim();
  // Markup that sanitises down to bare text must not read as plain text on the next pass (which
  // would escape it again): a paragraph keeps sanitize(sanitize(x)) === sanitize(x).
  return clean && isPlainText(clean) ? `<p>${clean}</p>` : clean;
}

export interface ArticleHeading {
  id: string;
  text: string;
  level: 2 | 3 | 4;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Character references in text taken out of HTML (an unknown one is left as it is). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Gives every h2-h4 of sanitised HTML a stable id made from its text ("Key Points" → key-points;
 * repeats get -2, -3), and lists the headings for the "On This Page" panel. Ids the page already
 * uses (reserved) are never handed out, so an anchor cannot land on the wrong element.
 */
export function addHeadingIds(sanitizedHtml: string, reserved: readonly string[] = []): { html: string; headings: ArticleHeading[] } {
  const taken = new Set(reserved);
  const headings: ArticleHeading[] = [];
  // The sanitiser leaves headings without attributes, so the opening tag is exactly <hN>.
  const html = sanitizedHtml.replace(/<h([234])>([\s\S]*?)<\/h\1>/g, (_whole, level: string, inner: string) => {
    const text = decodeEntities(inner.replace(/<[^>]*>/g, ""))
      .replace(/\s+/g, " ")
      .trim();
    const base = slugify(text) || "section";
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    headings.push({ id, text, level: Number(level) as 2 | 3 | 4 });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html, headings };
}

/** Ids the article page itself uses; content headings must not take them. */
export const ARTICLE_RESERVED_IDS = [
  "main",
  "article-title",
  "article-body",
  "on-this-page",
  "share-heading",
  "share-count",
  "related-topics",
  "about-author",
  "article-cta",
  "related-articles",
];

/** What an article page renders: sanitised HTML with heading ids, and its h2/h3 outline. */
/** The names of uploaded images an article's content shows (for their dimensions). */
export function contentMediaNames(content: string): string[] {
  const names = new Set<string>();
  for (const match of content.matchAll(/\/api\/media\/([0-9a-f]{32}\.(?:jpg|png|webp|gif|avif))/g)) names.add(match[1]!);
  return [...names];
}

/**
 * The alt text each uploaded image of sanitised content carries, by storage name (the first use of
 * an image names it): what the writer typed when placing it, which the media library then offers as
 * the image's default (src/server/media/data/media-rows.ts).
 */
export function contentImageAlts(sanitizedHtml: string): Map<string, string> {
  const alts = new Map<string, string>();
  for (const [tag] of sanitizedHtml.matchAll(/<img\b[^>]*>/g)) {
    const src = /\ssrc="([^"]*)"/.exec(tag)?.[1];
    const alt = decodeEntities(/\salt="([^"]*)"/.exec(tag)?.[1] ?? "").trim();
    const name = src ? mediaName(decodeEntities(src)) : null;
    if (name && alt && !alts.has(name)) alts.set(name, alt);
  }
  return alts;
}

export function renderArticleContent(content: string, images?: SanitizeOptions["images"]): { html: string; outline: ArticleHeading[] } {
  const { html, headings } = addHeadingIds(sanitizeBlogHtml(content, { images }), ARTICLE_RESERVED_IDS);
  return { html, outline: headings.filter((h) => h.level <= 3) };
}
