import { expect, test, type APIRequestContext, type Browser, type Member } from "../fixtures";
import { CONTROL_CHARACTERS, REFUSED_EMAILS, REFUSED_URLS } from "../../src/lib/schemas/refused-values";
import { noScriptForm, postNoScript, type NoScriptForm } from "./no-script-posts";
import { assignUniqueIp, linkFromMail, outboxMails, signIn } from "../helpers";

// What the validators refuse beside the field, and the internationalised e-mail domains they accept
// (docs/decisions/0023), through the real forms: the public forms posted as a browser without
// JavaScript posts them (the Server Action decides, no script checks first), the admin's case-study
// dialog and the sign-up page in Chromium.

test.describe.configure({ mode: "serial" });

const ADMIN = "refuse@e2e.test";
const RUN = Date.now().toString(36);

async function post(request: APIRequestContext, form: NoScriptForm, fields: Record<string, string>): Promise<string> {
  const response = await postNoScript(request, form, fields);
  expect(response.status()).toBe(200);
  return response.text();
}

/** Text as the page's HTML carries it (React escapes these in text). */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

let contact: NoScriptForm;
let freeAudit: NoScriptForm;
let adminState: Member["storageState"];

test.beforeAll(async ({ browser, signedIn }) => {
  test.setTimeout(120_000);
  contact = await noScriptForm(browser, "/contact", "Send Message");
  freeAudit = await noScriptForm(browser, "/free-audit", "Get My Free Audit");
  adminState = (await signedIn(ADMIN, { name: "Refusal Admin" })).storageState;
});

async function adminPage(browser: Browser, path: string) {
  const context = await browser.newContext({ storageState: adminState });
  await assignUniqueIp(context);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByRole("navigation", { name: "Dashboard sections" })).toBeVisible();
  return page;
}

/** How many rows an admin list shows for a search (its status line: "N leads" / "N messages"). */
async function listed(browser: Browser, tab: "leads" | "messages", q: string): Promise<number> {
  const page = await adminPage(browser, `/admin/${tab}?q=${encodeURIComponent(q)}`);
  const status = await page.getByRole("status").filter({ hasText: /^\d+ / }).first().textContent();
  await page.context().close();
  return Number(/^(\d+)/.exec(status ?? "")![1]);
}

test("the free audit form refuses website addresses that name another host, this machine or its network, beside the field; nothing is stored", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  let refused = 0;
  for (const [i, [url, reason]] of REFUSED_URLS.entries()) {
    const page = await post(request, freeAudit, {
      name: "Url Tester",
      email: `url-${RUN}-${i}@example.com`,
      mobileNumber: "+44 7911 123456",
      websiteUrl: url,
      monthlyRevenue: "0-10L/month",
      growthChallenge: "Growth",
    });
    expect(page, url).toContain("Please check the form");
    // The message as rendered beside the field (a text node), not the form state's JSON.
    const message = />(Enter a valid website address[^<]*)</.exec(page)?.[1];
    expect(message, url).toBeDefined();
    expect(message!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'"), url).toMatch(reason);
    refused += 1;
  }
  const accepted = await post(request, freeAudit, {
    name: "Url Tester",
    email: `url-${RUN}-ok@example.com`,
    mobileNumber: "+44 7911 123456",
    websiteUrl: "bücher.example",
    monthlyRevenue: "0-10L/month",
    growthChallenge: "Growth",
  });
  expect(accepted).not.toContain("Please check the form");
  expect(await listed(browser, "leads", `url-${RUN}-`)).toBe(1);
  console.log(
    `Website addresses: ${refused} of ${REFUSED_URLS.length} refused beside the field (userinfo, // and \\ forms, IP addresses in every spelling, localhost and local names, template-like hosts, other schemes, quotes, angle brackets, backticks and braces); 0 stored, an IDN host accepted`,
  );
});

