// Everything the host knows about Next.js, React and Turbopack that is not their public API: the
// exact shapes of the inline scripts they emit, the markup of Next's chunk tags and error documents,
// the request headers and cookies Next answers differently, its file-system cache class, and its
// private environment switch. These change without notice between versions, so they live here and
// nowhere else, and `e2e/framework-contract.spec.ts` checks each against the real build (the
// versions are pinned in package.json; docs/decisions/0021 says how an upgrade is checked).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { IncomingHttpHeaders } from "node:http";
import fileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";

// ---------------------------------------------------------------------------------------------
// Next's file-system cache handler (pages and route handlers cached on disk and in memory). Node
// loads this CommonJS file as { default: module.exports }, whose `default` is the class; a loader
// that applies the __esModule interop (a test runner's transform) hands over the class itself.
const loaded = fileSystemCacheModule as unknown as typeof fileSystemCacheModule | { default: typeof fileSystemCacheModule };
export const FileSystemCache: typeof fileSystemCacheModule =
  "default" in loaded && typeof loaded.default === "function" ? loaded.default : (loaded as typeof fileSystemCacheModule);
export type FileSystemCacheInstance = InstanceType<typeof FileSystemCache>;

/**
 * Next's private switch that turns its on-disk page cache off for one process: two servers started
 * from one build (the tests' fallback server) would otherwise serve each other's rendered pages.
 */
export const NEXT_PRIVATE_TEST_PROXY = "NEXT_PRIVATE_TEST_PROXY";

// ---------------------------------------------------------------------------------------------
// Requests and responses.

/**
 * Request headers with which Next answers something else than the page's document (RSC payloads,
 * prefetches, router state, on-demand revalidation, draft previews).
 */
export const NEXT_BYPASS_HEADER = /^(rsc|next-|x-prerender-|x-nextjs-|x-middleware-|range$|authorization$)/i;
/** Next's draft-mode cookie: Next bypasses its page cache for it. */
export const NEXT_DRAFT_COOKIE = /(^|;\s*)__prerender_bypass=/;
/** The response header in which Next says whether it served a page from its page cache. */
export const NEXT_CACHE_HEADER = "x-nextjs-cache";

/** Whether a request is Next's own traffic rather than a document: an RSC payload, or the build's files under /_next/. */
export function isNextAssetRequest(url: string | undefined, headers: IncomingHttpHeaders): boolean {
  return Boolean(headers.rsc) || (url ?? "").startsWith("/_next/");
}

// ---------------------------------------------------------------------------------------------
// Documents.

/** Next's error documents (not-found and error pages outside a layout, client-side bail-outs) carry this id on <html>. */
export const NEXT_ERROR_DOCUMENT_ID = "__next_error__";
/** The address of one of the build's JavaScript chunks, as Next writes it into `<script src>`. */
export const NEXT_CHUNK_SRC = /^\/_next\/static\/[\w\-./~]+\.js(\?[\w\-.=&]*)?$/;
/** The attributes Next's async chunk tags may carry (`integrity` with experimental.sri, `nonce` with a nonce). */
export const NEXT_CHUNK_ATTRIBUTES = new Set(["src", "async", "integrity", "crossorigin", "nonce", "type"]);

// ---------------------------------------------------------------------------------------------
// Inline scripts.

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
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
export const FLIGHT_BOOTSTRAP = "(self.__next_f=self.__next_f||[]).push([0])";
const FLIGHT_PUSH = /^self\.__next_f\.push\(([\s\S]*)\)$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isFlightBootstrap(text: string): boolean {
  if (text === FLIGHT_BOOTSTRAP) return true;
  if (!text.startsWith(`${FLIGHT_BOOTSTRAP};`)) return false;
  const formState = FLIGHT_PUSH.exec(text.slice(FLIGHT_BOOTSTRAP.length + 1));
  const parsed = formState ? parseJson(formState[1]!) : { ok: false as const };
  return parsed.ok && Array.isArray(parsed.value) && parsed.value.length === 2 && parsed.value[0] === 2;
}

export function isFlightData(text: string): boolean {
  const push = FLIGHT_PUSH.exec(text);
  if (!push) return false;
  const parsed = parseJson(push[1]!);
  if (!parsed.ok || !Array.isArray(parsed.value) || parsed.value.length !== 2) return false;
  const [kind, data] = parsed.value as [unknown, unknown];
  return typeof data === "string" && (kind === 1 || (kind === 3 && BASE64.test(data)));
}

