import type { Metadata } from "next";
import Link from "next/link";
import { NEWSLETTER_PAGE_METADATA, NewsletterPage, SECONDARY } from "@/components/site/newsletter-page";
import { SIGN_UP_ANSWER } from "@/server/newsletter/subscribe";

// The footer form's answer to a sign-up: the same words whatever the address's state (new, pending,
// already subscribed), so that the page tells no one whether an address is on the list.
export const metadata: Metadata = { ...NEWSLETTER_PAGE_METADATA, title: SIGN_UP_ANSWER.title };

export default function SignUpSentPage() {
  return (
    <NewsletterPage title={SIGN_UP_ANSWER.title}>
      <p role="status">{SIGN_UP_ANSWER.message}</p>
      <p>
        <Link href="/blog" className={SECONDARY}>
          Back to the blog
        </Link>
      </p>
    </NewsletterPage>
  );
}
