import type { ReactNode } from "react";
import NotFound from "@/app/[locale]/(site)/not-found";
import { PAGE_STATUS_META, PAGE_STATUS_NOT_FOUND } from "@/lib/page-status";

/**
 * The public 404 page rendered as the page itself, inside the site's header and footer, so that its
 * text is in the HTML a browser without JavaScript and a crawler read. Next answers notFound() from
 * a page rendered on request with an empty document that only its script fills in; this page instead
 * carries a mark that the host turns into the 404 status before the answer leaves (host/html-documents.ts,
 * docs/architecture.md, "Error pages").
 */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  return (
    <>
      <meta name={PAGE_STATUS_META} content={PAGE_STATUS_NOT_FOUND} />
      {children ?? <NotFound />}
    </>
  );
}
