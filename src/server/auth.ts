import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { nextCookies } from "better-auth/next-js";
import { hash, verify } from "@node-rs/argon2";
import { db } from "./db/client";
import { accounts, sessions, users, verifications } from "./db/schema";
import { env } from "./env";
import { enqueueMail, escapeHtml } from "./mail";
import { emailFields, log } from "./log";
import { ensureProfile, grantAdminIfListed } from "./data/profiles";
import { siteConfig } from "./site-config";

/**
 * Argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane); better-auth's default scrypt
 * (N=2^14) is below it (STACK-NOTES). 2 is Algorithm.Argon2id in @node-rs/argon2.
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
 * The signing secret: BETTER_AUTH_SECRET, or one generated once and kept in DATA_DIR (mode 0600)
 * so a single server works with no set-up. Several servers must share BETTER_AUTH_SECRET.
 */
function authSecret(): string {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.resolve(/*turbopackIgnore: true*/ env().DATA_DIR, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(48).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim(); // another process wrote it first
    }
  }
}

function mailButton(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#6a35dc;color:#fff;border-radius:999px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p><p style="color:#555;font-size:13px">Or paste this address into your browser:<br>${escapeHtml(url)}</p>`;
}

function createAuth() {
  const e = env();
  const site = siteConfig();
  return betterAuth({
    appName: site.name,
    baseURL: e.SITE_URL,
    basePath: "/api/auth",
    secret: authSecret(),
    trustedOrigins: [e.SITE_URL],
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: { users, sessions, accounts, verifications },
    }),
    user: { modelName: "users" },
    session: {
      modelName: "sessions",
      // An absolute lifetime: the session is not extended by use.
      expiresIn: e.AUTH_SESSION_HOURS * 3600,
      disableSessionRefresh: true,
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
        await enqueueMail(db(), {
          kind: "reset-password",
          recipients: [user.email],
          subject: `Reset your ${site.name} password`,
          text: `Someone asked to reset the password of your ${site.name} account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
          html: `<p>Someone asked to reset the password of your ${escapeHtml(site.name)} account.</p>${mailButton(url, "Choose a new password")}<p>The link works for one hour. If it was not you, ignore this e-mail: your password stays as it is.</p>`,
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
        await enqueueMail(db(), {
          kind: "verify-email",
          recipients: [user.email],
          subject: `Verify your e-mail for ${site.name}`,
          text: `Hello ${user.name},\n\nPlease verify your e-mail address by opening this link (it works for 24 hours):\n${url}\n\nIf you did not create an account, ignore this e-mail.\n`,
          html: `<p>Hello ${escapeHtml(user.name)},</p><p>Please verify your e-mail address:</p>${mailButton(url, "Verify my e-mail")}<p>The link works for 24 hours. If you did not create an account, ignore this e-mail.</p>`,
        });
      },
      async afterEmailVerification(user) {
        log("info", "auth: e-mail verified", { event: "auth.email-verified", userId: user.id });
        await grantAdminIfListed(user.id, user.email);
      },
    },
    databaseHooks: {
      user: {
        create: {
          async after(user) {
            await ensureProfile(user.id);
            log("info", "auth: account created", { event: "auth.sign-up", userId: user.id, ...emailFields(user.email) });
          },
        },
      },
    },
    // Our own throttle (server/auth-throttle.ts) covers sign-in however it arrives; this one only
    // guards the remaining endpoints. Counters live in memory per process (docs/decisions/0007).
    rateLimit: { enabled: true, window: 60, max: 30 },
    advanced: {
      cookiePrefix: "kg",
      useSecureCookies: e.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: ["x-forwarded-for"] },
    },
    telemetry: { enabled: false },
    plugins: [nextCookies()],
  });
}

export type Auth = ReturnType<typeof createAuth>;

// Created on first use, never at import: the build imports route modules and must not open the database.
const globalForAuth = globalThis as unknown as { __auth?: Auth };
export function getAuth(): Auth {
  globalForAuth.__auth ??= createAuth();
  return globalForAuth.__auth;
}
