import AxeBuilder from "@axe-core/playwright";
import { expect, test, untilHydrated, type Page } from "./fixtures";
import { assignUniqueIp, uniqueEmail } from "./helpers";
import { startServer, tempDir, waitHealthy, type AppServer } from "./security/faults";
import type { BrowserContext } from "@playwright/test";

/**
 * Consent-aware measurement (docs/decisions/0051) on a server of its own (E2E_PORT + 40) on the
 * shared build, with GA4_MEASUREMENT_ID and META_PIXEL_ID set; the tags' hosts are answered by
 * stubs (the network here is closed), and every request to another host is logged. The shared
 * server (no IDs) is checked at the end: no banner, no third-party request.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.CONSENT_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 40);
const SITE = `http://127.0.0.1:${PORT}`;
const GA4 = "G-TEST123";
const PIXEL = "1234567890";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
let server: AppServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // BOOKING_URL set: "Book Call" opens the external scheduler in a new tab, the click counted as a booking.
  server = startServer(PORT, {
    DATA_DIR: tempDir("consent-"),
    GA4_MEASUREMENT_ID: GA4,
    META_PIXEL_ID: PIXEL,
    FORM_MIN_FILL_SECONDS: "1",
    BOOKING_URL: "https://cal.com/kinetic-growth/30min",
  });
  await waitHealthy(server);
});

test.afterAll(async () => {
  await server?.stop();
});

const OPENED_ON_PURPOSE = /^https:\/\/(wa\.me|cal\.com)\//;
const THIRD_PARTY = /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com|facebook\.net|facebook\.com)\//;

/**
 * Every request the context makes to a host other than the site, and stubs for the tags: gtag.js
 * does nothing (the page's own dataLayer is what is inspected), fbevents.js records the pixel's
 * calls in window.__pixel. The chat and booking links' pages answer a blank page.
 */
async function watch(context: BrowserContext, site = SITE): Promise<{ thirdParty: string[]; violations: string[] }> {
  const log = { thirdParty: [] as string[], violations: [] as string[] };
  context.on("request", (request) => {
    const url = request.url();
    // The chat and booking pages the visitor opens on purpose are not requests of the site's.
    if (url.startsWith(`${site}/`) || url.startsWith("data:") || OPENED_ON_PURPOSE.test(url)) return;
    log.thirdParty.push(url);
  });
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) log.violations.push(message.text());
  });
  await context.route(THIRD_PARTY, (route) => {
    const url = route.request().url();
    if (url.includes("/gtag/js")) return route.fulfill({ contentType: "text/javascript", body: "window.__gtagLoaded = true;" });
    if (url.includes("/fbevents.js")) {
      return route.fulfill({
        contentType: "text/javascript",
        body: "window.__pixel = []; fbq.callMethod = function () { window.__pixel.push(Array.prototype.slice.call(arguments)); }; fbq.queue.splice(0).forEach(function (a) { fbq.callMethod.apply(fbq, a); });",
      });
    }
    return route.fulfill({ status: 204, body: "" });
  });
  await context.route(OPENED_ON_PURPOSE, (route) => route.fulfill({ contentType: "text/html", body: "<title>elsewhere</title>" }));
  return log;
}

/** window.dataLayer as arrays (gtag pushes its arguments objects). */
const dataLayer = (page: Page) =>
  page.evaluate(
    () => ((window as unknown as { dataLayer?: IArguments[] }).dataLayer ?? []).map((entry) => JSON.parse(JSON.stringify(Array.from(entry)))) as unknown[][],
  );
const pixelCalls = (page: Page) => page.evaluate(() => (window as unknown as { __pixel?: unknown[][] }).__pixel ?? []);
const consentCookie = async (context: BrowserContext) => (await context.cookies(SITE)).find((c) => c.name === "consent");

/**
 * Lets the after-paint loaders run and the network settle: React has hydrated the page (its scripts
 * start after the first paint, as the consent script's tags would), then no request for 500 ms.
 */
async function quiet(page: Page) {
  await untilHydrated(page);
  await page.waitForLoadState("networkidle");
}

const DENIED = { ad_storage: "denied", ad_user_data: "denied", ad_personalization: "denied", analytics_storage: "denied" };
const GRANTED = { ad_storage: "granted", ad_user_data: "granted", ad_personalization: "granted", analytics_storage: "granted" };

test.use({ baseURL: SITE });

