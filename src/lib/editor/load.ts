import { isPlainText, plainTextToHtml } from "../plain-text";

/**
 * Stored content as the editor opens it (ADR 0038): plain text becomes the paragraphs the public
 * page shows, and headings outside the editor's H2/H3 take the nearest level it has (an H1 the
 * sanitiser has already made H2; H4 to H6 become H3) so that their text stays a heading.
 */
export function toEditorHtml(content: string): string {
  const html = isPlainText(content) ? plainTextToHtml(content) : content;
  return html.replace(/<(\/?)h1(?=[\s>])/gi, "<$1h2").replace(/<(\/?)h[4-6](?=[\s>])/gi, "<$1h3");
}
