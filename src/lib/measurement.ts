// Consent-aware measurement (docs/decisions/0051): what the app, the environment check and the
// server's Content-Security-Policy (host/security-headers.ts, host/script-allow-list.ts)
// share. No imports, because host/server.ts runs outside Next's bundles and loads it as it is.

/** GA4 measurement IDs ("G-" and letters or digits) and Meta Pixel IDs (digits). */
export const GA4_ID_PATTERN = /^G-[A-Z0-9]{4,16}$/;
export const PIXEL_ID_PATTERN = /^[0-9]{5,20}$/;

/** The first-party cookie that remembers the visitor's choice: one year, every path, SameSite=Lax. */
export const CONSENT_COOKIE = "consent";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * What each tag needs, by directive (docs/decisions/0051). Scripts by their exact paths, not whole
 * hosts: a host such as www.googletagmanager.com also serves gtm.js, whose containers run any
 * script their owner writes, so a host-wide source would let an injected `<script src>` run
 * someone else's code. A source ending in "/" allows the folder below it; `{pixel}` stands for the
 * configured Pixel ID. After a redirect browsers match only the host of a source, not its path (CSP
 * Level 3, so as not to reveal where the redirect went), so these paths hold only while no allowed
 * address redirects to where an attacker chooses.
 *
 * - GA4: gtag.js (any `?id=`: the query is never matched); its hits go to /g/collect on
 *   *.google-analytics.com and *.analytics.google.com (region1., www., …); www.googletagmanager.com
 *   stays whole in connect-src and img-src, as Google lists it (which paths gtag.js calls there is
 *   not published, and a wrong guess would drop data silently).
 * - Meta Pixel: fbevents.js, the configured pixel's configuration script and the plugins folder it
 *   loads from; events go to www.facebook.com/tr (an image or a beacon, with or without the final
 *   slash). connect.facebook.net stays whole in connect-src, as before (Meta lists the host).
 */
type Directive = "script-src" | "connect-src" | "img-src";
export type MeasurementIds = { ga4?: string; pixel?: string };

export const MEASUREMENT_SOURCES: Record<"ga4" | "pixel", Record<Directive, string[]>> = {
  ga4: {
    "script-src": ["https://www.googletagmanager.com/gtag/js"],
    "connect-src": ["https://www.googletagmanager.com", "https://*.google-analytics.com/g/collect", "https://*.analytics.google.com/g/collect"],
    "img-src": ["https://www.googletagmanager.com", "https://*.google-analytics.com/g/collect"],
  },
  pixel: {
    "script-src": [
      "https://connect.facebook.net/en_US/fbevents.js",
      "https://connect.facebook.net/signals/config/{pixel}",
      "https://connect.facebook.net/signals/plugins/",
    ],
    "connect-src": ["https://www.facebook.com/tr", "https://www.facebook.com/tr/", "https://connect.facebook.net"],
    "img-src": ["https://www.facebook.com/tr", "https://www.facebook.com/tr/"],
  },
};

/** The configured tags, from an environment (IDs of another shape count as unset). */
export function measurementIds(source: Record<string, string | undefined> = process.env): MeasurementIds {
  const ga4 = (source.GA4_MEASUREMENT_ID ?? "").trim();
  const pixel = (source.META_PIXEL_ID ?? "").trim();
  return { ga4: GA4_ID_PATTERN.test(ga4) ? ga4 : undefined, pixel: PIXEL_ID_PATTERN.test(pixel) ? pixel : undefined };
}

/** The extra sources per directive for these tags (empty with none configured). */
export function measurementSources(ids: MeasurementIds | undefined): Partial<Record<Directive, string[]>> {
  const extra: Partial<Record<Directive, string[]>> = {};
  for (const tag of ["ga4", "pixel"] as const) {
    // Only IDs of their shapes: an ID is written into a source below.
    if (!(tag === "ga4" ? GA4_ID_PATTERN : PIXEL_ID_PATTERN).test(ids?.[tag] ?? "")) continue;
    for (const [directive, sources] of Object.entries(MEASUREMENT_SOURCES[tag]) as [Directive, string[]][]) {
      const own = sources.map((source) => source.replace("{pixel}", ids?.pixel ?? ""));
      extra[directive] = [...new Set([...(extra[directive] ?? []), ...own])];
    }
  }
  return extra;
}

