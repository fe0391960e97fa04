import { z } from "zod";
import "./jitless";
import type { ExperimentGoal, ExperimentStatus, ExperimentTarget, ExperimentVariant, VariantCopy } from "@/server/kernel/db/schema";

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
} as const satisfies Record<ExperimentTarget, string>;

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
} as const;

/** A variant's copy fields as the form names them, with their labels. */
export const COPY_FIELDS = [
  { key: "headline", suffix: "Headline", label: "Headline" },
  { key: "subheadline", suffix: "Subheadline", label: "Subheadline" },
  { key: "ctaText", suffix: "CtaText", label: "Button text" },
  { key: "ctaHref", suffix: "CtaHref", label: "Button link" },
] as const satisfies readonly { key: keyof VariantCopy; suffix: string; label: string }[];

export const variantField = (index: number, suffix: "Name" | "Weight" | (typeof COPY_FIELDS)[number]["suffix"]) => `variant${index}${suffix}`;

const VARIANT_FIELDS = Array.from({ length: MAX_VARIANTS }, (_, i) =>
  i === 0 ? [variantField(0, "Weight")] : [variantField(i, "Name"), variantField(i, "Weight"), ...COPY_FIELDS.map((f) => variantField(i, f.suffix))],
).flat();

export const EXPERIMENT_FIELDS = ["id", "name", "target", "goal", "trafficPercent", "minDays", ...VARIANT_FIELDS] as const;

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

export const ExperimentSchema = z
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
    target: z.enum(TARGETS, { error: `Choose what the experiment changes: ${Object.values(EXPERIMENT_TARGET_LABELS).join(" or ")}.` }),
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
        const max = EXPERIMENT_LIMITS[field.key];
        if (field.key === "ctaHref") {
          const problem = ctaHrefProblem(text);
          if (problem) issue(variantField(index, field.suffix), problem);
        } else if (text.length > max) issue(variantField(index, field.suffix), `${label}'s ${field.label.toLowerCase()} must be at most ${max} characters.`);
        copy[field.key] = text;
      }
      if (Object.keys(copy).length === 0)
        issue(variantField(index, "Headline"), `${label} must change at least one of the headline, subheadline, button text or link.`);
      variants.push({ name, weight, copy });
    }
    return {
      id: data.id,
      name: data.name,
      target: data.target,
      goal: data.goal,
      trafficPercent: data.trafficPercent,
      minDays: data.minDays,
      variants,
    };
  });

export type ExperimentData = z.output<typeof ExperimentSchema>;

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
