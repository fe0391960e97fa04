import "server-only";
import { headers } from "next/headers";
import { env } from "./env";

/**
 * The client's address: the last X-Forwarded-For entry. Next sets the header from the socket when a
 * request arrives without one, and a reverse proxy that appends to it (nginx's
 * $proxy_add_x_forwarded_for) puts the address it saw last. Without such a proxy a client can send
 * its own header: run behind one in production (README, "Deploying").
 */
export async function clientIp(): Promise<string> {
  const h = await headers();
  const forwarded = (h.get("x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return forwarded.at(-1) || h.get("x-real-ip") || "unknown";
}

/** True when the request's Origin (or, failing that, Referer) is this site. */
export async function isSameOrigin(): Promise<boolean> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host");
  const source = h.get("origin") ?? h.get("referer");
  if (!source || !host) return false;
  try {
    const url = new URL(source);
    const allowed = new Set([host, new URL(env().SITE_URL).host]);
    return allowed.has(url.host);
  } catch {
    return false;
  }
}