test("the contact form refuses e-mail addresses with a local part over 64 characters or a domain label over 63, beside the field; nothing is stored", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = `Length ${RUN}`;
  for (const [email, reason] of REFUSED_EMAILS) {
    const page = await post(request, contact, { name: "Length Tester", email, mobileNumber: "+44 7911 123456", company, message: "Hello" });
    expect(page, email).toContain("Please check the form");
    const message = />(Enter a valid email address[^<]*)</.exec(page)?.[1];
    expect(message, email).toMatch(reason);
  }
  const longest = `${"l".repeat(54)}-${RUN}`.slice(-64);
  const accepted = await post(request, contact, {
    name: "Length Tester",
    email: `${longest}@${"d".repeat(63)}.example`,
    mobileNumber: "+44 7911 123456",
    company,
    message: "Hello",
  });
  expect(accepted).toContain("Message Sent!");
  expect(await listed(browser, "messages", company)).toBe(1);
  console.log(
    `E-mail lengths: ${REFUSED_EMAILS.length} of ${REFUSED_EMAILS.length} addresses refused beside the field (local part 65 and 200, labels of 64 and an IDN label of 67 in A-labels); 0 stored; 64 and 63 accepted`,
  );
});

test("the contact form refuses control characters in single-line fields beside the field, keeps line breaks in the message, and stores nothing refused", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  let refused = 0;
  const extra: [string, string][] = [
    ["\r\nBcc: evil@attacker.test", "U+000D carriage return"],
    ["\t", "U+0009 tab"],
  ];
  for (const [i, [control, named]] of [...CONTROL_CHARACTERS, ...extra].entries()) {
    const page = await post(request, contact, {
      name: `Eve${control}Rao`,
      email: `ctl-${RUN}-${i}@example.com`,
      mobileNumber: "+44 7911 123456",
      company: `Acme${control}`,
      message: "Hello",
    });
    expect(page, JSON.stringify(control)).toContain(html(`Name contains an invisible control character (${named}). Remove it and send again.`));
    expect(page, JSON.stringify(control)).toContain(html(`Company contains an invisible control character (${named}). Remove it and send again.`));
    refused += 1;
  }
  for (const [i, [control, named]] of CONTROL_CHARACTERS.entries()) {
    const page = await post(request, contact, {
      name: "Eve",
      email: `ctl-${RUN}-m${i}@example.com`,
      mobileNumber: "+44 7911 123456",
      message: `Hi${control}there`,
    });
    expect(page, JSON.stringify(control)).toContain(html(`Message contains an invisible control character (${named}).`));
    refused += 1;
  }
  const kept = await post(request, contact, {
    name: "Eve \u202Eoll\u200Bé 🚀",
    email: `ctl-${RUN}-ok@example.com`,
    mobileNumber: "+44 7911 123456",
    message: "Line one\r\n\tLine two",
  });
  expect(kept).toContain("Message Sent!");
  expect(await listed(browser, "messages", `ctl-${RUN}-`)).toBe(1);
  console.log(
    `Control characters: ${refused} submissions with ESC, BEL, VT, FF, NEL, other C0/C1, tab or CR/LF refused beside the field, 0 stored; a message with CR/LF/TAB and a name with RTL override, zero-width, emoji stored`,
  );
});

