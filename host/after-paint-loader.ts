// The inline script that starts Next's chunks after the first contentful paint on public pages
// (docs/decisions/0019), and requests the brand font at the same moment. The document's
// data-fonts-after-paint mark (docs/decisions/0027) is removed only once the font has arrived (or
// failed): the page switches typeface once, with the font in hand, instead of switching to a font
// still loading (a layout of every line against the fallback chain) and again when it arrives
// (docs/decisions/0113). host/document-rewrites.ts puts it into documents; the policy's allow-list
// (host/script-allow-list.ts, docs/decisions/0021) recognises it by this exact text.
//
// Its hash is in every public page's policy, so a copy injected into a page would run too, with
// whatever `data-after-paint` list the injected copy carries: it therefore loads only paths of the
// build's own static chunks (no "..", no percent-escapes, no other host) and nothing else.

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
    var view = d.defaultView, brand = "";
    try { brand = d.fonts && view ? view.getComputedStyle(d.documentElement).getPropertyValue("--font-brand") : ""; } catch (e) {}
    if (!brand) return unmark();
    try { d.fonts.load("1em " + brand).then(unmark, unmark); } catch (e) { unmark(); }
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
