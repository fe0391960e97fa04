import fs from "node:fs";
import path from "node:path";
import { expect, type BrowserContext } from "@playwright/test";

/** A fresh documentation-range address per test, so per-IP rate limits never collide. */
export function uniqueIp(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  const m = Math.floor(Math.random() * 250) + 1;
  return `198.18.${n}.${m}`;
}

export async function assignUniqueIp(context: BrowserContext): Promise<string> {
  const ip = uniqueIp();
  await context.setExtraHTTPHeaders({ "x-forwarded-for": ip });
  return ip;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Mails the server wrote to its outbox folder (the e2e server has no SMTP settings). */
export function outboxMails(): string[] {
  const folder = path.join(process.env.E2E_DATA_DIR!, "outbox");
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).map((f) => decodeQuotedPrintable(fs.readFileSync(path.join(folder, f), "utf8")));
}

export async function expectMailContaining(text: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxMails().find((m) => m.includes(text));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The agency's notification of a submission from `email` (not the acknowledgement mailed to the sender). */
export function expectNotificationFor(email: string): Promise<string> {
  return expectMailMatching((m) => m.includes(`Email: ${email}`) && (m.includes("Open the lead:") || m.includes("Open the message:")));
}

async function expectMailMatching(test: (mail: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxMails().find(test);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** Undoes quoted-printable soft line breaks and escapes, so assertions read the text as sent. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The verification (or reset) link in the newest mail to an address. */
export async function linkFromMail(to: string, kind: "verify-email" | "reset-password"): Promise<string> {
  const pattern =
    kind === "verify-email" ? /(https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+)/ : /(https?:\/\/[^\s"<]+\/api\/auth\/reset-password\/[^\s"<]+)/;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outboxMails()
          .filter((m) => m.includes(`To: ${to}`) && pattern.test(m))
          .at(-1);
        link = mail ? pattern.exec(mail)?.[1]?.replace(/&amp;/g, "&") : undefined;
        return Boolean(link);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

export const STRONG_PASSWORD = "Monsoon-Ledger-2026";

/**
 * Creates an account through the page; verifies it unless told not to. `orExisting`: an account that
 * already exists is taken as it is (a retried test runs in a new worker, whose fixtures sign up again).
 */
export async function createAccount(
  page: import("@playwright/test").Page,
  email: string,
  options: { verify?: boolean; name?: string; orExisting?: boolean } = {},
) {
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill(options.name ?? "Test Person");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  // Sign-up hashes the password with Argon2id (19 MiB): on a loaded machine that alone takes seconds.
  // The success, said in the box above the form.
  const created = page.locator("main").getByRole("status").filter({ hasText: "Account Created!" });
  if (options.orExisting) {
    const exists = page.locator("main").getByRole("alert").filter({ hasText: "An account with this email already exists." });
    await expect(created.or(exists).first()).toBeVisible({ timeout: 15_000 });
    if (await exists.isVisible()) return;
  }
  await expect(created).toBeVisible({ timeout: 15_000 });
  if (options.verify !== false) {
    await page.goto(await linkFromMail(email, "verify-email"));
    await expect(page).toHaveURL(/\/auth\?verified=1|\/auth$/);
  }
}

export async function signIn(page: import("@playwright/test").Page, email: string, password = STRONG_PASSWORD) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Waits until the page's lead form (in main: the footer has its own sign-up form) runs its script, then the minimum time a person needs to fill it. */
export async function waitLikeAPerson(page: import("@playwright/test").Page) {
  await expect(page.locator("main form[data-ready=true]")).toHaveCount(1);
  await page.waitForTimeout(1_100);
}
