import "server-only";
import crypto from "node:crypto";
import { betterAuth } from "better-auth";
import { nextCookies } from "better-auth/next-js";
import { twoFactor } from "better-auth/plugins/two-factor";
import { passkey } from "@better-auth/passkey";
import { APIError, createAuthMiddleware } from "better-auth/api";
import {
  PASSKEY_CEREMONY_COOKIE,
  TWO_FACTOR_COOKIE,
  hookSession,
  resetPasswordIdentifier,
  signedCookie,
  userEmailById,
  verificationValue,
  type HookContext,
} from "./better-auth-internals";
import { verifyJWT } from "better-auth/crypto";
import { hash, verify } from "@node-rs/argon2";
import { recordActivity } from "../activity/activity";
import { authSecret } from "./secret";
import { authDatabaseAdapter } from "./data/auth-store";
import { isPasskeyRegistered, notePasskeyUsed, passkeyOwnerEmail } from "./data/passkeys";
import { accountByEmail, accountById } from "./data/users";
import { env } from "../env";
import { queueMail } from "../mail/mail";
import { composeMail } from "../mail/compose";
import { emailFields, log } from "../log";
import { ensureProfile, grantAdminIfListed, noteSignIn } from "./data/profiles";
import { SIGN_UP_CLOSED_MESSAGE, signUpSetting } from "./data/team-settings";
import { siteConfig } from "../site-config";
import { authRefusal } from "./auth-error";
import { ownerProven, settleSignInSlot, takeSignInSlot, throttledMessage, type SignInSlot } from "./auth-throttle";
import { claimTotpCode, releaseTotpClaim, TOTP_DIGITS, TOTP_PERIOD_SECONDS, type TotpClaim } from "./totp-steps";
import { hitRateLimit } from "../db/rate-limit";
import { ipFromHeaders } from "../request-info";
import { getAuthInstance, setAuthInstance } from "../bridge.ts";

/**
 * Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane); better-auth's default scrypt
 * (N=2^14) is below it. 2 is Algorithm.Argon2id in @node-rs/argon2.
 */
export const PASSWORD_HASH_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * better-auth's endpoints that check a password, and where each finds the account the password is
 * for. Each takes a sign-in slot before the check (docs/decisions/0020); an endpoint added later that
 * checks a password or a code (a second factor) goes here too.
 */
const PASSWORD_CHECKS: Record<string, (body: Record<string, unknown>) => unknown> = {
  "/sign-in/email": (body) => body.email,
};

/**
 * better-auth's endpoints that check a second-factor code. They take a slot on the same counters as
 * the password, for the account the code is for: the signed-in member's (confirming a new TOTP
 * secret), or the one whose password opened the pending challenge (the signed two_factor cookie).
 * A wrong code keeps its slot; so guessing codes is throttled like guessing passwords
 * (docs/decisions/0036).
 */
const SECOND_FACTOR_CHECKS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);
/**
 * Signing in with a passkey: the slot is taken for the account the credential belongs to (an unknown
 * credential counts against the address only), and a failed verification keeps it, like a wrong
 * password (docs/decisions/0046).
 */
const PASSKEY_SIGN_IN = "/passkey/verify-authentication";
/** Turning the second factor on or off asks for the signed-in member's password: counted the same way. */
const MEMBER_PASSWORD_CHECKS = new Set(["/two-factor/enable", "/two-factor/disable"]);
const WRONG_CODES = new Set([
  "INVALID_CODE",
  "INVALID_BACKUP_CODE",
  "CODE_ALREADY_USED",
  "INVALID_PASSWORD",
  "AUTHENTICATION_FAILED",
  "PASSKEY_NOT_FOUND",
  "USER_VERIFICATION_REQUIRED",
]);
/** Codes that answer the sign-in; their session token is kept out of the body like the password sign-in's. */
const SIGN_IN_ANSWERS = new Set(["/get-session", "/sign-in/email", ...SECOND_FACTOR_CHECKS, PASSKEY_SIGN_IN]);

/** A new verification mail for an account at most this often, whatever asks for it. */
const VERIFY_MAIL_INTERVAL_MS = 5 * 60_000;
/** A password-reset mail for an account at most this often, whatever path and address ask for it. */
export const RESET_MAIL_INTERVAL_MS = 5 * 60_000;

