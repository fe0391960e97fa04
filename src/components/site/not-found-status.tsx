import { notFound } from "next/navigation";
import { Suspense } from "react";

async function NotFoundSignal(): Promise<never> {
  notFound();
}

/**
 * Answers 404 for a page that renders its own "not found" content. A notFound() thrown by the page
 * itself gives, in a production build of Next 16, a document whose body is empty until its scripts
 * run (Next's error shell), so that a visitor without JavaScript sees a blank page. Thrown here,
 * inside a Suspense boundary, it still sets the status of a page rendered on request and then
 * cached (the prerender path), while the page's own content is in the HTML; once the scripts run,
 * the segment's not-found.tsx takes over with the same content. See docs/decisions/0003.
 */
export function NotFoundStatus() {
  return (
    <Suspense fallback={null}>
      <NotFoundSignal />
    </Suspense>
  );
}
