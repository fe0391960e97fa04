import "server-only";
import { and, eq } from "drizzle-orm";
import type { TestimonialData } from "@/lib/schemas/admin";
import { requireAdmin } from "../auth-guard";
import { db } from "../db/client";
import { testimonials, type Testimonial } from "../db/schema";
import { countWhere, listPage, searchWhere, type ListParams, type ListResult } from "./admin-list";

// Admin side of testimonials; every function checks the admin role itself (GUIDE rule 2).

const SEARCH = [testimonials.clientName, testimonials.company, testimonials.role, testimonials.content];
const SORTS = { created_at: testimonials.createdAt, client_name: testimonials.clientName, company: testimonials.company, rating: testimonials.rating, featured: testimonials.featured };

export async function listTestimonialsForAdmin(params: ListParams): Promise<ListResult<Testimonial>> {
  await requireAdmin();
  return listPage<Testimonial>({ table: testimonials, where: [searchWhere(params.q, SEARCH)], sortable: SORTS, defaultSort: "created_at", params });
}

export async function countTestimonialsForAdmin(params: ListParams): Promise<number> {
  await requireAdmin();
  return countWhere(testimonials, and(searchWhere(params.q, SEARCH)));
}

export async function createTestimonial(data: TestimonialData): Promise<string> {
  await requireAdmin();
  const [row] = await db().insert(testimonials).values(data).returning({ id: testimonials.id });
  return row!.id;
}

export async function updateTestimonial(id: string, data: TestimonialData): Promise<boolean> {
  await requireAdmin();
  const rows = await db().update(testimonials).set(data).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length === 1;
}

export async function deleteTestimonial(id: string): Promise<boolean> {
  await requireAdmin();
  const rows = await db().delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  return rows.length === 1;
}
