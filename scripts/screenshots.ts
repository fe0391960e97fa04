// `npm run screenshots`: the pictures in docs/design.md (docs/design/<page>-<width>.png).
//
// Starts the built site (`node host/start.ts`, SKIP_BUILD=1: run `npm run build` first) on a fresh
// temporary data folder with the sample content, on port SCREENSHOT_PORT (default 3240), and takes
// each page type's opening, the first screen a visitor sees, at a phone's, a tablet's and a laptop's
// width in Chromium (CHROMIUM_PATH, default /usr/bin/chromium). `--url=http://…` takes them from a
// server already running instead. Each is one screen (the opening is what docs/design.md shows),
// written as a palette PNG by sharp (already a dependency, for images) and checked against a size limit.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { FONT_SEEN_KEY } from "../host/after-paint-loader.ts";

const root = path.resolve(import.meta.dirname, "..");
const outDir = path.join(root, "docs", "design");
const urlArg = process.argv.find((a) => a.startsWith("--url="))?.slice("--url=".length);
const port = Number(process.env.SCREENSHOT_PORT ?? 3240);
const base = urlArg ?? `http://127.0.0.1:${port}`;
const WIDTHS = [
  { name: "390", width: 390, height: 844 },
  { name: "768", width: 768, height: 1024 },
  { name: "1280", width: 1280, height: 800 },
] as const;
/** A file above this is too heavy for a docs page; the script fails rather than commit it. */
const MAX_BYTES = 200 * 1024;

async function waitFor(url: string, child: ChildProcess | null, output: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server stopped:\n${output.join("")}`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 2 minutes:\n${output.join("")}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let server: ChildProcess | null = null;
let dataDir: string | null = null;
const output: string[] = [];
if (!urlArg) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "screenshots-data-"));
  server = spawn(process.execPath, [path.join(root, "host", "start.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), SKIP_BUILD: "1", DATA_DIR: dataDir, SITE_URL: base, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  const keep = (chunk: Buffer) => {
    output.push(String(chunk));
    if (output.length > 100) output.shift();
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await waitFor(`${base}/api/health`, server, output);
  // The newest article linked from the blog listing stands for every article.
  const blog = await (await fetch(`${base}/blog`)).text();
  const article = [...blog.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]).find((href) => href !== "/blog/feed.xml");
  if (!article) throw new Error("no article link on /blog");
  // A case study's own page and the team page, where the build has them (a build before them: left out).
  const studies = await (await fetch(`${base}/case-studies`)).text();
  const study = [...studies.matchAll(/href="(\/case-studies\/[a-z0-9-]+)"/g)].map((m) => m[1])[0];
  const people = (await fetch(`${base}/team`)).status === 200;
  const pages = [
    { name: "home", path: "/" },
    { name: "service", path: "/services/seo-optimization" },
    { name: "blog", path: "/blog" },
    { name: "article", path: article },
    { name: "case-studies", path: "/case-studies" },
    ...(study ? [{ name: "case-study", path: study }] : []),
    ...(people ? [{ name: "people", path: "/team" }] : []),
    { name: "contact", path: "/contact" },
  ];
  fs.mkdirSync(outDir, { recursive: true });
  for (const size of WIDTHS) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, deviceScaleFactor: 1, reducedMotion: "reduce" });
    // A returning visitor's pages: the brand font is used from the second page a browser loads
    // (docs/decisions/0120), so the browser is told it has fetched it before.
    await context.addInitScript((key) => localStorage.setItem(key, "1"), FONT_SEEN_KEY);
    const page = await context.newPage();
    for (const target of pages) {
      await page.goto(`${base}${target.path}`, { waitUntil: "load" });
      // The brand font is requested after the first paint (docs/decisions/0027, 0120): wait for it.
      await page.waitForFunction(() => !document.documentElement.hasAttribute("data-fonts-after-paint"));
      await page.evaluate(() => document.fonts.ready);
      const file = path.join(outDir, `${target.name}-${size.name}.png`);
      const shot = await page.screenshot({ fullPage: false, animations: "disabled" });
      // 256 colours with dithering: gradients stay smooth at a fifth of the full PNG's weight.
      await sharp(shot).png({ palette: true, quality: 90, effort: 8 }).toFile(file);
      const bytes = fs.statSync(file).size;
      console.log(`${path.relative(root, file)}  ${(bytes / 1024).toFixed(0)} KB`);
      if (bytes > MAX_BYTES) throw new Error(`${file} is ${bytes} bytes, above ${MAX_BYTES}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  if (server) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
