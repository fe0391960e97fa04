import type { Metadata } from "next";
import Link from "next/link";
import { LinkNotValid, NEWSLETTER_PAGE_METADATA, NewsletterPage, PRIMARY, SECONDARY } from "@/components/site/newsletter-page";
import { confirmSubscriptionAction } from "@/server/newsletter/signup-actions";
import { manageToken } from "@/server/newsletter/links";
import { checkConfirmToken } from "@/server/newsletter/subscribe";

// The confirmation link of a sign-up (docs/decisions/0064). A GET confirms nothing: mail scanners
// open links, and a subscription must be the person's own act. It shows one button that posts.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { ...NEWSLETTER_PAGE_METADATA, title: "Confirm your subscription" };

type Props = { params: Promise<{ token: string }> };

export default async function ConfirmPage({ params }: Props) {
  const { token } = await params;
  const checked = await checkConfirmToken(decodeURIComponent(token));
  if (!checked.ok) return <LinkNotValid expired={checked.result === "expired"} />;
  if (checked.row.status === "confirmed") {
    return (
      <NewsletterPage title="You're subscribed">
        <p>This address is already confirmed. There is nothing more to do.</p>
        <p>
          <Link href={`/newsletter/preferences/${manageToken(checked.row)}`} className={SECONDARY}>
            Choose topics or unsubscribe
          </Link>
        </p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title="Confirm your subscription">
      <p>
        Press the button to start receiving our newsletter at <strong className="text-ink">{checked.row.email}</strong>.
      </p>
      <form action={confirmSubscriptionAction}>
        <input type="hidden" name="token" value={decodeURIComponent(token)} />
        <button type="submit" className={PRIMARY}>
          Confirm subscription
        </button>
      </form>
      <p className="text-sm text-muted">If you did not ask for this, close this page: nothing is sent to you unless you confirm.</p>
    </NewsletterPage>
  );
}