// What a before hook learnt, for the after hook of the same call (keyed by the call's own context object).
const slots = new WeakMap<object, SignInSlot>();
const totpClaims = new WeakMap<object, Extract<TotpClaim, { claimed: true }>>();
const resets = new WeakMap<object, { email: string; ip: string }>();
/** Code checks that are the second step of signing in (no session yet), not a member confirming their own set-up. */
const signInSteps = new WeakSet<object>();

const requestHeaders = (ctx: HookContext) => ctx.headers ?? ctx.request?.headers ?? new Headers();
const bodyOf = (ctx: HookContext) => (ctx.body && typeof ctx.body === "object" ? (ctx.body as Record<string, unknown>) : {});

/** A same-site path to send the visitor back to, or none (the endpoint's own origin check has not run yet). */
function localPath(url: unknown): string | undefined {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//") || url.startsWith("/\\")) return undefined;
  return new URL(url, "http://local").pathname;
}

/** The account a passkey answer names by its credential id, if any. */
async function passkeyEmail(ctx: HookContext): Promise<string> {
  const response = bodyOf(ctx).response;
  const credential = response && typeof response === "object" ? (response as { id?: unknown }).id : undefined;
  if (typeof credential !== "string" || credential.length > 1024) return "";
  return passkeyOwnerEmail(credential);
}

/** Whose second factor a code is checked against: the signed-in member, else the pending challenge's account. */
async function secondFactorAccount(ctx: HookContext): Promise<{ id: string; email: string } | null> {
  const session = await hookSession(ctx);
  if (session) return { id: session.user.id, email: session.user.email };
  signInSteps.add(ctx.context);
  const challenge = await signedCookie(ctx, TWO_FACTOR_COOKIE);
  const userId = challenge ? await verificationValue(ctx, challenge) : null;
  const email = userId ? await userEmailById(ctx, userId) : null;
  return userId && email ? { id: userId, email } : null;
}

const secondFactorEmail = async (ctx: HookContext): Promise<string> => (await secondFactorAccount(ctx))?.email ?? "";

/**
 * A TOTP code works once (server/kernel/session/totp-steps.ts): before the plugin checks it, its step is claimed
 * for the account. A code whose step was already used is refused here, as a wrong code: its slot is
 * kept and, on the second step of signing in, it is recorded as a failure.
 */
async function claimTotpStep(ctx: HookContext): Promise<void> {
  const code = bodyOf(ctx).code;
  const account = typeof code === "string" ? await secondFactorAccount(ctx) : null;
  if (!account || typeof code !== "string") return;
  const claim = await claimTotpCode(account.id, code, ctx.context.secretConfig as Parameters<typeof claimTotpCode>[2]);
  if (!claim) return;
  if (claim.claimed) {
    totpClaims.set(ctx.context, claim);
    return;
  }
  const refused = new APIError("UNAUTHORIZED", { code: "CODE_ALREADY_USED", message: "That code was already used. Enter the next one your app shows." });
  log("warn", "auth: second-factor code used again", { event: "auth.two-factor.code-reused", userId: account.id, ip: ipFromHeaders(requestHeaders(ctx)) });
  if (signInSteps.has(ctx.context)) await recordSignIn(ctx, refused);
  throw refused;
}

