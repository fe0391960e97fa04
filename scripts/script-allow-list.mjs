// Which inline scripts of a document the Content-Security-Policy allows (docs/decisions/0021).
//
// Only the scripts Next, React and this app emit, each recognised by its exact shape, wherever it
// stands in the document. Any other inline script (a sanitiser bypass, a field rendered raw, a
// compromised content row) is left out of the policy, so the browser refuses to run it, and is
// reported so that the server can log it: our own output never carries one.
import fs from "node:fs";
import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import path from "node:path";
import { Parser } from "htmlparser2";
import { CONSENT_SCRIPT } from "../src/lib/measurement.mjs";
import { AFTER_PAINT_LOADER } from "./after-paint-loader.mjs";

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
export function isRunnableScript(attribs) {
  let type = attribs.type;
  if (type === undefined && attribs.language) type = `text/${attribs.language}`;
  return RUNNABLE_TYPES.has(String(type ?? "").trim().toLowerCase());
}

function parseJson(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

// Next's inline RSC payload (next/dist/server/app-render/use-flight-response.js): a bootstrap that
// creates the queue, optionally followed by the form state, then one push per payload chunk. Every
// argument is JSON.stringify output (with <, >, &, U+2028/9 escaped), so it must parse as JSON with
// the expected structure: [0]; [2, form state]; [1, text]; [3, base64 bytes]. Code in the argument
// does not parse.
const FLIGHT_BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
const FLIGHT_PUSH = /^self\.__next_f\.push\(([\s\S]*)\)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function isFlightBootstrap(text) {
  if (text === FLIGHT_BOOTSTRAP) return true;
  if (!text.startsWith(`${FLIGHT_BOOTSTRAP};`)) return false;
  const formState = FLIGHT_PUSH.exec(text.slice(FLIGHT_BOOTSTRAP.length + 1));
  const parsed = formState ? parseJson(formState[1]) : { ok: false };
  return parsed.ok && Array.isArray(parsed.value) && parsed.value.length === 2 && parsed.value[0] === 2;
}

function isFlightData(text) {
  const push = FLIGHT_PUSH.exec(text);
  if (!push) return false;
  const parsed = parseJson(push[1]);
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length !== 2) return false;
  const [kind, data] = parsed.value;
  return typeof data === "string" && (kind === 1 || (kind === 3 && BASE64.test(data)));
}

// Turbopack's chunk-group bootstrap (next/dist/server/get-page-files.js, getTurbopackChunkGroupBootstrap):
// one line per page, `(globalThis[G] || (globalThis[G] = [])).push({...});` with G a JSON string and
// the object exactly the build manifest's {otherChunks: paths of the build's static files,
// runtimeModuleIds: numbers}.
const TURBOPACK_LINE = /^\(globalThis\[("[A-Za-z_$][\w$]*")\] \|\| \(globalThis\[\1\] = \[\]\)\)\.push\((\{[\s\S]*\})\);$/;
const STATIC_CHUNK = /^static\/[\w\-./~]+\.(?:js|css)$/;

function isTurbopackBootstrap(text) {
  return text.split("\n").every((line) => {
    const match = TURBOPACK_LINE.exec(line);
    const parsed = match ? parseJson(match[2]) : { ok: false };
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value)) return false;
    const { otherChunks, runtimeModuleIds, ...rest } = parsed.value;
    return (
      Object.keys(rest).length === 0 &&
      Array.isArray(otherChunks) &&
      otherChunks.every((chunk) => typeof chunk === "string" && STATIC_CHUNK.test(chunk) && !chunk.includes("..")) &&
      Array.isArray(runtimeModuleIds) &&
      runtimeModuleIds.every((id) => Number.isSafeInteger(id) && id >= 0)
    );
  });
}

// React's streaming instructions (react-dom/server): when a Suspense boundary completes after the
// shell, React writes a script that defines its small runtime functions once ($RC, $RS, $RX, $RR,
// $RV...) and calls one with JSON-escaped ids (`$RC("B:0","S:0")`). The definitions are taken, as
// exact text, from the React DOM server builds installed with Next, so that they follow an upgrade;
// the call must name one of React's instructions and its arguments must parse as JSON.
const REACT_SERVER_BUILDS = [
  ["next/package.json", "dist/compiled/react-dom/cjs/react-dom-server.node.production.js"],
  ["next/package.json", "dist/compiled/react-dom-experimental/cjs/react-dom-server.node.production.js"],
  ["react-dom/package.json", "cjs/react-dom-server.node.production.js"],
];
const RUNTIME_LITERAL = /(['"])((?:\$R[A-Z]|requestAnimationFrame\(function\(\)\{\$RT|addEventListener\("submit")(?:\\.|(?!\1)[^\\\r\n])*)\1/g;
const REACT_CALL = /^\$R[CSXR]\(([\s\S]*)\)$/;

function unescapeLiteral(body) {
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])/g, (_, escape) => {
    if (escape.length > 1) return String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", 0: "\0" }[escape] ?? escape;
  });
}

let reactDefinitions;
/** React's runtime definitions, longest first (read once). */
export function reactRuntimeDefinitions() {
  if (reactDefinitions) return reactDefinitions;
  const require = createRequire(import.meta.url);
  const found = new Set();
  for (const [pkg, file] of REACT_SERVER_BUILDS) {
    let source;
    try {
      source = fs.readFileSync(path.join(path.dirname(require.resolve(pkg)), file), "utf8");
    } catch {
      continue; // that flavour is not installed
    }
    for (const match of source.matchAll(RUNTIME_LITERAL)) {
      // "Full" constants are a definition followed by the start of its first call: keep the definition.
      const definition = unescapeLiteral(match[2]).replace(/\$R[A-Z]\("$/, "");
      if (definition.length > 20) found.add(definition);
    }
  }
  reactDefinitions = [...found].sort((a, b) => b.length - a.length);
  return reactDefinitions;
}

function isReactInstruction(text) {
  const definitions = reactRuntimeDefinitions();
  let rest = text;
  let defined = false;
  for (let progress = true; progress && rest; ) {
    progress = false;
    for (const definition of definitions) {
      if (rest.startsWith(definition)) {
        rest = rest.slice(definition.length);
        defined = progress = true;
        break;
      }
    }
  }
  if (rest === "") return defined;
  const call = REACT_CALL.exec(rest);
  return Boolean(call) && parseJson(`[${call[1]}]`).ok;
}

/** The shapes the policy allows, by name (the names appear in tests and in the ADR). */
const SHAPES = [
  ["next-flight-bootstrap", isFlightBootstrap],
  ["next-flight-data", isFlightData],
  ["turbopack-bootstrap", isTurbopackBootstrap],
  ["after-paint-loader", (text) => text === AFTER_PAINT_LOADER],
  // The consent banner's script (docs/decisions/0051), only in pages where measurement is configured.
  ["consent-script", (text) => text === CONSENT_SCRIPT],
  ["react-instructions", isReactInstruction],
];

/** The name of the allowed shape an inline script's text has, or null. */
export function allowedScriptShape(text) {
  for (const [name, test] of SHAPES) if (test(text)) return name;
  return null;
}

export const sha256Source = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The inline scripts of an HTML document, read with an HTML tokenizer (the text between a <script>
 * start tag and its end tag, byte for byte as the browser hashes it):
 * - hashes: the sha256 sources of those with an allowed shape, in order, without repeats;
 * - unknown: those that would run but have no allowed shape (offset in the document, hash, start of the text).
 * Scripts with src and data blocks are neither.
 */
export function scanInlineScripts(html) {
  const hashes = new Set();
  const unknown = [];
  let open = null;
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
