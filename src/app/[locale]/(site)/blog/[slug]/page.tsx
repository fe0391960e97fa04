import { notFound } from "next/navigation";
import type { Metadata } from "next";
import { PageHero } from "@/components/site/page-hero";
import { pageMetadata } from "@/lib/metadata";
import { getPublishedPost } from "@/server/data/blog-posts";

export const revalidate = 300;

export function generateStaticParams(): { slug: string }[] {
  return [];
}

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const post = await getPublishedPost((await params).slug);
  if (!post) return { title: "Post Not Found", robots: { index: false } };
  return pageMetadata({
    title: post.metaTitle || post.title,
    description: post.metaDescription || post.excerpt || post.title,
    path: `/blog/${post.slug}`,
    absoluteTitle: Boolean(post.metaTitle),
    type: "article",
  });
}

export default async function BlogPostPage({ params }: Props) {
  const post = await getPublishedPost((await params).slug);
  if (!post) notFound();
  return (
    <>
      <PageHero eyebrow={post.tags[0]} title={post.title} lead={`Written by ${post.authorName}`} />
      <article className="container-page max-w-3xl py-14">
        <p className="text-lg text-ink-soft">{post.excerpt}</p>
      </article>
    </>
  );
}
