/**
 * Which web addresses the site stores (a lead's website, an image's address): http(s) on a public
 * host name, nothing that a browser, a mail client or a future server-side fetch could read as
 * another host or as this machine's network (docs/decisions/0023-what-addresses-and-text-are-refused.md).
 * No imports: the lead forms check the website in the browser with this module (ADR 0013).
 */

/** Why an address is refused; each has its own message beside the field. */
export type UrlRefusal = "invalid" | "scheme" | "form" | "userinfo" | "ip" | "local" | "host" | "character";

/**
 * Host names that never name a public site: `localhost` and its subdomains (RFC 6761), mDNS
 * `.local`, `.internal` (reserved for private use, ICANN 2024), `.localdomain` (a common resolver
 * default) and `.arpa` (reverse lookups, `home.arpa` home networks).
 */
const LOCAL_TLDS = new Set(["localhost", "local", "localdomain", "internal", "arpa"]);

/** A DNS label as host names spell it (RFC 1123), A-labels (`xn--…`) included. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain: letters, or the A-label of an internationalised one. */
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** White space or controls (which the URL parser would drop or re-encode silently), and backslashes (which browsers read as "/"). */
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Characters RFC 3986 leaves out of every address (a real one carries them percent-encoded, as
 * browsers copy it): double quotes, angle brackets, backticks and braces. Typed raw they are markup
 * or template syntax (`"><script>`, `{{x}}`, `` `x` ``), which the URL parser would turn into
 * `%22%3E%3Cscript%3E` and store. The apostrophe stays: RFC 3986 allows it in paths
 * (`/wiki/Hell's_Kitchen`), and every place that shows an address escapes it.
 */
const NON_URL_CHARACTERS = /["<>`{}]/;

/**
 * The address as stored (WHATWG-serialised: punycode host, escaped path), or why it is refused.
 * `schemeless: true` (a lead's website) puts https:// in front of an address typed without a scheme.
 */
export function checkPublicUrl(value: string, options: { schemeless?: boolean } = {}): { url: string } | { refusal: UrlRefusal } {
  if (UNSAFE_CHARACTERS.test(value) || value.startsWith("/")) return { refusal: "form" };
  // "brand.in:8080" is a host and a port, "mailto:" or "https://" a scheme.
  const hasScheme = /^[a-z][a-z0-9+-]*:|^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  if (!hasScheme && !options.schemeless) return { refusal: "scheme" };
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return { refusal: "invalid" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { refusal: "scheme" };
  // "https:" followed by anything but "//" is read by the parser as if the slashes were there.
  if (!/^https?:\/\/[^/]/i.test(value) && hasScheme) return { refusal: "form" };
  if (url.username || url.password || /^(?:https?:\/\/)?[^/?#]*@/i.test(value)) return { refusal: "userinfo" };
  const host = url.hostname.replace(/\.$/, "");
  // The parser has already turned every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into
  // dotted decimal, and IPv6 is always in brackets: no IP address is accepted, whatever its range.
  if (host.startsWith("[") || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return { refusal: "ip" };
  const labels = host.split(".");
  if (LOCAL_TLDS.has(labels.at(-1)!)) return { refusal: "local" };
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TLD.test(labels.at(-1)!)) return { refusal: "host" };
  // Checked after the host, so that `{{host}}.com` is still told that a host name is letters, digits and hyphens.
  if (NON_URL_CHARACTERS.test(value)) return { refusal: "character" };
  return { url: url.toString() };
}

/** The name of an uploaded image: 32 hex digits and the extension of its sniffed type (src/server/media/uploads.ts). */
export const UPLOAD_FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif|avif)$/;

export const mediaUrl = (name: string): string => `/api/media/${name}`;

/** The upload's storage name in an address of this site's media (path or absolute URL), or null. */
export function mediaName(url: string): string | null {
  const match = /^(?:https?:\/\/[^/?#]+)?\/api\/media\/([^/?#]+)$/.exec(url.trim());
  return match && UPLOAD_FILE_NAME.test(match[1]!) ? match[1]! : null;
}

/**
 * An image path this site serves itself: an upload (`/api/media/<file>`) or a file under
 * `public/images/` (the sample posts' covers). Segments of letters, digits, `.`, `_` and `-` that do
 * not start with a dot, so no `..`, no `//`, no backslash, no query.
 */
export function isOwnImagePath(value: string): boolean {
  if (value.startsWith("/api/media/")) return UPLOAD_FILE_NAME.test(value.slice("/api/media/".length));
  return /^\/images(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(value);
}
