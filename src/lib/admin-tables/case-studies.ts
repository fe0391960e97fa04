import type { CaseStudy } from "@/server/db/schema";
import { LIMITS } from "../limits";
import { CaseStudySchema, INVALID_JSON_MESSAGE } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

export const caseStudiesTable = defineTable<CaseStudy>({
  id: "case-studies",
  table: "caseStudies",
  label: "Case Studies",
  noun: { one: "case study", many: "case studies", title: "Case Study" },
  access: CONTENT_DESK,
  schema: CaseStudySchema,
  search: ["title", "companyName", "industry", "challenge", "solution", "results"],
  sorts: {
    created_at: { column: "createdAt", label: "Date" },
    title: { column: "title", label: "Title" },
    company_name: { column: "companyName", label: "Company" },
    featured: { column: "featured", label: "Featured" },
  },
  defaultSort: "created_at",
  wide: true,
  fields: [
    { name: "title", label: "Title", control: "text", required: true, max: LIMITS.title, half: true },
    { name: "companyName", label: "Company name", control: "text", required: true, max: LIMITS.company, half: true },
    { name: "industry", label: "Industry", control: "text", max: LIMITS.company, half: true },
    { name: "timeframe", label: "Timeframe", control: "text", max: LIMITS.timeframe, initial: "18 months", half: true },
    { name: "challenge", label: "Challenge", control: "textarea", rows: 3, max: LIMITS.longText },
    { name: "solution", label: "Solution", control: "textarea", rows: 3, max: LIMITS.longText },
    { name: "results", label: "Results", control: "textarea", rows: 2, max: LIMITS.longText },
    {
      name: "metrics",
      label: "Metrics (JSON)",
      control: "json",
      rows: 4,
      hint: 'A JSON object of label to value, e.g. {"revenue_growth": "300%", "roas": "4.5x"}.',
    },
    { name: "services", label: "Services", control: "list", separator: "comma", initial: ["SEO Optimization", "Paid Ads", "CRO"], hint: "Comma-separated." },
    {
      name: "journey",
      label: "Growth journey",
      control: "list",
      separator: "line",
      rows: 4,
      hint: "One step per line, e.g. “Month 1-3: Audited tracking”. Left empty, the standard journey is shown.",
    },
    {
      name: "testimonialQuote",
      label: "Testimonial quote",
      control: "textarea",
      rows: 3,
      max: LIMITS.longText,
      half: true,
      hint: "Left empty, the standard placeholder testimonial is shown.",
    },
    { name: "testimonialAuthor", label: "Testimonial author", control: "text", max: LIMITS.shortText, half: true, hint: "Name, role." },
    { name: "imageUrl", label: "Image", control: "image" },
    { name: "featured", label: "Featured (shown on the home and case studies pages)", control: "checkbox" },
  ],
  summary: (r) => ({
    title: r.title,
    badges: r.featured ? [{ label: "Featured" }] : [],
    line: [`${r.companyName}${r.industry ? ` · ${r.industry}` : ""}`],
  }),
  invalidToast: (errors) => (errors.metrics === INVALID_JSON_MESSAGE ? { title: "Invalid JSON", message: INVALID_JSON_MESSAGE } : null),
});
