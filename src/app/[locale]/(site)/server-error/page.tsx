import type { Metadata } from "next";
import { ServerErrorPage } from "@/components/site/server-error-page";

// The document the host sends, with the 500 status, in place of Next's own error document when a page
// fails to render (host/html-documents.ts). Reachable at its address too, where it answers 500 as well.
export const metadata: Metadata = { title: "Something went wrong", robots: { index: false } };

export default function ServerError() {
  return <ServerErrorPage />;
}
