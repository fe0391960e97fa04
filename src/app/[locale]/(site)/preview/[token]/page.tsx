import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import { BlogArticle, blogPostMetadata } from "@/components/blog/blog-article";
import { blogPostHref } from "@/lib/blog";
import { NotFoundPage } from "@/components/site/not-found-page";
import { findPreview } from "@/server/content/data/blog-previews";
import PreviewGone from "./not-found";

// A draft's preview link (docs/decisions/0047): the article exactly as it will be published, for
// anyone with the link, rendered on every request and never cached or indexed (next.config.ts
// headers: private, no-store, X-Robots-Tag noindex).
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ token: string }> };

const load = cache(findPreview);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load((await params).token);
  if (found.kind !== "draft") return { title: "Preview Link Expired", robots: { index: false, follow: false } };
  return blogPostMetadata(found.post, { preview: true });
}

export default async function PreviewPage({ params }: Props) {
  const found = await load((await params).token);
  if (found.kind === "published") redirect(blogPostHref(found.slug));
  // The expired link's page rendered here rather than by notFound(), whose answer is an empty
  // document until the script runs; its mark makes the host send it as 404 (docs/architecture.md,
  // "Error pages").
  if (found.kind === "gone")
    return (
      <NotFoundPage>
        <PreviewGone />
      </NotFoundPage>
    );
  return (
    <>
      <p role="note" className="bg-accent-300 px-4 py-2 text-center text-sm font-semibold text-ink" data-testid="preview-banner">
        Preview of an unpublished post: only people with this link can see it, and search engines are asked not to index it.
      </p>
      <BlogArticle post={found.post} />
    </>
  );
}
