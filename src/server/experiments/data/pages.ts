import "server-only";
import { asc, eq } from "drizzle-orm";
import { services } from "@/content/services";
import { PAGE_TARGETS } from "@/lib/experiments";
import type { TargetPages } from "@/lib/schemas/experiments";
import { db, type Executor } from "../../kernel/db/client";
import { blogPosts, caseStudies } from "../../kernel/db/schema";

/**
 * The pages a page target's experiment may name (docs/decisions/0110), as they are now: every service
 * of the catalogue, every published case study and every published article. Read when the form is
 * shown and again when it is saved, so a page unpublished in between is refused with a message.
 * No sample stands in when the database cannot be read: an experiment is never saved on a page the
 * site may not have.
 */
export async function targetPages(exec: Executor = db()): Promise<TargetPages> {
  const [studies, posts] = await Promise.all([
    exec
      .select({ slug: caseStudies.slug, title: caseStudies.title, companyName: caseStudies.companyName })
      .from(caseStudies)
      .where(eq(caseStudies.featured, true))
      .orderBy(asc(caseStudies.companyName), asc(caseStudies.slug)),
    exec.select({ slug: blogPosts.slug, title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.published, true)).orderBy(asc(blogPosts.title)),
  ]);
  return {
    "service-hero": services.map((s) => ({ path: `${PAGE_TARGETS["service-hero"]}${s.slug}`, title: s.title })),
    "case-study-hero": studies.map((s) => ({ path: `${PAGE_TARGETS["case-study-hero"]}${s.slug}`, title: `${s.companyName}: ${s.title}` })),
    "article-heading": posts.map((p) => ({ path: `${PAGE_TARGETS["article-heading"]}${p.slug}`, title: p.title })),
  };
}
