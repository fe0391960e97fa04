import { expect, test, type Page } from "@playwright/test";
import { STRONG_PASSWORD } from "../helpers";
import { totp } from "../totp";
import { memberSignedIn as signedIn } from "./accounts";
import { startServer, tempDir, waitHealthy, type AppServer } from "./faults";

/**
 * The team's "require two-factor for every member" (docs/decisions/0036), on a server of its own
 * (E2E_PORT + 30) because the setting applies to everyone: on the shared server it would send the
 * other specs' admins to set up a second factor.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.TWO_FACTOR_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 30);
const OWNER = "owner@2fa.test";
const MEMBER = "member@2fa.test";
const dataDir = tempDir("two-factor-required-");
let server: AppServer | null = null;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = startServer(PORT, { DATA_DIR: dataDir, ADMIN_EMAILS: `${OWNER},${MEMBER}` });
  await waitHealthy(server);
});

test.afterAll(async () => {
  await server?.stop();
});

const memberSignedIn = (page: Page, email: string) => signedIn(page, dataDir, email);

async function setUpTotp(page: Page) {
  await page.goto("/admin/security");
  await page.getByLabel("Your password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Set Up Authenticator App" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
  await page.getByLabel("Code from the app").fill(totp(secret));
  await page.getByRole("button", { name: "Confirm and Turn On" }).click();
  await expect(page).toHaveURL(/\/admin\/security\?enabled=1/);
  // The backup codes stay on the page until the member says they are kept.
  await page.getByRole("button", { name: "I have saved my codes" }).click();
  await expect(page).toHaveURL(/\/admin\/security\?saved=1/);
}

test("with the requirement on, a member without a second factor is sent to set it up before any dashboard page", async ({ browser }) => {
  test.setTimeout(120_000);
  const owner = await (await browser.newContext()).newPage();
  await memberSignedIn(owner, OWNER);
  await expect(owner.getByRole("navigation", { name: "Dashboard sections" })).toBeVisible();

  // Requiring it without having it would lock the owner out: refused beside the field.
  await owner.goto("/admin/security");
  const team = owner.getByRole("form", { name: "Team two-factor requirement" });
  await team.getByLabel("Two-factor sign-in for every member").selectOption("on");
  await team.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Turn on your own second factor first.")).toBeVisible();
  await setUpTotp(owner);
  await team.getByLabel("Two-factor sign-in for every member").selectOption("on");
  await team.getByRole("button", { name: "Save" }).click();
  await expect(owner.getByText("Every member now needs a second factor.").first()).toBeVisible();
  await owner.goto("/admin/leads");
  await expect(owner.getByRole("navigation", { name: "Dashboard sections" })).toBeVisible();

  const member = await (await browser.newContext()).newPage();
  await memberSignedIn(member, MEMBER);
  await expect(member).toHaveURL(/\/admin\/security\?required=1/);
  await expect(member.getByRole("alert").filter({ hasText: "Two-factor sign-in required" })).toBeVisible();
  for (const address of ["/admin", "/admin/messages", "/admin?tab=messages"]) {
    await member.goto(address);
    await expect(member).toHaveURL(/\/admin\/security\?required=1/);
  }
  const exported = await member.request.get("/admin/export/leads");
  expect(exported.status()).toBe(403);

  await setUpTotp(member);
  await member.goto("/admin/leads");
  await expect(member.getByRole("navigation", { name: "Dashboard sections" })).toBeVisible();
});
