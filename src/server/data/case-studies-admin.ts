import "server-only";
import { and, eq } from "drizzle-orm";
import type { CaseStudyData } from "@/lib/schemas/admin";
import { requireAdmin } from "../auth-guard";
import { db } from "../db/client";
import { caseStudies, type CaseStudy } from "../db/schema";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "./admin-list";

// Admin side of case_studies; every function checks the admin role itself (GUIDE rule 2).

const SEARCH = [caseStudies.title, caseStudies.companyName, caseStudies.industry, caseStudies.challenge, caseStudies.solution, caseStudies.results];
const SORTS = { created_at: caseStudies.createdAt, title: caseStudies.title, company_name: caseStudies.companyName, featured: caseStudies.featured };

export async function listCaseStudiesForAdmin(params: ListParams): Promise<ListResult<CaseStudy>> {
  await requireAdmin();
  return listPage<CaseStudy>({ table: caseStudies, where: [searchWhere(params.q, SEARCH)], sortable: SORTS, defaultSort: "created_at", params });
}

export async function countCaseStudiesForAdmin(params: ListParams): Promise<number> {
  await requireAdmin();
  return countWhere(caseStudies, and(searchWhere(params.q, SEARCH)));
}

export async function createCaseStudy(data: CaseStudyData): Promise<string> {
  await requireAdmin();
  const [row] = await db().insert(caseStudies).values(data).returning({ id: caseStudies.id });
  return row!.id;
}

export async function updateCaseStudy(id: string, data: CaseStudyData): Promise<boolean> {
  await requireAdmin();
  const rows = await db().update(caseStudies).set(data).where(eq(caseStudies.id, id)).returning({ id: caseStudies.id });
  return rows.length === 1;
}

export async function deleteCaseStudy(id: string): Promise<boolean> {
  await requireAdmin();
  const rows = await db().delete(caseStudies).where(eq(caseStudies.id, id)).returning({ id: caseStudies.id });
  return rows.length === 1;
}
