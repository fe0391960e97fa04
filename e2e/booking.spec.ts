import AxeBuilder from "@axe-core/playwright";
import { gzipSync } from "node:zlib";
import ical, { type VEvent } from "node-ical";
import { outboxMails, uniqueEmail, uniqueIp } from "./helpers";
import { expect, test, type Page } from "./fixtures";

// Booking a strategy call (docs/decisions/0065), as a member and visitors meet it: the member sets
// their hours on the Calls screen; a visitor in New York books with JavaScript (times in their zone
// with India's beside), gets a mail whose invitation parses, moves the call and cancels it; a visitor
// without JavaScript books from the plain list in a zone chosen by GET; the member sees the call on
// the Due view. axe on /book.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const RUN = Date.now().toString(36);

test.use({ account: { email: "booking@e2e.test", name: "Booking Owner" } });
test.describe.configure({ mode: "serial" });

/**
 * The invitation of each mail in the outbox to `to`, as node-ical reads it: the calendar part
 * (text/calendar, the one mail programs act on; the same text is attached as invite.ics).
 */
function invitationsTo(to: string): { method: string; event: VEvent }[] {
  const found: { method: string; event: VEvent }[] = [];
  for (const mail of outboxMails().filter((m) => new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(m))) {
    const part = mail.split(/\r?\n--/).find((p) => /Content-Type: text\/calendar/i.test(p));
    if (!part) continue;
    const [headers, ...body] = part.split(/\r?\n\r?\n/);
    const raw = body.join("\n\n");
    const text = /Content-Transfer-Encoding: base64/i.test(headers!) ? Buffer.from(raw.replace(/\s+/g, ""), "base64").toString("utf8") : raw;
    const method = /^METHOD:(\w+)/m.exec(text)?.[1] ?? "";
    const events = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT");
    expect(events, "one event per invitation").toHaveLength(1);
    found.push({ method, event: events[0]! });
  }
  return found;
}

/**
 * A held call's confirmation, as its visitor gives it (docs/decisions/0077): the page says to check
 * the mail; the mail's link opens the call's page, held; its button confirms it.
 */
async function confirmFromMail(page: Page, email: string): Promise<void> {
  await expect(page.getByText("Check your e-mail to confirm your call")).toBeVisible();
  const pattern = /(https?:\/\/[^\s"<]+\/book\/manage\/[^\s"<?]+)/;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = outboxMails()
          .filter((m) => new RegExp(`^To: .*${email.replace(/[.+]/g, "\\$&")}`, "mi").test(m) && /confirm your strategy call/i.test(m))
          .at(-1);
        link = mail ? pattern.exec(mail)?.[1] : undefined;
        return Boolean(link);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  // No invitation before it is confirmed.
  expect(invitationsTo(email)).toHaveLength(0);
  await page.goto(new URL(link!).pathname);
  await expect(page.getByTestId("booking-status")).toHaveText("Held for you: not yet confirmed");
  await page.getByRole("button", { name: "Confirm the call" }).click();
  await expect(page).toHaveURL(/\/book\/manage\/[^?]+\?done=confirmed$/);
}

async function pickFirstTime(page: Page): Promise<string> {
  const first = page.getByTestId("slot-list").getByRole("radio").first();
  await first.check();
  return (await first.getAttribute("value"))!;
}

async function fillPerson(page: Page, email: string, name: string) {
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Mobile number").fill("+91 98765 43210");
  await page.getByLabel("Company").fill("Chai Co");
  await page.getByLabel("What you'd like to discuss").fill(`Repeat orders ${RUN}`);
}

test("the member opens their hours on the Calls screen; /book then offers them, live and never cached", async ({ member }) => {
  test.setTimeout(90_000);
  const page = await member.open("booking");
  const form = page.getByTestId("availability-booking@e2e.test");
  await form.getByLabel("Takes strategy calls").check();
  for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
    await form.getByLabel(`${day} from`).fill("08:00");
    await form.getByLabel(`${day} until`).fill("20:00");
  }
  await form.getByLabel("Buffer between calls (minutes)").fill("0");
  await form.getByLabel("Minimum notice (minutes)").fill("0");
  await form.getByLabel("Calls a day at most").fill("24");
  // Bad input first: a message beside the field, nothing saved.
  await form.getByLabel("Monday until").fill("07:00");
  await form.getByRole("button", { name: "Save availability" }).click();
  await expect(form.getByText("Monday: give a start and a later end")).toBeVisible();
  await form.getByLabel("Monday until").fill("20:00");
  await form.getByRole("button", { name: "Save availability" }).click();
  await expect(page.locator("#main").getByText("Availability saved")).toBeVisible();

  const response = await page.request.get("/book");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/no-store/);
  const html = await response.text();
  expect(html).toMatch(/<input[^>]*name="start"/);
  console.log(`/book with ${(html.match(/name="start"/g) ?? []).length} open times: ${html.length} bytes of HTML, ${gzipSync(html).length} gzipped`);
  await page.context().close();
});

