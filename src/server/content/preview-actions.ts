"use server";

import { z } from "zod";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import type { FormState } from "@/lib/form-state";
import { createPreviewLink, listPreviewLinks, revokePreviewLink, type PreviewLinkSummary } from "./data/blog-previews";
import { callAnswers as answers, dashboardRead, handleForm } from "../kernel/forms/form-action";

// A draft's preview links (docs/decisions/0047), from the post's dialog. Like every dashboard action
// these answer only the dashboard itself and check the blog table's roles (handleForm, then the data
// functions again).

const Ids = z.object({ postId: z.uuid(), id: z.uuid().optional() });

export async function postPreviewLinks(postId: string): Promise<PreviewLinkSummary[] | null> {
  return dashboardRead({
    log: { failed: "preview link list failed", fields: { postId } },
    input: { postId: String(postId) },
    schema: Ids,
    roles: blogPostsTable.access.read,
    failed: "The preview links could not be loaded.",
    read: (data) => listPreviewLinks(data.postId),
  });
}

/** The new link's address (shown once) or the reason there is none. */
export async function makePreviewLink(postId: string): Promise<FormState & { url?: string; expiresAt?: string }> {
  let made: { url: string; expiresAt: Date } | null = null;
  const answer = await handleForm({
    log: { failed: "preview link failed", fields: { postId } },
    input: { postId: String(postId) },
    schema: Ids,
    roles: blogPostsTable.access.write,
    answers: answers("The preview link could not be made."),
    run: async (data) => {
      made = await createPreviewLink(data.postId);
      return made ? { status: "success", message: "Preview link made." } : { status: "error", title: "Error", message: "This post no longer exists." };
    },
  });
  const link = made as { url: string; expiresAt: Date } | null;
  return link ? { ...answer, url: link.url, expiresAt: link.expiresAt.toISOString() } : answer;
}

export async function revokePostPreviewLink(postId: string, id: string): Promise<FormState> {
  return handleForm({
    log: { failed: "preview link revoke failed", fields: { postId } },
    input: { postId: String(postId), id: String(id) },
    schema: Ids.required({ id: true }),
    roles: blogPostsTable.access.write,
    answers: answers("The preview link could not be revoked."),
    run: async (data) =>
      (await revokePreviewLink(data.postId, data.id))
        ? { status: "success", message: "Preview link revoked." }
        : { status: "error", title: "Error", message: "This link was already revoked or has expired." },
  });
}
