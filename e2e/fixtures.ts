import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { assignUniqueIp, createAccount, signIn } from "./helpers";

export { expect } from "@playwright/test";
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";

/**
 * Playwright's test with one change to the `page` fixture: `page.goto` on a public page returns
 * once React has hydrated it (`<html data-live>`, set by the site's LiveMarker), not at the
 * browser's `load`. Public pages start Next's scripts after the first paint (ADR 0019), so `load`
 * can come before any script has started, and a test that types into the blog's search or clicks a
 * share button at once would race the scripts. Pages without the after-paint loader (admin, sign-in,
 * error pages), and every page with JavaScript off, return as before.
 *
 * And with signed-in members (docs/testing.md, "Signed-in members"): `signedIn(email)` creates and
 * verifies the account, gives it a client address of its own and signs it in, once per worker;
 * `test.use({ account })` names a spec's member and its tests take `member`.
 */
/** Waits until React has hydrated a public page; returns at once on a page without the loader. */
export async function untilHydrated(page: Page): Promise<void> {
  if (await page.locator("script[data-after-paint]").count()) await page.locator("html[data-live]").waitFor({ state: "attached" });
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** The account a spec signs in: an address from E2E_OWNERS (e2e/test-accounts.ts) is made an owner when it verifies. */
export interface Account {
  email: string;
  /** The name given at sign-up ("Test Person" when left out). */
  name?: string;
}

/** A signed-in member of the dashboard. */
export interface Member {
  email: string;
  /** The page that signed in, left on the dashboard: shared by every test of the worker that asks for this member. */
  page: Page;
  /** The session (cookies), for contexts a test makes itself. */
  storageState: StorageState;
  /** The session as a Cookie header, for requests sent outside the browser. */
  cookie: string;
  /** A fresh context with the session and a client address of its own; the test closes it. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context (as `newContext`) on the dashboard screen `/admin/<tab>`, its sidebar drawn. */
  open(tab: string, options?: BrowserContextOptions): Promise<Page>;
}

export type SignedIn = (email: string, options?: Omit<Account, "email">) => Promise<Member>;

async function signInMember(browser: Browser, { email, name }: Account): Promise<Member> {
  const context = await browser.newContext();
  // Its own address: the sign-up and sign-in limits of specs running side by side never meet.
  await assignUniqueIp(context);
  const page = await context.newPage();
  await createAccount(page, email, { name, orExisting: true });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin/);
  const storageState = await context.storageState();
  const cookie = storageState.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const newContext = async (options: BrowserContextOptions = {}) => {
    const fresh = await browser.newContext({ ...options, storageState });
    await assignUniqueIp(fresh);
    return fresh;
  };
  return {
    email,
    page,
    storageState,
    cookie,
    newContext,
    open: async (tab, options) => {
      const tabPage = await (await newContext(options)).newPage();
      await tabPage.goto(`/admin/${tab}`);
      // Attached, not visible: on a phone's width the sections are inside the closed menu.
      await expect(tabPage.getByRole("navigation", { name: "Dashboard sections", includeHidden: true })).toBeAttached();
      return tabPage;
    },
  };
}

export const test = base.extend<{ account: Account | undefined; member: Member }, { signedIn: SignedIn }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await untilHydrated(page);
      return response;
    };
    await provide(page);
  },

  // Worker-scoped, so that a spec file's tests share one sign-in as they would a beforeAll's; each
  // address is signed in once per worker (an account is created once), and the contexts close when
  // the worker ends.
  signedIn: [
    async ({ browser }, provide) => {
      const members = new Map<string, Promise<Member>>();
      await provide((email, options = {}) => {
        let member = members.get(email);
        if (!member) {
          member = signInMember(browser, { email, ...options });
          members.set(email, member);
          // A failed sign-in is not kept: the next test that asks tries again and reports its own error.
          member.catch(() => members.delete(email));
        }
        return member;
      });
      for (const member of members.values()) await (await member.catch(() => undefined))?.page.context().close();
    },
    { scope: "worker" },
  ],

  account: [undefined, { option: true }],

  // Its own time, not the test's: the first test to ask creates, verifies and signs in the account
  // (Argon2id at sign-up and sign-in takes seconds on a loaded machine).
  member: [
    async ({ account, signedIn }, provide) => {
      if (!account) throw new Error("`member` needs test.use({ account: { email } }) in the test file");
      await provide(await signedIn(account.email, { name: account.name }));
    },
    { timeout: 90_000 },
  ],
});
