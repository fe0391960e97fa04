// The document rewrites of public pages: Next's chunk tags moved behind the after-paint loader
// (docs/decisions/0019) and the visitor's consent choice marked on <html> (docs/decisions/0051).
import { Parser } from "htmlparser2";
import { AFTER_PAINT_LOADER } from "./after-paint-loader.ts";
import { NEXT_CHUNK_ATTRIBUTES, NEXT_CHUNK_SRC, NEXT_ERROR_DOCUMENT_ID } from "./next-internals.ts";
import type { IncomingHttpHeaders } from "node:http";
import { declaredStatus, type DeclaredStatus } from "../src/lib/page-status.ts";
import { LIVE_PAGES } from "../src/lib/public-routes.ts";
import { isPublic } from "./page-cache-rules.ts";

// Next's own scripts start after the first paint (docs/decisions/0019). Next lists its chunks as
// `<script src async>` tags (plus a low-priority preload of its entry) that the browser requests at
// once, while the page's HTML and CSS are still arriving on a slow connection: the ~150 KB of
// JavaScript then shares the network with them, and Lighthouse counts every request started before
// the largest paint as on its way. On public pages (those shared caches may keep: what visitors
// see first) they are taken out of the document and one small inline script (the after-paint
// loader, host/after-paint-loader.ts, allowed by the page's policy by its exact text, ADR 0021)
// adds them when the browser reports the first contentful paint; on a hidden page (nothing will
// paint) or without PerformanceObserver at once, and after 2 s in any case. Scripts added this way
// run asynchronously and in no set order, as async scripts do: Turbopack's runtime already copes
// with that. Next's error documents (`<html id="__next_error__">`: not-found and error pages outside a
// layout, client-side rendering bail-outs) have an empty body that only their scripts fill: nothing
// would paint, so they keep Next's tags.
//
// The tags are found by an HTML tokenizer and judged by their attributes, in any order: a chunk tag
// is an empty `<script>` with `async` and a `src` under /_next/static/, and may carry `integrity`,
// `crossorigin` and `nonce` (one value each for the whole page, one integrity per chunk), which the
// loader gives the scripts it adds. A chunk tag with anything else (another attribute, a module
// script, an integrity list) is something the loader would not reproduce: the document is then left
// as Next wrote it, which e2e/after-paint.spec.ts reports on the real build.
const CLASSIC_SCRIPT_TYPES = new Set(["", "text/javascript", "application/javascript"]);

/** Escapes an attribute value for a double-quoted attribute. */
const attributeValue = (value: string): string => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * What the rewrite needs from a document, read with an HTML tokenizer: whether it is one of Next's
 * client-rendered error documents, its script elements with src (attributes and offsets of the
 * whole element), its script preloads, and where </body> starts.
 */
interface ScriptElement {
  attribs: Record<string, string>;
  start: number;
  contentStart: number;
  empty: boolean;
  end: number;
}
interface ReadDocument {
  clientRendered: boolean;
  scripts: ScriptElement[];
  preloads: { href: string | undefined; start: number; end: number }[];
  bodyEnd: number;
  htmlTagEnd: number;
}

function readDocument(html: string): ReadDocument {
  const found: ReadDocument = { clientRendered: false, scripts: [], preloads: [], bodyEnd: -1, htmlTagEnd: -1 };
  let script: Omit<ScriptElement, "empty" | "end"> | null = null;
  let seenHtml = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "html" && !seenHtml) {
          seenHtml = true;
          found.clientRendered = attribs.id === NEXT_ERROR_DOCUMENT_ID;
          // The offset of the start tag's ">" ("/>" is not valid on <html>).
          found.htmlTagEnd = parser.endIndex;
        } else if (name === "script") {
          script = { attribs, start: parser.startIndex, contentStart: parser.endIndex + 1 };
        } else if (name === "link") {
          const rel = (attribs.rel ?? "").toLowerCase().split(/\s+/);
          if (rel.includes("preload") && (attribs.as ?? "").toLowerCase() === "script")
            found.preloads.push({ href: attribs.href, start: parser.startIndex, end: parser.endIndex + 1 });
        }
      },
      onclosetag(name, implied) {
        if (name === "script" && script && !implied && script.attribs.src !== undefined) {
          found.scripts.push({ ...script, empty: parser.startIndex === script.contentStart, end: parser.endIndex + 1 });
        }
        if (name === "script") script = null;
        if (name === "body" && !implied) found.bodyEnd = parser.startIndex;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}

/** Whether a <script src> is one of Next's async chunk tags, with nothing the loader could not reproduce. */
function chunkTag(script: ScriptElement): { reproducible: boolean } | null {
  const { attribs } = script;
  if (attribs.async === undefined || !NEXT_CHUNK_SRC.test(attribs.src ?? "") || (attribs.src ?? "").includes("..")) return null;
  const reproducible =
    script.empty &&
    Object.keys(attribs).every((name) => NEXT_CHUNK_ATTRIBUTES.has(name)) &&
    CLASSIC_SCRIPT_TYPES.has((attribs.type ?? "").trim().toLowerCase()) &&
    !/\s/.test((attribs.integrity ?? "").trim());
  return { reproducible };
}

/**
 * Whether a document's scripts start after its first paint: every page a shared cache may keep
 * (Cache-Control public), and the public site's live pages, sent no-store because their content
 * changes by the minute (LIVE_PAGES: the booking page's open times) but read by the same visitors on
 * the same slow phones. The dashboard's and the sign-in pages start theirs at once: hydrating a
 * frame sooner matters more there.
 */