test("e-mail addresses with internationalised domains are accepted by the public forms and sign-up; mail goes out to their A-labels", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const addresses = [`c-${RUN}@bücher.example`, `c-${RUN}@例え.jp`];
  for (const email of addresses) {
    const page = await post(request, contact, { name: "Idn Tester", email, mobileNumber: "+44 7911 123456", message: "Hello" });
    expect(page, email).toContain("Message Sent!");
  }
  const lead = await post(request, freeAudit, {
    name: "Idn Tester",
    email: `a-${RUN}@bücher.example`,
    mobileNumber: "+44 7911 123456",
    monthlyRevenue: "0-10L/month",
    growthChallenge: "Growth",
  });
  expect(lead).toContain("Audit Request Submitted!");
  const replyTos = [`c-${RUN}@xn--bcher-kva.example`, `c-${RUN}@xn--r8jz45g.jp`, `a-${RUN}@xn--bcher-kva.example`];
  await expect
    .poll(() => replyTos.filter((address) => outboxMails().some((m) => m.includes(`Reply-To: ${address}`))).length, { timeout: 15_000 })
    .toBe(replyTos.length);
  const page = await adminPage(browser, `/admin/messages?q=${encodeURIComponent(`c-${RUN}@`)}`);
  for (const email of addresses) await expect(page.getByText(email, { exact: true }).first()).toBeVisible();
  await page.context().close();

  // An account: stored and mailed with A-labels, and either spelling signs in.
  const context = await browser.newContext();
  await assignUniqueIp(context);
  const auth = await context.newPage();
  await auth.goto("/auth?mode=signup");
  await auth.getByLabel("Full Name").fill("Idn Person");
  await auth.getByLabel("Email").fill(`s-${RUN}@bücher.example`);
  await auth.getByLabel("Password").fill("Monsoon-Ledger-2026");
  await auth.getByRole("button", { name: "Create Account" }).click();
  await expect(auth.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
  await auth.goto(await linkFromMail(`s-${RUN}@xn--bcher-kva.example`, "verify-email"));
  await signIn(auth, `s-${RUN}@bücher.example`, "Monsoon-Ledger-2026");
  await expect(auth).toHaveURL(/\/admin/);
  const session = (await (await auth.request.get("/api/auth/get-session")).json()) as { user?: { email?: string } } | null;
  expect(session?.user?.email).toBe(`s-${RUN}@xn--bcher-kva.example`);
  await context.close();
  console.log(
    `IDN e-mail: ${addresses.length + 1} submissions accepted and notified (Reply-To in A-labels), an account signed up, verified and signed in with a U-label address`,
  );
});

test("the case-study dialog refuses metrics a number cannot hold, a BOM, NUL or lone surrogate, blank characters JSON does not allow, and unsafe image addresses, beside the field; saves nothing", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await adminPage(browser, "/admin/case-studies");
  const company = `Metrics ${RUN}`;
  await page.getByRole("link", { name: "Add Case Study" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Metrics that cannot be stored");
  await dialog.getByLabel("Company name").fill(company);
  const metrics: [string, RegExp][] = [
    ['{"growth": 1e309}', /1e309 is too large to store as a number/],
    ['{"users": 9007199254740993}', /beyond the largest exact whole number/],
    ['{"ratio": 0.10000000000000000555}', /more precision than a number can keep/],
    ['\uFEFF{"growth": "300%"}', /byte-order mark \(U\+FEFF\)/],
    ['{"growth": "3\\u0000"}', /control character \(U\+0000 NUL\)/],
    ['{"growth": "\\ud800"}', /lone UTF-16 surrogate/],
    ["\u00a0\u00a0", /only blank characters \(U\+00A0 no-break space\)/],
    ['\u000b{"growth": "300%"}', /start or end with an invisible character \(U\+000B vertical tab\)/],
  ];
  for (const [value, message] of metrics) {
    await dialog.getByLabel("Metrics (JSON)").fill(value);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText(message), value).toBeVisible();
  }
  await dialog.getByLabel("Metrics (JSON)").fill('{"growth": "300%", "roas": 4.5}');
  const images: [string, RegExp][] = [
    ["https://example.com@evil.example/x.png", /without a name and "@"/],
    ["http://2130706433/x.png", /not an IP address/],
    ["//evil.example/x.png", /leading slashes|backslashes/],
    ["/\\evil.example/x.png", /backslashes/],
    ["https://admin.localhost/x.png", /localhost and local network names/],
    ["https://{{host}}.cdn.example/x.png", /letters, digits and hyphens/],
    ["/admin", /a path under \/images\/ or \/api\/media\//],
  ];
  for (const [value, message] of images) {
    await dialog.getByRole("textbox", { name: "Image" }).fill(value);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText(message), value).toBeVisible();
  }
  // Nothing was saved: the dialog is still open and the list has no such company.
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Image" }).fill("/images/blog/technical-seo-for-shopify-stores-a-d2c-checklist.svg");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("[data-toast]").filter({ hasText: "Case study created successfully." }).first()).toBeVisible();
  await expect(page.getByText(company)).toHaveCount(1);
  await page.getByRole("link", { name: "Delete Metrics that cannot be stored" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await page.context().close();
  console.log(
    `Case-study dialog: ${metrics.length} metrics and ${images.length} image addresses refused beside their field, saved once valid (a seed /images path)`,
  );
});
