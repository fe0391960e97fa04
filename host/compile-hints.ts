// After `next build`: every browser chunk starts with V8's explicit compile hint (docs/decisions/0118),
// so that Chromium compiles its functions while it streams the file, off the main thread, instead of
// compiling each module's function the first time it runs, on the main thread, inside the task that
// starts the app. That task was the page's longest (about 100-120 ms of thread time on the home page,
// more than half of it lazy compilation); with the hint it measured 57-72 ms.
//
// `npm run build` runs this file after Next's build; the scripts that build (host/start.ts,
// scripts/test.ts, scripts/test-security.ts, scripts/bench.ts) call `hintChunks` after theirs, and the
// bench before it measures any build. e2e/perf-budget.spec.ts fails when a page's script arrives
// without the hint.
import fs from "node:fs";
import path from "node:path";

/** The magic comment (Chrome 136+; other engines read a comment). A line of its own, first in the file. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * Prepends the hint to every `.js` file under `<distDir>/static/chunks` that does not start with it
 * yet (running it again changes nothing). Returns how many files there are and how many it changed.
 * Throws when the folder is missing: a build without browser chunks is not one this step understands.
 */
export function hintChunks(distDir: string): { files: number; hinted: number } {
  const chunks = path.join(distDir, "static", "chunks");
  if (!fs.statSync(chunks, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`no browser chunks in ${chunks}: run next build first`);
  let files = 0;
  let hinted = 0;
  for (const entry of fs.readdirSync(chunks, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    files++;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs.readFileSync(file, "utf8");
    if (text.startsWith(COMPILE_HINT)) continue;
    fs.writeFileSync(file, COMPILE_HINT + text);
    hinted++;
  }
  return { files, hinted };
}

if (import.meta.main) {
  const distDir = path.resolve(import.meta.dirname, "..", ".next");
  const { files, hinted } = hintChunks(distDir);
  console.log(`compile hints: ${hinted} of ${files} browser chunks given the hint (${files - hinted} had it already)`);
}
