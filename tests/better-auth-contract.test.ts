import fs from "node:fs";
import path from "node:path";
import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classifyRequest } from "@/server/analytics/page-view";
import { getAuth, hashPassword } from "@/server/kernel/session/auth";
import { PASSKEY_CEREMONY_COOKIE, TWO_FACTOR_COOKIE, internalAdapterOf, resetPasswordIdentifier } from "@/server/kernel/session/better-auth-internals";
import { verifications } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// The contract between our sign-in code and better-auth's internals (src/server/kernel/session/better-auth-internals.ts):
// each thing that module assumes is checked against the installed version, so that an upgrade that
// changes one fails here, by name. The behaviour they carry (the sign-in limit, single-use codes,
// the reset mail) is proved in tests/two-factor.test.ts, sign-in-limit.test.ts and auth-actions.test.ts.

const handle = setUpTestDatabase();
// The installed packages' files (their "exports" do not list package.json to resolve them by).
const betterAuthDist = path.join(process.cwd(), "node_modules", "better-auth", "dist");

describe("better-auth's internals as our sign-in code reads them", () => {
  it("the endpoint context makes our prefixed cookies and has the adapter methods we call", async () => {
    const context = (await getAuth().$context) as unknown as { createAuthCookie(name: string): { name: string } };
    expect(context.createAuthCookie(TWO_FACTOR_COOKIE).name).toMatch(/^kg\.two_factor$/);
    expect(context.createAuthCookie(PASSKEY_CEREMONY_COOKIE).name).toMatch(/^kg\.better-auth-passkey$/);
    const adapter = await internalAdapterOf(getAuth());
    for (const method of ["findVerificationValue", "findUserById", "createUser", "linkAccount"] as const) {
      expect(typeof adapter[method], `internalAdapter.${method}`).toBe("function");
    }
  });

  it("the plugins use the cookie names we read", () => {
    const sources = (folder: string): string =>
      fs
        .readdirSync(folder, { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith(".mjs"))
        .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), "utf8"))
        .join("\n");
    expect(sources(path.join(betterAuthDist, "plugins", "two-factor")), "the two-factor plugin's challenge cookie").toContain(`"${TWO_FACTOR_COOKIE}"`);
    const passkeyDist = path.join(process.cwd(), "node_modules", "@better-auth", "passkey", "dist");
    expect(sources(passkeyDist), "the passkey plugin's ceremony cookie").toContain(`"${PASSKEY_CEREMONY_COOKIE}"`);
  });

  it("the session cookie a sign-in sets is the one the page-view counter leaves uncounted (signed-in staff)", async () => {
    const email = `counter-${Date.now()}@test.example`;
    const adapter = await internalAdapterOf(getAuth());
    const user = await adapter.createUser({ email, name: "Counted", emailVerified: true });
    await adapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword("Monsoon-Ledger-2026") });
    const { headers } = await getAuth().api.signInEmail({ body: { email, password: "Monsoon-Ledger-2026" }, returnHeaders: true });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).not.toBe("");
    const page = (extra: Record<string, string>) => ({
      method: "GET",
      url: "/services",
      headers: { accept: "text/html", "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36", ...extra },
    });
    expect(classifyRequest(page({}))).toEqual({ count: true });
    expect(classifyRequest(page({ cookie }))).toEqual({ count: false, reason: "staff" });
  });

  it("a reset token is kept as a verification row under the identifier we look up, holding the user's id", async () => {
    const email = `contract-${Date.now()}@test.example`;
    const adapter = await internalAdapterOf(getAuth());
    const user = await adapter.createUser({ email, name: "Contract", emailVerified: true });
    await getAuth().api.requestPasswordReset({ body: { email, redirectTo: "/auth/reset-password" } });
    const rows = await handle.db
      .select()
      .from(verifications)
      .where(like(verifications.identifier, resetPasswordIdentifier("%")));
    const mine = rows.filter((row) => row.value === user.id);
    expect(mine).toHaveLength(1);
    const token = mine[0]!.identifier.slice(resetPasswordIdentifier("").length);
    expect((await adapter.findVerificationValue(resetPasswordIdentifier(token)))?.value).toBe(user.id);
  });

  it("plugins' after hooks run after options.hooks.after, in the order of the plugins array, and ours after twoFactor's", () => {
    const plugins = (getAuth().options.plugins ?? []).map((plugin) => plugin.id);
    expect(plugins.indexOf("two-factor")).toBeGreaterThanOrEqual(0);
    expect(plugins.indexOf("sign-in-outcome")).toBeGreaterThan(plugins.indexOf("two-factor"));
    expect(plugins.indexOf("sign-in-outcome")).toBeGreaterThan(plugins.indexOf("passkey"));
    // better-auth's dispatch collects the after hooks: options.hooks first, then each plugin's in turn.
    const dispatch = fs.readFileSync(path.join(betterAuthDist, "api", "dispatch.mjs"), "utf8");
    const ours = dispatch.indexOf("authContext.options.hooks?.after");
    const theirs = dispatch.indexOf("afterHooks.push(...pluginAfterHooks)");
    expect(ours, "where better-auth reads options.hooks.after").toBeGreaterThanOrEqual(0);
    expect(theirs, "plugins' after hooks added after options.hooks.after").toBeGreaterThan(ours);
  });
});