/** The challenge a WebAuthn answer was made for (from its client data), or null when the answer cannot be read. */
function answeredChallenge(body: Record<string, unknown>): string | null {
  const answer = body.response && typeof body.response === "object" ? (body.response as { response?: unknown }).response : undefined;
  const clientData = answer && typeof answer === "object" ? (answer as { clientDataJSON?: unknown }).clientDataJSON : undefined;
  if (typeof clientData !== "string" || clientData.length > 16_384) return null;
  try {
    const parsed = JSON.parse(Buffer.from(clientData, "base64url").toString("utf8")) as { challenge?: unknown } | null;
    return typeof parsed?.challenge === "string" ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/**
 * A passkey registration answer is checked against the ceremony its cookie names before the plugin
 * sees it. The plugin answers every answer it cannot verify (another ceremony's, e.g. one sent
 * again, or one it cannot read) with a 500; here it is a 400 that stores nothing and leaves the
 * member's ceremony open. Without a ceremony the plugin's own 400 (CHALLENGE_NOT_FOUND) answers.
 */
async function checkRegistrationAnswer(ctx: HookContext): Promise<void> {
  const token = await signedCookie(ctx, PASSKEY_CEREMONY_COOKIE);
  const ceremony = token ? await verificationValue(ctx, token) : null;
  if (!ceremony) return;
  let expected: unknown;
  try {
    expected = (JSON.parse(ceremony) as { expectedChallenge?: unknown }).expectedChallenge;
  } catch {
    return;
  }
  const challenge = answeredChallenge(bodyOf(ctx));
  if (challenge === null) {
    throw new APIError("BAD_REQUEST", { code: "FAILED_TO_VERIFY_REGISTRATION", message: "The authenticator's answer could not be read. Try again." });
  }
  if (challenge !== expected) {
    log("warn", "auth: passkey registration answer for another ceremony", { event: "auth.passkey.answer-mismatch", ip: ipFromHeaders(requestHeaders(ctx)) });
    throw new APIError("BAD_REQUEST", { code: "CHALLENGE_MISMATCH", message: "This answer is not for the passkey being added now. Press the button again." });
  }
}

async function beforeHook(ctx: HookContext): Promise<void> {
  if (ctx.path === "/sign-up/email" && !(await signUpSetting()).open) {
    // The Team tab's switch (docs/decisions/0034); AUTH_SIGNUP_ENABLED=false also closes it in the configuration below.
    throw new APIError("FORBIDDEN", { code: "SIGN_UP_CLOSED", message: SIGN_UP_CLOSED_MESSAGE });
  }
  const account = ctx.path
    ? SECOND_FACTOR_CHECKS.has(ctx.path) || MEMBER_PASSWORD_CHECKS.has(ctx.path)
      ? () => secondFactorEmail(ctx)
      : ctx.path === PASSKEY_SIGN_IN
        ? () => passkeyEmail(ctx)
        : PASSWORD_CHECKS[ctx.path]
    : undefined;
  if (account) {
    const email = await account(bodyOf(ctx));
    const ip = ipFromHeaders(requestHeaders(ctx));
    // A code is counted also per account across addresses and challenges (docs/decisions/0036).
    const verdict = await takeSignInSlot(typeof email === "string" ? email : "", ip, ctx.path && SECOND_FACTOR_CHECKS.has(ctx.path) ? "code" : "password");
    if (!verdict.allowed) {
      log("warn", "auth: sign-in throttled", {
        event: "auth.sign-in.throttled",
        limit: verdict.limit,
        ...emailFields(typeof email === "string" ? email : ""),
        ip,
      });
      throw new APIError(
        "TOO_MANY_REQUESTS",
        { code: "TOO_MANY_ATTEMPTS", message: throttledMessage(verdict.retryAfterSeconds) },
        { "Retry-After": String(verdict.retryAfterSeconds) },
      );
    }
    slots.set(ctx.context, verdict.slot);
    if (ctx.path === "/two-factor/verify-totp") await claimTotpStep(ctx);
  }
  if (ctx.path === "/passkey/verify-registration") await checkRegistrationAnswer(ctx);
  if (ctx.path === "/reset-password") {
    // The token is consumed by the reset: whose it is must be read before.
    const token = bodyOf(ctx).token ?? ctx.query?.token;
    const userId = typeof token === "string" ? await verificationValue(ctx, resetPasswordIdentifier(token)) : null;
    const email = userId ? await userEmailById(ctx, userId) : null;
    if (email) resets.set(ctx.context, { email, ip: ipFromHeaders(requestHeaders(ctx)) });
  }
  if (ctx.path === "/verify-email" && typeof ctx.query?.token === "string" && (await verifyJWT(ctx.query.token, ctx.context.secret))) {
    // The link is a signed token that better-auth would accept until it expires: the first use claims
    // it (one counting statement), a second is refused. A token that is not valid is left to
    // better-auth's answer and writes nothing.
    const digest = crypto.createHash("sha256").update(ctx.query.token).digest("base64url");
    const claim = await hitRateLimit(`verify-link:${digest}`, { limit: 1, windowMs: 25 * 3600_000 });
    if (!claim.allowed) {
      log("warn", "auth: verification link used again", { event: "auth.email-verify.reused" });
      const back = localPath(ctx.query.callbackURL);
      if (back) throw ctx.redirect(`${back}?error=LINK_USED`);
      throw new APIError("BAD_REQUEST", {
        code: "LINK_USED",
        message: "This verification link was already used. Sign in; if your address is not verified yet, we send you a new link.",
      });
    }
  }
}

/**
 * The endpoints whose outcome is an activity row (docs/decisions/0037): a session made ("auth.sign-in")
 * or refused ("auth.sign-in-failure", with better-auth's code). A sign-in endpoint added later (a
 * second factor, a passkey) goes here too. Refusals by our own throttle are logged, not recorded:
 * they check nothing, and an attacker could fill the trail with them.
 */
const RECORDED_SIGN_INS = new Set(["/sign-in/email", ...SECOND_FACTOR_CHECKS, PASSKEY_SIGN_IN]);

/** How a sign-in step proved itself, as the activity row names it. */
function signInMethod(path: string): string {
  if (path === PASSKEY_SIGN_IN) return "passkey";
  if (path === "/two-factor/verify-totp") return "password+totp";
  if (path === "/two-factor/verify-backup-code") return "password+backup-code";
  return "password";
}

async function recordSignIn(ctx: HookContext, returned: unknown): Promise<void> {
  const headers = requestHeaders(ctx);
  const path = ctx.path ?? "";
  const user = ctx.context.newSession?.user;
  const refused = authRefusal(returned);
  if (!refused && user) {
    await recordActivity({ action: "auth.sign-in", actor: { id: user.id, email: user.email }, after: { method: signInMethod(path) }, headers });
    // The Team tab's "last sign-in": a session handed to its member, not the one a second factor replaces.
    await noteSignIn(user.id);
    return;
  }
  if (!refused) return; // a step that made no session yet (a second factor asked for)
  // The address the attempt was for: typed (password), the pending challenge's (a code), or the credential's owner (a passkey).
  const typed = SECOND_FACTOR_CHECKS.has(path) ? await secondFactorEmail(ctx) : path === PASSKEY_SIGN_IN ? await passkeyEmail(ctx) : bodyOf(ctx).email;
  const email = typeof typed === "string" && typed ? typed.trim().toLowerCase().slice(0, 320) : null;
  // The account the address names, if any: its owner sees the failures in the trail.
  const account = email ? await accountByEmail(email) : undefined;
  await recordActivity({
    action: "auth.sign-in-failure",
    actor: account ?? null,
    email,
    after: { reason: refused.code ?? "error", method: signInMethod(path) },
    headers,
  });
}

/** A passkey registered: who, which row, the name they gave it (never the key). */
async function recordPasskeyAdded(ctx: HookContext, returned: unknown): Promise<void> {
  const made = returned && typeof returned === "object" ? (returned as { id?: unknown; name?: unknown; userId?: unknown }) : {};
  if (typeof made.id !== "string" || typeof made.userId !== "string") return;
  const account = await accountById(made.userId);
  await recordActivity({
    action: "passkey.add",
    actor: account ?? { id: made.userId, email: "" },
    table: "passkeys",
    recordId: made.id,
    after: { name: typeof made.name === "string" ? made.name : null },
    headers: requestHeaders(ctx),
  });
}

/** A session deleted: signed out by its user, or ended otherwise (revoked, a password reset). */
async function recordSessionEnd(session: { userId: string }, context: { path?: string; headers?: Headers; request?: Request } | null): Promise<void> {
  const account = await accountById(session.userId);
  await recordActivity({
    action: context?.path === "/sign-out" ? "auth.sign-out" : "auth.session-end",
    actor: account ?? { id: session.userId, email: "" },
    headers: context?.headers ?? context?.request?.headers ?? null,
  });
}

/**
 * What a call came to, once every plugin has had its say: this runs as the last plugin's after hook
 * (see `signInOutcome` below), after the twoFactor plugin has turned a right password of an account
 * with a second factor into a challenge and deleted the session the password made.
 */
async function afterHook(ctx: HookContext): Promise<unknown> {
  const returned = ctx.context.returned;
  const refused = authRefusal(returned);
  const slot = slots.get(ctx.context);
  if (slot) {
    const code = refused?.code;
    // A right password that still asks for the second factor proves nothing yet: it neither clears
    // the failures nor makes the address known, else a password holder could reset the count of
    // code guesses by signing in again (docs/decisions/0036).
    const awaitsSecondFactor = !refused && !!returned && typeof returned === "object" && "twoFactorRedirect" in returned;
    await settleSignInSlot(
      slot,
      awaitsSecondFactor
        ? "not-checked"
        : !refused
          ? "signed-in"
          : code === "INVALID_EMAIL_OR_PASSWORD" || (code && WRONG_CODES.has(code))
            ? "wrong-password"
            : code === "EMAIL_NOT_VERIFIED"
              ? "right-password"
              : "not-checked",
    );
  }
  // The plugin refused a code whose step was claimed (its window moved on, the challenge ended): the step is not used up.
  const claim = totpClaims.get(ctx.context);
  if (claim && refused) await releaseTotpClaim(claim);
  const isSignInStep = ctx.path !== undefined && RECORDED_SIGN_INS.has(ctx.path) && (!SECOND_FACTOR_CHECKS.has(ctx.path) || signInSteps.has(ctx.context));
  if (isSignInStep && refused?.code !== "TOO_MANY_ATTEMPTS") await recordSignIn(ctx, returned);
  if (ctx.path === "/passkey/verify-registration" && !refused) await recordPasskeyAdded(ctx, returned);
  const reset = resets.get(ctx.context);
  if (reset && !refused) await ownerProven(reset.email, reset.ip);
  // The session token travels in the httpOnly cookie only, never in a body a page script can read.
  if (ctx.path && SIGN_IN_ANSWERS.has(ctx.path) && returned && typeof returned === "object" && !refused) {
    const body = returned as { token?: unknown; session?: Record<string, unknown> | null };
    if (body.session && "token" in body.session) {
      const { token: _sessionToken, ...session } = body.session;
      return { ...body, session };
    }
    if ("token" in body) {
      const { token: _token, ...rest } = body;
      return rest;
    }
  }
  return undefined;
}

const USER_VERIFICATION_REQUIRED = () =>
  new APIError("UNAUTHORIZED", {
    code: "USER_VERIFICATION_REQUIRED",
    message: "Your device did not confirm it was you (a PIN, fingerprint or face). Use a passkey that asks for one.",
  });

/**
 * better-auth runs `hooks.after` of the options first and then the plugins' after hooks in the order
 * of the plugins array (better-auth/dist/api/dispatch.mjs, getHooks). As `hooks.after`, ours saw a
 * right password of an account with a second factor as a finished sign-in (the twoFactor plugin
 * turns it into a challenge later): it cleared the address's failures, made the address known and
 * recorded a sign-in. As a plugin placed after twoFactor() and passkey(), it sees the final outcome.
 */
const signInOutcome = () => ({
  id: "sign-in-outcome",
  hooks: { after: [{ matcher: () => true, handler: createAuthMiddleware(async (ctx) => afterHook(ctx as unknown as HookContext)) }] },
});

function createAuth() {
  const e = env();
  const site = siteConfig();
  return betterAuth({
    appName: site.name,
    baseURL: e.SITE_URL,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [e.SITE_URL],
    database: authDatabaseAdapter(),
    user: { modelName: "users" },
    session: {
      modelName: "sessions",
      // An absolute lifetime: the session is not extended by use.
      expiresIn: e.AUTH_SESSION_HOURS * 3600,
      disableSessionRefresh: true,
      // Set by the session hook below when a passkey opened the session (docs/decisions/0046).
      additionalFields: { viaPasskey: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      disableSignUp: !e.AUTH_SIGNUP_ENABLED,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      async sendResetPassword({ user, url }) {
        // One mail per account per interval, whatever path and address ask: the requester's answer is
        // the same either way, so it tells nothing about the account (docs/decisions/0020).
        const slot = await hitRateLimit(`reset-mail:${user.id}`, { limit: 1, windowMs: RESET_MAIL_INTERVAL_MS });
        if (!slot.allowed) {
          log("info", "auth: password reset mail not repeated", { event: "auth.password-reset.mail-skipped", userId: user.id });
          return;
        }
        await queueMail({
          kind: "reset-password",
          recipients: [user.email],
          ...composeMail({
            subject: `Reset your ${site.name} password`,
            paragraphs: [`Someone asked to reset the password of your ${site.name} account.`],
            button: { label: "Choose a new password", url },
            footer: ["The link works for one hour. If it was not you, ignore this e-mail: your password stays as it is."],
          }),
        });
        log("info", "auth: password reset mail queued", { event: "auth.password-reset.mail-queued", userId: user.id });
      },
      async onPasswordReset({ user }) {
        log("info", "auth: password reset", { event: "auth.password-reset.done", userId: user.id, ...emailFields(user.email) });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 3600,
      async sendVerificationEmail({ user, url }) {
        // Sign-up and every sign-in to an unverified account ask for one: one mail per interval, however many ask at once.
        const slot = await hitRateLimit(`verify-mail:${user.id}`, { limit: 1, windowMs: VERIFY_MAIL_INTERVAL_MS });
        if (!slot.allowed) {
          log("info", "auth: verification mail not repeated", { event: "auth.email-verify.mail-skipped", userId: user.id });
          return;
        }
        await queueMail({
          kind: "verify-email",
          recipients: [user.email],
          ...composeMail({
            subject: `Verify your e-mail for ${site.name}`,
            paragraphs: [`Hello ${user.name},`, "Please verify your e-mail address:"],
            button: { label: "Verify my e-mail", url },
            footer: ["The link works for 24 hours. If you did not create an account, ignore this e-mail."],
          }),
        });
      },
      async afterEmailVerification(user, request) {
        log("info", "auth: e-mail verified", { event: "auth.email-verified", userId: user.id });
        await ownerProven(user.email, request ? ipFromHeaders(request.headers) : undefined);
        await grantAdminIfListed(user.id, user.email);
      },
    },
    // The before hook runs before every plugin's; the after logic is the `signInOutcome` plugin below.
    hooks: {
      before: createAuthMiddleware(async (ctx) => beforeHook(ctx as unknown as HookContext)),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session, context) {
            if (context?.path === PASSKEY_SIGN_IN) return { data: { ...session, viaPasskey: true } };
          },
        },
        delete: {
          async after(session, context) {
            // On a password sign-in the only session deleted is the one the twoFactor plugin replaces
            // with a challenge: never handed to anyone, so it did not end anything.
            if (context?.path && PASSWORD_CHECKS[context.path]) return;
            await recordSessionEnd(session, context as { path?: string; headers?: Headers; request?: Request } | null);
          },
        },
      },
      user: {
        create: {
          async after(user) {
            await ensureProfile(user.id);
            log("info", "auth: account created", { event: "auth.sign-up", userId: user.id, ...emailFields(user.email) });
          },
        },
      },
    },
    // Our own throttle (server/kernel/session/auth-throttle.ts, taken in the hooks above) covers sign-in however it
    // arrives. This one guards the HTTP endpoints only (sign-in among them: its own rule is 3 per
    // 10 s per address), never the Server Actions' auth.api calls. Its counters live in memory per
    // process (docs/decisions/0007).
    rateLimit: { enabled: true, window: 60, max: 30 },
    advanced: {
      cookiePrefix: "kg",
      useSecureCookies: e.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    telemetry: { enabled: false },
    plugins: [
      // TOTP and ten single-use backup codes (docs/decisions/0036); codes are checked only through
      // the Server Actions, never the HTTP route.
      twoFactor({
        issuer: site.name,
        schema: { twoFactor: { modelName: "twoFactors" } },
        backupCodeOptions: { amount: 10, length: 10 },
        // The step arithmetic of server/kernel/session/totp-steps.ts (each code works once) uses the same figures.
        totpOptions: { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS },
        // Its lock (ten failed codes in a row lock the account's second factor for 15 minutes) counts
        // every address alike: whoever holds the password could lock the owner out. Our limit replaces
        // it: codes are counted per account from addresses it was never used from, and the owner's own
        // addresses are exempt (docs/decisions/0036).
        accountLockout: { enabled: false },
      }),
      // Passkeys (WebAuthn), first factor and, with user verification required, two factors in one
      // step (docs/decisions/0046). The relying party is this site's host; the browser refuses
      // any other origin, and so does the verification.
      passkey({
        rpID: new URL(e.SITE_URL).hostname,
        rpName: site.name,
        origin: e.SITE_URL,
        schema: { passkey: { modelName: "passkeys" } },
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        registration: {
          async afterVerification({ verification }) {
            if (!verification.registrationInfo?.userVerified) throw USER_VERIFICATION_REQUIRED();
            // A credential already stored (an answer made again for a new ceremony) would fail the
            // unique index inside the plugin, which answers a 500: refused here with a 400 instead.
            if (await isPasskeyRegistered(verification.registrationInfo.credential.id))
              throw new APIError("BAD_REQUEST", { code: "PASSKEY_ALREADY_REGISTERED", message: "This passkey is already registered here." });
          },
        },
        authentication: {
          async afterVerification({ verification, clientData }) {
            if (!verification.authenticationInfo.userVerified) throw USER_VERIFICATION_REQUIRED();
            await notePasskeyUsed(clientData.id);
          },
        },
      }),
      // After twoFactor() and passkey(): it settles the sign-in limit on the final outcome.
      signInOutcome(),
      nextCookies(),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// Created on first use, never at import: the build imports route modules and must not open the database.
export function getAuth(): Auth {
  let auth = getAuthInstance() as Auth | undefined;
  if (!auth) {
    auth = createAuth();
    setAuthInstance(auth);
  }
  return auth;
}
