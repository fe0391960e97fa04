import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { memberSignedIn } from "./security/accounts";
import { query, startServer, tempDir, waitHealthy, type AppServer } from "./security/faults";

// A newsletter sent by an editor through the real build (docs/newsletter.md, docs/decisions/0062):
// a draft from a published post, its preview in the two frames, a test to the editor's own
// address, sent to one topic, progress to the end and the report; the page without JavaScript; the
// sent copy's one-click unsubscribe (RFC 8058) and counted click against the running server.
//
// Subscribers only arrive by double opt-in, and the shared server's embedded database belongs to
// its process, so this file runs a server of its own (port E2E_PORT + 30) whose data folder it
// writes between two starts: the editor's role and confirmed subscribers (as e2e/security specs
// read theirs). The dashboard's rules themselves are proved in tests/newsletter-dashboard.test.ts.

const PORT = Number(process.env.E2E_PORT ?? 3100) + 30;
const EDITOR = "letters-editor@e2e.test";
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Axe on the page's main region. The preview frames are left out: sandboxed without scripts, axe cannot run inside them (it would wait for them until the test's time runs out). */
async function axeViolations(target: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: target }).include("main").exclude('[data-testid^="preview-"]').withTags(WCAG).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`);
}

let server: AppServer;
let dataDir: string;
let context: BrowserContext;
let page: Page;
let post: { id: string; title: string; slug: string; tag: string };

test.describe.configure({ mode: "serial", timeout: 180_000 });
test.use({ baseURL: `http://127.0.0.1:${PORT}` });

function start(): Promise<number> {
  server = startServer(PORT, { DATA_DIR: dataDir, FORM_MIN_FILL_SECONDS: "1" });
  return waitHealthy(server);
}

async function signedInEditor(browser: Browser) {
  dataDir = tempDir("e2e-newsletter-");
  await start();
  context = await browser.newContext({ baseURL: server.url });
  page = await context.newPage();
  await memberSignedIn(page, dataDir, EDITOR);
  await server.stop();
  // The embedded database is this process's while the server is down.
  const [found] = await query<{ id: string; title: string; slug: string; tags: string[] }>(
    { kind: "pglite", dir: path.join(dataDir, "pglite") },
    `select id, title, slug, tags from blog_posts where published and cardinality(tags) > 0 order by created_at desc limit 1`,
  );
  post = { id: found!.id, title: found!.title, slug: found!.slug, tag: found!.tags[0]! };
  await query(
    { kind: "pglite", dir: path.join(dataDir, "pglite") },
    `insert into profiles (user_id, role) select id, 'editor' from users where email = $1
     on conflict (user_id) do update set role = 'editor'`,
    [EDITOR],
  );
  // Three receive a letter on the post's first tag: two took that topic, one takes every topic.
  // One took another topic, one never confirmed: neither receives it.
  const rows: [string, string, string[]][] = [
    ["reader-one@e2e.test", "confirmed", [post.tag]],
    ["reader-two@e2e.test", "confirmed", [post.tag, "other"]],
    ["reader-all@e2e.test", "confirmed", []],
    ["reader-elsewhere@e2e.test", "confirmed", ["a-topic-of-nobody"]],
    ["reader-pending@e2e.test", "pending", []],
  ];
  for (const [email, status, topics] of rows) {
    await query(
      { kind: "pglite", dir: path.join(dataDir, "pglite") },
      `insert into newsletter_subscribers (email, email_key, status, topics, source, confirmed_at)
       values ($1, $1, $2, $3, 'blog', case when $2 = 'confirmed' then now() end)`,
      [email, status, topics],
    );
  }
  await start();
}

/** The .eml files the server wrote (it has no SMTP settings), each with soft line breaks undone. */
function outbox(): { name: string; text: string }[] {
  const folder = path.join(dataDir, "outbox");
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder).map((name) => ({
    name,
    text: fs
      .readFileSync(path.join(folder, name), "utf8")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "="),
  }));
}

test.beforeAll(async ({ browser }) => {
  // Two starts of a server, a sign-up and a sign-in: more than a test's time on two busy cores.
  test.setTimeout(240_000);
  await signedInEditor(browser);
});

test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

let sendUrl: string;

