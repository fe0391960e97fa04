import localFont from "next/font/local";

/**
 * The brand typeface (docs/decisions/0027): Inter, variable weight, Latin subset, served from this
 * site (no request to another host) and preloaded by every page. While it loads, text is set in a
 * local fallback whose size and line metrics are adjusted to Inter's (next/font's "Inter Fallback"
 * face on Arial, and globals.css's twin on Liberation Sans, Arial's metric clone on Linux), so the
 * swap moves nothing on the page (CLS 0). Characters outside the subset (₹) come from the fallback.
 */
export const brandFont = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  preload: true,
  variable: "--font-brand",
  adjustFontFallback: "Arial",
  fallback: ["Inter Fallback Liberation", "ui-sans-serif", "system-ui", "sans-serif"],
});
