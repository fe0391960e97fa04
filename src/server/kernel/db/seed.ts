import "server-only";
import { and, eq, like, sql } from "drizzle-orm";
import { sampleBlogPosts } from "@/content/sample-blog-posts";
import { homeCaseStudies, jewelryCaseStudy, sampleAuthors, sampleTestimonials, type SampleCaseStudy } from "@/content/samples";
import { readingTimeMinutes } from "@/lib/blog";
import { caseStudySlugFromTitle, uniqueSlug } from "@/lib/case-studies";
import type { Database } from "./client";
import { authors, blogPosts, caseStudies, testimonials } from "./schema";

export interface SeedReport {
  authors: number;
  blogPosts: number;
  caseStudies: number;
  testimonials: number;
}

function caseStudyRow(sample: SampleCaseStudy, slug: string, createdAt: Date) {
  return {
    title: sample.title,
    slug,
    companyName: sample.companyName,
    industry: sample.industry,
    challenge: sample.challenge,
    solution: sample.solution,
    results: sample.results,
    featured: sample.featured,
    imageUrl: sample.imageUrl,
    logoUrl: sample.logoUrl,
    metrics: sample.metrics,
    timeframe: sample.timeframe,
    services: sample.services,
    journey: sample.journey,
    testimonialQuote: sample.testimonialQuote,
    testimonialAuthor: sample.testimonialAuthor,
    createdAt,
  };
}

/**
 * Inserts the sample content that is not there yet; running it again inserts nothing.
 * Posts are matched by slug, authors by name, case studies by company and title, testimonials by client and company.
 */
export async function seedSampleContent(db: Database): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    const report: SeedReport = { authors: 0, blogPosts: 0, caseStudies: 0, testimonials: 0 };

    for (const author of sampleAuthors) {
      // authors_name_key is on lower(btrim(name)): an expression index, so the conflict names no column.
      // Every sample person is on the team page, so that a fresh install shows the team (docs/decisions/0103).
      const inserted = await tx
        .insert(authors)
        .values({ ...author, onTeamPage: true })
        .onConflictDoNothing()
        .returning({ id: authors.id });
      report.authors += inserted.length;
    }

    for (const post of sampleBlogPosts) {
      const inserted = await tx
        .insert(blogPosts)
        .values({
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt,
          content: post.content,
          authorName: post.authorName,
          tags: post.tags,
          featured: post.featured,
          published: post.published,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          featuredImageUrl: post.featuredImageUrl,
          readingTime: readingTimeMinutes(post.content),
          createdAt: new Date(post.createdAt),
          updatedAt: new Date(post.updatedAt),
        })
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning({ id: blogPosts.id });
      report.blogPosts += inserted.length;
    }

    // Oldest first, so that "newest first" puts the two home samples ahead of the jewelry study.
    const studies = [jewelryCaseStudy, ...homeCaseStudies];
    for (const [index, sample] of studies.entries()) {
      const existing = await tx
        .select({ id: caseStudies.id })
        .from(caseStudies)
        .where(and(eq(caseStudies.companyName, sample.companyName), eq(caseStudies.title, sample.title)))
        .limit(1);
      if (existing.length) continue;
      // The title's slug, numbered if a study added by hand already took it.
      const base = caseStudySlugFromTitle(sample.title);
      const taken = await tx
        .select({ slug: caseStudies.slug })
        .from(caseStudies)
        .where(like(caseStudies.slug, `${base}%`));
      const slug = uniqueSlug(base, new Set(taken.map((t) => t.slug)));
      await tx.insert(caseStudies).values(caseStudyRow(sample, slug, new Date(Date.UTC(2025, 0, 1 + index))));
      report.caseStudies++;
    }

    for (const [index, sample] of sampleTestimonials.entries()) {
      const existing = await tx
        .select({ id: testimonials.id })
        .from(testimonials)
        .where(and(eq(testimonials.clientName, sample.clientName), eq(testimonials.company, sample.company)))
        .limit(1);
      if (existing.length) continue;
      await tx.insert(testimonials).values({
        ...sample,
        createdAt: new Date(Date.UTC(2025, 0, 10 - index)),
      });
      report.testimonials++;
    }
    return report;
  });
}

/** True when no content table has a row: the first start of a new database. */
export async function isContentEmpty(db: Database): Promise<boolean> {
  const [row] = await db
    .execute<{ empty: boolean }>(
      sql`
    select not exists (select 1 from blog_posts)
       and not exists (select 1 from case_studies)
       and not exists (select 1 from testimonials) as empty`,
    )
    .then((r) => r.rows);
  return Boolean(row?.empty);
}
