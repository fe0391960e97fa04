import "server-only";
import type { AdminTableDefinition } from "@/lib/admin-tables/definition";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { caseStudiesTable } from "@/lib/admin-tables/case-studies";
import { spamTable } from "@/lib/admin-tables/spam";
import { testimonialsTable } from "@/lib/admin-tables/testimonials";
import { createBlogPost, deleteBlogPost, previewBlogContent, updateBlogPost } from "./data/blog-posts-admin";
import { releaseSpam } from "./spam";
import { revalidateBlog, revalidateCaseStudies, revalidateTestimonials } from "./revalidate";

/**
 * What a table does beyond storing its schema's output (ADR 0024). The generic CRUD module
 * (data/admin-records.ts) calls these; a table without an entry is stored as it is.
 */
export interface TableHooks {
  /** Replaces the plain insert. */
  create?: (data: Record<string, unknown>) => Promise<void>;
  /** Replaces the plain update; false when the row no longer exists. */
  update?: (id: string, data: Record<string, unknown>) => Promise<boolean>;
  /** Replaces the plain delete; false when the row no longer exists. */
  remove?: (id: string) => Promise<boolean>;
  /** After every successful write: the public pages that show the table are refreshed. */
  afterWrite?: () => void;
  /** The table's row action (definition.rowAction); an error message, or null when done. */
  rowAction?: (id: string) => Promise<string | null>;
  /** The content field as it will be stored, for the dialog's preview. */
  preview?: (content: string) => Promise<string>;
}

type BlogData = Parameters<typeof createBlogPost>[0];

const HOOKS: Record<string, TableHooks> = {
  // "Not spam": stored as a lead or message with its notification, then gone from the Spam view.
  [spamTable.id]: {
    rowAction: async (id) => {
      const released = await releaseSpam(id);
      return released.ok ? null : released.message;
    },
  },
  [caseStudiesTable.id]: { afterWrite: revalidateCaseStudies },
  [testimonialsTable.id]: { afterWrite: revalidateTestimonials },
  // Sanitised before it is stored, an old slug kept as a redirect, every blog page refreshed.
  [blogPostsTable.id]: {
    create: async (data) => {
      const created = await createBlogPost(data as BlogData);
      revalidateBlog([created.slug]);
    },
    update: async (id, data) => {
      const updated = await updateBlogPost(id, data as BlogData);
      if (updated) revalidateBlog(updated.slugs);
      return updated !== null;
    },
    remove: async (id) => {
      const row = await deleteBlogPost(id);
      if (row) revalidateBlog([row.slug]);
      return row !== null;
    },
    preview: previewBlogContent,
  },
};

export function hooksFor(definition: AdminTableDefinition): TableHooks {
  return HOOKS[definition.id] ?? {};
}
