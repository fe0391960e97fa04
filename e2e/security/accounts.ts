import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { STRONG_PASSWORD } from "../helpers";

/** The verification link in the newest mail to an address, from a server's outbox folder. */
export async function verificationLink(dataDir: string, to: string): Promise<string> {
  const pattern = /(https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+)/;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const folder = path.join(dataDir, "outbox");
        const mails = fs.existsSync(folder)
          ? fs.readdirSync(folder).map((f) =>
              fs
                .readFileSync(path.join(folder, f), "utf8")
                .replace(/=\r?\n/g, "")
                .replace(/=3D/g, "="),
            )
          : [];
        link = pattern.exec(mails.filter((m) => m.includes(`To: ${to}`)).at(-1) ?? "")?.[1]?.replace(/&amp;/g, "&");
        return Boolean(link);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

/** Creates an account through /auth, follows its verification mail, and signs in with the password. */
export async function memberSignedIn(page: Page, dataDir: string, email: string): Promise<void> {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill("Team Member");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
  await page.goto(await verificationLink(dataDir, email));
  await passwordSignIn(page, email);
}

export async function passwordSignIn(page: Page, email: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}
