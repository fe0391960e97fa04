import { beforeAll, describe, expect, it } from "vitest";
import { generateMetadata } from "@/app/[locale]/(site)/blog/[slug]/page";
import { ogImageVersion } from "@/lib/og-image";
import { blogPosts } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// The seeded posts all carry meta fields and raster-less covers; the fallbacks need posts of their own.
const handle = setUpTestDatabase();

beforeAll(async () => {
  await handle.db.insert(blogPosts).values([
    {
      slug: "no-meta-fields",
      title: "A title without meta fields",
      excerpt: "The excerpt stands in for the meta description.",
      content: "<p>x</p>",
      published: true,
      tags: ["SEO"],
      featuredImageUrl: "https://cdn.example.com/cover.jpg",
    },
    {
      slug: "with-meta-fields",
      title: "Long title",
      metaTitle: "Short meta title",
      metaDescription: "Meta description wins over the excerpt.",
      excerpt: "Excerpt",
      content: "<p>x</p>",
      published: true,
      featuredImageUrl: "/images/blog/cover.svg",
    },
    { slug: "a-draft-post", title: "Draft", content: "<p>x</p>", published: false },
  ]);
});

const params = (slug: string) => ({ params: Promise.resolve({ locale: "en-IN", slug }) });

describe("article metadata", () => {
  it("falls back to the title and the excerpt", async () => {
    const meta = await generateMetadata(params("no-meta-fields"));
    expect(meta.title).toBe("A title without meta fields");
    expect(meta.description).toBe("The excerpt stands in for the meta description.");
    expect(meta.keywords).toEqual(["SEO"]);
    expect(meta.openGraph).toMatchObject({
      type: "article",
      url: "/blog/no-meta-fields",
      images: [{ url: "https://cdn.example.com/cover.jpg" }],
      tags: ["SEO"],
    });
  });

  it("uses meta_title as the whole title and meta_description; an SVG cover gives way to the generated image", async () => {
    const meta = await generateMetadata(params("with-meta-fields"));
    expect(meta.title).toEqual({ absolute: "Short meta title" });
    expect(meta.description).toBe("Meta description wins over the excerpt.");
    const generated = {
      url: `/api/og/blog/with-meta-fields/${ogImageVersion({ title: "Long title", authorName: "Kinetic Growth Team" })}.png`,
      width: 1200,
      height: 630,
      alt: "Long title, by Kinetic Growth Team",
    };
    expect(meta.openGraph).toMatchObject({ images: [generated] });
    expect(meta.twitter).toMatchObject({ card: "summary_large_image", images: [generated] });
    expect(meta.keywords).toBeUndefined();
  });

  it("gives drafts and unknown slugs the not-found title only", async () => {
    for (const slug of ["a-draft-post", "no-such-post"]) {
      expect(await generateMetadata(params(slug))).toEqual({ title: "Post Not Found" });
    }
  });
});