test("a visitor in New York books with JavaScript, gets the invitation, moves the call and cancels it", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, timezoneId: "America/New_York", extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  await page.goto("/book");
  await expect(page.locator("main form[data-ready=true]")).toHaveCount(1);
  // The times in the visitor's own zone, India's beside.
  await expect(page.getByText(/times shown in America\/New York/)).toBeVisible();
  await expect(
    page
      .getByTestId("slot-list")
      .getByText(/(EST|EDT) \(\d\d:\d\d India time\)/)
      .first(),
  ).toBeVisible();
  // A day first, then its times: choosing another day switches the times in place (no page load).
  const calendar = page.getByTestId("day-calendar");
  const days = calendar.getByRole("link");
  expect(await days.count()).toBeGreaterThan(1);
  await expect(days.first()).toHaveAttribute("aria-current", "date");
  const address = page.url();
  const secondDay = (await days.nth(1).getAttribute("data-day"))!;
  await days.nth(1).click();
  await expect(days.nth(1)).toHaveAttribute("aria-current", "date");
  expect(page.url()).toBe(address);
  const firstOfSecondDay = (await page.getByTestId("slot-list").getByRole("radio").first().getAttribute("value"))!;
  expect(new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(firstOfSecondDay))).toBe(secondDay);
  await days.first().click();
  await page.screenshot({ path: "/tmp/booking-page.png" });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Nothing chosen: told beside the list, nothing lost.
  const email = uniqueEmail("visitor-js");
  await fillPerson(page, email, "Asha JS");
  await page.waitForTimeout(1_100);
  await page.getByRole("button", { name: "Book the call" }).click();
  await expect(page.getByText("Choose a time from the list.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue("Asha JS");

  // By keyboard: into the list and onto the first time.
  const start = await pickFirstTime(page);
  await page.getByTestId("slot-list").getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await page.getByRole("button", { name: "Book the call" }).click();
  await confirmFromMail(page, email);
  await expect(page.getByTestId("booking-done")).toContainText("Your call is confirmed");
  await expect(page.getByTestId("booking-status")).toHaveText("Booked");

  // The mail's invitation, read back with node-ical: REQUEST, the time asked for, UTC.
  await expect.poll(() => invitationsTo(email).length, { timeout: 15_000 }).toBe(1);
  const [booked] = invitationsTo(email);
  expect(booked!.method).toBe("REQUEST");
  expect(booked!.event.start.toISOString()).toBe(start);
  expect(Number(booked!.event.sequence)).toBe(0);
  const uid = booked!.event.uid;

  // Move it to another day's time: the same UID, SEQUENCE 1.
  const move = page.getByTestId("reschedule-form");
  await move.getByTestId("day-calendar").getByRole("link").nth(1).click();
  const other = move.getByRole("radio").first();
  const movedTo = (await other.getAttribute("value"))!;
  await other.check();
  await move.getByRole("button", { name: "Move the call to this time" }).click();
  await expect(page).toHaveURL(/\?done=rescheduled$/);
  await expect.poll(() => invitationsTo(email).length, { timeout: 15_000 }).toBe(2);
  const moved = invitationsTo(email).find((i) => Number(i.event.sequence) === 1)!;
  expect(moved.event.uid).toBe(uid);
  expect(moved.event.start.toISOString()).toBe(movedTo);

  // Cancel it: asked first, then a POST with a button; CANCEL with a higher SEQUENCE.
  await page.getByRole("link", { name: "Cancel the call…" }).click();
  await expect(page.getByTestId("cancel-confirm")).toContainText("Cancel your call on");
  await expect(page.getByTestId("booking-status")).toHaveText("Booked");
  await page.getByRole("button", { name: "Yes, cancel the call" }).click();
  await expect(page).toHaveURL(/\?done=cancelled$/);
  await expect(page.getByTestId("booking-status")).toHaveText("Cancelled");
  await expect.poll(() => invitationsTo(email).filter((i) => i.method === "CANCEL").length, { timeout: 15_000 }).toBe(1);
  const cancelled = invitationsTo(email).find((i) => i.method === "CANCEL")!;
  expect(cancelled.event.uid).toBe(uid);
  expect(Number(cancelled.event.sequence)).toBe(2);
  expect(String(cancelled.event.status)).toBe("CANCELLED");
  await page.screenshot({ path: "/tmp/booking-cancelled.png", fullPage: true });
  await context.close();
});

