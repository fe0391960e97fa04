import { spawnSync } from "node:child_process";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { uniqueEmail } from "./helpers";
import { accept, invite } from "./team-members";

/**
 * The team end to end: the owner invites from the Team tab, the invitee follows the e-mailed link
 * (read from the outbox), chooses a name and password and lands in the dashboard with the role's
 * tabs only; a used or withdrawn link says so; the invitee sees their own sessions.
 */
test.describe.configure({ mode: "serial" });

const OWNER = "team-owner@e2e.test";
const TABS = ["Growth Audit Leads", "Contact Messages", "Case Studies", "Testimonials", "Blog Posts", "Members", "Your account"];
test.use({ account: { email: OWNER } });

async function visibleTabs(page: Page): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: "Dashboard sections" });
  // Every role's last screen: the navigation is drawn once it shows (a screen streams after its loading state).
  await expect(nav.getByRole("link", { name: "Your account" })).toBeVisible();
  const names = await nav.getByRole("link").allInnerTexts();
  return TABS.filter((t) => names.some((n) => n.startsWith(t)));
}

test("an owner sees every tab and the team with their role", async ({ member: { page: ownerPage } }) => {
  expect(await visibleTabs(ownerPage)).toEqual(TABS);
  await ownerPage.goto("/admin/team");
  await expect(ownerPage.getByTestId(`member-${OWNER}`).getByTestId("member-role")).toHaveText("Owner");
});

test("an invited editor joins through the e-mailed link and sees the content tabs only; the link works once", async ({
  browser,
  member: { page: ownerPage },
}) => {
  const email = uniqueEmail("editor");
  const link = await invite(ownerPage, email, "Editor");
  const editor = await accept(browser, link, "Edna Editor");
  expect(await visibleTabs(editor)).toEqual(["Case Studies", "Testimonials", "Blog Posts", "Your account"]);
  // No route around the hidden screens: one the role may not read is not found, as an unknown one is.
  for (const address of ["/admin/leads", "/admin/team", "/admin/overview", "/admin/no-such-screen"]) {
    // With its status: no streamed loading state is sent before the check (docs/decisions/0052).
    expect((await editor.goto(address))?.status(), address).toBe(404);
    await expect(editor.getByRole("heading", { name: "Oops! Page not found" }), address).toBeVisible();
    await expect(editor.getByRole("list", { name: "Lead list" })).toHaveCount(0);
  }
  // Its old address leads to the same answer.
  await editor.goto("/admin?tab=leads");
  await expect(editor).toHaveURL(/\/admin\/leads$/);
  await expect(editor.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  // Their sessions, this browser marked.
  await editor.goto("/admin/account");
  await expect(editor.getByTestId("session")).toHaveCount(1);
  await expect(editor.getByTestId("session")).toContainText("This browser");
  // The link again: used.
  await editor.goto(link);
  await expect(editor.getByTestId("invitation-state")).toHaveAttribute("data-state", "used");
  await ownerPage.goto("/admin/team");
  await expect(ownerPage.getByTestId(`member-${email}`).getByTestId("member-role")).toHaveText("Editor");
  await editor.context().close();
});

test("a withdrawn invitation says so; a sales member sees leads and messages only", async ({ browser, member: { page: ownerPage } }) => {
  const withdrawn = uniqueEmail("withdrawn");
  const link = await invite(ownerPage, withdrawn, "Sales");
  await ownerPage.getByTestId(`invitation-${withdrawn}`).getByRole("button", { name: "Withdraw" }).click();
  await expect(ownerPage.getByTestId(`invitation-${withdrawn}`)).toHaveCount(0);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId("invitation-state")).toHaveAttribute("data-state", "revoked");
  await expect(page.getByTestId("invitation-state")).toContainText("withdrawn");
  await context.close();

  const sales = await accept(browser, await invite(ownerPage, uniqueEmail("sales"), "Sales"), "Sam Sales");
  expect(await visibleTabs(sales)).toEqual(["Growth Audit Leads", "Contact Messages", "Your account"]);
  await sales.context().close();
});

// Closing sign-up closes it for every test's visitors: this one runs alone, after the others (playwright.config.ts).
test(
  "the owner closes public sign-up from the Team tab and /auth offers no sign-up",
  { tag: "@site-wide" },
  async ({ browser, member: { page: ownerPage } }) => {
    await ownerPage.goto("/admin/team");
    await ownerPage.getByRole("button", { name: "Close public sign-up" }).click();
    await expect(ownerPage.getByTestId("signup-state")).toContainText("Closed");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto("/auth?mode=signup");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up" })).toHaveCount(0);
    await expect(page.getByLabel("Full Name")).toHaveCount(0);
    await context.close();
    await ownerPage.getByRole("button", { name: "Open public sign-up" }).click();
    await expect(ownerPage.getByTestId("signup-state")).toContainText("Open");
    const again = await browser.newContext();
    const visitor = await again.newPage();
    await visitor.goto("/auth?mode=signup");
    await expect(visitor.getByLabel("Full Name")).toBeVisible();
    await again.close();
  },
);

test("npm run admin changes a role while the server runs on the embedded database", async ({ browser, member: { page: ownerPage } }) => {
  test.setTimeout(60_000); // the command itself starts a TypeScript process
  const email = uniqueEmail("cli");
  const member = await accept(browser, await invite(ownerPage, email, "Editor"), "Cleo Cli");
  const cli = spawnSync(
    path.join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", "--tsconfig", "tsconfig.json", "scripts/admin.ts", "grant", email, "sales"],
    {
      cwd: process.cwd(),
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  expect(cli.status, cli.stderr).toBe(0);
  expect(cli.stdout).toContain(`${email} is now sales.`);
  await member.goto("/admin");
  expect(await visibleTabs(member)).toEqual(["Growth Audit Leads", "Contact Messages", "Your account"]);
  await member.context().close();
});

test("the Team tab, Your account and the invitation page pass axe (WCAG 2.2 AA)", async ({ browser, member: { page: ownerPage } }) => {
  test.setTimeout(60_000); // three pages through axe, and an invitation
  const check = async (page: Page) => {
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  await ownerPage.goto("/admin/team");
  await check(ownerPage);
  await ownerPage.goto("/admin/account");
  await check(ownerPage);
  const link = await invite(ownerPage, uniqueEmail("axe"), "Sales");
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByLabel("Your name")).toBeVisible();
  await check(page);
  await context.close();
});
