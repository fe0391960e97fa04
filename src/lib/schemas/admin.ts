import { z } from "zod";
import "./jitless";
import { parseTags } from "../blog";
import { isServiceSlug } from "@/content/services";
import { DEAL_VALUE_MAX, LIMITS, SLUG_PATTERN, STAGE_KEY_MAX, STAGE_KEY_PATTERN, DEFAULT_TEAM_POSITION, TEAM_POSITION_MAX } from "../limits";
import { fromSiteDateTimeInput } from "../site-time";
import { controlCharacter } from "../text-safety";
import { checkPublicUrl, isOwnImagePath, type UrlRefusal } from "../url-safety";
import { FREE_AUDIT_REVENUE_BRACKETS, emailField, mobileField, nameField, plainString, websiteField } from "./lead-forms";

/**
 * The admin dialogs' schemas, parsed from the dialog's FormData on the client before
 * sending and again in the Server Action. Optional text becomes null; checkboxes arrive as "on".
 */

/** `multiline`: a text area, where TAB, LF and CR are accepted; every other control character is refused. */
const optionalText = (label: string, max: number, multiline = false) =>
  plainString(label, { multiline })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : null));

const requiredText = (label: string, max: number, multiline = false) =>
  plainString(label, { multiline, error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/**
 * A title (a post's, a case study's, a meta title): trimmed, and inner runs of spaces collapsed to
 * one, since a page title or a search result shows them as one anyway and a slug or counter would
 * count them. Tabs and line breaks are refused as in any one-line text.
 */
const collapseSpaces = (v: string) => v.replace(/\s{2,}/g, " ");
const titleText = (label: string, max: number) => requiredText(label, max).transform(collapseSpaces);
const optionalTitle = (label: string, max: number) => optionalText(label, max).transform((v) => (v === null ? null : collapseSpaces(v)));

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");

const IMAGE_MESSAGES: Record<UrlRefusal, string> = {
  invalid: "Enter an image address starting with https:// (or upload a file).",
  scheme: "Enter an image address starting with https:// (or upload a file).",
  form: "Enter an image address starting with https://, or a path under /images/ or /api/media/ on this site, without spaces or backslashes (or upload a file).",
  userinfo: 'Enter an image address without a name and "@" before the host (or upload a file).',
  ip: "Enter an image address with a host name, not an IP address (or upload a file).",
  local: "Enter an image address on the public internet: localhost and local network names are not accepted (or upload a file).",
  host: "Enter an image address whose host name is letters, digits and hyphens separated by dots (or upload a file).",
  character: "Enter an image address without quotes, angle brackets (< >), backticks or braces (or upload a file).",
};

/**
 * An image: an http(s) address on a public host name (url-safety.ts), or a path this site serves
 * itself: an upload under /api/media/, a file under /images/ (docs/decisions/0023).
 */
export const imageField = z
  .string()
  .trim()
  .max(LIMITS.url, `Image address must be at most ${LIMITS.url} characters.`)
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    if (isOwnImagePath(value)) return value;
    const checked = checkPublicUrl(value);
    if ("url" in checked) return checked.url;
    ctx.addIssue({ code: "custom", message: IMAGE_MESSAGES[checked.refusal] });
    return z.NEVER;
  });

// ---- Leads and messages ---------------------------------------------------------------------

/** A desk member's account id, or nobody; the server checks that it is a member (ADR 0050). */
const ownerField = z
  .string()
  .trim()
  .max(100, "Choose a member of the team who works on leads.")
  .optional()
  .transform((v) => (v ? v : null));