test("a visitor without JavaScript chooses a zone by GET, books from the plain list, and the member sees the call on the Due view", async ({
  browser,
  baseURL,
  member,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const page = await context.newPage();
  await page.goto("/book");
  await expect(page.getByText(/times shown in India time/)).toBeVisible();
  await page.getByLabel("Show times in").selectOption("Europe/London");
  await page.getByRole("button", { name: "Show times" }).click();
  await expect(page).toHaveURL(/tz=Europe%2FLondon/);
  await expect(
    page
      .getByTestId("slot-list")
      .getByText(/(GMT|BST|GMT\+1) \(\d\d:\d\d India time\)/)
      .first(),
  ).toBeVisible();
  // The day by its link (a GET that keeps the zone), then that day's times.
  const dayLink = page.getByTestId("day-calendar").getByRole("link").nth(1);
  const chosenDay = (await dayLink.getAttribute("data-day"))!;
  await dayLink.click();
  await expect(page).toHaveURL(new RegExp(`tz=Europe%2FLondon&day=${chosenDay}`));
  await expect(page.getByTestId("day-calendar").locator(`[data-day="${chosenDay}"]`)).toHaveAttribute("aria-current", "date");
  const shownStarts = await page
    .getByTestId("slot-list")
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
  expect(new Set(shownStarts.map((iso) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(new Date(iso))))).toEqual(
    new Set([chosenDay]),
  );
  const email = uniqueEmail("visitor-nojs");
  const name = `Ravi NoJS ${RUN}`;
  await fillPerson(page, email, name);
  // A bad address first: the page comes back with the message and everything typed.
  await page.getByLabel("Email").fill("not-an-address");
  await pickFirstTime(page);
  await page.getByRole("button", { name: "Book the call" }).click();
  await expect(page.getByText(/valid email/)).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveValue(name);
  await page.getByLabel("Email").fill(email);
  await pickFirstTime(page);
  await page.getByRole("button", { name: "Book the call" }).click();
  await confirmFromMail(page, email);
  await expect(page.getByTestId("booking-summary")).toContainText(/GMT|BST/);
  await expect.poll(() => invitationsTo(email).length, { timeout: 15_000 }).toBe(1);
  // Cancelling without JavaScript asks first; "No, keep the call" keeps it.
  await page.getByRole("link", { name: "Cancel the call…" }).click();
  await expect(page.getByTestId("cancel-confirm")).toBeVisible();
  await page.screenshot({ path: "/tmp/booking-nojs-cancel.png", fullPage: true });
  await page.getByRole("link", { name: "No, keep the call" }).click();
  await expect(page.getByTestId("cancel-confirm")).toHaveCount(0);
  await expect(page.getByTestId("booking-status")).toHaveText("Booked");
  const manage = page.url();
  await page.screenshot({ path: "/tmp/booking-nojs.png", fullPage: true });
  await context.close();

  const due = await member.open("due");
  await due.goto("/admin/due?owner=all");
  await expect(due.getByTestId("due-calls")).toContainText(name);
  await expect(due.getByTestId("due-calls").getByRole("link", { name })).toHaveAttribute("href", /\/admin\/leads\?edit=/);
  await due.context().close();

  // Then the visitor cancels, still without JavaScript: asked first, then the POST.
  const again = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "x-forwarded-for": uniqueIp() } });
  const visitor = await again.newPage();
  await visitor.goto(manage);
  await visitor.getByRole("link", { name: "Cancel the call…" }).click();
  await visitor.getByRole("button", { name: "Yes, cancel the call" }).click();
  await expect(visitor.getByTestId("booking-status")).toHaveText("Cancelled");
  await again.close();
});
