// Security headers of every response, and the Content-Security-Policy of HTML documents built from
// the hashes of the inline scripts each document carries that Next, React and this app emit
// (docs/decisions/0010, 0021: host/script-allow-list.ts says which).
import { measurementIds, measurementSources, type MeasurementIds } from "../src/lib/measurement.ts";
import { scanInlineScripts, type UnknownScript } from "./script-allow-list.ts";

/** Browser features the site never uses, switched off for it and for anything it embeds. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  // Passkeys sign in on this site itself (docs/decisions/0046); no embedded page may ask.
  "publickey-credentials-create=(self)",
  "publickey-credentials-get=(self)",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/** Headers set on every response, whatever it is. */
export function staticSecurityHeaders(siteUrl: string = process.env.SITE_URL ?? ""): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
  // HSTS over plain HTTP is ignored by browsers and would only mislead: only when served over HTTPS.
  if (isHttps(siteUrl)) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}

/**
 * Addresses that carry a newsletter token in their path (docs/decisions/0063): the one-click
 * unsubscribe and the counted click redirect send no Referer at all, so the token never reaches
 * another page, ours included (its logs, its analytics). The subscriber's own pages (confirmation,
 * preferences) send it to this site only: under no-referrer a form posted from them carries
 * "Origin: null", which the origin check refuses, and their buttons must work without script.
 * Set by the host, since Next keeps a header the host has already set (a route cannot lower it).
 */
const REFERRER_POLICIES: readonly (readonly [prefix: string, policy: string])[] = [
  ["/n/", "no-referrer"],
  ["/api/newsletter/", "no-referrer"],
  ["/newsletter/", "same-origin"],
  // A booking's manage page (docs/decisions/0065): the same reasons as the newsletter's pages.
  ["/book/manage/", "same-origin"],
  // A proposal's page (docs/decisions/0108): the same reasons; its token opens and answers the proposal.
  ["/proposal/", "same-origin"],
];

/** The Referrer-Policy of a request's answer when it differs from the static one, else null. */
export function referrerPolicyFor(url: string | undefined): string | null {
  const pathname = String(url ?? "").split("?")[0]!;
  return REFERRER_POLICIES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? null;
}

function isHttps(siteUrl: string): boolean {
  return /^https:\/\//i.test(siteUrl);
}

/** Responses that are not documents run no script: they get a policy that allows nothing. */
export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The sha256 sources of the document's allowed inline scripts, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  return scanInlineScripts(html).hashes;
}

/**
 * The policy of one HTML document: scripts from this origin, plus its allowed inline scripts by
 * hash; and the inline scripts left out of it (which the browser will refuse to run).
 */
export function documentPolicy(
  html: string,
  siteUrl: string = process.env.SITE_URL ?? "",
  measurement: MeasurementIds = measurementIds(),
): { csp: string; unknown: UnknownScript[] } {
  const { hashes, unknown } = scanInlineScripts(html);
  return { csp: policyWith(hashes, siteUrl, measurement), unknown };
}

/** The policy of one HTML document (see documentPolicy). */
export function documentCsp(html: string, siteUrl: string = process.env.SITE_URL ?? "", measurement: MeasurementIds = measurementIds()): string {
  return documentPolicy(html, siteUrl, measurement).csp;
}

/**
 * measurement: the configured tags (GA4_MEASUREMENT_ID, META_PIXEL_ID). Each adds its own sources to
 * script-src (the tag's script paths, never a whole host), connect-src and img-src, and only then
 * (docs/decisions/0051): with none configured the policy is exactly what it was without measurement.
 */
function policyWith(hashes: string[], siteUrl: string, measurement: MeasurementIds): string {
  const extra = measurementSources(measurement);
  const sources = (directive: keyof typeof extra, own: string[]) => [...own, ...(extra[directive] ?? [])].join(" ");
  const directives = [
    "default-src 'self'",
    // React's development build needs eval() (it rebuilds server stack frames with it); `npm run dev`
    // only. A production build never gets it (e2e/security/csp.spec.ts checks the header).
    `script-src ${sources("script-src", ["'self'", ...hashes, ...(process.env.NODE_ENV === "development" ? ["'unsafe-eval'"] : [])])}`,
    // React and Radix set style attributes: styles stay inline-capable.
    "style-src 'self' 'unsafe-inline'",
    // Blog posts may show images from other https hosts (the sanitiser allows them); the tags'
    // endpoints are named as well, so that they stay allowed if this list is ever narrowed.
    `img-src ${sources("img-src", ["'self'", "data:", "blob:", "https:"])}`,
    "font-src 'self' data:",
    `connect-src ${sources("connect-src", ["'self'"])}`,
    "media-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (isHttps(siteUrl)) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