export function scriptsAfterPaint(url: string | undefined, cacheControl: unknown): boolean {
  if (isPublic(cacheControl)) return true;
  const path = String(url ?? "").split("?")[0]!;
  return LIVE_PAGES.some((page) => page.path === path);
}

/**
 * The document with Next's async chunk scripts (and the preloads of those same scripts) replaced by
 * the after-paint loader at the end of <body>; unchanged when it lists none, when its body is
 * rendered by its scripts, or when a chunk tag carries something the loader would not reproduce.
 */
export function loadScriptsAfterPaint(html: string): string {
  const doc = readDocument(html);
  if (doc.clientRendered) return html;
  const chunks = doc.scripts
    .map((script) => ({ script, tag: chunkTag(script) }))
    .filter((c): c is { script: ScriptElement; tag: { reproducible: boolean } } => c.tag !== null);
  if (chunks.length === 0 || chunks.some(({ tag }) => !tag.reproducible)) return html;
  const oneValue = (name: string) => new Set(chunks.map(({ script }) => script.attribs[name])).size === 1;
  if (!oneValue("crossorigin") || !oneValue("nonce")) return html;
  const sources: string[] = [];
  const integrity: string[] = [];
  for (const { script } of chunks) {
    const src = script.attribs.src!;
    if (sources.includes(src)) continue;
    sources.push(src);
    integrity.push((script.attribs.integrity ?? "").trim());
  }
  const { crossorigin: crossOrigin, nonce } = chunks[0]!.script.attribs;
  const cuts: { start: number; end: number }[] = [
    ...chunks.map(({ script }) => script),
    ...doc.preloads.filter((preload) => sources.includes(preload.href ?? "")),
  ].sort((a, b) => a.start - b.start);
  let loader = `<script data-after-paint="${attributeValue(sources.join(" "))}"`;
  if (integrity.some(Boolean)) loader += ` data-integrity="${attributeValue(integrity.join(" "))}"`;
  if (crossOrigin !== undefined) loader += ` data-crossorigin="${attributeValue(crossOrigin)}"`;
  if (nonce !== undefined) loader += ` nonce="${attributeValue(nonce)}"`;
  loader += `>${AFTER_PAINT_LOADER}</script>`;
  const insertAt = doc.bodyEnd >= 0 ? doc.bodyEnd : html.length;
  // The page is painted in the brand font's fallback until the loader lets the font in (docs/decisions/0027, 0120).
  const fontMark = doc.htmlTagEnd >= 0 ? [{ start: doc.htmlTagEnd, end: doc.htmlTagEnd, text: " data-fonts-after-paint" }] : [];
  const edits = [...cuts.map((cut) => ({ ...cut, text: "" })), ...fontMark, { start: insertAt, end: insertAt, text: loader }].sort(
    (x, y) => x.start - y.start || x.end - y.end,
  );
  let out = "";
  let from = 0;
  for (const edit of edits) {
    if (edit.start < from) continue;
    out += html.slice(from, edit.start) + edit.text;
    from = edit.end;
  }
  return out + html.slice(from);
}

// The consent bar (docs/decisions/0051) is part of every public page where measurement is
// configured, and hidden by CSS under <html data-consent>. The consent script sets that mark from
// the cookie before the bar is painted; for a browser without JavaScript the mark is set here, from
// the request's cookie, so that a visitor who chose through the bar's plain form is not asked on
// every page. Each choice is its own variant of a page: its own entry in the page cache and its own
// ETag (Next's, with the choice appended), so that a copy kept by the browser is never revalidated
// as another variant. A shared cache that ignores the cookie may hand one variant to someone else:
// with JavaScript the consent script corrects the mark from that visitor's own cookie, and without
// it no tag runs anyway.
const CONSENT_CHOICE = /(?:^|;\s*)consent=(granted|denied)(?:;|$)/;
const CONSENT_BAR = 'id="cookie-consent"';

/** The consent choice stored in the request's cookie, or null. */
export function consentChoice(req: { headers: IncomingHttpHeaders }): "granted" | "denied" | null {
  return (CONSENT_CHOICE.exec(String(req.headers.cookie ?? ""))?.[1] as "granted" | "denied" | undefined) ?? null;
}

/** The document with <html data-consent="choice">, when it carries the consent bar; else unchanged. */
export function markConsentChoice(html: string, choice: string | null): string {
  if (!choice || !html.includes(CONSENT_BAR)) return html;
  const { htmlTagEnd } = readDocument(html);
  if (htmlTagEnd < 0) return html;
  return `${html.slice(0, htmlTagEnd)} data-consent="${choice}"${html.slice(htmlTagEnd)}`;
}

/**
 * The status a held document declares in its head (src/lib/page-status.ts), read from the bytes up to
 * `</head>` only: the body is not decoded for it. A 403 counts only under /admin, where the dashboard's
 * Access Denied page is the one that says it.
 */
export function declaredDocumentStatus(url: string | undefined, raw: Buffer): DeclaredStatus | null {
  const end = raw.indexOf("</head>");
  if (end < 0) return null;
  const status = declaredStatus(raw.subarray(0, end + "</head>".length).toString("utf8"));
  if (status !== 403) return status;
  const path = String(url ?? "").split("?")[0]!;
  return path === "/admin" || path.startsWith("/admin/") ? 403 : null;
}
