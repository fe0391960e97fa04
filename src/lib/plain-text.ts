// Content typed as plain text (no tags): shared by the sanitiser (src/server/content/html.ts) and the blog
// editor, which opens such content as the same paragraphs the public page shows.

const TAG_LIKE = /<\/?[a-z][a-z0-9-]*(?:\s[^>]*)?\/?>|<!--/i;

/** True for content without any HTML tag: typed as plain text, so its line breaks matter. */
export function isPlainText(content: string): boolean {
  return !TAG_LIKE.test(content);
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Blank lines separate paragraphs; a single line break becomes <br>. */
export function plainTextToHtml(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeText(block).replace(/[ \t]*\n[ \t]*/g, "<br />")}</p>`)
    .join("\n");
}
