import AxeBuilder from "@axe-core/playwright";
import { getObject, radicaleMissing, startRadicale, type Radicale } from "../tests/helpers/radicale";
import { expect, test } from "./fixtures";

// The Account screen's Calendar section (docs/calendar.md) as a member uses it, without JavaScript
// (ADR 0055): bad input said beside its field with nothing saved and what was typed kept (never the
// password), a wrong password refused, a Radicale calendar connected and its busy times read, the
// connection tested, then disconnected; with JavaScript, axe finds nothing. The shared server allows
// a calendar on 127.0.0.1 (CALENDAR_ALLOW_PRIVATE_TARGETS in playwright.config.ts).

test.describe.configure({ mode: "serial" });
test.use({ account: { email: "calendar@e2e.test", name: "Calendar Owner" } });

const USER = { name: "host", password: "Saffron-Ledger-Calendar-2026" };
const missing = radicaleMissing();
let radicale: Radicale;

test.beforeAll(async () => {
  if (!missing) radicale = await startRadicale([USER]);
});
test.afterAll(async () => {
  await radicale?.stop();
});

test("a member connects, tests and disconnects their calendar without JavaScript", async ({ member }) => {
  test.skip(missing !== null, missing ?? "");
  test.setTimeout(90_000);
  const context = await member.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/account");
  const section = page.getByRole("region", { name: "Calendar" });
  await expect(section.getByTestId("calendar-status")).toHaveText("No calendar is connected.");
  const form = section.getByRole("form", { name: "Connect your calendar" });

  // An address without its scheme: said beside the field, what was typed kept.
  await form.getByLabel("CalDAV address").fill("caldav.example.com");
  await form.getByLabel("User name").fill(USER.name);
  await form.getByLabel("Password").fill(USER.password);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("The address must start with https://.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Calendar" }).getByLabel("User name")).toHaveValue(USER.name);
  await expect(page.getByRole("region", { name: "Calendar" }).getByLabel("Password")).toHaveValue("");
  expect(await page.content()).not.toContain(USER.password);

  // A wrong password: refused beside the password, nothing saved.
  const again = page.getByRole("region", { name: "Calendar" }).getByRole("form", { name: "Connect your calendar" });
  await again.getByLabel("CalDAV address").fill(radicale.url);
  await again.getByLabel("Password").fill("not-my-password");
  await again.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(/did not accept this user name and password/)).toBeVisible();
  await expect(page.getByRole("region", { name: "Calendar" }).getByTestId("calendar-status")).toHaveText("No calendar is connected.");

  // The right one: connected, its busy times read.
  const right = page.getByRole("region", { name: "Calendar" }).getByRole("form", { name: "Connect your calendar" });
  await right.getByLabel("Password").fill(USER.password);
  await right.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(/Connected: the site uses “host's calendar”\. Your busy times were read\./)).toBeVisible();
  await page.goto("/admin/account");
  const status = page.getByRole("region", { name: "Calendar" }).getByTestId("calendar-status");
  await expect(status).toContainText("host's calendar");
  await expect(status).not.toContainText("not yet");
  await expect(page.getByRole("region", { name: "Calendar" }).getByLabel("Password")).toHaveValue("");
  expect(await page.content()).not.toContain(USER.password);

  await status.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByText("The connection works. Calendars found: host's calendar (in use).")).toBeVisible();

  // The calendar was read, not written: nothing of ours is in it.
  expect(await getObject(radicale, USER, "anything.ics")).toBeNull();

  // Without JavaScript the page that answers is the section without its connection (the form that
  // posted is gone with it), and the connect form's earlier "Connected" line is gone.
  await page.getByRole("region", { name: "Calendar" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("region", { name: "Calendar" }).getByTestId("calendar-status")).toHaveText("No calendar is connected.");
  await expect(page.getByText("Connected: the site uses")).toHaveCount(0);
  await page.goto("/admin/account");
  await expect(page.getByRole("region", { name: "Calendar" }).getByTestId("calendar-status")).toHaveText("No calendar is connected.");
  await context.close();
});

test("the section passes axe with JavaScript, connected", async ({ member }) => {
  test.skip(missing !== null, missing ?? "");
  const page = member.page;
  await page.goto("/admin/account");
  const form = page.getByRole("region", { name: "Calendar" }).getByRole("form", { name: "Connect your calendar" });
  await form.getByLabel("CalDAV address").fill(radicale.url);
  await form.getByLabel("User name").fill(USER.name);
  await form.getByLabel("Password").fill(USER.password);
  await form.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByRole("region", { name: "Calendar" }).getByTestId("calendar-status")).toContainText("host's calendar");
  const axe = await new AxeBuilder({ page }).include("main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  await page.getByRole("region", { name: "Calendar" }).screenshot({ path: test.info().outputPath("calendar-section.png") });
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("region", { name: "Calendar" }).getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByText("Connected: the site uses")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Calendar" }).getByTestId("calendar-status")).toHaveText("No calendar is connected.");
});