/** A day as <input type="date"> sends it, in the site's calendar; empty for none. `what` names it in the messages. */
const calendarDay = (what: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine(
      (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
      {
        message: `Enter the ${what} as a calendar day, e.g. 2026-12-01.`,
      },
    )
    .refine((v) => !v || (v >= "2000-01-01" && v <= "2100-12-31"), { message: `Enter a ${what} between 2000 and 2100.` })
    .transform((v) => (v ? v : null));

const followUpField = calendarDay("follow-up date");

/** Who follows a lead or message up and when: both inbox dialogs and the bulk "assign". */
export const followUpFields = { ownerId: ownerField, followUpOn: followUpField };

/**
 * The brackets the lead dialog offered before it took the public form's (FREE_AUDIT_REVENUE_BRACKETS,
 * the one list both offer): never offered now, still accepted, so a lead saved with one can be edited
 * without losing it.
 */
export const EARLIER_REVENUE_CHOICES = ["Under 1 Lakh", "1-5 Lakhs", "5-25 Lakhs", "25 Lakhs-1 Crore", "1-5 Crores", "Above 5 Crores"] as const;
export const LEAD_STATUS_LABELS = { new: "New", contacted: "Contacted", qualified: "Qualified", won: "Won", lost: "Lost" } as const;
export const MESSAGE_STATUS_LABELS = { new: "New", replied: "Replied", archived: "Archived" } as const;

/**
 * A lead's status: the key of a stage, built-in or custom (docs/decisions/0067). Only its form is
 * checked here (the browser has no list of stages); the server checks that the stage exists, and
 * the database's foreign key refuses one that does not.
 */
export const stageKeyField = z
  .string({ error: "Choose a status." })
  .trim()
  .max(STAGE_KEY_MAX, "Choose a status.")
  .regex(STAGE_KEY_PATTERN, "Choose a status.")
  .default("new");

/** Whole rupees as typed: digits, optionally grouped with commas (1,50,000) or spaces, an optional ₹; empty for none. */
export const dealValueField = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    const text = (v ?? "").replace(/^₹\s*/, "").replace(/[,\s]/g, "");
    if (!text) return null;
    if (!/^\d+$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "Enter the deal value in whole rupees, e.g. 150000." });
      return z.NEVER;
    }
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value > DEAL_VALUE_MAX) {
      ctx.addIssue({ code: "custom", message: `Enter a deal value of at most ${DEAL_VALUE_MAX.toLocaleString("en-IN")} rupees.` });
      return z.NEVER;
    }
    return value;
  });

/** A lead's deal: its value in rupees and the day it is expected to close (docs/decisions/0067). */
export const dealFields = { dealValue: dealValueField, expectedCloseOn: calendarDay("expected close date") };

export const AdminLeadSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  websiteUrl: websiteField,
  // The public form's brackets, which the dialog offers too; an earlier bracket a lead already has is kept.
  monthlyRevenue: z
    .union([z.enum(FREE_AUDIT_REVENUE_BRACKETS), z.enum(EARLIER_REVENUE_CHOICES), z.literal("")], { error: "Choose a revenue range." })
    .optional()
    .transform((v) => (v ? v : null)),
  growthChallenge: optionalText("Growth challenge", LIMITS.longText, true),
  status: stageKeyField,
  notes: optionalText("Notes", LIMITS.longText, true),
  ...followUpFields,
  // What is to be done on the follow-up day, edited beside it (docs/decisions/0101).
  nextStep: optionalText("Next step", LIMITS.nextStep),
  ...dealFields,
});
export type AdminLeadData = z.output<typeof AdminLeadSchema>;

export const AdminMessageSchema = z.object({
  name: nameField,
  email: emailField,
  mobileNumber: mobileField,
  company: optionalText("Company", LIMITS.company),
  message: requiredText("Message", LIMITS.message, true),
  status: z.enum(["new", "replied", "archived"], { error: "Choose a status." }).default("new"),
  notes: optionalText("Notes", LIMITS.longText, true),
  ...followUpFields,
});
export type AdminMessageData = z.output<typeof AdminMessageSchema>;

// ---- Case studies -----------------------------------------------------------------------------

export const METRICS_MAX_ENTRIES = 20;
export const METRIC_LABEL_MAX = 60;
export const METRIC_VALUE_MAX = 120;
export const INVALID_JSON_MESSAGE = "Please enter valid JSON for metrics.";

/** Characters nobody sees: white space of any kind and every C0/C1 control. */
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f]/;

/** "U+000B vertical tab", "U+00A0 no-break space", "U+3000 space character". */
function invisibleName(character: string): string {
  const control = controlCharacter(character);
  if (control) return control;
  const code = character.codePointAt(0)!;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")} ${code === 0xa0 || code === 0x202f ? "no-break space" : "space character"}`;
}

