import { expect, type Browser, type Page } from "@playwright/test";
import { assignUniqueIp, outboxMails, STRONG_PASSWORD } from "./helpers";

// Joining the team as a person does: the owner invites from the Team tab, the invitee follows the
// e-mailed link (read from the outbox) and chooses a name and a password. Used by the specs that need a
// member of a given role rather than an owner.

/** The newest invitation link mailed to `to`. */
export function invitationLink(to: string): string | undefined {
  const pattern = /(https?:\/\/[^\s"<]+\/auth\/invite\?token=[A-Za-z0-9_-]+)/;
  const mail = outboxMails()
    .filter((m) => m.includes(`To: ${to}`) && pattern.test(m))
    .at(-1);
  return mail ? pattern.exec(mail)?.[1] : undefined;
}

/** The owner's page sends an invitation with `role` (its label in the form); returns the mailed link. */
export async function invite(ownerPage: Page, email: string, role: string): Promise<string> {
  await ownerPage.goto("/admin/team");
  const form = ownerPage.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(ownerPage.getByTestId(`invitation-${email}`)).toBeVisible();
  let link: string | undefined;
  await expect.poll(() => (link = invitationLink(email)), { timeout: 10_000 }).toBeTruthy();
  return link!;
}

/** Follows an invitation link in a browser of its own; returns the new member's signed-in page. */
export async function accept(browser: Browser, link: string, name: string): Promise<Page> {
  const context = await browser.newContext();
  await assignUniqueIp(context);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Choose a password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Join the team" }).click();
  await expect(page).toHaveURL(/\/admin/);
  return page;
}
