import { z } from "zod";
import "./jitless";
import { parseTags } from "../blog";
import { LIMITS, SLUG_PATTERN } from "../limits";
import { AUDIT_REVENUE_BRACKETS, emailField, mobileField, nameField, websiteField } from "./lead-forms";

/**
 * The admin dialogs' schemas (SPEC §5), parsed from the dialog's FormData on the client before
 * sending and again in the Server Action. Optional text becomes null; checkboxes arrive as "on".
 */

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

/** An image: an http(s) address or a path on this site (uploads are served under /api/media/). */
export const imageField = z
  .string()
  .trim()
  .max(LIMITS.url, `Image address must be at most ${LIMITS.url} characters.`)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    if (/^\/(?!\/)[^\s]*$/.test(value)) return value;
    try {
      const url = new URL(value);
      if (url.protocol === "http:" || url.protocol === "https:") return url.toString();
    } catch {
      // fall through
    }
    ctx.addIssue({ code: "custom", message: "Enter an image address starting with https:// (or upload a file)." });
    return z.NEVER;
  });

// ---- Leads and messages ---------------------------------------------------------------------

export const ADMIN_REVENUE_CHOICES = ["Under 1 Lakh", "1-5 Lakhs", "5-25 Lakhs", "25 Lakhs-1 Crore", "1-5 Crores", "Above 5 Crores"] as const;
export const LEAD_STATUS_LABELS = { new: "New", contacted: "Contacted", qualified: "Qualified", won: "Won", lost: "Lost" } as const;
export const MESSAGE_STATUS_LABELS = { new: "New", replied: "Replied", archived: "Archived" } as const;

export const AdminLeadSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  websiteUrl: websiteField,
  // The admin choices (SPEC §5), and the public form's brackets for leads that came from it.
  monthlyRevenue: z
    .union([z.enum(ADMIN_REVENUE_CHOICES), z.enum(AUDIT_REVENUE_BRACKETS), z.literal("")], { error: "Choose a revenue range." })
    .optional()
    .transform((v) => (v ? v : null)),
  growthChallenge: optionalText("Growth challenge", LIMITS.longText),
  status: z.enum(["new", "contacted", "qualified", "won", "lost"], { error: "Choose a status." }).default("new"),
  notes: optionalText("Notes", LIMITS.longText),
});
export type AdminLeadData = z.output<typeof AdminLeadSchema>;

export const AdminMessageSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  company: optionalText("Company", LIMITS.company),
  message: requiredText("Message", LIMITS.message),
  status: z.enum(["new", "replied", "archived"], { error: "Choose a status." }).default("new"),
  notes: optionalText("Notes", LIMITS.longText),
});
export type AdminMessageData = z.output<typeof AdminMessageSchema>;

// ---- Case studies -----------------------------------------------------------------------------

export const METRICS_MAX_ENTRIES = 20;
export const METRIC_LABEL_MAX = 60;
export const METRIC_VALUE_MAX = 120;
export const INVALID_JSON_MESSAGE = "Please enter valid JSON for metrics.";

/** SPEC §5: metrics must parse as JSON, else 'Invalid JSON'; here also a flat object of short texts. */
export const metricsField = z
  .string()
  .trim()
  .max(8000, "Metrics must be at most 8,000 characters.")
  .optional()
  .transform((value, ctx) => {
    if (!value) return {} as Record<string, string>;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: INVALID_JSON_MESSAGE });
      return z.NEVER;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: "custom", message: 'Metrics must be a JSON object, like {"revenue_growth": "300%"}.' });
      return z.NEVER;
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.length > METRICS_MAX_ENTRIES) {
      ctx.addIssue({ code: "custom", message: `Metrics can hold at most ${METRICS_MAX_ENTRIES} entries.` });
      return z.NEVER;
    }
    const metrics: Record<string, string> = {};
    for (const [label, raw] of entries) {
      if (typeof raw !== "string" && typeof raw !== "number") {
        ctx.addIssue({ code: "custom", message: `Metric "${label.slice(0, 40)}" must be a short text or a number, not a list or an object.` });
        return z.NEVER;
      }
      const text = String(raw).trim();
      if (!label.trim() || label.length > METRIC_LABEL_MAX || text.length > METRIC_VALUE_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `Each metric needs a label of at most ${METRIC_LABEL_MAX} characters and a value of at most ${METRIC_VALUE_MAX}.`,
        });
        return z.NEVER;
      }
      metrics[label.trim()] = text;
    }
    return metrics;
  });