/** A number as JSON.parse read it, with its literal when the engine gives it (JSON.parse source text access). */
class NumberLiteral {
  constructor(
    readonly value: number,
    readonly source: string | undefined,
  ) {}
}

/** A decimal literal's exact value as sign, significant digits and exponent ("1.50" and "15e-1" give "15e-1"). */
function exactDecimal(literal: string): string | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return undefined;
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  const digits = `${whole}${fraction}`.replace(/^0+/, "");
  if (!digits) return "0";
  const significant = digits.replace(/0+$/, "");
  return `${sign}${significant}e${BigInt(exponent) - BigInt(fraction.length) + BigInt(digits.length - significant.length)}`;
}

/**
 * Why a metric number cannot be stored as written, or null. Values are stored as text (String of
 * the number), so 1e309 would become "Infinity" and 9007199254740993 "9007199254740992".
 */
function numberProblem(label: string, number: NumberLiteral): string | null {
  const written = number.source ?? String(number.value);
  const quoted = `write it as text in quotes, like "${written.slice(0, 30)}"`;
  if (!Number.isFinite(number.value)) return `Metric "${label}": ${written.slice(0, 30)} is too large to store as a number; ${quoted}.`;
  if (Number.isInteger(number.value) && !Number.isSafeInteger(number.value)) {
    return `Metric "${label}": ${written.slice(0, 30)} is beyond the largest exact whole number (${Number.MAX_SAFE_INTEGER}); ${quoted}.`;
  }
  if (number.source !== undefined && exactDecimal(number.source) !== exactDecimal(String(number.value))) {
    return `Metric "${label}": ${written.slice(0, 30)} has more precision than a number can keep (it would be stored as ${String(number.value)}); ${quoted}.`;
  }
  return null;
}

/** Why a metric's label or value (single-line text) cannot be stored as sent, or null. */
function metricTextProblem(label: string, text: string): string | null {
  if (!text.isWellFormed()) return `Metric "${label}" contains a broken character (a lone UTF-16 surrogate, like \\uD800), which cannot be stored. Remove it.`;
  const control = controlCharacter(text);
  return control ? `Metric "${label}" contains an invisible control character (${control}), which cannot be stored. Remove it.` : null;
}

/**
 * Metrics must parse as JSON, else 'Invalid JSON' and nothing is saved; here also a flat object of short texts
 * or numbers, each stored exactly as written: no byte-order mark in front, no number that a double
 * cannot hold exactly, no NUL, lone surrogate or control character escaped in a string
 * (docs/decisions/0023). Every problem gets its own message beside the field.
 */
export const metricsField = z
  .string()
  .max(8000, "Metrics must be at most 8,000 characters.")
  .optional()
  .transform((raw, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    // String.prototype.trim removes U+FEFF: look for it before trimming.
    if (raw && /^\s*\uFEFF|\uFEFF\s*$/.test(raw)) {
      return fail("Metrics start or end with an invisible byte-order mark (U+FEFF), which some editors add. Remove it and save again.");
    }
    // Only JSON's own white space is trimmed (JSON.parse would skip it anyway): empty or only spaces,
    // tabs and line breaks is no metrics, as every optional field. Any other invisible character at
    // either end (VT, FF, NEL, no-break or ideographic spaces, line separators), which a trim would
    // drop silently, is refused and named.
    const value = raw?.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
    if (!value) return {} as Record<string, string>;
    if (INVISIBLE.test(value[0]!) || INVISIBLE.test(value.at(-1)!)) {
      const edge = INVISIBLE.test(value[0]!) ? value[0]! : value.at(-1)!;
      return fail(
        [...value].every((c) => INVISIBLE.test(c))
          ? `Metrics contain only blank characters (${invisibleName(edge)}), no JSON. Clear the field for no metrics, or enter a JSON object like {"revenue_growth": "300%"}.`
          : `Metrics start or end with an invisible character (${invisibleName(edge)}) that JSON does not allow. Remove it and save again.`,
      );
    }
    let parsed: unknown;
    try {
      const reviver = (_key: string, v: unknown, context?: { source?: string }) => (typeof v === "number" ? new NumberLiteral(v, context?.source) : v);
      parsed = JSON.parse(value, reviver as (key: string, v: unknown) => unknown);
    } catch {
      return fail(INVALID_JSON_MESSAGE);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || parsed instanceof NumberLiteral) {
      return fail('Metrics must be a JSON object, like {"revenue_growth": "300%"}.');
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.length > METRICS_MAX_ENTRIES) return fail(`Metrics can hold at most ${METRICS_MAX_ENTRIES} entries.`);
    const metrics: [string, string][] = [];
    for (const [label, entry] of entries) {
      // The label as the message can show it: controls and broken characters replaced.
      const shown = label
        .slice(0, 40)
        .toWellFormed()
        .replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD");
      if (typeof entry !== "string" && !(entry instanceof NumberLiteral)) {
        return fail(`Metric "${shown}" must be a short text or a number, not a list or an object.`);
      }
      const problem = metricTextProblem(shown, label) ?? (entry instanceof NumberLiteral ? numberProblem(shown, entry) : metricTextProblem(shown, entry));
      if (problem) return fail(problem);
      const text = (entry instanceof NumberLiteral ? String(entry.value) : entry).trim();
      if (!label.trim() || label.length > METRIC_LABEL_MAX || text.length > METRIC_VALUE_MAX) {
        return fail(`Each metric needs a label of at most ${METRIC_LABEL_MAX} characters and a value of at most ${METRIC_VALUE_MAX}.`);
      }
      metrics.push([label.trim(), text]);
    }
    // fromEntries defines own properties: a "__proto__" label stays a metric.
    return Object.fromEntries(metrics) as Record<string, string>;
  });

