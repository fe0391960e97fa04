import type { BlogPost } from "@/server/kernel/db/schema";
import { readingTimeMinutes, slugify } from "../blog";
import { LIMITS } from "../limits";
import { formatAdminDate } from "../format";
import { SITE_TIME_ZONE } from "../site-time";
import { BlogPostSchema } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

export const DEFAULT_AUTHOR = "Kinetic Growth Team";

const characters = (max: number) => (value: string) => `${value.length}/${max} characters`;

/** Blog posts; their sanitising, slug redirects and preview are hooks in src/server/dashboard/admin-hooks.ts. */
export const blogPostsTable = defineTable<BlogPost>({
  id: "posts",
  table: "blogPosts",
  label: "Blog Posts",
  noun: { one: "blog post", many: "blog posts", title: "Blog Post" },
  access: CONTENT_DESK,
  schema: BlogPostSchema,
  search: ["title", "slug", "excerpt", "authorName"],
  sorts: {
    created_at: { column: "createdAt", label: "Date" },
    updated_at: { column: "updatedAt", label: "Last updated" },
    title: { column: "title", label: "Title" },
    published: { column: "published", label: "Published" },
    featured: { column: "featured" },
  },
  defaultSort: "created_at",
  filter: { column: "published", options: { published: { label: "Published", value: true }, draft: { label: "Draft", value: false } } },
  wide: true,
  writingRoom: true,
  history: true,
  extras: ["seo", "preview-links"],
  messages: { created: "Blog post created successfully!", updated: "Blog post updated successfully!" },
  fields: [
    { name: "title", label: "Title", control: "text", required: true, max: LIMITS.title },
    {
      name: "slug",
      label: "Slug",
      control: "text",
      required: true,
      max: LIMITS.slug,
      derive: { from: "title", with: slugify },
      hint: "Made from the title; you can change it.",
      half: true,
    },
    { name: "authorName", label: "Author name", control: "text", required: true, max: LIMITS.personName, initial: DEFAULT_AUTHOR, half: true },
    { name: "excerpt", label: "Excerpt", control: "textarea", rows: 2, max: LIMITS.excerpt },
    {
      name: "content",
      label: "Content",
      control: "html",
      required: true,
      rows: 12,
      hint: (value) => `HTML or plain text. Reading time: ${value.trim() ? readingTimeMinutes(value) : 0} min.`,
    },
    { name: "tags", label: "Tags", control: "list", separator: "comma", hint: "Comma-separated, e.g. SEO, Paid Ads." },
    { name: "featuredImageUrl", label: "Featured image", control: "image" },
    {
      name: "metaTitle",
      label: "Meta title",
      control: "text",
      max: LIMITS.metaTitle,
      // Never filled from the title: left empty it stays empty and the page's title follows the
      // post's current title, with the site's name (src/lib/metadata.ts blogSearchAppearance).
      hint: (value) =>
        value.trim()
          ? `${value.length}/${LIMITS.metaTitle} characters, used as the page title exactly (no site name added).`
          : "Empty: the page title is the post's title with the site's name added (see the preview).",
      half: true,
    },
    {
      name: "metaDescription",
      label: "Meta description",
      control: "textarea",
      rows: 2,
      max: LIMITS.metaDescription,
      hint: characters(LIMITS.metaDescription),
      half: true,
    },
    { name: "published", label: "Published", control: "checkbox" },
    { name: "featured", label: "Featured", control: "checkbox" },
    { name: "hiddenFromSearch", label: "Hide from search engines", control: "checkbox" },
    {
      name: "publishAt",
      label: "Publish at",
      control: "datetime",
      hint: `India time (${SITE_TIME_ZONE}). Leave Published unticked: the post goes live at this time.`,
      half: true,
    },
    {
      name: "unpublishAt",
      label: "Unpublish at",
      control: "datetime",
      hint: `India time (${SITE_TIME_ZONE}). The post becomes a draft at this time.`,
      half: true,
    },
  ],
  summary: (r) => ({
    title: r.title,
    badges: [
      r.published ? { label: "Published", tone: "success" } : { label: "Draft", tone: "muted" },
      ...(r.publishAt ? [{ label: `Publishes ${formatAdminDate(new Date(r.publishAt))}` }] : []),
      ...(r.unpublishAt ? [{ label: `Unpublishes ${formatAdminDate(new Date(r.unpublishAt))}` }] : []),
      ...(r.featured ? [{ label: "Featured" }] : []),
      ...(r.hiddenFromSearch ? [{ label: "Hidden from search" }] : []),
    ],
    line: [`/blog/${r.slug} · ${r.authorName}${r.readingTime ? ` · ${r.readingTime} min read` : ""}`],
    detail: r.tags.join(", "),
  }),
});
