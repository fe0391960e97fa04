import "server-only";
import { asc, desc, eq } from "drizzle-orm";
import { headlineMetricKey } from "@/lib/display";
import type { Service } from "@/content/services";
import { homeCaseStudies, jewelryCaseStudy, type SampleCaseStudy } from "@/content/samples";
import { caseStudySlugFromTitle, neighbours, studyNamesService } from "@/lib/case-studies";
import { db } from "../../kernel/db/client";
import { caseStudies, type CaseStudy } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";

// A featured study is a published one (docs/decisions/0103): it has its own page, is listed on
// /case-studies and in the sitemap, and may be shown on the home and service pages. The filter lives
// here, so that no page can show an unfeatured study.

export const HOME_CASE_STUDIES_LIMIT = 2;
/** A service page shows at most this many of the studies that name it. */
export const SERVICE_CASE_STUDIES_LIMIT = 2;

export type PublicCaseStudy = Omit<CaseStudy, "createdAt" | "updatedAt">;
/** One study's page: the study with its dates (the JSON-LD's), and its neighbours in the list. */
export interface CaseStudyPage {
  study: CaseStudy;
  previous: Pick<PublicCaseStudy, "slug" | "title" | "companyName"> | null;
  next: Pick<PublicCaseStudy, "slug" | "title" | "companyName"> | null;
}

function fromSample(sample: SampleCaseStudy, id: string): PublicCaseStudy {
  return { id, slug: caseStudySlugFromTitle(sample.title), ...sample };
}

/** The built-in studies: what the home and service pages show when the database cannot be read. */
const HOME_SAMPLES: PublicCaseStudy[] = homeCaseStudies.map((s, i) => fromSample(s, `sample-${i}`));
const ALL_SAMPLES: PublicCaseStudy[] = [...HOME_SAMPLES, fromSample(jewelryCaseStudy, "sample-jewelry")];

/** Every published study, newest first (the list's order, and the order "next" and "previous" follow). */
async function publishedStudies(): Promise<CaseStudy[]> {
  return db().select().from(caseStudies).where(eq(caseStudies.featured, true)).orderBy(desc(caseStudies.createdAt), asc(caseStudies.id));
}

/** Home: the two newest published studies; the samples when the read fails. */
export async function listHomeCaseStudies(): Promise<PublicCaseStudy[]> {
  try {
    const rows = await db()
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.featured, true))
      .orderBy(desc(caseStudies.createdAt), asc(caseStudies.id))
      .limit(HOME_CASE_STUDIES_LIMIT);
    return rows;
  } catch (error) {
    log("error", "home case studies unavailable; showing samples", errorFields(error));
    return HOME_SAMPLES;
  }
}

/** Case studies page: every published study, newest first; the built-in one when the read fails. */
export async function listFeaturedCaseStudies(): Promise<PublicCaseStudy[]> {
  try {
    return await publishedStudies();
  } catch (error) {
    log("error", "case studies unavailable; showing the built-in sample", errorFields(error));
    return [fromSample(jewelryCaseStudy, "sample-jewelry")];
  }
}

/**
 * A service page: the newest published studies whose services name this one (by its title or short
 * title), at most SERVICE_CASE_STUDIES_LIMIT; none when no study names it (no other service's work
 * stands in). The samples' when the read fails.
 */
export async function listServiceCaseStudies(service: Pick<Service, "title" | "shortTitle">): Promise<PublicCaseStudy[]> {
  let studies: PublicCaseStudy[];
  try {
    studies = await publishedStudies();
  } catch (error) {
    log("error", "service case studies unavailable; showing samples", errorFields(error));
    studies = ALL_SAMPLES;
  }
  return studies.filter((s) => studyNamesService(s.services, service)).slice(0, SERVICE_CASE_STUDIES_LIMIT);
}

/**
 * One published study by its slug, with the studies before and after it in the list; undefined for
 * an unknown or unpublished slug (the page answers 404). A failed read throws: a study's page is not
 * replaced by a sample, the server-error page says so.
 */
export async function getCaseStudyPage(slug: string): Promise<CaseStudyPage | undefined> {
  const studies = await publishedStudies();
  const study = studies.find((s) => s.slug === slug);
  if (!study) return undefined;
  const around = neighbours(studies, slug);
  const link = (s: CaseStudy | null) => s && { slug: s.slug, title: s.title, companyName: s.companyName };
  return { study, previous: link(around.previous), next: link(around.next) };
}

/** The sitemap's entries: every published study's slug and when it last changed. */
export async function listCaseStudySitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]> {
  return db()
    .select({ slug: caseStudies.slug, updatedAt: caseStudies.updatedAt })
    .from(caseStudies)
    .where(eq(caseStudies.featured, true))
    .orderBy(desc(caseStudies.createdAt), asc(caseStudies.id));
}

/** The home card's headline metric: the figure `headlineMetricKey` (src/lib/display.ts) picks. */
export function headlineMetric(metrics: Record<string, string>): string | null {
  const key = headlineMetricKey(metrics);
  return key ? metrics[key]! : null;
}