test("an editor makes a send from a published post, sees its preview and sends a test", async () => {
  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletter" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const form = page.getByRole("form", { name: "Send a post as e-mail" });
  await form.getByLabel("Published post").selectOption({ label: post.title });
  await form.getByRole("button", { name: "Send as e-mail" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
  sendUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: post.title, level: 2 })).toBeVisible();
  await expect(page.getByTestId("send-status")).toContainText("Draft");

  // Both frames show the letter with its own inline styles: the page's CSP does not reach a srcdoc
  // frame's style attributes (the frame is sandboxed without scripts).
  for (const testId of ["preview-desktop", "preview-phone"]) {
    const frame = page.frameLocator(`[data-testid="${testId}"]`);
    await expect(frame.getByRole("link", { name: post.title })).toBeVisible();
    const button = frame.getByRole("link", { name: "Read it on the site" });
    await expect(button).toBeVisible();
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor), testId).toBe("rgb(67, 56, 202)");
  }
  const phoneWidth = await page.getByTestId("preview-phone").evaluate((el) => el.getBoundingClientRect().width);
  expect(phoneWidth).toBeLessThanOrEqual(376);

  await page.getByRole("button", { name: /Send a test to me/ }).click();
  await expect(page.getByTestId("send-test")).toContainText(`A test was sent to ${EDITOR}.`);
  await expect.poll(() => outbox().find((m) => m.text.includes(`Subject: [Test] ${post.title}`) && m.text.includes(`To: ${EDITOR}`))).toBeTruthy();
  // A test goes to the editor only: nobody on the list has been sent anything.
  expect(outbox().filter((m) => m.name.startsWith("newsletter-"))).toEqual([]);

  expect(await axeViolations(page)).toEqual([]);
});

test("sent to one topic, its progress reaches the end and the report counts who received it", async () => {
  await page.goto(sendUrl);
  const edit = page.getByRole("form", { name: "Edit the letter" });
  for (const box of await edit.getByRole("checkbox").all()) await box.setChecked((await box.getAttribute("value")) === post.tag);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.", { exact: true }).first()).toBeVisible();

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`to subscribers of ${post.tag}`);
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Send now" }).click();
  // The page refreshes itself while the send goes out: it reaches "Sent" with nothing left.
  await expect(page.getByTestId("send-status")).toContainText("Sent", { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Report" })).toBeVisible();
  await expect(page.getByTestId("report-recipients")).toHaveText("3");
  await expect(page.getByTestId("report-sent")).toHaveText("3");
  await expect(page.getByTestId("report-remaining")).toHaveText("0");
  await expect(page.getByTestId("report-unsubscribed")).toHaveText("0");
  // Sent: nothing left to change on the page.
  await expect(page.getByRole("button", { name: "Send now" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Edit the letter" })).toHaveCount(0);

  const copies = outbox().filter((m) => m.name.startsWith("newsletter-"));
  const to = copies.map((m) => /^To: (.+)$/m.exec(m.text)?.[1]?.trim()).sort();
  expect(to).toEqual(["reader-all@e2e.test", "reader-one@e2e.test", "reader-two@e2e.test"]);

  expect(await axeViolations(page)).toEqual([]);
});

test("a copy's one-click unsubscribe and counted click work against the server; the report counts both", async ({ request }) => {
  const copy = outbox().find((m) => m.name.startsWith("newsletter-") && m.text.includes("To: reader-one@e2e.test"))!;
  const headerBlock = copy.text.slice(0, copy.text.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
  const listUnsubscribe = /^List-Unsubscribe: (.+)$/im.exec(headerBlock)![1]!;
  expect(/^List-Unsubscribe-Post: (.+)$/im.exec(headerBlock)![1]).toBe("List-Unsubscribe=One-Click");
  const oneClick = /<(https?:\/\/[^>]+)>/.exec(listUnsubscribe)![1]!;
  expect(oneClick).toContain(`${server.url}/api/newsletter/unsubscribe/`);

  // As a mail client posts it (RFC 8058): cross-site, no cookie, the one field.
  const headers = { origin: "https://mail.example.org", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };
  const answer = await request.post(oneClick, { headers, data: "List-Unsubscribe=One-Click", maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  const again = await request.post(oneClick, { headers, data: "List-Unsubscribe=One-Click", maxRedirects: 0 });
  expect(again.status()).toBe(200);

  // The post's link in the letter is counted and goes to the post.
  const click = /Read it on the site: (\S+)/.exec(copy.text)![1]!;
  expect(click).toContain(`${server.url}/n/c/`);
  const redirect = await request.get(click, { maxRedirects: 0 });
  expect([302, 303, 307]).toContain(redirect.status());
  expect(redirect.headers()["location"]).toBe(`${server.url}/blog/${post.slug}`);

  await page.goto(sendUrl);
  await expect(page.getByTestId("report-unsubscribed")).toHaveText("1");
  const links = page.getByTestId("send-links");
  await expect(
    links
      .getByRole("row")
      .filter({ hasText: `/blog/${post.slug}` })
      .first(),
  ).toContainText("1");
});

test.describe("without JavaScript", () => {
  test("the send's page shows its progress and report from the server alone", async ({ browser }) => {
    const plain = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false, storageState: await context.storageState() });
    const noScript = await plain.newPage();
    await noScript.goto(sendUrl);
    await expect(noScript.getByTestId("send-status")).toContainText("Sent");
    await expect(noScript.getByTestId("report-sent")).toHaveText("3");
    await expect(noScript.getByTestId("report-unsubscribed")).toHaveText("1");
    await plain.close();
  });
});