test("before a choice: the banner is shown, the consent defaults are denied, and nothing is requested from another host", async ({ browser }) => {
  const context = await browser.newContext();
  const log = await watch(context);
  const page = await context.newPage();
  for (const path of ["/", "/contact", "/blog"]) {
    const response = await page.goto(path);
    const csp = response!.headers()["content-security-policy"]!;
    expect(csp).toContain("https://www.googletagmanager.com");
    expect(csp).toContain("https://connect.facebook.net");
    expect(csp).not.toContain("'unsafe-inline' https://www.googletagmanager.com");
    expect(csp.split("; ").find((d) => d.startsWith("script-src "))).not.toContain("'unsafe-inline'");
    await quiet(page);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" })).toBeVisible();
  }
  expect(await dataLayer(page)).toEqual([["consent", "default", DENIED]]);
  expect(await page.evaluate(() => "fbq" in window)).toBe(false);
  expect(await consentCookie(context)).toBeUndefined();
  expect(log.thirdParty).toEqual([]);
  expect(log.violations).toEqual([]);
  await context.close();
});

test("the banner is keyboard-first, has equal buttons, passes axe, and Escape chooses nothing", async ({ browser }) => {
  const context = await browser.newContext();
  const log = await watch(context);
  const page = await context.newPage();
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  const accept = banner.getByRole("button", { name: "Accept" });
  const reject = banner.getByRole("button", { name: "Reject" });
  // The first stops of the Tab order: the banner's link, Accept, Reject (before the skip link).
  const stops: string[] = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press("Tab");
    stops.push(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`));
  }
  expect(stops).toEqual(["A Privacy Policy", "BUTTON Accept", "BUTTON Reject"]);
  // Equal prominence: the same size, colours and type.
  const look = (button: typeof accept) =>
    button.evaluate((b) => {
      const s = getComputedStyle(b);
      const r = b.getBoundingClientRect();
      return [s.backgroundColor, s.color, s.fontSize, s.fontWeight, s.borderColor, Math.round(r.height), Math.round(r.width)];
    });
  expect(await look(accept)).toEqual(await look(reject));
  await page.keyboard.press("Escape");
  await expect(banner).toBeVisible();
  expect(await consentCookie(context)).toBeUndefined();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  expect(log.thirdParty).toEqual([]);
  await context.close();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px, no element that takes the focus is covered by the open banner`, async ({ browser }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.goto("/contact");
    let checked = 0;
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      const overlap = await page.evaluate(() => {
        const focused = document.activeElement;
        const banner = document.getElementById("cookie-consent")!.getBoundingClientRect();
        if (!focused || focused === document.body) return null;
        const r = focused.getBoundingClientRect();
        const shared =
          Math.max(0, Math.min(r.right, banner.right) - Math.max(r.left, banner.left)) *
          Math.max(0, Math.min(r.bottom, banner.bottom) - Math.max(r.top, banner.top));
        const inBanner = document.getElementById("cookie-consent")!.contains(focused);
        return { inBanner, shared, what: `${focused.tagName} ${(focused.textContent ?? "").trim().slice(0, 30)}` };
      });
      if (!overlap || overlap.inBanner) continue;
      expect(overlap.shared, `${overlap.what} lies under the banner`).toBe(0);
      checked++;
    }
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeAttached();
    expect(checked).toBeGreaterThan(40);
    await context.close();
  });
}

test("Reject: the banner goes, stays gone after a reload and on other pages, and nothing is loaded", async ({ browser }) => {
  const context = await browser.newContext();
  const log = await watch(context);
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Reject" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  const cookie = await consentCookie(context);
  expect(cookie?.value).toBe("denied");
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  expect(await dataLayer(page)).toEqual([
    ["consent", "default", DENIED],
    ["consent", "update", DENIED],
  ]);
  for (const path of ["/", "/contact"]) {
    await page.goto(path);
    await quiet(page);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  }
  // A click on the chat link sends nothing either.
  await page.evaluate(() => window.scrollTo(0, 1000));
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Chat on WhatsApp" }).click();
  await (await popup).close();
  expect(await dataLayer(page)).toEqual([["consent", "default", DENIED]]);
  expect(log.thirdParty).toEqual([]);
  await context.close();
});

test("without JavaScript: Reject is a plain form post, the bar stays away on the next pages, and Cookie settings brings it back", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Reject" }).click();
  await expect(page).toHaveURL(`${SITE}/contact`);
  expect((await consentCookie(context))?.value).toBe("denied");
  // The server marks the page from the cookie (no script runs here).
  await expect(page.locator("html")).toHaveAttribute("data-consent", "denied");
  await expect(banner).toBeHidden();
  await page.goto("/about");
  await expect(banner).toBeHidden();
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  await expect(banner).toBeVisible();
  await context.close();
});

