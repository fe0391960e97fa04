import "server-only";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { caseStudiesTable } from "@/lib/admin-tables/case-studies";
import { testimonialsTable } from "@/lib/admin-tables/testimonials";
import type { ApiKeyPrincipal } from "./api-keys";
import { createResource, deleteResource, getResource, listResource, updateResource, type ApiResource, type ListAnswer, type ListQuery } from "./api-records";

// The published content through the API (docs/decisions/0060): posts, case studies, testimonials.
// content:read reads, content:write writes; each call is the dashboard's (src/server/integrations/api-records.ts).

const CONTENT_SCOPES = { read: "content:read", write: "content:write" } as const;

export const postsResource: ApiResource = { name: "posts", definition: blogPostsTable, scopes: CONTENT_SCOPES, hidden: [], canDelete: true };
export const caseStudiesResource: ApiResource = { name: "case-studies", definition: caseStudiesTable, scopes: CONTENT_SCOPES, hidden: [], canDelete: true };
export const testimonialsResource: ApiResource = { name: "testimonials", definition: testimonialsTable, scopes: CONTENT_SCOPES, hidden: [], canDelete: true };

type Row = Record<string, unknown>;

export const listPosts = (key: ApiKeyPrincipal, query: ListQuery = {}, headers?: Headers | null): Promise<ListAnswer> =>
  listResource(postsResource, key, query, headers);
export const getPost = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<Row> => getResource(postsResource, key, id, headers);
/** A post as sent (`published: true` publishes it at once; omitted, it is a draft). */
export const createPost = (key: ApiKeyPrincipal, input: unknown, headers?: Headers | null): Promise<Row> => createResource(postsResource, key, input, headers);
/** A draft: whatever `published` says, the post is stored unpublished. The slug follows the title when omitted. */
export const createDraftPost = (key: ApiKeyPrincipal, input: unknown, headers?: Headers | null): Promise<Row> =>
  createResource(postsResource, key, input && typeof input === "object" && !Array.isArray(input) ? { ...input, published: false } : input, headers);
export const updatePost = (key: ApiKeyPrincipal, id: string, input: unknown, headers?: Headers | null): Promise<Row> =>
  updateResource(postsResource, key, id, input, headers);
/** Publishes a post now (as ticking Published in the dialog: a Publish at time is cleared). */
export const publishPost = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<Row> =>
  updateResource(postsResource, key, id, { published: true, publishAt: null }, headers);
export const deletePost = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<void> => deleteResource(postsResource, key, id, headers);

export const listCaseStudies = (key: ApiKeyPrincipal, query: ListQuery = {}, headers?: Headers | null): Promise<ListAnswer> =>
  listResource(caseStudiesResource, key, query, headers);
export const getCaseStudy = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<Row> => getResource(caseStudiesResource, key, id, headers);
export const createCaseStudy = (key: ApiKeyPrincipal, input: unknown, headers?: Headers | null): Promise<Row> =>
  createResource(caseStudiesResource, key, input, headers);
export const updateCaseStudy = (key: ApiKeyPrincipal, id: string, input: unknown, headers?: Headers | null): Promise<Row> =>
  updateResource(caseStudiesResource, key, id, input, headers);
export const deleteCaseStudy = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<void> =>
  deleteResource(caseStudiesResource, key, id, headers);

export const listTestimonials = (key: ApiKeyPrincipal, query: ListQuery = {}, headers?: Headers | null): Promise<ListAnswer> =>
  listResource(testimonialsResource, key, query, headers);
export const getTestimonial = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<Row> => getResource(testimonialsResource, key, id, headers);
export const createTestimonial = (key: ApiKeyPrincipal, input: unknown, headers?: Headers | null): Promise<Row> =>
  createResource(testimonialsResource, key, input, headers);
export const updateTestimonial = (key: ApiKeyPrincipal, id: string, input: unknown, headers?: Headers | null): Promise<Row> =>
  updateResource(testimonialsResource, key, id, input, headers);
export const deleteTestimonial = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<void> =>
  deleteResource(testimonialsResource, key, id, headers);
