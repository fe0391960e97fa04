import "server-only";
import { and, eq, like, ne, or, sql } from "drizzle-orm";
import { caseStudyHref, caseStudySlugFromTitle, uniqueSlug } from "@/lib/case-studies";
import type { CaseStudyData } from "@/lib/schemas/admin";
import type { Executor } from "../../kernel/db/client";
import { caseStudies } from "../../kernel/db/schema";
import { FieldError } from "../../kernel/forms/form-action";
import { redirectMovedPage, releaseAddress } from "../../redirects";

// Admin side of case_studies' addresses (docs/decisions/0103): the table's create and update hooks
// (src/server/dashboard/admin-hooks.ts), in the CRUD module's transaction, where the activity row is
// written too. The role check is the CRUD module's, before these are reached.

export const CASE_STUDY_SLUG_TAKEN = "This slug is already used by another case study. Choose another.";

/** The form's data with its slug, which the schema leaves null when the field was empty. */
export type CaseStudyInput = Omit<CaseStudyData, "slug"> & { slug: string | null };

/** The slugs other studies hold that `base` or its numbered forms could clash with. */
async function takenLike(exec: Executor, base: string, exceptId?: string): Promise<Set<string>> {
  const sameBase = or(eq(caseStudies.slug, base), like(caseStudies.slug, `${base.slice(0, 100).replace(/[%_\\]/g, "\\$&")}%`));
  const rows = await exec
    .select({ slug: caseStudies.slug })
    .from(caseStudies)
    .where(exceptId ? and(sameBase, ne(caseStudies.id, exceptId)) : sameBase);
  return new Set(rows.map((r) => r.slug));
}

/**
 * The slug a save stores. One typed in the form is kept as it is, and refused beside its field when
 * another study has it; an empty one (the API may leave it out) is made from the title, numbered
 * when another study has that one. Exported for its tests.
 */
export async function slugToStore(exec: Executor, data: { slug: string | null; title: string }, exceptId?: string): Promise<string> {
  // Saves that choose a slug go one at a time (until the save's transaction ends), so that two at
  // once see each other's: numbered apart, or the second refused beside its field, never a 500 from
  // the unique index.
  await exec.execute(sql`select pg_advisory_xact_lock(hashtext('case_studies_slug'))`);
  if (data.slug) {
    const taken = await takenLike(exec, data.slug, exceptId);
    if (taken.has(data.slug)) throw new FieldError({ slug: CASE_STUDY_SLUG_TAKEN }, "Slug already used", `The slug "${data.slug}" is already used by another case study.`);
    return data.slug;
  }
  const base = caseStudySlugFromTitle(data.title);
  return uniqueSlug(base, await takenLike(exec, base, exceptId));
}

/** Stores a new study; a redirect from its address (an old study's, renamed) goes: the page is live again. */
export async function createCaseStudy(data: CaseStudyInput, exec: Executor): Promise<{ id: string; slug: string }> {
  return exec.transaction(async (tx) => {
    const slug = await slugToStore(tx, data);
    await releaseAddress(tx, caseStudyHref(slug));
    const [row] = await tx
      .insert(caseStudies)
      .values({ ...data, slug })
      .returning({ id: caseStudies.id, slug: caseStudies.slug });
    return row!;
  });
}

/**
 * Saves a study. When a published (featured) study's slug changes and it stays published, its old
 * address answers 301 to the new one, in this transaction (docs/decisions/0091), as a renamed post's
 * does; an unpublished study's old address leads nowhere, so that a redirect never reveals it.
 * Returns the slugs before and after, or null when the study is gone.
 */
export async function updateCaseStudy(id: string, data: CaseStudyInput, exec: Executor, actor: { email: string }): Promise<{ slugs: string[] } | null> {
  return exec.transaction(async (tx) => {
    const [before] = await tx.select({ slug: caseStudies.slug, featured: caseStudies.featured }).from(caseStudies).where(eq(caseStudies.id, id)).for("update");
    if (!before) return null;
    // Left empty on an edit, the slug stays what it was: an address is not changed by clearing a field.
    const slug = data.slug === null ? before.slug : await slugToStore(tx, data, id);
    if (before.slug !== slug && before.featured && data.featured) {
      await redirectMovedPage(tx, caseStudyHref(before.slug), caseStudyHref(slug), actor.email);
    } else {
      await releaseAddress(tx, caseStudyHref(slug));
    }
    await tx
      .update(caseStudies)
      .set({ ...data, slug })
      .where(eq(caseStudies.id, id));
    return { slugs: [...new Set([before.slug, slug])] };
  });
}
