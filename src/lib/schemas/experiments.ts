import { z } from "zod";
import "./jitless";
import type { ExperimentGoal, ExperimentStatus, ExperimentTarget, ExperimentVariant, VariantCopy } from "@/server/kernel/db/schema";
import {
  HERO_IMAGES,
  HOME_SECTION_ORDERS,
  PAGE_TARGETS,
  isHeroImage,
  isHomeSectionOrder,
  isPageTarget,
  pathFitsTarget,
  type PageTargetName,
} from "@/lib/experiments";

/**
 * The Experiments screen's form (docs/decisions/0104): an A/B experiment on one part of the site's
 * copy, judged on one goal. A form posts flat text fields, so each variant is a numbered group of
 * fields (`variant1Name`, `variant1Headline`...); variant 0 is the control, which shows the page as it
 * is, so only its weight is asked for. This module ships to the browser: the lists below repeat the
 * database's (schema.ts), and tests/experiments-schema.test.ts proves they agree.
 */

export const EXPERIMENT_TARGET_LABELS = {
  "home-hero": "Home page hero",
  "header-cta": "Header call to action",
  "free-audit-hero": "Free-audit page opening",
  "service-hero": "A service page's hero",
  "case-study-hero": "A case study's opening",
  "article-heading": "A blog article's heading",
} as const satisfies Record<ExperimentTarget, string>;

/** What a page target's page is called in the form's page list and its messages. */
export const PAGE_KIND_LABELS = {
  "service-hero": "service page",
  "case-study-hero": "case study",
  "article-heading": "blog article",
} as const satisfies Record<PageTargetName, string>;

/** A page an experiment may name: its path and its title, for the form's list. */
export interface TargetPage {
  path: string;
  title: string;
}

/** The pages of each kind that exist now (src/server/experiments/data/pages.ts reads them). */
export type TargetPages = Record<PageTargetName, TargetPage[]>;

export const EXPERIMENT_GOAL_LABELS = {
  "free-audit": "Free-audit lead",
  contact: "Contact message",
  "booked-call": "Booked call",
  qualified: "Qualified lead",
  "won-value": "Won value",
} as const satisfies Record<ExperimentGoal, string>;

export const EXPERIMENT_STATUS_LABELS = { draft: "Draft", running: "Running", stopped: "Stopped" } as const satisfies Record<ExperimentStatus, string>;

export const TARGETS = Object.keys(EXPERIMENT_TARGET_LABELS) as ExperimentTarget[];
export const GOALS = Object.keys(EXPERIMENT_GOAL_LABELS) as ExperimentGoal[];

/** A control and one to three challengers: more would split a small site's visitors too thin to read. */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;
export const CONTROL_NAME = "Control";

export const EXPERIMENT_LIMITS = {
  name: 120,
  variantName: 40,
  headline: 120,
  subheadline: 300,
  ctaText: 40,
  ctaHref: 200,
  heroImage: 40,
  sectionOrder: 40,
} as const;

/**
 * A variant's copy fields as the form names them, with their labels. The last two are choices from
 * the site's own lists (an image, an order of home's sections), never free text.
 */
export const COPY_FIELDS = [
  { key: "headline", suffix: "Headline", label: "Headline" },
  { key: "subheadline", suffix: "Subheadline", label: "Subheadline" },
  { key: "ctaText", suffix: "CtaText", label: "Button text" },
  { key: "ctaHref", suffix: "CtaHref", label: "Button link" },
  { key: "heroImage", suffix: "HeroImage", label: "Hero image" },
  { key: "sectionOrder", suffix: "SectionOrder", label: "Section order" },
] as const satisfies readonly { key: keyof VariantCopy; suffix: string; label: string }[];

type CopyKey = (typeof COPY_FIELDS)[number]["key"];

/**
 * The fields each target shows, so the ones a variant may change: a page part has only what the page
 * itself shows there (a case study's opening and an article's heading have a title and no more; the
 * header has a button only). A field its target does not show is refused rather than stored unseen.
 */
export const TARGET_FIELDS = {
  "home-hero": ["headline", "subheadline", "ctaText", "ctaHref", "heroImage", "sectionOrder"],
  "header-cta": ["ctaText", "ctaHref"],
  "free-audit-hero": ["headline", "subheadline"],
  "service-hero": ["headline", "subheadline", "ctaText", "ctaHref"],
  "case-study-hero": ["headline"],
  "article-heading": ["headline"],
} as const satisfies Record<ExperimentTarget, readonly CopyKey[]>;

