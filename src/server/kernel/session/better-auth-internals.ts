import "server-only";
import { getSessionFromCtx } from "better-auth/api";

/**
 * Everything our sign-in code reads of better-auth that is not its documented API: the endpoint
 * context its hooks receive (`createAuthCookie`, `getSignedCookie`, `internalAdapter`, `returned`,
 * `newSession`), the names of the cookies its two-factor and passkey plugins set, the identifier
 * under which it stores a reset token, and the order in which it runs hooks. They live here and
 * nowhere else, and tests/better-auth-contract.test.ts checks each against the installed version
 * (better-auth is pinned by the lock file; an upgrade runs that test first).
 */

/** The endpoint context a better-auth hook receives, as far as our hooks read it. */
export interface HookContext {
  path?: string;
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Headers;
  request?: Request;
  context: {
    /** What the endpoint answered (after hooks only). */
    returned?: unknown;
    /** The session the endpoint made, if any (after hooks only). */
    newSession?: { user: { id: string; email: string } } | null;
    secret: string;
    secretConfig: unknown;
    internalAdapter: Pick<InternalAdapter, "findVerificationValue" | "findUserById">;
  };
  redirect(url: string): unknown;
  getSignedCookie(name: string, secret: string): Promise<string | null | false>;
}

/** better-auth's adapter methods we call: reading verifications and users, creating an invited member. */
export interface InternalAdapter {
  findVerificationValue(identifier: string): Promise<{ value: string } | null>;
  findUserById(id: string): Promise<{ email: string } | null>;
  createUser(user: { email: string; name: string; emailVerified: boolean }, context?: unknown): Promise<{ id: string }>;
  linkAccount(account: { userId: string; providerId: string; accountId: string; password: string }): Promise<unknown>;
}

/** The two-factor plugin's cookie naming the pending challenge (a verification row holding the user id). */
export const TWO_FACTOR_COOKIE = "two_factor";
/** The passkey plugin's cookie naming the open ceremony (its default `advanced.webAuthnChallengeCookie`; a verification row holding its challenge). */
export const PASSKEY_CEREMONY_COOKIE = "better-auth-passkey";
/** Where better-auth keeps a reset token: a verification row with this identifier, whose value is the user id. */
export const resetPasswordIdentifier = (token: string): string => `reset-password:${token}`;

// better-auth runs `options.hooks.after` first and then the plugins' after hooks in the order of the
// plugins array. The two-factor plugin turns a right password into a pending challenge in its after
// hook, so code that must see the final outcome is a plugin placed after it (tests/better-auth-contract.test.ts).

/** The value of one of better-auth's signed cookies (with the site's prefix), or null. */
export async function signedCookie(ctx: HookContext, cookie: string): Promise<string | null> {
  const name = (ctx.context as unknown as { createAuthCookie(name: string): { name: string } }).createAuthCookie(cookie).name;
  return (await ctx.getSignedCookie(name, ctx.context.secret)) || null;
}

/** A verification row's value by its identifier, or null. */
export async function verificationValue(ctx: HookContext, identifier: string): Promise<string | null> {
  return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
}

/** An account's address by its id, or null. */
export async function userEmailById(ctx: HookContext, id: string): Promise<string | null> {
  return (await ctx.context.internalAdapter.findUserById(id))?.email ?? null;
}

/** The session of the request a hook handles, or null. */
export async function hookSession(ctx: HookContext): Promise<{ user: { id: string; email: string } } | null> {
  return getSessionFromCtx(ctx as never).catch(() => null);
}

/** The adapter of a better-auth instance, for writes its public API does not offer (creating an invited member). */
export async function internalAdapterOf(auth: { $context: Promise<unknown> }): Promise<InternalAdapter> {
  return ((await auth.$context) as { internalAdapter: InternalAdapter }).internalAdapter;
}
