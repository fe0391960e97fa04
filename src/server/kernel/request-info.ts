import "server-only";
import { headers } from "next/headers";
import { env } from "./env";

/**
 * The client's address: the last X-Forwarded-For entry. Next sets the header from the socket when a
 * request arrives without one, and a reverse proxy that appends to it (nginx's
 * $proxy_add_x_forwarded_for) puts the address it saw last. Without such a proxy a client can send
 * its own header: run behind one in production (docs/operations.md, "Deploying").
 */
export function ipFromHeaders(h: Headers): string {
  const forwarded = (h.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return forwarded.at(-1) || h.get("x-real-ip") || "unknown";
}

/**
 * True for an address of this machine (127.0.0.0/8, ::1, and their IPv4-mapped forms). Read from
 * ipFromHeaders, i.e. the socket's address unless TRUST_PROXY names a proxy in front, which then
 * reports the address it saw: a client cannot claim to be local by sending X-Forwarded-For itself.
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.toLowerCase().replace(/^::ffff:/, "");
  return bare === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

/**
 * True when the request comes from a page of this site: its Origin (or, for Server Actions posted
 * by a browser that omits it, its Referer) names the configured site or the host it was sent to.
 * Route handlers get no such check from Next (it checks Server Actions only) and pass `originOnly`. A request whose
 * Sec-Fetch-Site says cross-site is refused whatever it names. The host it was sent to is `Host`;
 * X-Forwarded-Host only under TRUST_PROXY, since without a proxy in front the client writes it
 * (docs/decisions/0022; host/client-address.ts also drops it before Next sees the request).
 */
export function isSameOriginHeaders(
  h: Headers,
  { originOnly = false, trustProxy = env().TRUST_PROXY }: { originOnly?: boolean; trustProxy?: boolean } = {},
): boolean {
  // A browser that says the request came from another site is believed, whatever Referer says.
  if (h.get("sec-fetch-site") === "cross-site") return false;
  const origin = h.get("origin");
  const source = origin && origin !== "null" ? origin : originOnly ? null : h.get("referer");
  if (!source) return false;
  try {
    const allowed = new Set([new URL(env().SITE_URL).host]);
    const host = (trustProxy ? h.get("x-forwarded-host") : null) ?? h.get("host");
    if (host) allowed.add(host.split(",")[0]!.trim());
    return allowed.has(new URL(source).host);
  } catch {
    return false;
  }
}

export async function clientIp(): Promise<string> {
  return ipFromHeaders(await headers());
}

export async function isLoopbackRequest(): Promise<boolean> {
  return isLoopbackAddress(await clientIp());
}

export async function isSameOrigin(): Promise<boolean> {
  return isSameOriginHeaders(await headers());
}