/** How a stored value reads on the dashboard: an image's or an order's label rather than its key. */
export function copyValueLabel(key: CopyKey, value: string): string {
  if (key === "heroImage") return isHeroImage(value) ? HERO_IMAGES[value].label : value;
  if (key === "sectionOrder") return isHomeSectionOrder(value) ? HOME_SECTION_ORDERS[value].label : value;
  return value;
}

const fieldList = (target: ExperimentTarget) => {
  const names = TARGET_FIELDS[target].map((key) => COPY_FIELDS.find((f) => f.key === key)!.label.toLowerCase());
  return names.length === 1 ? `the ${names[0]}` : `the ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
};

export const variantField = (index: number, suffix: "Name" | "Weight" | (typeof COPY_FIELDS)[number]["suffix"]) => `variant${index}${suffix}`;

const VARIANT_FIELDS = Array.from({ length: MAX_VARIANTS }, (_, i) =>
  i === 0 ? [variantField(0, "Weight")] : [variantField(i, "Name"), variantField(i, "Weight"), ...COPY_FIELDS.map((f) => variantField(i, f.suffix))],
).flat();

export const EXPERIMENT_FIELDS = ["id", "name", "target", "targetPath", "goal", "trafficPercent", "minDays", ...VARIANT_FIELDS] as const;

const whole = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label}: a whole number from ${min} to ${max}.` })
    .trim()
    .regex(/^\d{1,4}$/, `${label}: a whole number from ${min} to ${max}.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label}: a whole number from ${min} to ${max}.`);

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ?? "").trim());

/**
 * Where a variant's button leads: a path on this site. A protocol-relative `//host` or a backslash
 * (which browsers read as a slash) would leave the site, so neither is taken anywhere in the path.
 */
export function ctaHrefProblem(href: string): string | null {
  if (href.length > EXPERIMENT_LIMITS.ctaHref) return `The button link must be at most ${EXPERIMENT_LIMITS.ctaHref} characters.`;
  if (!href.startsWith("/")) return "The button link must be a path on this site starting with /, e.g. /free-audit.";
  if (href.includes("//") || href.includes("\\")) return "The button link must be a path on this site: no // and no backslash.";
  if (/\s/.test(href)) return "The button link cannot contain spaces.";
  return null;
}

/** Why a page target's path names no page of `pages`, in the form's words; null when it names one. */
export function missingPageProblem(target: PageTargetName, path: string, pages: TargetPages): string | null {
  return pages[target].some((page) => page.path === path)
    ? null
    : `There is no published ${PAGE_KIND_LABELS[target]} at ${path.slice(0, 120)}: choose one from the list (it starts with ${PAGE_TARGETS[target]}).`;
}

/**
 * The form's schema, given the pages that exist now: a page target's page must be one of them (a
 * slug typed into the address, or a page unpublished since the form was opened, is refused). Without
 * the pages only the path's shape is checked; the caller checks `missingPageProblem` itself.
 */
