import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Page } from "./fixtures";
import { uniqueEmail, waitLikeAPerson } from "./helpers";
import { accept, invite } from "./team-members";

// A/B experiments through the real host (docs/decisions/0104, 0107): an editor drafts an experiment
// on the home page's headline and starts it; visitors (each their own agent and address) get one
// variant each in the HTML the server sent, keep it on reload, and carry the same scripts and no
// layout shift; a bot sees the control and is not counted; leads sent from both variants appear per
// variant on the results; stopping and shipping the winner changes the page.
// @site-wide: while it runs, any visitor of home may be shown the variant, and the shipped copy is
// home's own until the end of the spec, when the home page's own copy is shipped back.

test.use({ account: { email: "experiments@e2e.test", name: "Experiments Owner" } });
test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const HEADLINE = `A bolder headline, run ${RUN}`;
const BUTTON = "Claim your audit";
const STATIC_HEADLINE = "Scale your revenue with growth marketing that pays for itself";
const AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A visitor of its own: an agent and an address of their own (the e2e server trusts X-Forwarded-For). */
const visitor = (n: number) => ({ "user-agent": `${AGENT} e2e-visitor/${RUN}/${n}`, "x-forwarded-for": `198.19.${(n >> 8) & 255}.${n & 255}` });

/** A visitor the experiment showed the control to. */
const controlVisitorOf = (seen: Map<number, string>) => [...seen].find(([, h]) => h === STATIC_HEADLINE)![0];

/** The h1 of a page (home unless named) as the server sent it to these headers. */
async function headlineFor(request: APIRequestContext, headers: Record<string, string>, path = "/"): Promise<string> {
  const answer = await request.get(path, { headers: { accept: "text/html", ...headers } });
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)![1]!.replaceAll("&#x27;", "'");
}

async function createExperiment(
  page: Page,
  name: string,
  copy: { headline: string; button?: string; link?: string },
  where: { target: string; page?: string } = { target: "home-hero" },
) {
  await page.goto("/admin/experiments");
  const form = page.getByRole("form", { name: "New experiment" });
  // Fields by their ids: every variant has a "Name", and each label carries the required mark.
  await form.locator("#experiment-new-name").fill(name);
  await form.locator("#experiment-new-target").selectOption(where.target);
  if (where.page) await form.locator("#experiment-new-page").selectOption(where.page);
  await form.locator("#experiment-new-goal").selectOption("free-audit");
  await form.locator("#experiment-new-v1-name").fill("Bold");
  await form.locator("#experiment-new-v1-headline").fill(copy.headline);
  if (copy.button) await form.locator("#experiment-new-v1-ctaText").fill(copy.button);
  if (copy.link) await form.locator("#experiment-new-v1-ctaHref").fill(copy.link);
  await form.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/admin\/experiments\/[0-9a-f-]{36}$/);
  return page.url();
}

async function act(page: Page, testId: string) {
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId(testId).getByRole("button").click();
}

