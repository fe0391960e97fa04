// A page that is an error page says so with this meta element; the host answers it with that
// status (host/html-documents.ts, docs/architecture.md, "Error pages"). Only 404 is recognised.
export const PAGE_STATUS_META = "page-status";
export const PAGE_STATUS_NOT_FOUND = "404";

/** Whether a document's head declares it a 404 page (React writes the element as `<meta name=… content=…/>`). */
export function declaresNotFound(html: string): boolean {
  const head = html.slice(0, Math.max(0, html.indexOf("</head>")));
  return head.includes(`<meta name="${PAGE_STATUS_META}" content="${PAGE_STATUS_NOT_FOUND}"/>`);
}
