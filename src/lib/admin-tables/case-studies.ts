import type { CaseStudy } from "@/server/kernel/db/schema";
import { caseStudyHref, caseStudySlugFromTitle } from "../case-studies";
import { LIMITS } from "../limits";
import { CaseStudySchema, INVALID_JSON_MESSAGE } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

/** Case studies; their slug and its redirect when it changes are hooks in src/server/dashboard/admin-hooks.ts. */
export const caseStudiesTable = defineTable<CaseStudy>({
  id: "case-studies",
  table: "caseStudies",
  label: "Case Studies",
  noun: { one: "case study", many: "case studies", title: "Case Study" },
  access: CONTENT_DESK,
  schema: CaseStudySchema,
  search: ["title", "slug", "companyName", "industry", "challenge", "solution", "results"],
  sorts: {
    created_at: { column: "createdAt", label: "Date" },
    title: { column: "title", label: "Title" },
    company_name: { column: "companyName", label: "Company" },
    featured: { column: "featured", label: "Featured" },
  },
  defaultSort: "created_at",
  wide: true,
  fields: [
    { name: "title", label: "Title", control: "text", required: true, max: LIMITS.title },
    {
      name: "slug",
      label: "Slug",
      control: "text",
      max: LIMITS.slug,
      derive: { from: "title", with: caseStudySlugFromTitle, madeBySave: true },
      hint: "The page's address, /case-studies/<slug>: made from the title; you can change it. A featured study's old address then leads to the new one.",
      half: true,
    },
    { name: "companyName", label: "Company name", control: "text", required: true, max: LIMITS.company, half: true },
    { name: "industry", label: "Industry", control: "text", max: LIMITS.company, half: true },
    {
      name: "timeframe",
      label: "Timeframe",
      control: "text",
      max: LIMITS.timeframe,
      placeholder: "18 months",
      hint: "Left empty, the page shows no timeframe.",
      half: true,
    },
    { name: "challenge", label: "Challenge", control: "textarea", rows: 3, max: LIMITS.longText },
    { name: "solution", label: "Solution", control: "textarea", rows: 3, max: LIMITS.longText },
    { name: "results", label: "Results", control: "textarea", rows: 2, max: LIMITS.longText },
    {
      name: "metrics",
      label: "Metrics (JSON)",
      control: "json",
      rows: 4,
      hint: 'A JSON object of label to value, e.g. {"revenue_growth": "300%", "roas": "4.5x"}. Percentages are drawn as the result chart when there is no image; left empty, no figure is shown.',
    },
    { name: "services", label: "Services", control: "list", separator: "comma", placeholder: "SEO Optimization, Paid Ads, CRO", hint: "Comma-separated." },
    {
      name: "journey",
      label: "Growth journey",
      control: "list",
      separator: "line",
      rows: 4,
      placeholder: "Month 1-3: Audited the website, tracking and ad accounts.\nMonth 4-6: Rebuilt campaigns around the most profitable products.",
      hint: "One step per line. Left empty, the page shows no journey.",
    },
    {
      name: "testimonialQuote",
      label: "Testimonial quote",
      control: "textarea",
      rows: 3,
      max: LIMITS.longText,
      half: true,
      hint: "The client's own words. Left empty, the page shows no testimonial.",
    },
    { name: "testimonialAuthor", label: "Testimonial author", control: "text", max: LIMITS.shortText, half: true, hint: "Name, role." },
    { name: "imageUrl", label: "Image", control: "image" },
    { name: "logoUrl", label: "Logo", control: "image" },
    { name: "featured", label: "Featured (published: its own page, the case studies page, the home and service pages)", control: "checkbox" },
  ],
  summary: (r) => ({
    title: r.title,
    badges: r.featured ? [{ label: "Featured" }] : [],
    line: [`${caseStudyHref(r.slug)} · ${r.companyName}${r.industry ? ` · ${r.industry}` : ""}`],
  }),
  invalidToast: (errors) => (errors.metrics === INVALID_JSON_MESSAGE ? { title: "Invalid JSON", message: INVALID_JSON_MESSAGE } : null),
});
