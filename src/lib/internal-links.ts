/**
 * The site paths an HTML fragment links to, each normalised as a page's address: "/blog/x" for
 * href="/blog/x/", "/blog/x?utm=1#part" or "https://our.site/blog/x" (when `siteUrl` is that origin).
 * Browser-safe: the writing room marks suggestions already linked as the writer types, and the
 * server finds backlinks with the same reading (docs/decisions/0099).
 */
export function linkedPaths(html: string, siteUrl?: string): Set<string> {
  const origin = siteOrigin(siteUrl);
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const path = sitePath(decodeAmpersands(match[1] ?? match[2] ?? match[3] ?? ""), origin);
    if (path) found.add(path);
  }
  return found;
}

function siteOrigin(siteUrl: string | undefined): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}

/** Stored HTML writes & in an attribute as &amp;: the address itself has the plain character. */
const decodeAmpersands = (value: string) => value.replace(/&amp;/gi, "&").trim();

/** A link's page on this site, or null for another site, a mail address or a bare #anchor. */
function sitePath(href: string, origin: string | null): string | null {
  let path: string;
  if (href.startsWith("/") && !href.startsWith("//")) path = href;
  else if (origin && /^https?:\/\//i.test(href)) {
    try {
      const url = new URL(href);
      if (url.origin !== origin) return null;
      path = url.pathname;
    } catch {
      return null;
    }
  } else return null;
  path = path.replace(/[?#].*$/, "");
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return path || "/";
}