export const experimentSchema = (pages?: TargetPages) =>
  z
    .object({
      id: z
        .string()
        .trim()
        .optional()
        .transform((v) => v || undefined)
        .refine((v) => v === undefined || /^[0-9a-f-]{36}$/.test(v), "Unknown experiment."),
      name: z
        .string({ error: "Give the experiment a name." })
        .trim()
        .min(1, "Give the experiment a name.")
        .max(EXPERIMENT_LIMITS.name, `The name must be at most ${EXPERIMENT_LIMITS.name} characters.`),
      target: z.enum(TARGETS, { error: `Choose what the experiment changes: ${Object.values(EXPERIMENT_TARGET_LABELS).join(", ")}.` }),
      targetPath: optionalText,
      goal: z.enum(GOALS, { error: `Choose the goal: ${Object.values(EXPERIMENT_GOAL_LABELS).join(", ")}.` }),
      trafficPercent: whole("Share of visitors in the experiment (%)", 1, 100),
      minDays: whole("Days to run at least", 1, 365),
      ...Object.fromEntries(VARIANT_FIELDS.map((field) => [field, optionalText])),
    })
    .transform((data, ctx) => {
      const values = data as unknown as Record<string, string>;
      const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
      const weightOf = (index: number, label: string): number => {
        const field = variantField(index, "Weight");
        const text = values[field] ?? "";
        const weight = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
        if (!(weight >= 1 && weight <= 100)) issue(field, `${label}'s weight: a whole number from 1 to 100.`);
        return weight;
      };
      const target = data.target;
      let targetPath: string | null = null;
      if (isPageTarget(target)) {
        const kind = PAGE_KIND_LABELS[target];
        const path = data.targetPath;
        if (path === "") issue("targetPath", `Choose the ${kind} the experiment runs on.`);
        else if (!pathFitsTarget(target, path))
          issue("targetPath", missingPageProblem(target, path, { "service-hero": [], "case-study-hero": [], "article-heading": [] })!);
        else if (pages && missingPageProblem(target, path, pages)) issue("targetPath", missingPageProblem(target, path, pages)!);
        else targetPath = path;
      } else if (data.targetPath !== "")
        issue(
          "targetPath",
          `${EXPERIMENT_TARGET_LABELS[target]} is on its own page already: leave the page empty, or choose a service page, a case study or an article to change.`,
        );
      const shown: readonly CopyKey[] = TARGET_FIELDS[target];
      const variants: ExperimentVariant[] = [{ name: CONTROL_NAME, weight: weightOf(0, CONTROL_NAME), copy: {} }];
      for (let index = 1; index < MAX_VARIANTS; index++) {
        const name = values[variantField(index, "Name")] ?? "";
        const filled = [variantField(index, "Weight"), ...COPY_FIELDS.map((f) => variantField(index, f.suffix))].some((f) => values[f] !== "");
        // A blank slot past the first challenger is a variant not wanted; one with copy but no name is a mistake.
        if (name === "" && index >= MIN_VARIANTS && !filled) continue;
        const label = name || `Variant ${index}`;
        if (name === "") issue(variantField(index, "Name"), `Name variant ${index}.`);
        else if (name.length > EXPERIMENT_LIMITS.variantName)
          issue(variantField(index, "Name"), `A variant's name must be at most ${EXPERIMENT_LIMITS.variantName} characters.`);
        else if (variants.some((v) => v.name.toLowerCase() === name.toLowerCase()))
          issue(variantField(index, "Name"), `Another variant is already called ${name}.`);
        const weight = weightOf(index, label);
        const copy: VariantCopy = {};
        for (const field of COPY_FIELDS) {
          const text = values[variantField(index, field.suffix)] ?? "";
          if (text === "") continue;
          const at = variantField(index, field.suffix);
          const max = EXPERIMENT_LIMITS[field.key];
          if (!shown.includes(field.key)) {
            issue(at, `${EXPERIMENT_TARGET_LABELS[target]} has no ${field.label.toLowerCase()} to change: leave it empty (it changes ${fieldList(target)}).`);
            continue;
          }
          if (field.key === "ctaHref") {
            const problem = ctaHrefProblem(text);
            if (problem) issue(at, problem);
          } else if (field.key === "heroImage") {
            if (!isHeroImage(text))
              issue(
                at,
                `Unknown hero image "${text.slice(0, 40)}": choose one of ${Object.values(HERO_IMAGES)
                  .map((i) => i.label)
                  .join(", ")}.`,
              );
          } else if (field.key === "sectionOrder") {
            if (!isHomeSectionOrder(text))
              issue(at, `Unknown section order "${text.slice(0, 40)}": choose one of the named orders (${Object.keys(HOME_SECTION_ORDERS).join(", ")}).`);
          } else if (text.length > max) issue(at, `${label}'s ${field.label.toLowerCase()} must be at most ${max} characters.`);
          (copy as Record<string, string>)[field.key] = text;
        }
        if (Object.keys(copy).length === 0 && !COPY_FIELDS.some((f) => values[variantField(index, f.suffix)] !== "" && !shown.includes(f.key)))
          issue(variantField(index, COPY_FIELDS.find((f) => f.key === shown[0])!.suffix), `${label} must change at least one of ${fieldList(target)}.`);
        variants.push({ name, weight, copy });
      }
      return {
        id: data.id,
        name: data.name,
        target: data.target,
        targetPath,
        goal: data.goal,
        trafficPercent: data.trafficPercent,
        minDays: data.minDays,
        variants,
      };
    });

export type ExperimentData = z.output<ReturnType<typeof experimentSchema>>;

export const ExperimentIdSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}$/, "Unknown experiment."),
});

/** Shipping: which challenger's copy becomes the page's own. */
export const ShipSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}$/, "Unknown experiment."),
  variant: z
    .string({ error: "Choose the variant to ship." })
    .trim()
    .regex(/^[1-9]$/, "Choose the variant to ship: the control is the page as it is already.")
    .transform(Number),
});
