import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS } from "@/lib/measurement.ts";
import { env } from "@/server/kernel/env";
import { readBodyText } from "@/server/kernel/read-body";
import { isSameOriginHeaders } from "@/server/kernel/request-info";

export const dynamic = "force-dynamic";

/** "choice=granted" or "choice=denied" is under 20 bytes. */
const BODY_LIMIT_BYTES = 1024;

function refuse(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" } });
}

/** Where to send the visitor back: the page of this site the form was on (path and query), else home. */
function backTo(request: Request): string {
  try {
    const referer = new URL(request.headers.get("referer") ?? "");
    const origin = new URL(request.headers.get("origin") ?? "");
    if (referer.origin === origin.origin && referer.pathname.startsWith("/") && !referer.pathname.startsWith("//")) return referer.pathname + referer.search;
  } catch {
    // No Referer (the browser's policy withheld it): home.
  }
  return "/";
}

/**
 * The consent bar's choice from a browser without JavaScript (with it, the consent script sets the
 * same cookie itself and this is never called): the first-party cookie, then back to the page. No
 * row is written. Only this site's own pages may post here: another site must not be able to grant
 * consent on a visitor's behalf (docs/decisions/0051).
 */
export async function POST(request: Request): Promise<Response> {
  const e = env();
  if (!e.GA4_MEASUREMENT_ID && !e.META_PIXEL_ID) return refuse(404, "Not found");
  if (!isSameOriginHeaders(request.headers, { originOnly: true })) return refuse(403, "cross-site request refused");
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("application/x-www-form-urlencoded")) return refuse(415, "send the form");
  const text = await readBodyText(request, BODY_LIMIT_BYTES);
  if (text === null) return refuse(413, "too large");
  const choice = new URLSearchParams(text).get("choice");
  if (choice !== "granted" && choice !== "denied") return refuse(400, "choice must be granted or denied");
  const secure = e.SITE_URL.startsWith("https://") ? "; Secure" : "";
  return new Response(null, {
    status: 303,
    headers: {
      Location: backTo(request),
      "Set-Cookie": `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`,
      "Cache-Control": "no-store",
    },
  });
}
