import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Member, type Page } from "./fixtures";

// The blog's visual editor and a post's history (docs/decisions/0038, 0039), in the writing room
// (0071), driven in Chromium by keyboard and mouse like a writer would: type, format, link, list,
// save, reopen, compare, restore.
// Each test types key by key and clicks through the dialog: more than 30 s on a loaded machine, and
// close to 60 s when the whole suite shares two cores (twice the suite's own allowance there).
test.describe.configure({ mode: "serial", timeout: process.env.CI ? 120_000 : 60_000 });

const EDITOR = "studio@e2e.test";
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const RUN = Date.now().toString(36);
const TITLE = `Editor Launch Plan ${RUN}`;
const SLUG = `editor-launch-plan-${RUN}`;

test.use({ account: { email: EDITOR, name: "Studio Writer" } });

const openPosts = (member: Member, viewport = { width: 1280, height: 900 }): Promise<Page> => member.open("posts", { viewport });

const toast = (page: Page, text: string | RegExp) => page.locator("[data-toast]").filter({ hasText: text }).first();
/**
 * Selects the last characters of a paragraph with the mouse: a click before them, a Shift+click
 * after them, as a person does. (Held-down Shift+Arrow presses lost steps while the dialog
 * re-renders on every transaction, which made the test flaky, not the editor wrong.)
 */
async function selectEnd(page: Page, editor: Locator, paragraph: string, tail: string): Promise<void> {
  const at = await editor.evaluate(
    (root, [text, end]) => {
      const block = [...root.querySelectorAll("p")].find((p) => p.textContent === text)!;
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
      let offset = text.length - end.length;
      let start = nodes[0]!;
      for (const node of nodes) {
        if (offset < node.length) {
          start = node;
          break;
        }
        offset -= node.length;
      }
      const first = document.createRange();
      first.setStart(start, offset);
      first.setEnd(start, offset + 1);
      const last = nodes.at(-1)!;
      const final = document.createRange();
      final.setStart(last, last.length - 1);
      final.setEnd(last, last.length);
      const a = first.getBoundingClientRect();
      const b = final.getBoundingClientRect();
      return { x1: a.left + 1, y1: a.top + a.height / 2, x2: b.right - 1, y2: b.top + b.height / 2 };
    },
    [paragraph, tail] as const,
  );
  await page.mouse.click(at.x1, at.y1);
  await page.keyboard.down("Shift");
  await page.mouse.click(at.x2, at.y2);
  await page.keyboard.up("Shift");
  await expect.poll(() => editor.evaluate(() => window.getSelection()?.toString())).toBe(tail);
  // The editor reads the page's selection on a later event (selectionchange); a toolbar button
  // focused before then would act on the previous selection. Tiptap keeps itself on its element
  // for tests; its state must hold the same words.
  await expect
    .poll(() =>
      editor.evaluate((el) => {
        const { state } = (
          el as HTMLElement & { editor: { state: { selection: { from: number; to: number }; doc: { textBetween(a: number, b: number): string } } } }
        ).editor;
        return state.doc.textBetween(state.selection.from, state.selection.to);
      }),
    )
    .toBe(tail);
}

const editorOf = (room: Locator) => room.locator('[contenteditable="true"][role="textbox"]');
/** The writing room's form (docs/decisions/0071), where the list's Add and Edit links lead. */
const roomOf = (page: Page) => page.getByRole("form", { name: /^(New|Edit) post$/ });

/**
 * Pastes a clipboard payload the way a browser delivers it from another application. The editor
 * must take it: a paste event it did not claim (seen once, on a loaded CI machine, between two
 * pastes) is sent again, and a pass always means the content went through the editor's cleaning.
 */