const lines = (label: string, maxItems: number, maxLength: number, separator: RegExp, multiline = false) =>
  plainString(label, { multiline })
    .optional()
    .transform((value, ctx) => {
      const items = (value ?? "")
        .split(separator)
        .map((s) => s.trim())
        .filter(Boolean);
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

/**
 * A slug as the dashboard types it: lower-case letters, digits and single hyphens. `optional`: left
 * empty, the data layer makes one from the title (a case study sent by the API without one).
 */
const slugText = (example: string) =>
  z
    .string({ error: "Slug is required." })
    .trim()
    .max(LIMITS.slug, `Slug must be at most ${LIMITS.slug} characters.`)
    .regex(SLUG_PATTERN, `Use lower-case letters, digits and single hyphens only, like ${example}.`);

export const CaseStudySchema = z.object({
  title: titleText("Title", LIMITS.title),
  slug: z
    .union([z.literal(""), slugText("how-ecostore-tripled-revenue")])
    .optional()
    .transform((v) => v || null),
  companyName: requiredText("Company name", LIMITS.company),
  industry: optionalText("Industry", LIMITS.company),
  challenge: optionalText("Challenge", LIMITS.longText, true),
  solution: optionalText("Solution", LIMITS.longText, true),
  results: optionalText("Results", LIMITS.longText, true),
  featured: checkbox,
  imageUrl: imageField,
  logoUrl: imageField,
  metrics: metricsField,
  timeframe: plainString("Timeframe")
    .trim()
    .max(LIMITS.timeframe, `Timeframe must be at most ${LIMITS.timeframe} characters.`)
    .optional()
    .transform((v) => v || null),
  services: lines("Services", LIMITS.services, LIMITS.serviceName, /,/),
  journey: lines("Growth journey", LIMITS.journeySteps, LIMITS.journeyStep, /\r?\n/, true),
  testimonialQuote: optionalText("Testimonial", LIMITS.longText, true),
  testimonialAuthor: optionalText("Testimonial author", LIMITS.shortText),
});
export type CaseStudyData = z.output<typeof CaseStudySchema>;

// ---- Testimonials -----------------------------------------------------------------------------

export const TestimonialSchema = z.object({
  clientName: requiredText("Client name", LIMITS.personName),
  company: requiredText("Company", LIMITS.company),
  role: optionalText("Role", LIMITS.role),
  content: requiredText("Testimonial", LIMITS.longText, true),
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

// ---- Authors ----------------------------------------------------------------------------------

/** A profile's link: an https:// (or http://) address on a public host, stored as the browser will send it. */
const profileLink = (label: string) =>
  z
    .string()
    .trim()
    .max(LIMITS.url, `${label} must be at most ${LIMITS.url} characters.`)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const checked = checkPublicUrl(value);
      if ("url" in checked) return checked.url;
      ctx.addIssue({ code: "custom", message: `Enter the ${label} address as a full public address starting with https://.` });
      return z.NEVER;
    });

/** An author of the blog (docs/decisions/0069): the name must match the posts' "Author name". */
export const AuthorSchema = z.object({
  name: requiredText("Name", LIMITS.personName),
  role: optionalText("Role", LIMITS.role),
  bio: optionalText("Short bio", LIMITS.authorBio, true),
  photoUrl: imageField,
  linkedinUrl: profileLink("LinkedIn"),
  xUrl: profileLink("X"),
  websiteUrl: profileLink("website"),
  onTeamPage: checkbox,
  // Left empty: after everyone placed by hand (the column's default).
  teamPosition: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: `Enter a position from 1 to ${TEAM_POSITION_MAX}.` })
      .int(`Enter a position from 1 to ${TEAM_POSITION_MAX}.`)
      .min(1, `Enter a position from 1 to ${TEAM_POSITION_MAX}.`)
      .max(TEAM_POSITION_MAX, `Enter a position from 1 to ${TEAM_POSITION_MAX}.`)
      .default(DEFAULT_TEAM_POSITION),
  ),
  teamLine: optionalText("Team page line", LIMITS.teamLine),
  leadsService: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isServiceSlug(v), "Choose one of the services, or none.")
    .transform((v) => v || null),
});
export type AuthorData = z.output<typeof AuthorSchema>;