test(
  "an experiment on home's headline: one variant per visitor, kept, cached as fast, judged on leads, shipped",
  { tag: "@site-wide" },
  async ({ member, browser }) => {
    // 200 visitors, two browsers and two forms: longer than one page's journey.
    test.setTimeout(180_000);
    // An editor's work (owners, admins and editors write experiments): the owner invites one.
    const page = await accept(browser, await invite(member.page, uniqueEmail("experiments-editor"), "Editor"), "Esha Editor");
    const url = await createExperiment(page, `Home headline ${RUN}`, { headline: HEADLINE, button: BUTTON });
    await act(page, "start-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText(/running/i);

    // Visitors without the member's session (signed-in staff always see the control, uncounted).
    const outside = await browser.newContext();
    const request = outside.request;

    // 200 visitors: each is sent one of the two headlines, and both are sent.
    const seen = new Map<number, string>();
    for (let n = 1; n <= 200; n++) seen.set(n, await headlineFor(request, visitor(n)));
    const shown = [...seen.values()];
    expect(new Set(shown)).toEqual(new Set([STATIC_HEADLINE, HEADLINE]));
    const variantCount = shown.filter((h) => h === HEADLINE).length;
    // A 50/50 split of 200: far from either end (the chance of falling outside 70-130 is under 1 in 10,000).
    expect(variantCount).toBeGreaterThan(70);
    expect(variantCount).toBeLessThan(130);
    // Each keeps theirs on every request.
    for (const n of [1, 2, 3, 50, 199]) expect(await headlineFor(request, visitor(n))).toBe(seen.get(n));

    // Only the host names a variant: a client's header picks nothing, and a variant's internal address is no page.
    const key = (await page.getByTestId("experiment-status").locator("code").textContent())!.trim();
    expect(await headlineFor(request, { ...visitor(controlVisitorOf(seen)), "x-kg-variant": `${key}-1` })).toBe(STATIC_HEADLINE);
    expect((await request.get(`/en-IN~${key}-1`, { headers: { accept: "text/html" } })).status()).toBe(404);

    // A bot sees the control, and is not counted.
    expect(await headlineFor(request, { "user-agent": BOT, "x-forwarded-for": "198.19.250.1" })).toBe(STATIC_HEADLINE);

    // In a browser: a visitor of each variant; the same scripts, no layout shift, the variant kept on reload.
    const variantVisitor = [...seen].find(([, h]) => h === HEADLINE)![0];
    const controlVisitor = [...seen].find(([, h]) => h === STATIC_HEADLINE)![0];
    const looks: { scripts: string[]; cls: number }[] = [];
    for (const n of [variantVisitor, controlVisitor]) {
      const headers = visitor(n);
      const context = await browser.newContext({ userAgent: headers["user-agent"], extraHTTPHeaders: { "x-forwarded-for": headers["x-forwarded-for"] } });
      const home = await context.newPage();
      await home.goto("/");
      await expect(home.getByRole("heading", { level: 1 })).toHaveText(seen.get(n)!);
      await home.reload();
      await expect(home.getByRole("heading", { level: 1 })).toHaveText(seen.get(n)!);
      if (n === variantVisitor) await expect(home.locator("main").getByRole("link", { name: BUTTON })).toBeVisible();
      // The scripts the server's HTML names (some are added after the first paint, so the DOM's list depends on when it is read).
      const html = await (await request.get("/", { headers: { accept: "text/html", ...headers } })).text();
      const scripts = [...new Set(html.match(/\/_next\/static\/[^"'\s\\]+\.js/g) ?? [])].sort();
      // Layout shifts of the whole load: measured once the page is idle (its scripts after the
      // first paint loaded and run), from the buffered entries and whatever is still queued.
      await home.waitForLoadState("networkidle");
      const cls = await home.evaluate(
        () =>
          new Promise<number>((resolve) => {
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
            let total = 0;
            const add = (entries: PerformanceEntry[]) => {
              for (const entry of entries as Shift[]) if (!entry.hadRecentInput) total += entry.value;
            };
            const observer = new PerformanceObserver((list) => add(list.getEntries()));
            observer.observe({ type: "layout-shift", buffered: true });
            // The buffered entries are delivered in a task of their own: read after the next frame.
            requestAnimationFrame(() =>
              setTimeout(() => {
                add(observer.takeRecords());
                observer.disconnect();
                resolve(total);
              }, 0),
            );
          }),
      );
      looks.push({ scripts, cls });
      // A lead from each: the growth audit form on the page their variant's button leads to.
      await home.goto("/free-audit");
      await home.getByLabel("Full name").fill(`Experiment Visitor ${n} ${RUN}`);
      await home.getByLabel("Work email").fill(`experiment-${RUN}-${n}@example.com`);
      await home.getByLabel("Mobile number").fill("98765 43210");
      await home.getByLabel("Monthly revenue").selectOption("10L-50L/month");
      await home.getByLabel("Biggest growth challenge").fill("Which headline brings leads?");
      await waitLikeAPerson(home);
      await home.getByRole("button", { name: "Get My Free Audit" }).click();
      await expect(home.locator("main").getByRole("status").filter({ hasText: "Audit Request Submitted!" })).toBeVisible();
      await context.close();
    }
    expect(looks[0]!.scripts).toEqual(looks[1]!.scripts);
    expect(looks[0]!.scripts.length).toBeGreaterThan(0);
    expect(looks[0]!.cls).toBeLessThanOrEqual(looks[1]!.cls);
    expect(looks[0]!.cls).toBe(0);

    // The results: every visitor counted once in their variant (the bot not at all), a lead in each.
    await page.goto(url);
    const control = page.getByTestId("variant-result-0");
    const bold = page.getByTestId("variant-result-1");
    await expect(async () => {
      await page.reload();
      await expect(control.getByRole("cell").nth(0)).toHaveText(String(200 - variantCount), { timeout: 1_000 });
      await expect(bold.getByRole("cell").nth(0)).toHaveText(String(variantCount), { timeout: 1_000 });
      await expect(control.getByRole("cell").nth(1)).toHaveText("1", { timeout: 1_000 });
      await expect(bold.getByRole("cell").nth(1)).toHaveText("1", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });

    // Stop, ship the challenger: home's headline is the shipped one for everyone, the bot included.
    await act(page, "stop-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText(/stopped/i);
    await act(page, "ship-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText("shipped Bold");
    expect(await headlineFor(request, { "user-agent": BOT })).toBe(HEADLINE);
    expect(await headlineFor(request, visitor(controlVisitor))).toBe(HEADLINE);

    // Home's own copy shipped back, for the specs after this one.
    await createExperiment(page, `Home headline back ${RUN}`, { headline: STATIC_HEADLINE, button: "Get Free Growth Audit", link: "/free-audit" });
    await act(page, "start-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText(/running/i);
    await act(page, "stop-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText(/stopped/i);
    await act(page, "ship-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText("shipped Bold");
    expect(await headlineFor(request, { "user-agent": BOT })).toBe(STATIC_HEADLINE);
  },
);

test(
  "an experiment on one service page's hero runs on that page only; an unknown page is refused beside the field",
  { tag: "@site-wide" },
  async ({ member, browser }) => {
    test.setTimeout(120_000);
    const page = await member.open("experiments");
    const SERVICE = "/services/seo-optimization";
    const OTHER = "/services/paid-advertising";
    const outside = await browser.newContext();
    const request = outside.request;
    const bot = { "user-agent": BOT, "x-forwarded-for": "198.19.251.1" };
    const own = await headlineFor(request, bot, SERVICE);
    const otherOwn = await headlineFor(request, bot, OTHER);

    // A page that is not one of the site's is refused, and nothing is made.
    await page.goto("/admin/experiments");
    const form = page.getByRole("form", { name: "New experiment" });
    await form.locator("#experiment-new-name").fill(`Nowhere ${RUN}`);
    await form.locator("#experiment-new-target").selectOption("service-hero");
    await form.locator("#experiment-new-page").evaluate((select: HTMLSelectElement) => {
      select.add(new Option("/services/no-such-service", "/services/no-such-service"));
      select.value = "/services/no-such-service";
    });
    await form.locator("#experiment-new-v1-name").fill("Bold");
    await form.locator("#experiment-new-v1-headline").fill("Never shown");
    await form.getByRole("button", { name: "Create draft" }).click();
    await expect(page.locator("#experiment-new-page-error")).toContainText("There is no published service page at /services/no-such-service");
    await expect(page).toHaveURL(/\/admin\/experiments$/);

    const headline = `SEO that compounds, run ${RUN}`;
    await createExperiment(page, `SEO hero ${RUN}`, { headline }, { target: "service-hero", page: SERVICE });
    await act(page, "start-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText(/running/i);

    const seen = new Set<string>();
    for (let n = 301; n <= 340; n++) {
      seen.add(await headlineFor(request, visitor(n), SERVICE));
      // Another service's page is not under the experiment: its own headline for everyone.
      if (n % 10 === 1) expect(await headlineFor(request, visitor(n), OTHER)).toBe(otherOwn);
    }
    expect(seen).toEqual(new Set([own, headline]));

    await act(page, "stop-experiment");
    await expect(page.getByTestId("experiment-status")).toContainText(/stopped/i);
    // Stopped without shipping: the page's own headline again, for every visitor.
    for (const n of [301, 302, 303, 304]) expect(await headlineFor(request, visitor(n), SERVICE)).toBe(own);
    await outside.close();
  },
);
