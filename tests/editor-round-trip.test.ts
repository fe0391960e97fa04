import { generateHTML, generateJSON } from "@tiptap/html";
import { describe, expect, it } from "vitest";
import { sampleBlogPosts } from "@/content/sample-blog-posts";
import { blogEditorExtensions } from "@/lib/editor/extensions";
import { toEditorHtml } from "@/lib/editor/load";
import { sanitizeBlogHtml } from "@/server/content/html";

// Stored content opened in the blog editor and saved back (docs/decisions/0038): the editor's own
// document model (the same extensions as the dashboard's editor, run by Tiptap on the server) must
// hold everything the sanitiser lets through, so that opening and saving a post loses nothing.

const extensions = blogEditorExtensions();

/** What saving from the editor stores: the stored HTML, opened in the editor, written out, sanitised. */
const roundTrip = (stored: string) => sanitizeBlogHtml(generateHTML(generateJSON(toEditorHtml(stored), extensions), extensions));

/**
 * Differences that change nothing a reader sees: the editor writes a list item's and a table cell's
 * text and a quote's as a paragraph, a table with its <tbody>, an image as a block of its own (ADR 0038 lists them).
 */
function normalise(html: string): string {
  return html
    .replace(/>\s+</g, "><")
    .replace(/<(li|th|td|blockquote)([^>]*)><p>/g, "<$1$2>")
    .replace(/<\/p><\/(li|th|td|blockquote)>/g, "</$1>")
    .replace(/<\/p><(ul|ol)>/g, "<$1>")
    .replace(/<\/?tbody>/g, "")
    .replace(/<p>(<img[^>]*>)<\/p>/g, "$1")
    .replace(/<p><\/p>/g, "")
    .trim();
}

/** Every word a reader sees, in order, and every link and image with its attributes. */
function substance(html: string) {
  return {
    words: html
      .replace(/<[^>]+>/g, " ")
      .split(/\s+/)
      .filter(Boolean),
    links: [...html.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]),
    images: [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]),
  };
}

describe("round trip through the editor", () => {
  it.each(sampleBlogPosts.map((p) => [p.slug, p.content]))("sample post %s opens and saves back unchanged", (_slug, content) => {
    const before = sanitizeBlogHtml(content);
    const after = roundTrip(before);
    expect(normalise(after)).toBe(normalise(before));
    // Saving again changes nothing more: the editor's output is a fixed point.
    expect(roundTrip(after)).toBe(after);
  });

  // Constructs the sanitiser allows that the samples do not use: each must keep its words, links
  // and images; `same` marks those the editor holds exactly (after normalising).
  const STORED: { name: string; html: string; same: boolean }[] = [
    { name: "marks", html: "<p><strong>bold</strong> <b>b</b> <em>it</em> <i>i</i> <u>under</u> <s>struck</s> <code>x = 1</code></p>", same: false },
    {
      name: "links of every allowed kind",
      html: '<p><a href="https://example.com/a?b=c#d" title="Example">out</a>, <a href="/contact">in</a>, <a href="mailto:team@example.com">mail</a></p>',
      same: true,
    },
    { name: "image with dimensions", html: '<p><img src="/images/blog/cover.jpg" alt="A chart of sessions" width="800" height="450"></p>', same: true },
    {
      name: "table with header cells",
      html: '<table><thead><tr><th scope="col">Channel</th><th>CPA</th></tr></thead><tbody><tr><td>Search</td><td colspan="2">₹410</td></tr></tbody></table>',
      same: false,
    },
    { name: "code block keeps its lines", html: "<pre><code>const a = 1;\n  const b = 2;</code></pre>", same: true },
    {
      name: "numbered list starting at 3, quote, rule, line break",
      html: '<ol start="3"><li>three</li><li>four</li></ol><blockquote><p>Said once.</p></blockquote><hr><p>one<br>two</p>',
      same: true,
    },
    { name: "plain text with paragraphs", html: "First line\nsecond line\n\nNew paragraph with 5 < 6 & more", same: true },
    { name: "deep headings", html: "<h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5>", same: false },
    { name: "figure with caption", html: '<figure><img src="/images/a.png" alt="Funnel"><figcaption>Funnel, March</figcaption></figure>', same: false },
    { name: "nested lists", html: "<ul><li>one<ul><li>one.a</li></ul></li><li>two</li></ul>", same: true },
  ];

  it.each(STORED.map((s) => [s.name, s]))("stored HTML: %s keeps every word, link and image", (_name, { html, same }) => {
    const before = sanitizeBlogHtml(html);
    const after = roundTrip(before);
    expect(substance(after)).toEqual(substance(before));
    if (same) expect(normalise(after)).toBe(normalise(before));
    expect(roundTrip(after)).toBe(after);
  });

  it("what changes, and how: marks are spelled one way, deep headings become H3, a figure's caption a paragraph", () => {
    expect(roundTrip("<p><b>b</b> <i>i</i> <u>u</u></p>")).toBe("<p><strong>b</strong> <em>i</em> <u>u</u></p>");
    expect(roundTrip("<h4>Four</h4>")).toBe("<h3>Four</h3>");
    expect(normalise(roundTrip('<figure><img src="/images/a.png" alt="Funnel"><figcaption>Funnel, March</figcaption></figure>'))).toBe(
      '<img loading="lazy" decoding="async" src="/images/a.png" alt="Funnel" /><p>Funnel, March</p>',
    );
  });

  it("a link the editor would refuse is dropped as a link but keeps its text; the sanitiser removes scripts first", () => {
    const after = roundTrip('<p><a href="http://127.0.0.1/admin">local</a> and <a href="javascript:alert(1)">js</a><script>x()</script></p>');
    expect(after).toBe("<p>local and js</p>");
  });
});