test("Accept: both tags load, consent is updated to granted, and leads, chats and bookings are counted", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext();
  await assignUniqueIp(context);
  const log = await watch(context);
  const page = await context.newPage();
  await page.goto("/");
  await quiet(page);
  expect(log.thirdParty).toEqual([]);
  await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  expect((await consentCookie(context))?.value).toBe("granted");
  await expect
    .poll(() => log.thirdParty.map((u) => new URL(u).host + new URL(u).pathname))
    .toEqual(expect.arrayContaining(["www.googletagmanager.com/gtag/js", "connect.facebook.net/en_US/fbevents.js"]));
  expect(log.thirdParty).toContain(`https://www.googletagmanager.com/gtag/js?id=${GA4}`);
  const layer = await dataLayer(page);
  expect(layer.slice(0, 2)).toEqual([
    ["consent", "default", DENIED],
    ["consent", "update", GRANTED],
  ]);
  expect(layer).toContainEqual(["config", GA4]);
  // fbq did not exist before Accept, so its first calls are the set-up.
  await expect
    .poll(() => pixelCalls(page))
    .toEqual([
      ["init", PIXEL],
      ["track", "PageView"],
    ]);

  // A returning visitor: the tags come after the first paint (as Next's scripts, ADR 0019), with the update sent first.
  await page.goto("/contact");
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true)).toBe(true);
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    tags: performance
      .getEntriesByType("resource")
      .filter((e) => /googletagmanager|facebook/.test(e.name))
      .map((e) => e.startTime),
  }));
  expect(timing.fcp).not.toBeNull();
  expect(timing.tags).toHaveLength(2);
  for (const start of timing.tags) expect(start).toBeGreaterThanOrEqual(timing.fcp!);
  expect((await dataLayer(page)).slice(0, 2)).toEqual([
    ["consent", "default", DENIED],
    ["consent", "update", GRANTED],
  ]);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();

  // A lead: the contact form sent successfully.
  const form = page.getByRole("form", { name: "Contact" });
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByLabel("Full name").fill("Consent Tester");
  await form.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("consent"));
  await form.getByLabel("Mobile number").fill("9876543210");
  await form.getByRole("textbox", { name: "Message" }).fill("Counting a lead after consent.");
  await page.waitForTimeout(1100);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").first()).toContainText("Message Sent!");
  await expect.poll(async () => (await dataLayer(page)).filter((e) => e[0] === "event")).toEqual([["event", "generate_lead", { form_name: "contact" }]]);
  await expect.poll(() => pixelCalls(page)).toContainEqual(["track", "Lead"]);

  // A chat: the floating WhatsApp button (after 300 px of scroll).
  await page.evaluate(() => window.scrollTo(0, 1000));
  let popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "Chat on WhatsApp" }).click();
  await (await popup).close();
  expect((await dataLayer(page)).filter((e) => e[0] === "event").map((e) => e[1])).toEqual(["generate_lead", "contact"]);
  expect(await pixelCalls(page)).toContainEqual(["track", "Contact"]);

  // A booking: the header's Book Call link.
  popup = page.waitForEvent("popup");
  await page.getByRole("banner").getByRole("link", { name: "Book Call" }).click();
  await (await popup).close();
  expect((await dataLayer(page)).filter((e) => e[0] === "event").map((e) => e[1])).toEqual(["generate_lead", "contact", "schedule"]);
  expect(await pixelCalls(page)).toContainEqual(["track", "Schedule"]);

  // Cookie settings: the banner comes back with the focus, and Reject takes the consent back.
  await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await expect(banner).toBeFocused();
  await banner.getByRole("button", { name: "Reject" }).click();
  await expect(banner).toBeHidden();
  expect((await consentCookie(context))?.value).toBe("denied");
  expect((await dataLayer(page)).at(-1)).toEqual(["consent", "update", DENIED]);
  expect(await pixelCalls(page)).toContainEqual(["consent", "revoke"]);
  expect(log.violations).toEqual([]);
  await context.close();
});

