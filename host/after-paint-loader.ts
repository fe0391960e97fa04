// The inline script that starts Next's chunks after the first contentful paint on public pages
// (docs/decisions/0019), and requests the brand font at the same moment. The document's
// data-fonts-after-paint mark (docs/decisions/0027) keeps the page in the metric-matched fallback.
// The font is let in the way CSS's `font-display: optional` lets a font in: a page whose first paint
// had to do without it keeps the fallback for its whole life, and the font, now in the browser's
// cache, is used from the next page loaded (docs/decisions/0120). The switch of typeface restyles
// and lays out every line of the page in one long task; a first visit, the one that matters most on
// a phone, no longer pays it. A later page load switches once the font is in hand, as before
// (docs/decisions/0113). host/document-rewrites.ts puts the loader into documents; the policy's
// allow-list (host/script-allow-list.ts, docs/decisions/0021) recognises it by this exact text.
//
// Its hash is in every public page's policy, so a copy injected into a page would run too, with
// whatever `data-after-paint` list the injected copy carries: it therefore loads only paths of the
// build's own static chunks (no "..", no percent-escapes, no other host) and nothing else.

/**
 * The browser's note (localStorage) that this site's brand font has been fetched before, so that it
 * is in the browser's cache: "1" or nothing. No identifier, nothing about the visitor.
 */
export const FONT_SEEN_KEY = "brand-font-seen";

export const LOADER_TIMEOUT_MS = 2000;

export const AFTER_PAINT_LOADER = String.raw`(function (d) {
  var me = d.currentScript, started = false;
  function words(name) { return (me.getAttribute(name) || "").split(" "); }
  var sources = words("data-after-paint"), integrity = words("data-integrity"), cross = me.getAttribute("data-crossorigin");
  function load() {
    if (started) return;
    started = true;
    fontsIn();
    sources.forEach(function (src, i) {
      if (!/^\/_next\/static\/[\w\-.\/~]+\.js(\?[\w\-.=&]*)?$/.test(src) || src.indexOf("..") >= 0) return;
      var script = d.createElement("script");
      script.src = src;
      script.async = true;
      if (integrity[i]) script.integrity = integrity[i];
      if (cross !== null) script.crossOrigin = cross;
      if (me.nonce) script.nonce = me.nonce;
      d.head.appendChild(script);
    });
  }
  function unmark() { d.documentElement.removeAttribute("data-fonts-after-paint"); }
  function fontsIn() {
    var view = d.defaultView, brand = "", seen = false;
    try { brand = d.fonts && view ? view.getComputedStyle(d.documentElement).getPropertyValue("--font-brand") : ""; } catch (e) {}
    if (!brand) return unmark();
    try { seen = view.localStorage.getItem("${FONT_SEEN_KEY}") === "1"; } catch (e) {}
    function arrived() {
      try { view.localStorage.setItem("${FONT_SEEN_KEY}", "1"); } catch (e) {}
      if (seen) unmark();
    }
    try { d.fonts.load("1em " + brand).then(arrived, function () {}); } catch (e) { if (seen) unmark(); }
  }
  function soon() { setTimeout(load, 0); }
  try {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) soon();
    }).observe({ type: "paint", buffered: true });
  } catch (e) { soon(); }
  if (d.visibilityState !== "visible") soon();
  setTimeout(load, ${LOADER_TIMEOUT_MS});
})(document)`.replace(/\n\s*/g, "");
