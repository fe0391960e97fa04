import Link from "next/link";
import { ShieldAlert } from "lucide-react";
import { NoticeToast, Toasts } from "@/components/admin/admin-toasts";
import { buttonVariants } from "@/components/ui/button";
import { SiteFooter } from "@/components/site/site-footer";
import { SiteHeader } from "@/components/site/site-header";
import { PAGE_STATUS_FORBIDDEN, PAGE_STATUS_META } from "@/lib/page-status";
import { SignOutButton } from "./sign-out-button";

/**
 * A signed-in account without a dashboard role: 'Access Denied' / 'You don't have admin privileges.', then back to the home page.
 * Its page-status mark makes the host send the document as 403 (src/lib/page-status.ts).
 * Inside the public site's header and footer, rendered on the server: the way on is there without JavaScript.
 */
export function AccessDenied({ email, isVerified, hasNoOwner = false }: { email: string; isVerified: boolean; hasNoOwner?: boolean }) {
  return (
    <>
      <SiteHeader />
      <meta name={PAGE_STATUS_META} content={PAGE_STATUS_FORBIDDEN} />
      <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center px-6 py-16 text-center">
        {/* A fresh install's first person stays to read how to become the owner. */}
        {!hasNoOwner && <meta httpEquiv="refresh" content="5;url=/" />}
        <Toasts />
        <NoticeToast title="Access Denied" message="You don't have admin privileges." tone="error" />
        <ShieldAlert className="size-12 text-danger" aria-hidden="true" />
        <h1 className="mt-4 text-3xl font-extrabold">Access Denied</h1>
        <p className="mt-2 text-ink-soft">You don&apos;t have admin privileges.</p>
        <p className="mt-1 max-w-md text-sm text-muted">
          You are signed in as {email}
          {isVerified ? "" : " (e-mail not yet verified)"}.{hasNoOwner ? "" : " Taking you to the home page…"}
        </p>
        {hasNoOwner && (
          <p className="mt-4 max-w-md rounded-xl border border-line bg-brand-50 p-3 text-sm" data-testid="no-owner-hint">
            This site has no owner yet. Whoever installed it finds a one-time set-up link in the server&apos;s log and in the file <code>setup-link.txt</code>{" "}
            of its data folder: open it while signed in{isVerified ? "" : " (after verifying your e-mail)"} to become the owner.
          </p>
        )}
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link href="/" className={buttonVariants()}>
            Go to the home page
          </Link>
          <SignOutButton />
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