// ---- Blog posts -------------------------------------------------------------------------------

/** A `datetime-local` value in the site's time zone (src/lib/site-time.ts), stored as an instant. */
const siteDateTime = (label: string) =>
  z
    .string()
    .trim()
    .max(40, `Enter ${label} as a date and time, like 24/11/2026 09:30.`)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const instant = fromSiteDateTimeInput(value);
      if (instant) return instant;
      ctx.addIssue({ code: "custom", message: `Enter ${label} as a date and time, like 24/11/2026 09:30.` });
      return z.NEVER;
    });

export const BlogPostSchema = z
  .object({
    title: titleText("Title", LIMITS.title),
    slug: z
      .string({ error: "Slug is required." })
      .trim()
      .min(1, "Slug is required.")
      .max(LIMITS.slug, `Slug must be at most ${LIMITS.slug} characters.`)
      .regex(SLUG_PATTERN, "Use lower-case letters, digits and single hyphens only, like my-first-post."),
    excerpt: optionalText("Excerpt", LIMITS.excerpt, true),
    content: requiredText("Content", LIMITS.blogContent, true),
    featuredImageUrl: imageField,
    authorName: requiredText("Author name", LIMITS.personName),
    published: checkbox,
    featured: checkbox,
    metaTitle: optionalTitle("Meta title", LIMITS.metaTitle),
    metaDescription: optionalText("Meta description", LIMITS.metaDescription, true),
    tags: plainString("Tags")
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
    hiddenFromSearch: checkbox,
    publishAt: siteDateTime("Publish at"),
    unpublishAt: siteDateTime("Unpublish at"),
  })
  .superRefine((post, ctx) => {
    // Scheduling (docs/decisions/0040): times in the past would act at once, which "Published" says
    // more plainly; a scheduled post is a draft until its time.
    const now = Date.now();
    if (post.publishAt) {
      if (post.publishAt.getTime() <= now) ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Publish at must be in the future." });
      else if (post.published)
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Untick Published to schedule this post, or clear Publish at to publish it now." });
    }
    if (post.unpublishAt) {
      if (post.unpublishAt.getTime() <= now) ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: "Unpublish at must be in the future." });
      else if (post.publishAt && post.unpublishAt <= post.publishAt)
        ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: "Unpublish at must be after Publish at." });
      else if (!post.published && !post.publishAt)
        ctx.addIssue({ code: "custom", path: ["unpublishAt"], message: "A draft has nothing to unpublish: tick Published or set Publish at." });
    }
  });
export type BlogPostData = z.output<typeof BlogPostSchema>;

// ---- Media library ----------------------------------------------------------------------------

export const MediaSchema = z.object({
  altText: optionalText("Default alt text", LIMITS.title),
});
export type MediaData = z.output<typeof MediaSchema>;
