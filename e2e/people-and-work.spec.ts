import { expect, test, type Page } from "./fixtures";
import { expectLogo } from "./images";
import { homeCaseStudies, jewelryCaseStudy, sampleAuthors } from "../src/content/samples";
import { getService } from "../src/content/services";
import { teamPage } from "../src/content/team";
import { teamIntro, teamLinkLabel } from "../src/content/home";
import { caseStudySlugFromTitle } from "../src/lib/case-studies";

// Case studies at their own addresses and the people (docs/decisions/0103): every published study
// answers at /case-studies/<slug> with its own title, canonical and JSON-LD and is in the sitemap;
// the list links each one; a published study's new slug leaves its old address answering 301; the
// team page and home's team section are in the HTML with JavaScript and without; a service page
// shows its own work and names its strategist.

test.use({ account: { email: "people-work@e2e.test", name: "People Work Editor" } });
test.describe.configure({ mode: "default" });

const RUN = Date.now().toString(36);
const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text }).first();
const samples = [...homeCaseStudies, jewelryCaseStudy];
const team = [...sampleAuthors].sort((a, b) => a.teamPosition - b.teamPosition);

/** The case-study addresses the sitemap lists, as paths. */
async function sitemapStudyPaths(page: Page): Promise<string[]> {
  const answer = await page.request.get("/sitemap.xml");
  expect(answer.status()).toBe(200);
  const xml = await answer.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).filter((p) => p.startsWith("/case-studies/"));
}

/** The page's JSON-LD scripts, parsed. */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const data = JSON.parse(text) as unknown;
    return (Array.isArray(data) ? data : [data]) as Record<string, unknown>[];
  });
}

test("every sample case study answers at its own address with its own title, canonical and Article JSON-LD, and is in the sitemap", async ({ page }) => {
  const listed = await sitemapStudyPaths(page);
  for (const sample of samples) {
    const path = `/case-studies/${caseStudySlugFromTitle(sample.title)}`;
    expect(listed, path).toContain(path);
    const answer = await page.goto(path);
    expect(answer!.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: sample.title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(sample.companyName));
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname).toBe(path);
    expect(new URL((await page.locator('meta[property="og:url"]').getAttribute("content"))!).pathname).toBe(path);
    const article = (await jsonLd(page)).find((node) => node["@type"] === "Article");
    expect(article, path).toMatchObject({ headline: sample.title, about: { name: sample.companyName } });
    expect(new URL(String(article!.url)).pathname).toBe(path);
    // The client's logo, the challenge, the work, the study's own figures and the client's words.
    await expectLogo(page.getByTestId("client-logo").locator("img, svg").first(), sample.logoUrl!);
    await expect(page.getByRole("region", { name: "The Challenge" })).toContainText(sample.challenge);
    await expect(page.getByRole("region", { name: "Our Solution" })).toContainText(sample.solution);
    // Every figure of the study, in the order the database keeps an object's keys (jsonb: by length).
    const figures = page.getByTestId("case-study-metrics").getByRole("definition");
    await expect(figures).toHaveCount(Object.keys(sample.metrics).length);
    expect((await figures.allInnerTexts()).sort()).toEqual(Object.values(sample.metrics).sort());
    await expect(page.getByTestId("case-study-testimonial")).toContainText(sample.testimonialQuote);
    await expect(page.getByRole("navigation", { name: "More case studies" }).getByRole("link").first()).toBeVisible();
  }
});

test("every study in the sitemap answers 200 at its address with a canonical of its own", async ({ page }) => {
  const listed = await sitemapStudyPaths(page);
  expect(listed.length).toBeGreaterThanOrEqual(samples.length);
  const canonicals = new Set<string>();
  for (const path of listed) {
    const answer = await page.goto(path);
    expect(answer!.status(), path).toBe(200);
    const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname;
    expect(canonical).toBe(path);
    canonicals.add(canonical);
  }
  expect(canonicals.size).toBe(listed.length);
});

