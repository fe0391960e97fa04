import localFont from "next/font/local";

/**
 * The brand typeface (docs/decisions/0027): Inter, variable weight, Latin subset, served from this
 * site (no request to another host). Not preloaded: public pages are first painted in "Inter Fallback"
 * (globals.css: Arial or Liberation Sans scaled to Inter's width at each weight), and the font is
 * requested after the first contentful paint, so it does not compete with the page for the network.
 * A page painted without it keeps the fallback; the pages loaded after it switch to it once it is in
 * hand (docs/decisions/0120), which moves no text (CLS 0). Characters outside the subset (₹) come
 * from the fallback.
 */
export const brandFont = localFont({
  src: "../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  weight: "100 900",
  style: "normal",
  display: "swap",
  preload: false,
  variable: "--font-brand",
  adjustFontFallback: false,
  fallback: ["Inter Fallback", "ui-sans-serif", "system-ui", "sans-serif"],
});
