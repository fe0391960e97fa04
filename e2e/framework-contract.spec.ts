import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { sampleBlogPosts } from "../src/content/sample-blog-posts";
import { PUBLIC_ROUTES } from "./routes";

/**
 * The contract between the host and the framework (host/next-internals.ts, docs/decisions/0053):
 * each thing the host knows about Next.js, React and Turbopack that is not their public API is
 * checked here against the real build and the installed packages, so that an upgrade that changes
 * one fails here, by name, instead of silently blocking the site's scripts in production.
 *
 * Shown to fail: with FLIGHT_BOOTSTRAP changed by one character in host/next-internals.ts, the first
 * test reports the flight bootstrap of each of the 20 documents as an unknown script (docs/decisions/0053).
 */

type Internals = typeof import("../host/next-internals.ts");
type AllowList = typeof import("../host/script-allow-list.ts");

// Imported as the server imports them (native ES modules), not through Playwright's transform.
const load = async () => ({
  internals: (await import("../host/next-internals.ts")) as Internals,
  allowList: (await import("../host/script-allow-list.ts")) as AllowList,
});

const article = sampleBlogPosts.find((p) => p.published)!;
const DOCUMENTS = [...PUBLIC_ROUTES.map((r) => r.path), `/blog/${article.slug}`, "/auth", "/auth/forgot-password", "/no-such-page"];