const lines = (label: string, maxItems: number, maxLength: number, separator: RegExp) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const items = (value ?? "").split(separator).map((s) => s.trim()).filter(Boolean);
      if (items.length > maxItems) {
        ctx.addIssue({ code: "custom", message: `${label}: at most ${maxItems} entries.` });
        return z.NEVER;
      }
      if (items.some((i) => i.length > maxLength)) {
        ctx.addIssue({ code: "custom", message: `${label}: each entry at most ${maxLength} characters.` });
        return z.NEVER;
      }
      return items;
    });

export const CaseStudySchema = z.object({
  title: requiredText("Title", LIMITS.title),
  companyName: requiredText("Company name", LIMITS.company),
  industry: optionalText("Industry", LIMITS.company),
  challenge: optionalText("Challenge", LIMITS.longText),
  solution: optionalText("Solution", LIMITS.longText),
  results: optionalText("Results", LIMITS.longText),
  featured: checkbox,
  imageUrl: imageField,
  metrics: metricsField,
  timeframe: z
    .string()
    .trim()
    .max(LIMITS.timeframe, `Timeframe must be at most ${LIMITS.timeframe} characters.`)
    .optional()
    .transform((v) => v || "18 months"),
  services: lines("Services", LIMITS.services, LIMITS.serviceName, /,/),
  journey: lines("Growth journey", LIMITS.journeySteps, LIMITS.journeyStep, /\r?\n/),
  testimonialQuote: optionalText("Testimonial", LIMITS.longText),
  testimonialAuthor: optionalText("Testimonial author", LIMITS.shortText),
});
export type CaseStudyData = z.output<typeof CaseStudySchema>;

// ---- Testimonials -----------------------------------------------------------------------------

export const TestimonialSchema = z.object({
  clientName: requiredText("Client name", LIMITS.personName),
  company: requiredText("Company", LIMITS.company),
  role: optionalText("Role", LIMITS.role),
  content: requiredText("Testimonial", LIMITS.longText),
  rating: z.coerce
    .number({ error: "Choose a rating from 1 to 5 stars." })
    .int("Choose a rating from 1 to 5 stars.")
    .min(1, "Choose a rating from 1 to 5 stars.")
    .max(5, "Choose a rating from 1 to 5 stars.")
    .default(5),
  featured: checkbox,
  imageUrl: imageField,
});
export type TestimonialData = z.output<typeof TestimonialSchema>;

// ---- Blog posts -------------------------------------------------------------------------------

export const BlogPostSchema = z.object({
  title: requiredText("Title", LIMITS.title),
  slug: z
    .string({ error: "Slug is required." })
    .trim()
    .min(1, "Slug is required.")
    .max(LIMITS.slug, `Slug must be at most ${LIMITS.slug} characters.`)
    .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens only, like my-first-post."),
  excerpt: optionalText("Excerpt", LIMITS.excerpt),
  content: requiredText("Content", LIMITS.blogContent),
  featuredImageUrl: imageField,
  authorName: requiredText("Author name", LIMITS.personName),
  published: checkbox,
  featured: checkbox,
  metaTitle: optionalText("Meta title", LIMITS.metaTitle),
  metaDescription: optionalText("Meta description", LIMITS.metaDescription),
  tags: z
    .string()
    .max(2000, "Tags must be at most 2,000 characters.")
    .optional()
    .transform((value, ctx) => {
      const tags = parseTags(value ?? "");
      if (tags.length > LIMITS.tagsPerPost) {
        ctx.addIssue({ code: "custom", message: `At most ${LIMITS.tagsPerPost} tags.` });
        return z.NEVER;
      }
      if (tags.some((t) => t.length > LIMITS.tag)) {
        ctx.addIssue({ code: "custom", message: `Each tag must be at most ${LIMITS.tag} characters.` });
        return z.NEVER;
      }
      return tags;
    }),
});
export type BlogPostData = z.output<typeof BlogPostSchema>;