// Turbopack's chunk-group bootstrap (next/dist/server/get-page-files.js, getTurbopackChunkGroupBootstrap):
// one line per page, `(globalThis[G] || (globalThis[G] = [])).push({...});` with G a JSON string and
// the object exactly the build manifest's {otherChunks: paths of the build's static files,
// runtimeModuleIds: numbers}.
const TURBOPACK_LINE = /^\(globalThis\[("[A-Za-z_$][\w$]*")\] \|\| \(globalThis\[\1\] = \[\]\)\)\.push\((\{[\s\S]*\})\);$/;
const STATIC_CHUNK = /^static\/[\w\-./~]+\.(?:js|css)$/;

export function isTurbopackBootstrap(text: string): boolean {
  return text.split("\n").every((line) => {
    const match = TURBOPACK_LINE.exec(line);
    const parsed = match ? parseJson(match[2]!) : { ok: false as const };
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== "object" || Array.isArray(parsed.value)) return false;
    const { otherChunks, runtimeModuleIds, ...rest } = parsed.value as Record<string, unknown>;
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
] as const;
const RUNTIME_LITERAL = /(['"])((?:\$R[A-Z]|requestAnimationFrame\(function\(\)\{\$RT|addEventListener\("submit")(?:\\.|(?!\1)[^\\\r\n])*)\1/g;
const REACT_CALL = /^\$R[CSXR]\(([\s\S]*)\)$/;

function unescapeLiteral(body: string): string {
  const simple: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f", v: "\v", 0: "\0" };
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[\s\S])/g, (_, escape: string) => {
    if (escape.length > 1) return String.fromCharCode(Number.parseInt(escape.slice(1), 16));
    return simple[escape] ?? escape;
  });
}

let reactDefinitions: string[] | undefined;
/** React's runtime definitions, longest first (read once from the installed builds). */
export function reactRuntimeDefinitions(): string[] {
  if (reactDefinitions) return reactDefinitions;
  const require = createRequire(import.meta.url);
  const found = new Set<string>();
  for (const [pkg, file] of REACT_SERVER_BUILDS) {
    let source: string;
    try {
      source = fs.readFileSync(path.join(path.dirname(require.resolve(pkg)), file), "utf8");
    } catch {
      continue; // that flavour is not installed
    }
    for (const match of source.matchAll(RUNTIME_LITERAL)) {
      // "Full" constants are a definition followed by the start of its first call: keep the definition.
      const definition = unescapeLiteral(match[2]!).replace(/\$R[A-Z]\("$/, "");
      if (definition.length > 20) found.add(definition);
    }
  }
  reactDefinitions = [...found].sort((a, b) => b.length - a.length);
  return reactDefinitions;
}

export function isReactInstruction(text: string): boolean {
  const definitions = reactRuntimeDefinitions();
  let rest = text;
  let defined = false;
  for (let progress = true; progress && rest;) {
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
  return Boolean(call) && parseJson(`[${call![1]}]`).ok;
}

// Next's development server (next/dist/server/app-render/app-render.js) replaces Turbopack's
// bootstrap with one that names the request and the hot-reload baseline:
// `self.__next_r="<id>"` and optionally `;var __nextHmrInitialVersion=<JSON>;`. A production build
// never writes it, so it is allowed in development only (`npm run dev` serves through this host).
const DEV_BOOTSTRAP = /^self\.__next_r=("(?:[^"\\\n]|\\.)*")(?:;var __nextHmrInitialVersion=([^;]*);)?$/;

export function isDevBootstrap(text: string): boolean {
  if (process.env.NODE_ENV !== "development") return false;
  const match = DEV_BOOTSTRAP.exec(text);
  return Boolean(match) && parseJson(match![1]!).ok && (match![2] === undefined || parseJson(match![2]).ok);
}

// Next streams a dynamic page's metadata into the body when the head has already left, then writes
// one script that moves the icons' <link>s back into <head>, where browsers look for them
// (next/dist/server/app-render/metadata-insertion/create-server-inserted-metadata.js). Its exact text
// is read from the installed build, so the shape follows the version package.json pins.
const ICON_SCRIPT_FILE = "next/dist/server/app-render/metadata-insertion/create-server-inserted-metadata.js";
let iconScript: string | null | undefined;

/** Next's icon-moving script as the installed build writes it; null when the build no longer has it. */
export function nextIconReinsertScript(): string | null {
  if (iconScript !== undefined) return iconScript;
  try {
    const source = fs.readFileSync(createRequire(import.meta.url).resolve(ICON_SCRIPT_FILE), "utf8");
    const literal = /REINSERT_ICON_SCRIPT = `((?:[^`\\]|\\[\s\S])*)`/.exec(source)?.[1];
    // A backslash before a line break continues the template's line: it is no character of the text.
    iconScript = literal === undefined ? null : unescapeLiteral(literal.replace(/\\\n/g, ""));
  } catch {
    iconScript = null;
  }
  return iconScript;
}

export function isIconReinsert(text: string): boolean {
  const script = nextIconReinsertScript();
  return script !== null && text === script;
}

/** The framework's inline-script shapes, by the names the tests and the policy's ADR use. */
export const FRAMEWORK_SCRIPT_SHAPES: readonly (readonly [string, (text: string) => boolean])[] = [
  ["next-flight-bootstrap", isFlightBootstrap],
  ["next-flight-data", isFlightData],
  ["turbopack-bootstrap", isTurbopackBootstrap],
  ["react-instructions", isReactInstruction],
  ["next-dev-bootstrap", isDevBootstrap],
  ["next-icon-reinsert", isIconReinsert],
];

// ---------------------------------------------------------------------------------------------
// React's Server Action replies (checked before Next by host/request-guards.ts, ADR 0022)
// ---------------------------------------------------------------------------------------------

/** Fields React decodes as JSON: a reply's rows ("0", "1", …) and a form action's ("$ACTION_1:0"). */
export const REPLY_JSON_FIELD = /^(?:\$ACTION_\d+:)?\d+$/;

/**
 * The tagged strings React's reply encoder writes for the arguments our pages pass to Server
 * Actions (strings, null, plain objects and arrays, FormData, the previous form state, whose fields
 * may be undefined): "$$…" (a string that starts with "$"), "$undefined", "$NaN", "$Infinity",
 * "$-Infinity", "$-0" (values JSON lacks), "$D…" (a date), "$n…" (a BigInt), "$K<row>" (a FormData's
 * fields), "$T" (a value the client keeps), and "$<row>" or "$<row>:key:key" (an object met twice,
 * sent once). Any other tag (a Map "$Q", a Set "$W", a Blob "$B", a server reference "$h"/"$F", a
 * stream, a promise, a typed array, an iterator) is nothing a page of ours sends, and React's decoder
 * throws on most of them when they are forged, which Next answers with a 500.
 */
const CONSTANT_TAG = /^\$(?:\$.*|undefined|NaN|Infinity|-Infinity|-0|T|D.*|n-?\d{1,400}|K[0-9a-f]{1,8})$/s;
const ROW_REFERENCE = /^\$([0-9a-f]{1,8})((?::[^:]*)*)$/;

/**
 * React's Server Action reply grammar, as its decoder reads a reply: true when every row it reads is
 * JSON, the root an array of arguments, every tagged string one that our pages send, and every
 * reference names a row that exists and a path inside it. `rows` maps a row id ("0", "1", …) to its
 * text. e2e/framework-contract.spec.ts encodes what our pages send with React's own encodeReply and
 * checks each is accepted, and that the tags we refuse are still the ones React writes for the rest.
 */
export function replyRowsWellFormed(rows: Map<string, string>): boolean {
  const parsed = new Map<string, unknown>();
  const parse = (id: string): unknown => {
    if (!parsed.has(id)) {
      const text = rows.get(id);
      let value: unknown;
      try {
        value = text === undefined ? undefined : JSON.parse(text);
      } catch {
        value = undefined;
      }
      parsed.set(id, value);
    }
    return parsed.get(id);
  };
  const root = parse("0");
  if (!Array.isArray(root)) return false;
  const pending: unknown[] = [root];
  const seen = new Set<string>();
  while (pending.length) {
    const value = pending.pop();
    if (typeof value === "string") {
      if (!value.startsWith("$") || CONSTANT_TAG.test(value)) continue;
      const reference = ROW_REFERENCE.exec(value);
      if (!reference) return false;
      const id = String(parseInt(reference[1]!, 16));
      let target = parse(id);
      if (target === undefined) return false;
      for (const key of reference[2]!.split(":").slice(1)) {
        if (target === null || typeof target !== "object" || !Object.hasOwn(target, key)) return false;
        target = (target as Record<string, unknown>)[key];
      }
      if (!seen.has(id)) {
        seen.add(id);
        pending.push(parse(id));
      }
    } else if (value && typeof value === "object") {
      pending.push(...Object.values(value));
    }
  }
  return true;
}