test("after Accept the policy runs the tags' own scripts only: gtm.js, another pixel's configuration or another script on the tag hosts is refused", async ({
  browser,
}) => {
  const context = await browser.newContext();
  await assignUniqueIp(context);
  await watch(context);
  // Stubs that would answer if the browser asked: each records that it ran.
  await context.route(/^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net)\/(gtm\.js|gtag\/destination|en_US\/sdk\.js|signals\/)/, (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `(window.__ran = window.__ran || []).push(${JSON.stringify(new URL(route.request().url()).pathname)});`,
    }),
  );
  await context.addCookies([{ name: "consent", value: "granted", url: SITE }]);
  const page = await context.newPage();
  await page.goto("/");
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtagLoaded?: boolean }).__gtagLoaded === true)).toBe(true);
  await expect
    .poll(() => pixelCalls(page))
    .toEqual([
      ["init", PIXEL],
      ["track", "PageView"],
    ]);
  const injected = [
    "https://www.googletagmanager.com/gtm.js?id=GTM-EVIL",
    "https://www.googletagmanager.com/gtag/destination?id=AW-1",
    "https://connect.facebook.net/en_US/sdk.js",
    "https://connect.facebook.net/signals/config/999999999?v=2.9",
    `https://connect.facebook.net/signals/config/${PIXEL}?v=2.9.1&r=stable`,
    "https://connect.facebook.net/signals/plugins/identity.js?v=2.9.1",
  ];
  const outcome = await page.evaluate(async (sources) => {
    const blocked: string[] = [];
    document.addEventListener("securitypolicyviolation", (e) => blocked.push(e.blockedURI));
    await Promise.all(
      sources.map(
        (src) =>
          new Promise<void>((resolve) => {
            const script = document.createElement("script");
            script.src = src;
            script.onload = script.onerror = () => resolve();
            document.head.appendChild(script);
          }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { ran: (window as unknown as { __ran?: string[] }).__ran ?? [], blocked };
  }, injected);
  expect(outcome.ran.sort()).toEqual([`/signals/config/${PIXEL}`, "/signals/plugins/identity.js"]);
  expect(outcome.blocked.map((u) => new URL(u).pathname).sort()).toEqual(["/en_US/sdk.js", "/gtag/destination", "/gtm.js", "/signals/config/999999999"]);
  console.log(
    `Tag policy: ${outcome.ran.length} of ${injected.length} injected tag-host scripts ran (this pixel's configuration, a plugin); ${outcome.blocked.length} refused (gtm.js, gtag/destination, sdk.js, another pixel's configuration)`,
  );
  await context.close();
});

/** Path and compressed bytes of every script a first load receives, until the network is quiet. */
async function scriptsOf(context: BrowserContext, url: string): Promise<{ files: string[]; bytes: number }> {
  const page = await context.newPage();
  const sizes: Promise<{ path: string; bytes: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => ({ path: new URL(response.url()).pathname, bytes: s.responseBodySize })),
    );
  });
  await page.goto(url);
  await quiet(page);
  const all = await Promise.all(sizes);
  await page.close();
  return { files: all.map((s) => s.path).sort(), bytes: all.reduce((sum, s) => sum + s.bytes, 0) };
}

test("before a choice, the bar costs no script file: the same scripts, byte for byte, as on the server without IDs", async ({ browser }) => {
  const shared = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
  for (const path of ["/", "/contact"]) {
    const withIds = await browser.newContext();
    const withoutIds = await browser.newContext();
    const [measured, plain] = [await scriptsOf(withIds, `${SITE}${path}`), await scriptsOf(withoutIds, `${shared}${path}`)];
    test.info().annotations.push({
      type: "js",
      description: `${path}: ${measured.bytes} B in ${measured.files.length} files with IDs before consent, ${plain.bytes} B without IDs`,
    });
    expect(measured.files).toEqual(plain.files);
    expect(measured.bytes).toBe(plain.bytes);
    await withIds.close();
    await withoutIds.close();
  }
});

test("with no measurement configured (the shared server): no banner, no consent script, no third-party host in the policy, no third-party request", async ({
  browser,
}) => {
  const shared = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
  const context = await browser.newContext({ baseURL: shared });
  const log = await watch(context, shared);
  const page = await context.newPage();
  for (const path of ["/", "/contact"]) {
    const response = await page.goto(path);
    await quiet(page);
    expect(response!.headers()["content-security-policy"]).not.toMatch(/googletagmanager|google-analytics|facebook/);
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cookie settings" })).toHaveCount(0);
    expect(await page.locator("script[data-schedule]").count()).toBe(0);
    expect(await page.evaluate(() => "dataLayer" in window || "fbq" in window)).toBe(false);
  }
  // The no-JavaScript form's address does not exist here.
  const answer = await page.request.post("/api/consent", { form: { choice: "granted" }, headers: { origin: shared } });
  expect(answer.status()).toBe(404);
  expect(log.thirdParty).toEqual([]);
  await context.close();
});
