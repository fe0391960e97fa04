import { expect, test, type Page } from "@playwright/test";
import { APP_ROUTES, PUBLIC_ROUTES } from "../routes";
import { assignUniqueIp, createAccount, signIn } from "../helpers";

// Security headers and the hash-based Content-Security-Policy (docs/decisions/0010): every page,
// public and admin, runs its scripts (hydrates) with zero CSP violations counted in Chromium.

test.describe.configure({ mode: "serial" });

const ADMIN = "csp@e2e.test";

type Watch = { violations: string[] };

/** Counts `securitypolicyviolation` events (in the page, before any of its scripts) and console CSP errors. */
async function watchCsp(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text())) watch.violations.push(`console: ${message.text()}`);
  });
  return watch;
}

async function violationsIn(page: Page, watch: Watch): Promise<string[]> {
  const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  return [...inPage, ...watch.violations];
}

const STATIC_HEADERS: Record<string, string | RegExp> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": /camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "x-frame-options": "DENY",
};

function expectStrictCsp(csp: string | undefined) {
  expect(csp, "Content-Security-Policy").toBeTruthy();
  const directives = new Map(
    csp!
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  expect(directives.get("object-src")).toEqual(["'none'"]);
  expect(directives.get("base-uri")).toEqual(["'none'"]);
  expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
  expect(directives.get("form-action")).toEqual(["'self'"]);
  const scripts = directives.get("script-src") ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts.some((s) => s.startsWith("'sha256-"))).toBe(true);
}

test("every response carries the security headers; documents a strict policy, also from the page cache", async ({ request }) => {
  for (const path of ["/", "/about", "/blog", "/auth", "/api/health", "/robots.txt", "/sitemap.xml"]) {
    const response = await request.get(path);
    for (const [name, value] of Object.entries(STATIC_HEADERS)) {
      if (typeof value === "string") expect(response.headers()[name], `${path} ${name}`).toBe(value);
      else expect(response.headers()[name], `${path} ${name}`).toMatch(value);
    }
    // SITE_URL is http:// in these tests: no HSTS (it is sent only when SITE_URL is https://).
    expect(response.headers()["strict-transport-security"]).toBeUndefined();
    expect(response.headers()["content-security-policy"], path).toBeTruthy();
  }
  // A cached page (ADR 0003) is served from the cache and still carries the policy of its own scripts.
  await request.get("/about");
  const cached = await request.get("/about", { headers: { accept: "text/html" } });
  expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
  expectStrictCsp(cached.headers()["content-security-policy"]);
  const json = await request.get("/api/health");
  expect(json.headers()["content-security-policy"]).toContain("default-src 'none'");
});

test("public pages: scripts run, zero CSP violations", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  await assignUniqueIp(context);
  const page = await context.newPage();
  const watch = await watchCsp(page);
  let pages = 0;
  for (const { path } of [...PUBLIC_ROUTES, ...APP_ROUTES, { path: "/blog?tag=seo" }, { path: "/no-such-page" }]) {
    const response = await page.goto(path);
    if (path !== "/no-such-page") expectStrictCsp(response?.headers()["content-security-policy"]);
    await page.waitForLoadState("networkidle");
    await page.mouse.wheel(0, 4000);
    pages += 1;
  }
  // A blog article, through the listing (a client-side navigation).
  await page.goto("/blog");
  await page.locator('a[href^="/blog/"]').first().click();
  await expect(page).toHaveURL(/\/blog\/[^/?]+$/);
  await page.reload();
  await page.waitForLoadState("networkidle");
  pages += 1;
  // The forms hydrate (React runs): a blocked inline script would leave them without data-ready.
  for (const path of ["/contact", "/free-audit"]) {
    await page.goto(path);
    await expect(page.locator("main form[data-ready=true]")).toHaveCount(1);
  }
  const violations = await violationsIn(page, watch);
  console.log(`CSP: ${pages} public and auth pages visited in Chromium, ${violations.length} violations`);
  expect(violations).toEqual([]);
  await context.close();
});

test("admin dashboard and its dialogs: zero CSP violations", async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  await assignUniqueIp(context);
  const page = await context.newPage();
  const watch = await watchCsp(page);
  await createAccount(page, ADMIN, { name: "CSP Admin", orExisting: true });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin/);
  const tabs: [string, string][] = [
    ["leads", "Add Lead"],
    ["messages", "Add Contact Message"],
    ["case-studies", "Add Case Study"],
    ["testimonials", "Add Testimonial"],
  ];
  for (const [tab, add] of tabs) {
    const response = await page.goto(`/admin/${tab}`);
    expectStrictCsp(response?.headers()["content-security-policy"]);
    await expect(page.getByRole("navigation", { name: "Dashboard sections" })).toBeVisible();
    // Every tab has its Add link for an owner (the dialog with JavaScript): waited for, so that a slow screen cannot skip its dialog.
    const link = page.getByRole("link", { name: add });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
  }
  // Posts are written in the writing room, a page of its own rather than a dialog.
  await page.goto("/admin/posts");
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/new$/);
  await expect(page.getByRole("form", { name: "New post" }).getByRole("textbox", { name: "Title", exact: true })).toBeVisible();
  const violations = await violationsIn(page, watch);
  console.log(`CSP: ${tabs.length} admin tabs and their dialogs and the writing room in Chromium, ${violations.length} violations`);
  expect(violations).toEqual([]);
  await context.close();
});
