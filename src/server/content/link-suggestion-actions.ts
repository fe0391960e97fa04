"use server";

import { z } from "zod";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { LIMITS } from "@/lib/limits";
import { suggestInternalLinks, type InternalLinks } from "./data/link-suggestions";
import { dashboardRead } from "../kernel/forms/form-action";

// The writing room's "Refresh suggestions" (docs/decisions/0099): the suggestions for what is typed
// now, saved or not. Read-only, but like every dashboard action it answers only the dashboard itself
// and checks the posts table's read role (dashboardRead, then the data function again).

const Typed = z.object({
  postId: z.union([z.uuid(), z.literal("")]),
  slug: z.string().max(LIMITS.slug),
  title: z.string().max(500),
  content: z.string(),
});

/** The suggestions and backlinks for the typed post, or null when a check refused or the read failed. */
export async function typedPostLinks(postId: string, slug: string, title: string, content: string): Promise<InternalLinks | null> {
  return dashboardRead({
    log: { failed: "link suggestions failed", fields: { postId: String(postId) } },
    // As the preview's: bounded, whatever a page could send.
    input: { postId: String(postId), slug: String(slug), title: String(title), content: String(content).slice(0, 250_000) },
    schema: Typed,
    roles: blogPostsTable.access.read,
    failed: "The link suggestions could not be made.",
    read: (data) => suggestInternalLinks({ id: data.postId || null, slug: data.slug, title: data.title, content: data.content }),
  });
}
