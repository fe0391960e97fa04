import { getAuth } from "@/server/auth";
import { emailFields, log } from "@/server/log";
import { readBodyText } from "@/server/read-body";
import { ipFromHeaders, isSameOriginHeaders } from "@/server/request-info";

export const dynamic = "force-dynamic";

/**
 * better-auth's HTTP surface, narrowed to what the site uses: the links in e-mails, the session,
 * sign-out, and e-mail sign-in (throttled like the sign-in form). Accounts are created, and
 * passwords changed, only through the /auth page's Server Actions.
 */
const GET_PATHS = [/^\/api\/auth\/get-session$/, /^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[^/]+$/, /^\/api\/auth\/ok$/];
const POST_PATHS = [/^\/api\/auth\/sign-out$/, /^\/api\/auth\/sign-in\/email$/];

/** An e-mail address and a password: a few hundred bytes. */
const SIGN_IN_BODY_LIMIT_BYTES = 16 * 1024;

const notFound = () => Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 });

export async function GET(request: Request) {
  const { pathname } = new URL(request.url);
  if (!GET_PATHS.some((p) => p.test(pathname))) return notFound();
  return getAuth().handler(request);
}

export async function POST(request: Request) {
  const { pathname } = new URL(request.url);
  if (!POST_PATHS.some((p) => p.test(pathname))) return notFound();
  if (!isSameOriginHeaders(request.headers, { originOnly: true })) {
    return Response.json({ code: "INVALID_ORIGIN", message: "Requests must come from this site." }, { status: 403 });
  }
  if (pathname.endsWith("/sign-out")) {
    const session = await getAuth().api.getSession({ headers: request.headers }).catch(() => null);
    const response = await getAuth().handler(request);
    if (response.ok) log("info", "auth: signed out", { event: "auth.sign-out", userId: session?.user.id ?? null, via: "http" });
    return response;
  }
  if (!pathname.endsWith("/sign-in/email")) return getAuth().handler(request);

  // Read once, no further than the limit; better-auth gets the same bytes.
  const text = await readBodyText(request, SIGN_IN_BODY_LIMIT_BYTES);
  if (text === null) return Response.json({ code: "BODY_TOO_LARGE", message: "The request is larger than a sign-in." }, { status: 413 });
  let email = "";
  try {
    const body = JSON.parse(text) as { email?: unknown };
    email = typeof body.email === "string" ? body.email.trim().toLowerCase().slice(0, 300) : "";
  } catch {
    return Response.json({ code: "INVALID_BODY", message: "Send a JSON body with email and password." }, { status: 400 });
  }
  request = new Request(request, { body: text });
  const ip = ipFromHeaders(request.headers);
  // The sign-in limit is taken inside the endpoint (server/auth.ts hooks, docs/decisions/0020): a
  // refusal is a 429 with Retry-After, logged there.
  const response = await getAuth().handler(request);
  if (response.status === 401) {
    log("warn", "auth: sign-in failed", { event: "auth.sign-in.failure", reason: "invalid-credentials", ...emailFields(email), ip, via: "http" });
  } else if (response.ok) {
    const body = (await response.clone().json().catch(() => null)) as { user?: { id?: string }; twoFactorRedirect?: boolean } | null;
    // A right password of an account with a second factor opens a challenge, not a session (docs/decisions/0036).
    if (body?.twoFactorRedirect) log("info", "auth: password accepted, second factor asked", { event: "auth.two-factor.challenge", ...emailFields(email), ip, via: "http" });
    else log("info", "auth: signed in", { event: "auth.sign-in.success", userId: body?.user?.id, ...emailFields(email), ip, via: "http" });
  }
  return response;
}