/** The text of every inline <script> without src (the policy's business), as the browser sees it. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter(Boolean);
}

test("every inline script of the build's documents has a known shape, and each framework shape is seen", async ({ request }) => {
  test.setTimeout(120_000);
  const { internals, allowList } = await load();
  const seen = new Map<string, number>();
  const unknown: string[] = [];
  const samples = new Map<string, string>();
  for (const address of DOCUMENTS) {
    const response = await request.get(address);
    expect([200, 404], address).toContain(response.status());
    const html = await response.text();
    const scan = allowList.scanInlineScripts(html);
    for (const script of scan.unknown) unknown.push(`${address}: ${script.start}`);
    for (const text of inlineScripts(html)) {
      const shape = allowList.allowedScriptShape(text);
      if (!shape) continue;
      seen.set(shape, (seen.get(shape) ?? 0) + 1);
      if (!samples.has(shape)) samples.set(shape, text);
    }
  }
  console.log(`framework contract: ${DOCUMENTS.length} documents, scripts by shape ${JSON.stringify(Object.fromEntries(seen))}`);
  expect(unknown, "inline scripts the policy would leave out (the framework changed a shape?)").toEqual([]);
  for (const shape of ["next-flight-bootstrap", "next-flight-data", "turbopack-bootstrap", "after-paint-loader"]) {
    expect(seen.get(shape) ?? 0, `no ${shape} script in any document: its shape in host/next-internals.ts no longer matches`).toBeGreaterThan(0);
  }
  // React's streaming runtime is read from the installed react-dom server builds.
  expect(internals.reactRuntimeDefinitions().length, "React's streaming runtime definitions not found in the installed build").toBeGreaterThanOrEqual(5);

  // The recognisers are exact: a real script changed by one name is no longer allowed.
  const changed: [string, string][] = [
    [samples.get("next-flight-bootstrap")!, samples.get("next-flight-bootstrap")!.replace("__next_f", "__next_g")],
    [samples.get("next-flight-data")!, samples.get("next-flight-data")!.replace("self.__next_f.push(", "self.__next_f.push(alert(1),")],
    [samples.get("turbopack-bootstrap")!, samples.get("turbopack-bootstrap")!.replace("otherChunks", "otherChunkz")],
  ];
  for (const [original, altered] of changed) {
    expect(allowList.allowedScriptShape(original)).not.toBeNull();
    expect(altered).not.toBe(original);
    expect(allowList.allowedScriptShape(altered), altered.slice(0, 80)).toBeNull();
  }
});

test("Next's chunk tags, error documents, page-cache header and RSC switch are as the host expects", async ({ request }) => {
  const { internals } = await load();
  // Pages outside the public cache keep Next's own chunk tags: each is one the after-paint rewrite can reproduce.
  const auth = await (await request.get("/auth")).text();
  const tags = [...auth.matchAll(/<script\s([^>]*\bsrc="[^"]*"[^>]*)><\/script>/g)].map((m) => m[1]!);
  const chunkTags = tags.filter((attributes) => /\basync\b/.test(attributes));
  expect(chunkTags.length, "no async chunk tag in /auth: Next's markup changed").toBeGreaterThan(0);
  for (const attributes of chunkTags) {
    const src = /\bsrc="([^"]*)"/.exec(attributes)![1]!;
    expect(src, "a chunk address the loader would refuse").toMatch(internals.NEXT_CHUNK_SRC);
    const names = [...attributes.matchAll(/([a-zA-Z-]+)(?==|\s|$)/g)].map((m) => m[1]!.toLowerCase());
    for (const name of names) expect(internals.NEXT_CHUNK_ATTRIBUTES.has(name), `chunk tag attribute ${name}`).toBe(true);
  }

  // Next says where a page came from; the page cache stores only what its own cache served.
  const home = await request.get("/");
  expect(home.headers()[internals.NEXT_CACHE_HEADER], `${internals.NEXT_CACHE_HEADER} missing on a public page`).toMatch(/^(HIT|MISS|STALE)$/);
  // A request with one of the bypass headers gets something else than the document: here the RSC payload.
  const rsc = await request.get("/", { headers: { RSC: "1" } });
  expect(rsc.headers()["content-type"]).toMatch(/text\/x-component/);
  expect(internals.NEXT_BYPASS_HEADER.test("rsc")).toBe(true);

  // The names Next's server code itself uses for what the host reads.
  const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
  const nextDist = path.join(path.dirname(resolve("next/package.json")), "dist", "server");
  const source = (file: string) => fs.readFileSync(path.join(nextDist, file), "utf8");
  expect(source("app-render/app-render.js"), "Next's error document id").toContain(`'${internals.NEXT_ERROR_DOCUMENT_ID}'`);
  expect(source("api-utils/index.js"), "Next's draft-mode cookie").toContain("__prerender_bypass");
  expect(source("lib/incremental-cache/index.js"), "Next's switch that turns its page cache off").toContain(
    `process.env.${internals.NEXT_PRIVATE_TEST_PROXY} === 'true'`,
  );
});

test("the file-system cache class the cache handler extends has the methods it overrides", async () => {
  const { internals } = await load();
  const { FileSystemCache } = internals;
  expect(typeof FileSystemCache, "next/dist/server/lib/incremental-cache/file-system-cache.js no longer exports a class").toBe("function");
  for (const method of ["get", "set", "revalidateTag"] as const) {
    expect(typeof FileSystemCache.prototype[method], `FileSystemCache.prototype.${method}`).toBe("function");
  }
  // expireTagsLocally calls revalidateTag without an instance: the tags live in a map shared by the process.
  await expect(FileSystemCache.prototype.revalidateTag.call(undefined, ["_N_T_/framework-contract"], undefined)).resolves.toBeUndefined();
  // The build uses our subclass.
  const config = JSON.parse(fs.readFileSync(".next/required-server-files.json", "utf8")) as { config: { cacheHandler?: string } };
  expect(config.config.cacheHandler).toMatch(/host[\\/]cache-handler\.ts$/);
});

test("React's reply encoder writes what the host's reply grammar accepts, and the tags it refuses are React's for what our pages never send", async () => {
  const { internals } = await load();
  // React's own client encoder, as the browser bundle runs it.
  const resolve = createRequire(path.join(process.cwd(), "package.json")).resolve;
  const { encodeReply } = createRequire(resolve("next/package.json"))("next/dist/compiled/react-server-dom-turbopack/client.node.js") as {
    encodeReply: (value: unknown[]) => Promise<string | FormData>;
  };
  const rowsOf = async (args: unknown[]): Promise<Map<string, string>> => {
    const encoded = await encodeReply(args);
    if (typeof encoded === "string") return new Map([["0", encoded]]);
    const rows = new Map<string, string>();
    for (const [name, value] of encoded) {
      if (typeof value === "string" && internals.REPLY_JSON_FIELD.test(name)) rows.set(name, value);
    }
    return rows;
  };
  const form = new FormData();
  form.append("name", "Priya");
  form.append("$looks-like-a-tag", "$1");
  const shared = { id: "same object twice" };
  // What our pages pass to Server Actions: strings (one starting with "$"), null, numbers and the
  // values JSON lacks, dates, BigInt, plain objects and arrays, an object met twice, FormData and the
  // previous form state with undefined fields.
  const sent: unknown[][] = [
    ["$starts with a dollar", null, 1, Number.NaN, Infinity, -Infinity, -0, undefined],
    [new Date(0), 12n, { nested: [{ deeper: ["x"] }] }],
    [shared, [shared, { again: shared }]],
    [{ status: "idle", message: undefined }, form],
  ];
  for (const args of sent) expect(internals.replyRowsWellFormed(await rowsOf(args)), JSON.stringify([...(await rowsOf(args))])).toBe(true);
  // What none of our pages sends is refused: the tags React writes for a Map, a Set and a Blob.
  const unsent: [string, unknown[]][] = [
    ["a Map", [new Map([[1, 2]])]],
    ["a Set", [new Set([1])]],
    ["a Blob", [new Blob(["x"])]],
  ];
  for (const [what, args] of unsent) expect(internals.replyRowsWellFormed(await rowsOf(args)), `${what} accepted`).toBe(false);
  // A reference to a row that is not there, and a root that is not the array of arguments.
  expect(internals.replyRowsWellFormed(new Map([["0", '["$1"]']]))).toBe(false);
  expect(internals.replyRowsWellFormed(new Map([["0", '{"a":1}']]))).toBe(false);
});
