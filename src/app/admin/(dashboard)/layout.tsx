import type { Metadata } from "next";
import Link from "next/link";
import { NotificationBanner } from "@/components/admin/notification-banner";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { Toasts, WelcomeNotice } from "@/components/admin/admin-toasts";
import { LogoMark } from "@/components/site/logo";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { openDashboard } from "@/app/admin/dashboard-gate";
import { notificationHealth } from "@/server/dashboard/data/notification-health";

// No title here: each screen names its tab, and a title set in this layout would drop the root
// layout's "%s | site" template for every screen under it.
export const metadata: Metadata = {
  description: "Manage leads, contact messages, case studies, testimonials and blog posts.",
  robots: { index: false, follow: false },
};

/**
 * The dashboard's shell around every screen (docs/decisions/0052): header, sign-out, toasts and the
 * notification banner; the sidebar and the heading are the screen's own (docs/decisions/0072). Its check answers a first load with the right status (a redirect to /auth or
 * /admin/security, Access Denied) before any screen starts; each page checks again for itself, since
 * a navigation between screens renders the page without this layout.
 */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const gate = await openDashboard();
  if (gate.kind === "denied") return gate.page;
  const { user } = gate;
  // Staff who do not work on the lead desk see no banner about its mail.
  const health = await notificationHealth().catch((error: unknown) => {
    if (error instanceof AccessDeniedError) return null;
    throw error;
  });
  return (
    <div className="min-h-dvh bg-canvas">
      <Toasts />
      <WelcomeNotice />
      <header className="border-b border-line bg-surface">
        <div className="container-page flex min-h-16 flex-wrap items-center justify-between gap-3 py-2">
          <Link href="/" className="flex min-h-11 items-center gap-2.5 font-bold">
            <LogoMark className="size-8" />
            <span>Kinetic Growth</span>
          </Link>
          <div className="flex items-center gap-3">
            <p className="hidden text-sm text-ink-soft sm:block">Welcome, {user.email}</p>
            <Link href="/admin/security" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
              Security
            </Link>
            <SignOutButton />
          </div>
        </div>
      </header>
      {/* Each screen draws its sidebar and its heading (the screen's name) inside: src/components/admin/dashboard-nav.tsx. */}
      <main id="main" className="container-page py-6 lg:py-8">
        <p className="mb-4 text-sm break-all text-ink-soft sm:hidden">Welcome, {user.email}</p>
        {health && health.failed + health.retrying > 0 && (
          <NotificationBanner trouble={{ ...health, since: health.since ? health.since.toISOString() : null }} />
        )}
        {children}
      </main>
    </div>
  );
}
