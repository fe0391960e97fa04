import type { Testimonial } from "@/server/kernel/db/schema";
import { LIMITS } from "../limits";
import { TestimonialSchema } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

export const testimonialsTable = defineTable<Testimonial>({
  id: "testimonials",
  table: "testimonials",
  label: "Testimonials",
  noun: { one: "testimonial", many: "testimonials", title: "Testimonial" },
  access: CONTENT_DESK,
  schema: TestimonialSchema,
  search: ["clientName", "company", "role", "content"],
  sorts: {
    created_at: { column: "createdAt", label: "Date" },
    client_name: { column: "clientName", label: "Client" },
    company: { column: "company" },
    rating: { column: "rating", label: "Rating" },
    featured: { column: "featured", label: "Featured" },
  },
  defaultSort: "created_at",
  fields: [
    { name: "clientName", label: "Client name", control: "text", required: true, max: LIMITS.personName, half: true },
    { name: "company", label: "Company", control: "text", required: true, max: LIMITS.company, half: true },
    { name: "role", label: "Role", control: "text", max: LIMITS.role, half: true },
    {
      name: "rating",
      label: "Rating",
      control: "select",
      required: true,
      options: [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${"★".repeat(n)} ${n} star${n === 1 ? "" : "s"}` })),
      initial: "5",
      half: true,
    },
    { name: "content", label: "Testimonial", control: "textarea", required: true, rows: 4, max: LIMITS.longText },
    { name: "imageUrl", label: "Photo", control: "image" },
    { name: "featured", label: "Featured (shown on the home page)", control: "checkbox" },
  ],
  summary: (r) => ({
    title: r.clientName,
    badges: r.featured ? [{ label: "Featured" }] : [],
    line: [`${[r.role, r.company].filter(Boolean).join(", ")} · `, { stars: r.rating }],
    detail: r.content,
    clampDetail: true,
  }),
});
