import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { COMPILE_HINT, hintChunks } from "../host/compile-hints.ts";

// host/compile-hints.ts: after the build, every browser chunk starts with V8's compile hint, once.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function build(files: Record<string, string>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "hints-"));
  dirs.push(dist);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), text);
  }
  return dist;
}
const read = (dist: string, name: string) => fs.readFileSync(path.join(dist, name), "utf8");

describe("the browser chunks' compile hint", () => {
  it("is V8's magic comment on a line of its own", () => {
    expect(COMPILE_HINT).toBe("//# allFunctionsCalledOnLoad\n");
  });

  it("goes first in every .js chunk, in nested folders too, and nowhere else", () => {
    const dist = build({
      "static/chunks/a.js": "(globalThis.TURBOPACK||[]).push([1]);",
      "static/chunks/nested/b.js": "console.log(1)",
      "static/chunks/a.css": "body{}",
      "static/media/font.woff2": "binary",
      "server/page.js": "module.exports = 1",
    });
    expect(hintChunks(dist)).toEqual({ files: 2, hinted: 2 });
    expect(read(dist, "static/chunks/a.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1]);`);
    expect(read(dist, "static/chunks/nested/b.js")).toBe(`${COMPILE_HINT}console.log(1)`);
    expect(read(dist, "static/chunks/a.css")).toBe("body{}");
    expect(read(dist, "server/page.js")).toBe("module.exports = 1");
  });

  it("is added once: a second run changes nothing", () => {
    const dist = build({ "static/chunks/a.js": "x()" });
    hintChunks(dist);
    expect(hintChunks(dist)).toEqual({ files: 1, hinted: 0 });
    expect(read(dist, "static/chunks/a.js")).toBe(`${COMPILE_HINT}x()`);
  });

  it("refuses a folder without browser chunks instead of reporting nothing to do", () => {
    const dist = build({ "server/page.js": "" });
    expect(() => hintChunks(dist)).toThrow(/no browser chunks/);
  });
});