async function paste(editor: Locator, html: string, text = "") {
  const before = await editor.innerHTML();
  await expect(async () => {
    const taken = await editor.evaluate(
      (el, [h, t]) => {
        const data = new DataTransfer();
        data.setData("text/html", h!);
        data.setData("text/plain", t!);
        const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
        el.dispatchEvent(event);
        return event.defaultPrevented;
      },
      [html, text],
    );
    expect(taken, "the editor handled the paste").toBe(true);
    await expect.poll(() => editor.innerHTML(), { timeout: 2_000 }).not.toBe(before);
  }).toPass({ timeout: 10_000 });
}

async function expectNoViolations(page: Page, include: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  const { violations } = await new AxeBuilder({ page }).include(include).withTags(WCAG_TAGS).analyze();
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(summary, summary.join("\n")).toEqual([]);
}

test("write a post with the keyboard and mouse: headings, bold, italic, link, lists, quote; saved as clean HTML", async ({ member }) => {
  const page = await openPosts(member);
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  const dialog = roomOf(page);
  await dialog.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
  const editor = editorOf(dialog);
  await expect(editor).toBeVisible();
  await expectNoViolations(page, "main");

  // Markdown shortcuts, typed.
  await editor.click();
  await page.keyboard.type("## Why plan early");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Festive demand starts in August.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- Build audiences");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Lock creatives");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("> Plans beat panic.");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("1. First step");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  // Bold and italic from the toolbar (mouse) on the word just typed. (Ctrl+B, pressed right after a
  // mouse selection, was lost in about one run in three under load; the toolbar is what is checked.)
  await page.keyboard.type("Read the guide now");
  await selectEnd(page, editor, "Read the guide now", "now");
  await dialog.getByRole("button", { name: "Bold" }).click();
  await expect(editor.locator("strong")).toHaveText("now");
  await dialog.getByRole("button", { name: "Italic" }).click();
  await expect(editor.locator("strong em, em strong")).toHaveText("now");

  // Link by keyboard: the toolbar is one tab stop; arrows move inside it.
  await selectEnd(page, editor, "Read the guide now", "guide now");
  await dialog.getByRole("button", { name: "Heading 2" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("button", { name: "Link" })).toBeFocused();
  await page.keyboard.press("Enter");
  const address = dialog.getByRole("textbox", { name: "Link address" });
  await expect(address).toBeFocused();
  // Refused like every URL field: a message beside the field, nothing applied.
  await address.fill("http://127.0.0.1/admin");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Use the site's name, not an IP address.")).toBeVisible();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await address.fill("javascript:alert(1)");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText(/Use an https:\/\/ address/)).toBeVisible();
  await address.fill("/services/paid-advertising");
  await page.keyboard.press("Enter");
  await expect(editor.locator('a[href="/services/paid-advertising"]')).toHaveText("guide now");
  // The editor takes the focus back a frame after the link is applied (Tiptap's focus command):
  // typing elsewhere before that would land in the editor.
  await expect(editor).toBeFocused();

  // The form posts the editor's HTML; the server sanitises it and the article shows it.
  await dialog.getByRole("textbox", { name: "Slug", exact: true }).fill(SLUG);
  await dialog.getByLabel("Published").check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  // Created by this Save, or by the draft saving itself while it was typed.
  await expect(toast(page, /Blog post (created|updated) successfully!/)).toBeVisible();

  const article = await page.context().newPage();
  expect((await article.goto(`/blog/${SLUG}`))?.status()).toBe(200);
  const body = article.locator("#article-body");
  await expect(body.getByRole("heading", { level: 2, name: "Why plan early" })).toBeVisible();
  await expect(body.locator("ul > li")).toHaveText(["Build audiences", "Lock creatives"]);
  await expect(body.locator("ol > li")).toHaveText(["First step"]);
  await expect(body.locator("blockquote")).toContainText("Plans beat panic.");
  await expect(body.locator('a[href="/services/paid-advertising"]')).toHaveText("guide now");
  await expect(body.locator("strong em, em strong").first()).toHaveText("now");
  await page.context().close();
});

