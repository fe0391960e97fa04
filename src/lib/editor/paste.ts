/**
 * HTML pasted into the blog editor (ADR 0038), made plain before the editor's own parser reads it:
 * the editor keeps only the structure its document model has (headings, lists, tables, marks), so
 * colours, fonts and classes already fall away; what is left here is what would mislead that parser.
 * - Google Docs wraps the whole clipboard in <b style="font-weight:normal" id="docs-internal-guid-...">,
 *   which would make everything bold.
 * - Word (desktop) writes lists as paragraphs styled "mso-list" with the bullet or number as text;
 *   they become real <ul>/<ol> lists. Its <o:p> elements and conditional comments are dropped.
 * Runs in the browser only (DOMParser).
 */
const WORD_MARKER = /^\s*(?:[·•▪o§\u2022\u00b7\uf0b7\uf0a7-]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|[ivxlcdm]{1,6}[.)])[\s\u00a0]*$/;
const ORDERED_MARKER = /^\s*\(?(?:[0-9]{1,3}|[a-zA-Z]|[ivxlcdm]{1,6})[.)]/;

function wordListLevel(p: Element): number | null {
  const style = p.getAttribute("style") ?? "";
  const match = /mso-list:\s*[^;]*level(\d+)/i.exec(style);
  if (match) return Number(match[1]);
  return /MsoListParagraph/i.test(p.getAttribute("class") ?? "") ? 1 : null;
}

/** The bullet or number Word writes before a list paragraph's text; removed, and whether it counts. */
function takeMarker(p: Element): boolean {
  const walker = p.ownerDocument.createTreeWalker(p, NodeFilter.SHOW_TEXT);
  let marker = "";
  const seen: Text[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    if (!node.data.trim() && !marker) {
      seen.push(node);
      continue;
    }
    marker = node.data;
    seen.push(node);
    break;
  }
  if (!WORD_MARKER.test(marker)) return false;
  const ordered = ORDERED_MARKER.test(marker);
  for (const node of seen) node.data = "";
  // The spaces Word puts after the marker.
  const next = walker.nextNode() as Text | null;
  if (next && /^[\s\u00a0]+$/.test(next.data)) next.data = "";
  return ordered;
}

/** Consecutive list paragraphs become one list; levels are not kept (every item is at the top level). */
function wordListsToLists(doc: Document) {
  for (const p of [...doc.body.querySelectorAll("p")].filter((el) => wordListLevel(el) !== null)) {
    const tag = takeMarker(p) ? "OL" : "UL";
    const previous = p.previousElementSibling;
    let list = previous?.tagName === tag && previous.hasAttribute("data-word-list") ? previous : null;
    if (!list) {
      list = doc.createElement(tag);
      list.setAttribute("data-word-list", "");
      p.before(list);
    }
    const item = doc.createElement("li");
    item.append(...p.childNodes);
    list.append(item);
    p.remove();
  }
  for (const list of doc.body.querySelectorAll("[data-word-list]")) list.removeAttribute("data-word-list");
}

export function cleanPastedHtml(html: string): string {
  if (typeof DOMParser === "undefined") return html;
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const b of doc.querySelectorAll('b[id^="docs-internal-guid"]')) b.replaceWith(...b.childNodes);
  for (const el of doc.querySelectorAll("o\\:p, style, meta, link, xml")) el.remove();
  wordListsToLists(doc);
  return doc.body.innerHTML;
}
