import Link from "next/link";
import { PageHero } from "@/components/site/page-hero";
import { formatBlogDate } from "@/lib/format";
import { pageMetadata } from "@/lib/metadata";
import { listPublishedPosts } from "@/server/data/blog-posts";

export const revalidate = 300;

export const metadata = pageMetadata({
  title: "Digital Marketing Blog",
  description: "Expert insights and actionable tips on SEO, paid ads, CRO, WhatsApp automation and retention for D2C and eCommerce brands.",
  path: "/blog",
});

export default async function BlogPage() {
  const posts = await listPublishedPosts();
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Digital Marketing Blog"
        lead="Expert insights and actionable tips to grow your D2C or eCommerce brand."
      />
      <section className="container-page py-16">
        <h2 className="text-2xl font-bold">All Articles</h2>
        {posts.length === 0 ? (
          <p className="mt-6 text-ink-soft">No articles published yet.</p>
        ) : (
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="rounded-card border border-line bg-surface p-6 shadow-card">
                <p className="text-sm text-muted">{formatBlogDate(post.createdAt)}</p>
                <h3 className="mt-2 text-lg font-bold">
                  <Link href={`/blog/${post.slug}`} className="hover:text-brand-700">
                    {post.title}
                  </Link>
                </h3>
                <p className="mt-2 line-clamp-3 text-ink-soft">{post.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