test("paste from Google Docs and Word keeps headings, lists, tables and marks, drops their styling", async ({ member }) => {
  const page = await openPosts(member);
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  const dialog = roomOf(page);
  const editor = editorOf(dialog);
  await editor.click();
  // What Chromium puts on the clipboard when copying from a Google Docs document.
  await paste(
    editor,
    '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5a1b2c3d-7fff-1234-abcd-0123456789ab"><h2 dir="ltr" style="line-height:1.38;margin-top:18pt;margin-bottom:6pt;"><span style="font-size:16pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;">Docs heading</span></h2><p dir="ltr" style="line-height:1.38;"><span style="font-size:11pt;font-family:Arial;color:#ff0000;">Plain words and </span><span style="font-size:11pt;font-family:Arial;font-weight:700;">bold words</span><span style="font-size:11pt;font-family:Arial;font-style:italic;"> italic words</span></p><ul style="margin-top:0;margin-bottom:0;"><li dir="ltr" style="list-style-type:disc;font-size:11pt;" aria-level="1"><p dir="ltr" style="line-height:1.38;" role="presentation"><span style="font-size:11pt;">Docs item one</span></p></li><li dir="ltr" aria-level="1"><p dir="ltr" role="presentation"><span>Docs item two</span></p></li></ul><div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="100"><col width="100"></colgroup><tbody><tr style="height:0pt"><td style="border-left:solid #000000 1pt;padding:5pt;"><p dir="ltr"><span style="font-size:11pt;">Cell A</span></p></td><td style="padding:5pt;"><p dir="ltr"><span>Cell B</span></p></td></tr></tbody></table></div></b>',
    "Docs heading",
  );
  await expect(editor.locator("h2")).toHaveText("Docs heading");
  await expect(editor.locator("strong")).toHaveText("bold words");
  await expect(editor.locator("em")).toHaveText(/italic words/);
  await expect(editor.locator("ul li")).toHaveText(["Docs item one", "Docs item two"]);
  await expect(editor.locator("table td")).toHaveText(["Cell A", "Cell B"]);
  // The Docs wrapper did not make everything bold, and no inline style or colour came along.
  await expect(editor.locator("strong")).toHaveCount(1);
  expect(await editor.locator("[style]:not(table):not(col)").count()).toBe(0);

  // Word for Windows: lists are paragraphs with the bullet or number as text. Pasted into an emptied
  // editor, so that where the caret lands after the Docs table plays no part in what is checked.
  await expect(editor).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await expect(editor.locator("h2, table")).toHaveCount(0);
  await paste(
    editor,
    `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head><style><!-- p.MsoNormal {margin:0cm;} --></style></head><body lang=EN-IN><!--StartFragment--><h3><span style='font-family:Calibri'>Word heading<o:p></o:p></span></h3><p class=MsoNormal><span style='color:#2F5496'>Word text with <b>strong</b> part<o:p></o:p></span></p><p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>Word bullet one<o:p></o:p></p><p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span><![endif]>Word bullet two<o:p></o:p></p><p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]>Word step one<o:p></o:p></p><p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp; </span></span><![endif]>Word step two<o:p></o:p></p><!--EndFragment--></body></html>`,
    "Word heading",
  );
  await expect(editor.locator("h3")).toHaveText("Word heading");
  await expect(editor.locator("strong").filter({ hasText: "strong" })).toHaveCount(1);
  await expect(editor.locator("ul li").filter({ hasText: /^Word bullet/ })).toHaveText(["Word bullet one", "Word bullet two"]);
  await expect(editor.locator("ol li")).toHaveText(["Word step one", "Word step two"]);
  expect(await editor.innerText()).not.toMatch(/·|MsoNormal|supportLists/);
  await page.context().close();
});