test("the case studies list links each study to its own page, and an unknown slug is the site's 404", async ({ page }) => {
  await page.goto("/case-studies");
  for (const sample of samples) {
    const link = page.getByRole("link", { name: `Read the ${sample.companyName} case study` });
    await expect(link).toHaveAttribute("href", `/case-studies/${caseStudySlugFromTitle(sample.title)}`);
  }
  await page.getByRole("link", { name: `Read the ${jewelryCaseStudy.companyName} case study` }).click();
  await expect(page.getByRole("heading", { level: 1, name: jewelryCaseStudy.title })).toBeVisible();

  const missing = await page.goto(`/case-studies/no-such-study-${RUN}`);
  expect(missing!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

// @site-wide: a featured study is, while it lives, one of home's newest and on /case-studies, which other specs count.
test("a published study's slug changed in the dashboard: the new address answers, the old one 301s to it", { tag: "@site-wide" }, async ({ member }) => {
  const page = await member.open("case-studies");
  await page.getByRole("link", { name: "Add Case Study" }).click();
  const dialog = page.getByRole("dialog");
  const title = `Renamed Study ${RUN}`;
  await dialog.getByLabel("Title").fill(title);
  // Made from the title as it is typed.
  await expect(dialog.getByRole("textbox", { name: "Slug" })).toHaveValue(`renamed-study-${RUN}`);
  await dialog.getByLabel("Company name").fill(`Renamed Co ${RUN}`);
  await dialog.getByLabel(/Featured/).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Case study created successfully.")).toBeVisible();
  expect((await page.request.get(`/case-studies/renamed-study-${RUN}`)).status()).toBe(200);

  await page.goto(`/admin/case-studies?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await dialog.getByRole("textbox", { name: "Slug" }).fill(`moved-study-${RUN}`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Case study updated successfully.")).toBeVisible();

  const old = await page.request.get(`/case-studies/renamed-study-${RUN}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(new URL(old.headers()["location"]!, "http://x").pathname).toBe(`/case-studies/moved-study-${RUN}`);
  const site = await page.context().newPage();
  await site.goto(`/case-studies/moved-study-${RUN}`);
  await expect(site.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A slug another study has is refused beside the field, and nothing changes.
  await page.goto(`/admin/case-studies?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await dialog.getByRole("textbox", { name: "Slug" }).fill(caseStudySlugFromTitle(jewelryCaseStudy.title));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("This slug is already used by another case study. Choose another.")).toBeVisible();
  expect((await page.request.get(`/case-studies/moved-study-${RUN}`)).status()).toBe(200);

  // Gone again, so the other specs meet the sample studies.
  await page.goto(`/admin/case-studies?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("link", { name: `Delete ${title}` })).toHaveCount(0);
  await page.context().close();
});

test("a service page shows work from that service and names the strategist who leads it", async ({ page }) => {
  const service = getService("seo-optimization")!;
  const lead = team.find((p) => p.leadsService === service.slug)!;
  await page.goto(`/services/${service.slug}`);
  const strategist = page.getByTestId("service-strategist");
  await expect(strategist).toContainText(lead.name);
  await expect(strategist).toContainText(lead.role);
  const work = page.getByRole("region", { name: `${service.shortTitle} results for our clients` });
  const cards = work.getByTestId("home-case-study");
  expect(await cards.count()).toBeGreaterThanOrEqual(1);
  expect(await cards.count()).toBeLessThanOrEqual(3);
  for (const link of await work.getByRole("link").filter({ hasNotText: "All case studies" }).all())
    expect(await link.getAttribute("href")).toMatch(/^\/case-studies\/[a-z0-9-]+$/);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the team ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("the team page shows each person's name, role and line, with a drawn portrait until a photo is uploaded", async ({ page }) => {
      const answer = await page.goto("/team");
      expect(answer!.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: teamPage.hero.headline })).toBeVisible();
      await expect(page).toHaveTitle(/Our Team/);
      const people = page.getByTestId("team-person");
      expect(await people.count()).toBeGreaterThanOrEqual(team.length);
      for (const person of team) {
        const card = people.filter({ has: page.getByRole("heading", { name: person.name, exact: true }) });
        await expect(card).toContainText(person.role);
        await expect(card).toContainText(person.teamLine);
        // No photo in the sample: the drawn portrait, shapes without a letter, marked as decoration.
        const portrait = card.getByTestId("person-avatar");
        await expect(portrait).toHaveAttribute("aria-hidden", "true");
        expect(await portrait.locator("text").count()).toBe(0);
      }
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Our Team" })).toHaveAttribute("href", "/team");
    });

    test("home leads with the work and shows the team, with a link to all of it", async ({ page }) => {
      await page.goto("/");
      const work = page.getByRole("region", { name: "Real brands, measurable growth" });
      const cards = work.getByTestId("home-case-study");
      await expect(cards).toHaveCount(2);
      for (const link of await cards.getByRole("link").all()) expect(await link.getAttribute("href")).toMatch(/^\/case-studies\/[a-z0-9-]+$/);
      const section = page.getByRole("region", { name: teamIntro.heading });
      await expect(section.getByTestId("team-person")).toHaveCount(3);
      await expect(section.getByRole("heading", { name: team[0]!.name, exact: true })).toBeVisible();
      await expect(section.getByRole("link", { name: teamLinkLabel })).toHaveAttribute("href", "/team");
    });
  });
}
