import "server-only";
import { desc, eq } from "drizzle-orm";
import { sampleTestimonials } from "@/content/samples";
import { db } from "../../kernel/db/client";
import { testimonials } from "../../kernel/db/schema";
import { errorFields, log } from "../../kernel/log";

export const FEATURED_TESTIMONIALS_LIMIT = 3;

export interface TestimonialCard {
  clientName: string;
  company: string;
  role: string | null;
  content: string;
  rating: number;
  imageUrl: string | null;
}

/** Home: up to 3 featured testimonials, newest first; the fallback samples when the read fails. */
export async function listFeaturedTestimonials(): Promise<TestimonialCard[]> {
  try {
    return await db()
      .select({
        clientName: testimonials.clientName,
        company: testimonials.company,
        role: testimonials.role,
        content: testimonials.content,
        rating: testimonials.rating,
        imageUrl: testimonials.imageUrl,
      })
      .from(testimonials)
      .where(eq(testimonials.featured, true))
      .orderBy(desc(testimonials.createdAt))
      .limit(FEATURED_TESTIMONIALS_LIMIT);
  } catch (error) {
    log("error", "featured testimonials unavailable; showing samples", errorFields(error));
    return sampleTestimonials.slice(0, FEATURED_TESTIMONIALS_LIMIT);
  }
}