/**
 * The consent script: rendered inline just before the banner (src/components/site/consent-banner.tsx),
 * so it runs before the banner is painted, and allowed by the policy by this exact text (ADR 0021).
 * Its settings come from its own attributes: data-ga4, data-pixel (the IDs), data-schedule (the
 * booking link) and data-contact (the WhatsApp link; links are compared without query or fragment). It
 * - sets Google Consent Mode v2 defaults to denied before any tag could exist;
 * - reads the consent cookie and marks <html data-consent="…">, which hides the banner (globals.css);
 * - loads gtag.js and fbevents.js only with consent: after the first contentful paint for a
 *   returning visitor (as Next's own scripts, ADR 0019), at once after Accept;
 * - answers the banner's buttons and the footer's "Cookie settings" without a round trip (without
 *   JavaScript the banner is a plain form posted to /api/consent);
 * - sends the conversion events (a lead form's "lead-sent" event, WhatsApp and booking link clicks),
 *   only when consent was granted.
 * A copy injected into a page would run too: it only loads these two tags, by IDs of their
 * shapes, from hosts the policy allows only where the tags are configured.
 */
export const CONSENT_SCRIPT = String.raw`(function (w, d) {
  var me = d.currentScript, root = d.documentElement, loaded = false;
  var ga4 = me.getAttribute("data-ga4") || "", pixel = me.getAttribute("data-pixel") || "";
  function bare(url) { if (!url) return ""; var a = d.createElement("a"); a.href = url; return a.href.split(/[?#]/)[0]; }
  var schedule = bare(me.getAttribute("data-schedule")), contact = bare(me.getAttribute("data-contact"));
  if (!/^G-[A-Z0-9]{4,16}$/.test(ga4)) ga4 = "";
  if (!/^[0-9]{5,20}$/.test(pixel)) pixel = "";
  var match = /(?:^|;\s*)consent=(granted|denied)(?:;|$)/.exec(d.cookie), choice = match ? match[1] : "";
  var KINDS = ["ad_storage", "ad_user_data", "ad_personalization", "analytics_storage"];
  function states(value) { var s = {}; KINDS.forEach(function (k) { s[k] = value; }); return s; }
  if (ga4) {
    w.dataLayer = w.dataLayer || [];
    w.gtag = function () { w.dataLayer.push(arguments); };
    w.gtag("consent", "default", states("denied"));
  }
  function mark() { if (choice) root.setAttribute("data-consent", choice); else root.removeAttribute("data-consent"); }
  mark();
  function add(src) { var s = d.createElement("script"); s.src = src; s.async = true; d.head.appendChild(s); }
  function load() {
    if (loaded || choice !== "granted") return;
    loaded = true;
    if (ga4) {
      add("https://www.googletagmanager.com/gtag/js?id=" + ga4);
      w.gtag("js", new Date());
      w.gtag("config", ga4);
    }
    if (pixel && !w.fbq) {
      var f = w.fbq = function () { f.callMethod ? f.callMethod.apply(f, arguments) : f.queue.push(arguments); };
      w._fbq = w._fbq || f;
      f.push = f; f.loaded = true; f.version = "2.0"; f.queue = [];
      add("https://connect.facebook.net/en_US/fbevents.js");
      f("init", pixel);
      f("track", "PageView");
    }
  }
  function choose(value) {
    choice = value;
    d.cookie = "consent=" + value + "; Max-Age=31536000; Path=/; SameSite=Lax" + (location.protocol === "https:" ? "; Secure" : "");
    mark();
    if (ga4) w.gtag("consent", "update", states(value));
    if (pixel && w.fbq) w.fbq("consent", value === "granted" ? "grant" : "revoke");
    load();
  }
  var EVENTS = { lead: ["generate_lead", "Lead"], contact: ["contact", "Contact"], schedule: ["schedule", "Schedule"] };
  function track(kind, form) {
    if (choice !== "granted") return;
    if (ga4) w.gtag("event", EVENTS[kind][0], form ? { form_name: form } : {});
    if (pixel && w.fbq) w.fbq("track", EVENTS[kind][1]);
  }
  if (choice === "granted") {
    w.gtag && w.gtag("consent", "update", states("granted"));
    var soon = function () { setTimeout(load, 0); };
    try {
      new PerformanceObserver(function (list) { if (list.getEntriesByName("first-contentful-paint").length) soon(); }).observe({ type: "paint", buffered: true });
    } catch (e) { soon(); }
    if (d.visibilityState !== "visible") soon();
    setTimeout(load, 2000);
  }
  d.addEventListener("submit", function (e) {
    var b = e.submitter;
    if (!e.target.hasAttribute("data-consent-form") || !b || (b.value !== "granted" && b.value !== "denied")) return;
    e.preventDefault();
    choose(b.value);
  });
  d.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest("a[href]");
    if (!a) return;
    if (a.hasAttribute("data-consent-open")) {
      e.preventDefault();
      root.removeAttribute("data-consent");
      var banner = d.getElementById("cookie-consent");
      if (banner) { banner.scrollIntoView(); banner.focus(); }
    } else if (schedule && bare(a.href) === schedule) track("schedule");
    else if (contact && bare(a.href) === contact) track("contact");
  });
  d.addEventListener("lead-sent", function (e) { track("lead", e.detail); });
})(window, document)`.replace(/\n\s*/g, "");
