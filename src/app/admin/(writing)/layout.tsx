import type { Metadata } from "next";
import { Toasts } from "@/components/admin/admin-toasts";
import { openDashboard } from "@/app/admin/dashboard-gate";

// No title here: each page names its tab ("New post", "Edit post"), under the root layout's "%s | site".
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

/**
 * The writing room's shell (docs/decisions/0071): the dashboard's gate without its header and
 * navigation, so that a post is written full screen. Each page checks again for itself
 * (openScreen), as the dashboard's pages do.
 */
export default async function WritingLayout({ children }: { children: React.ReactNode }) {
  const gate = await openDashboard();
  if (gate.kind === "denied") return gate.page;
  return (
    <div className="min-h-dvh bg-surface">
      <Toasts />
      <main id="main">{children}</main>
    </div>
  );
}
