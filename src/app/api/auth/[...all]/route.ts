import { getAuth } from "@/server/kernel/session/auth";
import { emailFields, log } from "@/server/kernel/log";
import { readBodyText } from "@/server/kernel/read-body";
import { ipFromHeaders, isSameOriginHeaders } from "@/server/kernel/request-info";

export const dynamic = "force-dynamic";

/**
 * better-auth's HTTP surface, narrowed to what the site uses: the links in e-mails, the session,
 * sign-out, e-mail sign-in (throttled like the sign-in form), and the passkey ceremonies the browser
 * runs itself (docs/decisions/0046: options, then the authenticator's answer). Accounts are created,
 * passwords changed and passkeys renamed or removed only through Server Actions.
 */
const GET_PATHS = [
  /^\/api\/auth\/get-session$/,
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/ok$/,
  /^\/api\/auth\/passkey\/generate-(register|authenticate)-options$/,
];
const POST_PATHS = [/^\/api\/auth\/sign-out$/, /^\/api\/auth\/sign-in\/email$/, /^\/api\/auth\/passkey\/verify-(registration|authentication)$/];

/** An authenticator's answer: a few kilobytes (its attestation, a public key, the client data). */
const PASSKEY_BODY_LIMIT_BYTES = 64 * 1024;
const PASSKEY_NAME_MAX = 100;

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
    const session = await getAuth()
      .api.getSession({ headers: request.headers })
      .catch(() => null);
    const response = await getAuth().handler(request);
    if (response.ok) log("info", "auth: signed out", { event: "auth.sign-out", userId: session?.user.id ?? null, via: "http" });
    return response;
  }
  if (pathname.includes("/passkey/")) {
    // Read once, no further than the limit; the sign-in limit is taken inside the endpoint (server/kernel/session/auth.ts).
    const text = await readBodyText(request, PASSKEY_BODY_LIMIT_BYTES);
    if (text === null) return Response.json({ code: "BODY_TOO_LARGE", message: "The request is larger than a passkey's answer." }, { status: 413 });
    let body: { name?: unknown } | null = null;
    try {
      body = JSON.parse(text) as { name?: unknown } | null;
    } catch {
      return Response.json({ code: "INVALID_BODY", message: "Send the authenticator's answer as JSON." }, { status: 400 });
    }
    // The name a member gives a new passkey is stored as given: bounded like the rename form.
    if (body && typeof body === "object" && body.name !== undefined && (typeof body.name !== "string" || body.name.trim().length > PASSKEY_NAME_MAX)) {
      return Response.json({ code: "INVALID_NAME", message: `Use at most ${PASSKEY_NAME_MAX} characters for the passkey's name.` }, { status: 400 });
    }
    return getAuth().handler(new Request(request, { body: text }));
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
  // The sign-in limit is taken inside the endpoint (server/kernel/session/auth.ts hooks, docs/decisions/0020): a
  // refusal is a 429 with Retry-After, logged there.
  const response = await getAuth().handler(request);
  if (response.status === 401) {
    log("warn", "auth: sign-in failed", { event: "auth.sign-in.failure", reason: "invalid-credentials", ...emailFields(email), ip, via: "http" });
  } else if (response.ok) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { user?: { id?: string }; twoFactorRedirect?: boolean } | null;
    // A right password of an account with a second factor opens a challenge, not a session (docs/decisions/0036).
    if (body?.twoFactorRedirect)
      log("info", "auth: password accepted, second factor asked", { event: "auth.two-factor.challenge", ...emailFields(email), ip, via: "http" });
    else log("info", "auth: signed in", { event: "auth.sign-in.success", userId: body?.user?.id, ...emailFields(email), ip, via: "http" });
  }
  return response;
}