test("images need alt text; reopening shows the saved post; history compares and restores", async ({ member }) => {
  const page = await openPosts(member);
  await page.getByRole("link", { name: `Edit ${TITLE}` }).click();
  const dialog = roomOf(page);
  const editor = editorOf(dialog);
  await expect(editor.locator("h2")).toHaveText("Why plan early");

  // Change one sentence, and add an image (alt text required).
  await editor.locator("p", { hasText: "Festive demand starts in August." }).click();
  await page.keyboard.press("End");
  for (let i = 0; i < "August.".length; i++) await page.keyboard.press("Backspace");
  await page.keyboard.type("July.");
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await dialog.getByRole("textbox", { name: "Image address" }).fill("/images/blog/diwali-campaign-planning-a-festive-season-playbook.svg");
  await dialog.getByRole("button", { name: "Insert image", exact: true }).last().click();
  await expect(dialog.getByText("Describe the image for people who cannot see it.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Alt text (required)" }).fill("A festive campaign calendar");
  await page.keyboard.press("Enter");
  await expect(editor.locator('img[alt="A festive campaign calendar"]')).toHaveCount(1);
  // Published: saved by its Update only.
  await dialog.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "Blog post updated successfully!")).toBeVisible();

  // History: newest first, the word diff between the last two saves, then restore the earlier one.
  await roomOf(page).getByRole("button", { name: "Revisions" }).click();
  const history = page.getByRole("dialog");
  // The draft saved itself while the post was first typed: one revision for that run of autosaves (ADR 0075).
  const heading = history.getByRole("heading", { name: /All revisions \(\d+\)/ });
  await expect(heading).toBeVisible();
  const before = Number(/\((\d+)\)/.exec((await heading.textContent())!)![1]);
  const revisions = history.getByRole("list", { name: "Revisions, newest first" });
  await expect(revisions.getByText(/Saved by Studio Writer <studio@e2e\.test>/).first()).toBeVisible();
  await expect(revisions.getByText(/Created by Studio Writer <studio@e2e\.test>/)).toHaveCount(1);
  const diff = history.getByTestId("revision-diff");
  await expect(diff.locator("del").filter({ hasText: "August" })).toHaveCount(1);
  await expect(diff.locator("ins").filter({ hasText: "July" })).toHaveCount(1);
  await expect(diff.locator("ins").filter({ hasText: "A festive campaign calendar" }).first()).toBeVisible();
  await expectNoViolations(page, "main");
  // Each earlier save has its Restore (the draft's own saves too): the newest of them, the one compared above.
  await history
    .getByRole("button", { name: /^Restore the revision of/ })
    .first()
    .click();
  // The room starts again from the restored revision, on the same page: its toast is still there.
  await expect(history).toBeHidden();
  await expect(toast(page, "Revision restored. The text it replaced is kept in the history.")).toBeVisible();
  await expect(editorOf(roomOf(page)).locator("p", { hasText: "Festive demand starts in August." })).toBeVisible();
  await expect(editorOf(roomOf(page)).locator("img")).toHaveCount(0);

  const article = await page.context().newPage();
  await article.goto(`/blog/${SLUG}`);
  await expect(article.locator("#article-body")).toContainText("Festive demand starts in August.");
  await expect(article.locator("#article-body img")).toHaveCount(0);

  // Restoring added a revision; the replaced text is still there to go back to.
  await roomOf(page).getByRole("button", { name: "Revisions" }).click();
  await expect(history.getByRole("heading", { name: `All revisions (${before + 1})` })).toBeVisible();
  await expect(revisions.getByText(/Restored by Studio Writer/)).toHaveCount(1);
  await page.context().close();
});

test("at 390 px the editor fits, its toolbar wraps, and the room has no axe violations", async ({ member }) => {
  const page = await openPosts(member, { width: 390, height: 844 });
  await page.getByRole("link", { name: "Add Blog Post" }).click();
  const dialog = roomOf(page);
  const editor = editorOf(dialog);
  await expect(editor).toBeVisible();
  const toolbar = dialog.getByRole("toolbar", { name: "Content formatting" });
  const box = (await toolbar.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await editor.click();
  await page.keyboard.type("Small screens work.");
  await expect(editor).toContainText("Small screens work.");
  await expectNoViolations(page, "main");
  await page.context().close();
});
