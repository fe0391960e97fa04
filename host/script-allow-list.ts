// Which inline scripts of a document the Content-Security-Policy allows (docs/decisions/0021).
//
// Only the scripts Next, React and this app emit, each recognised by its exact shape, wherever it
// stands in the document. Any other inline script (a sanitiser bypass, a field rendered raw, a
// compromised content row) is left out of the policy, so the browser refuses to run it, and is
// reported so that the server can log it: our own output never carries one.
import { createHash } from "node:crypto";
import { Parser } from "htmlparser2";
import { CONSENT_SCRIPT } from "../src/lib/measurement.ts";
import { AFTER_PAINT_LOADER } from "./after-paint-loader.ts";
import { FRAMEWORK_SCRIPT_SHAPES } from "./next-internals.ts";

/**
 * Script types the browser runs (HTML's JavaScript MIME types, "module") or that the policy governs
 * like scripts (import maps, speculation rules). Any other type is a data block that never runs
 * (our JSON-LD is `application/ld+json`): it needs no hash and gets none.
 */
const RUNNABLE_TYPES = new Set([
  "",
  "module",
  "importmap",
  "speculationrules",
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
]);

/** Whether a <script> with these attributes (names lower-cased) would run: HTML's "prepare the script element". */
export function isRunnableScript(attribs: Record<string, string | undefined>): boolean {
  let type = attribs.type;
  if (type === undefined && attribs.language) type = `text/${attribs.language}`;
  return RUNNABLE_TYPES.has(
    String(type ?? "")
      .trim()
      .toLowerCase(),
  );
}

/**
 * The shapes the policy allows, by name (the names appear in tests and in the ADR): the framework's
 * (host/next-internals.ts) and our own, each by its exact text.
 */
const SHAPES: readonly (readonly [string, (text: string) => boolean])[] = [
  ...FRAMEWORK_SCRIPT_SHAPES.slice(0, 3),
  ["after-paint-loader", (text) => text === AFTER_PAINT_LOADER],
  // The consent banner's script (docs/decisions/0051), only in pages where measurement is configured.
  ["consent-script", (text) => text === CONSENT_SCRIPT],
  ...FRAMEWORK_SCRIPT_SHAPES.slice(3),
];

/** An inline script that would run but has no allowed shape: where it is, its hash, the start of its text. */
export interface UnknownScript {
  at: number;
  hash: string;
  start: string;
}

/** The name of the allowed shape an inline script's text has, or null. */
export function allowedScriptShape(text: string): string | null {
  for (const [name, test] of SHAPES) if (test(text)) return name;
  return null;
}

export const sha256Source = (text: string): string => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The inline scripts of an HTML document, read with an HTML tokenizer (the text between a <script>
 * start tag and its end tag, byte for byte as the browser hashes it):
 * - hashes: the sha256 sources of those with an allowed shape, in order, without repeats;
 * - unknown: those that would run but have no allowed shape (offset in the document, hash, start of the text).
 * Scripts with src and data blocks are neither.
 */
export function scanInlineScripts(html: string): { hashes: string[]; unknown: UnknownScript[] } {
  const hashes = new Set<string>();
  const unknown: UnknownScript[] = [];
  let open: { attribs: Record<string, string>; at: number; contentStart: number } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === "script") open = { attribs, at: parser.startIndex, contentStart: parser.endIndex + 1 };
      },
      onclosetag(name, implied) {
        if (name !== "script" || !open) return;
        const { attribs, at, contentStart } = open;
        open = null;
        if (attribs.src !== undefined || !isRunnableScript(attribs)) return;
        const text = html.slice(contentStart, implied ? html.length : parser.startIndex);
        if (text === "") return; // the browser runs nothing for an empty script
        if (allowedScriptShape(text)) hashes.add(sha256Source(text));
        else unknown.push({ at, hash: sha256Source(text), start: text.slice(0, 80) });
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return { hashes: [...hashes], unknown };
}
