import type { Metadata } from "next";
import { NEWSLETTER_PAGE_METADATA, NewsletterPage } from "@/components/site/newsletter-page";
import { SubscribeForm } from "@/components/site/subscribe-form";
import { siteConfig } from "@/server/kernel/site-config";
import { publishedTopics } from "@/server/newsletter/subscribe";

// The newsletter's own sign-up page: where the footer's plain form lands when a sign-up was refused
// (the reason's kind in `problem`, never the address), and a page to link to. Rendered per request
// (next.config.ts: every /newsletter address is private and not indexed).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { ...NEWSLETTER_PAGE_METADATA, title: "Newsletter" };

const PROBLEMS: Record<string, (email: string) => string> = {
  invalid: () => "That e-mail address does not look right. Please check it and send it again.",
  refused: (email) =>
    `Your sign-up was not accepted: it looked automated, or too many forms were sent from your connection recently. Please try again in a few minutes, or write to us at ${email}.`,
  error: () => "Something went wrong on our side and nothing was saved. Please try again.",
};

type Props = { searchParams: Promise<{ problem?: string | string[] }> };

export default async function NewsletterSignUpPage({ searchParams }: Props) {
  const { problem } = await searchParams;
  const said = typeof problem === "string" ? PROBLEMS[problem]?.(siteConfig().email) : undefined;
  return (
    <NewsletterPage title="Our newsletter">
      <p>Growth marketing articles from our blog, as they are published, and nothing else. Choose the topics you care about.</p>
      {said && (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {said}
        </p>
      )}
      {/* The footer below has its own form of the same source: this one is named for the page (one name per landmark). */}
      <SubscribeForm source="footer" topics={await publishedTopics()} title="Sign up" formLabel="Newsletter sign-up (topics)" />
    </NewsletterPage>
  );
}
