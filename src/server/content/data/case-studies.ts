import "server-only";
import { desc, eq } from "drizzle-orm";
import { homeCaseStudies, jewelryCaseStudy, type SampleCaseStudy } from "@/content/samples";
import { db } from "../../kernel/db/client";
import { caseStudies, type CaseStudy } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";

export const HOME_CASE_STUDIES_LIMIT = 2;

export type PublicCaseStudy = Omit<CaseStudy, "createdAt" | "updatedAt">;

function fromSample(sample: SampleCaseStudy, id: string): PublicCaseStudy {
  return { id, ...sample };
}

/** Home: up to 2 featured case studies, newest first; the fallback samples when the read fails. */
export async function listHomeCaseStudies(): Promise<PublicCaseStudy[]> {
  try {
    const rows = await db()
      .select()
      .from(caseStudies)
      .where(eq(caseStudies.featured, true))
      .orderBy(desc(caseStudies.createdAt))
      .limit(HOME_CASE_STUDIES_LIMIT);
    return rows;
  } catch (error) {
    log("error", "home case studies unavailable; showing samples", errorFields(error));
    return homeCaseStudies.map((s, i) => fromSample(s, `sample-${i}`));
  }
}

/** Case studies page: every featured case study, newest first; the built-in one when the read fails. */
export async function listFeaturedCaseStudies(): Promise<PublicCaseStudy[]> {
  try {
    const rows = await db().select().from(caseStudies).where(eq(caseStudies.featured, true)).orderBy(desc(caseStudies.createdAt));
    return rows;
  } catch (error) {
    log("error", "case studies unavailable; showing the built-in sample", errorFields(error));
    return [fromSample(jewelryCaseStudy, "sample-jewelry")];
  }
}

/** The home card's headline metric: revenue growth, else monthly revenue, else none (no figure is made up). */
export function headlineMetric(metrics: Record<string, string>): string | null {
  return metrics.revenue_growth ?? metrics.monthly_revenue ?? null;
}
