import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BlogArticles } from "@/components/blog/blog-index";
import { FeaturedPosts } from "@/components/blog/featured-posts";
import type { PostCardData } from "@/components/blog/post-card";
import type { PostSummary } from "@/server/content/data/blog-posts";

// States the seeded end-to-end database cannot show (it always has published and featured posts).

const card: PostCardData = {
  slug: "a-post",
  title: "A post about SEO",
  excerpt: "An excerpt",
  authorName: "Arjun Mehta",
  tags: ["SEO", "D2C", "CRO", "Analytics"],
  readingTime: 4,
  date: "March 5, 2026",
  dateTime: "2026-03-05T07:45:00.000Z",
};

function explorer(posts: PostCardData[], filter = { q: "", tag: "" }): string {
  return renderToStaticMarkup(createElement(BlogArticles, { cards: posts, tags: ["SEO"], filter }));
}

describe("blog listing states", () => {
  it("no published post at all: 'No articles published yet.'", () => {
    const html = explorer([]);
    expect(html).toContain("No articles published yet.");
    expect(html).not.toContain("No articles found matching your criteria.");
    expect(html).toContain("All Articles");
  });

  it("a filter that matches nothing: 'No articles found matching your criteria.', with or without posts", () => {
    for (const posts of [[], [card]]) {
      const html = explorer(posts, { q: "", tag: "Retention" });
      expect(html).toContain("No articles found matching your criteria.");
      expect(html).toContain("Articles tagged &quot;Retention&quot;");
    }
    expect(explorer([card], { q: "nothing like it", tag: "" })).toContain("No articles found matching your criteria.");
  });

  it("a card shows at most 3 tags", () => {
    const html = explorer([card]);
    expect(html).toContain(">CRO<");
    expect(html).not.toContain(">Analytics<");
  });

  it("the GET form carries the active tag, so that a search keeps it without JavaScript", () => {
    const html = explorer([card], { q: "seo", tag: "SEO" });
    expect(html).toMatch(/<form[^>]*action="\/blog"[^>]*method="get"/);
    expect(html).toContain('<input type="hidden" name="tag" value="SEO"/>');
    expect(html).toContain('value="seo"');
    // The active topic links to the view without it; the others keep the search text.
    expect(html).toContain('href="/blog?q=seo" aria-current="true"');
  });

  it("'Featured Articles' appears only when there are featured posts", () => {
    expect(renderToStaticMarkup(createElement(FeaturedPosts, { posts: [] }))).toBe("");
    const featured: PostSummary = {
      id: "00000000-0000-0000-0000-000000000001",
      slug: "a-post",
      title: "A post",
      excerpt: "Excerpt",
      featuredImageUrl: null,
      authorName: "Neha Kapoor",
      tags: [],
      readingTime: 3,
      featured: true,
      published: true,
      publishedAt: null,
      createdAt: new Date("2026-01-01T00:00:00Z"),
      updatedAt: new Date("2026-01-01T00:00:00Z"),
    };
    const html = renderToStaticMarkup(createElement(FeaturedPosts, { posts: [featured] }));
    expect(html).toContain("Featured Articles");
    expect(html).toContain(">Featured<");
    expect(html.replace(/<!-- -->/g, "")).toContain("3 min read");
    expect(html).not.toContain("<img"); // no image when the post has none
  });
});
