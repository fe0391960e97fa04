/**
 * Debian's Chromium (apt-get install chromium) with the flags a headless container needs; Playwright
 * cannot download its own here. The screenshots script and the bench (Lighthouse) drive this one, the
 * whole browser, so that their figures stay comparable from run to run.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * What the end-to-end tests drive: Debian's Chromium headless shell (apt-get install
 * chromium-headless-shell), the same engine and version without the whole browser's display pipeline,
 * as Playwright itself runs headless tests. Two specs' 101 tests on two cores took half the CPU time
 * of the whole browser (80 s against 155 s) and 45 s against 83 s (docs/decisions/0115).
 */
export const TEST_CHROMIUM_PATH = "/usr/bin/chromium-headless-shell";

/**
 * The shell's flags: the same, and text laid out without hinting, as the whole browser lays it out. With
 * the shell's default hinting, glyph advances round to whole pixels, so the brand font and its
 * metric-matched fallback ("Inter Fallback", docs/decisions/0027) measured a few pixels apart and the
 * font's arrival shifted the home page's navigation (a layout shift of 0.0001 the whole browser does not have).
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, "--font-render-hinting=none"];
