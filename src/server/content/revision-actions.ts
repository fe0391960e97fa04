"use server";

import { z } from "zod";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import type { FormState } from "@/lib/form-state";
import { compareRevisions, listRevisions, restoreRevision, type RevisionComparison, type RevisionSummary } from "./data/blog-revisions";
import { callAnswers as answers, dashboardRead, handleForm } from "../kernel/forms/form-action";
import { revalidateBlog } from "../kernel/revalidate";

// A blog post's history (docs/decisions/0039). Like every dashboard action these answer only the
// dashboard itself and check the blog table's roles (handleForm, then the data functions again).

const Ids = z.object({ postId: z.uuid(), a: z.uuid().optional(), b: z.uuid().optional() });

export async function postRevisions(postId: string): Promise<RevisionSummary[] | null> {
  return dashboardRead({
    log: { failed: "revision list failed", fields: { postId } },
    input: { postId: String(postId) },
    schema: Ids,
    roles: blogPostsTable.access.read,
    failed: "The history could not be loaded.",
    read: (data) => listRevisions(data.postId),
  });
}

export async function comparePostRevisions(postId: string, a: string, b: string): Promise<RevisionComparison | null> {
  return dashboardRead({
    log: { failed: "revision compare failed", fields: { postId } },
    input: { postId: String(postId), a: String(a), b: String(b) },
    schema: Ids,
    roles: blogPostsTable.access.read,
    failed: "The revisions could not be compared.",
    read: (data) => compareRevisions(data.postId, data.a!, data.b!),
  });
}

export async function restorePostRevision(postId: string, revisionId: string): Promise<FormState> {
  const failed = "The revision could not be restored. Please try again.";
  return handleForm({
    log: { failed: "revision restore failed", fields: { postId, revisionId } },
    input: { postId: String(postId), a: String(revisionId) },
    schema: Ids,
    roles: blogPostsTable.access.write,
    activity: { action: "revision.restore" },
    answers: answers(failed),
    run: async (data) => {
      const restored = await restoreRevision(data.postId, data.a!);
      if (!restored) return { status: "error", title: "Error", message: "This post or revision no longer exists." };
      revalidateBlog(restored.slugs);
      return { status: "success", message: "Revision restored. The text it replaced is kept in the history." };
    },
  });
}
