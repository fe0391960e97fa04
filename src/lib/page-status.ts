// A page that is an error page says so with one meta element in its head; the host answers it with
// that status (host/html-documents.ts, docs/architecture.md, "Error pages"): 404 for the not-found
// pages rendered as pages (their text in the HTML, unlike notFound()'s empty document), 403 for the
// dashboard's Access Denied, 500 for the server-error page the host sends in place of Next's own error
// document. React writes the element into the head, where a visitor's text never is.
export const PAGE_STATUS_META = "page-status";
export const PAGE_STATUS_NOT_FOUND = "404";
export const PAGE_STATUS_FORBIDDEN = "403";
export const PAGE_STATUS_SERVER_ERROR = "500";

export type DeclaredStatus = 403 | 404 | 500;

/** The status a document's head declares, or null; `head` is the document up to its `</head>` (more is ignored). */
export function declaredStatus(head: string): DeclaredStatus | null {
  const end = head.indexOf("</head>");
  if (end < 0) return null;
  const text = head.slice(0, end);
  if (text.includes(`<meta name="${PAGE_STATUS_META}" content="${PAGE_STATUS_NOT_FOUND}"/>`)) return 404;
  if (text.includes(`<meta name="${PAGE_STATUS_META}" content="${PAGE_STATUS_FORBIDDEN}"/>`)) return 403;
  if (text.includes(`<meta name="${PAGE_STATUS_META}" content="${PAGE_STATUS_SERVER_ERROR}"/>`)) return 500;
  return null;
}

/** Whether a document's head declares it a 404 page. */
export function declaresNotFound(html: string): boolean {
  return declaredStatus(html) === 404;
}
