/**
 * Debian's Chromium (apt-get install chromium) with the flags a headless container needs; Playwright
 * cannot download its own here. Shared by the Playwright config, the screenshots script and the bench.
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
