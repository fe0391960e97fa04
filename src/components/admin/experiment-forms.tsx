"use client";

import { ActionForm as Form } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import {
  CONTROL_NAME,
  COPY_FIELDS,
  EXPERIMENT_GOAL_LABELS,
  EXPERIMENT_LIMITS,
  EXPERIMENT_TARGET_LABELS,
  GOALS,
  MAX_VARIANTS,
  PAGE_KIND_LABELS,
  TARGET_FIELDS,
  TARGETS,
  variantField,
  type TargetPages,
} from "@/lib/schemas/experiments";
import { HERO_IMAGES, HOME_SECTION_ORDERS, PAGE_TARGETS, isPageTarget } from "@/lib/experiments";
import type { ExperimentGoal, ExperimentTarget, ExperimentVariant } from "@/server/kernel/db/schema";
import { saveExperimentAction, shipExperimentAction, startExperimentAction, stopExperimentAction } from "@/server/experiments/experiment-actions";
import { ActionForm } from "./team-forms";

export interface ExperimentView {
  id: string;
  name: string;
  target: ExperimentTarget;
  targetPath: string | null;
  goal: ExperimentGoal;
  trafficPercent: number;
  minDays: number;
  variants: ExperimentVariant[];
}

type CopyKey = (typeof COPY_FIELDS)[number]["key"];

/** Which targets show a field, for its hint: the form is plain HTML, so every field is there whatever the target. */
const shownBy = (key: CopyKey) =>
  TARGETS.filter((t) => (TARGET_FIELDS[t] as readonly CopyKey[]).includes(key))
    .map((t) => EXPERIMENT_TARGET_LABELS[t])
    .join(", ");

const COPY_HINTS: Record<CopyKey, string> = {
  headline: `At most ${EXPERIMENT_LIMITS.headline} characters. ${shownBy("headline")}`,
  subheadline: `At most ${EXPERIMENT_LIMITS.subheadline} characters. ${shownBy("subheadline")}`,
  ctaText: `At most ${EXPERIMENT_LIMITS.ctaText} characters. ${shownBy("ctaText")}`,
  ctaHref: `A path on this site, e.g. /free-audit. ${shownBy("ctaHref")}`,
  heroImage: `In place of the case-study card. ${shownBy("heroImage")} only`,
  sectionOrder: `The sections between the hero and the closing band. ${shownBy("sectionOrder")} only`,
};

/** The choices of a field that takes one of the site's own lists, the first keeping the page as it is. */
const CHOICES: Partial<Record<CopyKey, { value: string; label: string }[]>> = {
  heroImage: [
    { value: "", label: "As the page is (the case-study card)" },
    ...Object.entries(HERO_IMAGES).map(([value, image]) => ({ value, label: image.label })),
  ],
  sectionOrder: [{ value: "", label: "As the page is" }, ...Object.entries(HOME_SECTION_ORDERS).map(([value, order]) => ({ value, label: order.label }))],
};

/**
 * Drafts an experiment (no `experiment`) or edits a draft. A plain form: it works without JavaScript
 * and comes back with what was typed and a message beside each field it refuses. The control shows
 * the page as it is, so only its weight is asked; each challenger changes at least one piece of copy,
 * and a challenger's slot left blank past the first is no variant.
 */
export function ExperimentForm({ experiment, pages }: { experiment?: ExperimentView; pages: TargetPages }) {
  const prefix = experiment ? `experiment-${experiment.id}` : "experiment-new";
  return (
    <Form
      action={saveExperimentAction}
      hidden={experiment ? { id: experiment.id } : {}}
      label={experiment ? `Edit ${experiment.name}` : "New experiment"}
      className="grid gap-5"
      testId={prefix}
    >
      {({ values }) => {
        const value = (field: string, stored: string | number | undefined) => values[field] ?? (stored === undefined ? "" : String(stored));
        return (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${prefix}-name`} label="Name" name="name" required hint="What it tests, in a few words">
                {(aria) => <TextInput {...aria} name="name" required maxLength={EXPERIMENT_LIMITS.name} defaultValue={value("name", experiment?.name)} />}
              </Field>
              <Field id={`${prefix}-target`} label="What it changes" name="target" required>
                {(aria) => (
                  <NativeSelect {...aria} name="target" defaultValue={value("target", experiment?.target ?? "home-hero")}>
                    {TARGETS.map((t) => (
                      <option key={t} value={t}>
                        {EXPERIMENT_TARGET_LABELS[t]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field
                id={`${prefix}-page`}
                label="Page"
                name="targetPath"
                hint="For a service page, a case study or an article: the one page it runs on. Empty for the others"
              >
                {(aria) => (
                  <NativeSelect {...aria} name="targetPath" defaultValue={value("targetPath", experiment?.targetPath ?? "")}>
                    <option value="">None: home, the header or the free-audit page</option>
                    {TARGETS.filter(isPageTarget).map((kind) => (
                      <optgroup key={kind} label={`${PAGE_KIND_LABELS[kind][0]!.toUpperCase()}${PAGE_KIND_LABELS[kind].slice(1)}s (${PAGE_TARGETS[kind]}…)`}>
                        {pages[kind].map((page) => (
                          <option key={page.path} value={page.path}>
                            {page.title}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field id={`${prefix}-goal`} label="Goal" name="goal" required hint="The one figure the variants are judged on">
                {(aria) => (
                  <NativeSelect {...aria} name="goal" defaultValue={value("goal", experiment?.goal ?? "free-audit")}>
                    {GOALS.map((g) => (
                      <option key={g} value={g}>
                        {EXPERIMENT_GOAL_LABELS[g]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field
                id={`${prefix}-traffic`}
                label="Share of visitors (%)"
                name="trafficPercent"
                required
                hint="The others see the page as it is and are not counted"
              >
                {(aria) => (
                  <TextInput
                    {...aria}
                    name="trafficPercent"
                    inputMode="numeric"
                    required
                    defaultValue={value("trafficPercent", experiment?.trafficPercent ?? 100)}
                  />
                )}
              </Field>
              <Field id={`${prefix}-days`} label="Days to run at least" name="minDays" required hint="No winner is called before">
                {(aria) => <TextInput {...aria} name="minDays" inputMode="numeric" required defaultValue={value("minDays", experiment?.minDays ?? 14)} />}
              </Field>
              <Field id={`${prefix}-control-weight`} label={`${CONTROL_NAME}'s weight`} name={variantField(0, "Weight")} required hint="The page as it is">
                {(aria) => (
                  <TextInput
                    {...aria}
                    name={variantField(0, "Weight")}
                    inputMode="numeric"
                    required
                    defaultValue={value(variantField(0, "Weight"), experiment?.variants[0]?.weight ?? 50)}
                  />
                )}
              </Field>
            </div>
            {Array.from({ length: MAX_VARIANTS - 1 }, (_, i) => i + 1).map((index) => {
              const stored = experiment?.variants[index];
              return (
                <fieldset key={index} className="grid gap-4 rounded-2xl border border-line p-4 sm:grid-cols-2">
                  <legend className="px-1 text-sm font-bold">
                    Variant {index}
                    {index > 1 && <span className="font-normal text-muted"> (optional: leave blank for none)</span>}
                  </legend>
                  <Field id={`${prefix}-v${index}-name`} label="Name" name={variantField(index, "Name")} required={index === 1}>
                    {(aria) => (
                      <TextInput
                        {...aria}
                        name={variantField(index, "Name")}
                        maxLength={EXPERIMENT_LIMITS.variantName}
                        defaultValue={value(variantField(index, "Name"), stored?.name)}
                      />
                    )}
                  </Field>
                  <Field
                    id={`${prefix}-v${index}-weight`}
                    label="Weight"
                    name={variantField(index, "Weight")}
                    required={index === 1}
                    hint="1 to 100, relative to the others"
                  >
                    {(aria) => (
                      <TextInput
                        {...aria}
                        name={variantField(index, "Weight")}
                        inputMode="numeric"
                        defaultValue={value(variantField(index, "Weight"), stored?.weight ?? (index === 1 && !experiment ? 50 : undefined))}
                      />
                    )}
                  </Field>
                  {COPY_FIELDS.map((field) => (
                    <Field
                      key={field.key}
                      id={`${prefix}-v${index}-${field.key}`}
                      label={field.label}
                      name={variantField(index, field.suffix)}
                      hint={COPY_HINTS[field.key]}
                    >
                      {(aria) => {
                        const choices = CHOICES[field.key];
                        const current = value(variantField(index, field.suffix), stored?.copy[field.key]);
                        return choices ? (
                          <NativeSelect {...aria} name={variantField(index, field.suffix)} defaultValue={current}>
                            {choices.map((choice) => (
                              <option key={choice.value} value={choice.value}>
                                {choice.label}
                              </option>
                            ))}
                          </NativeSelect>
                        ) : (
                          <TextInput {...aria} name={variantField(index, field.suffix)} maxLength={EXPERIMENT_LIMITS[field.key]} defaultValue={current} />
                        );
                      }}
                    </Field>
                  ))}
                </fieldset>
              );
            })}
            <div>
              <SubmitButton label={experiment ? "Save draft" : "Create draft"} pendingLabel="Saving..." className={buttonVariants({ size: "sm" })} />
            </div>
          </>
        );
      }}
    </Form>
  );
}

export function StartExperimentForm({ id, name }: { id: string; name: string }) {
  return (
    <ActionForm
      action={startExperimentAction}
      hidden={{ id }}
      label="Start"
      variant="primary"
      confirm={`Start ${name}? Its variants and weights cannot be changed once it runs.`}
      testId="start-experiment"
    />
  );
}

export function StopExperimentForm({ id, name }: { id: string; name: string }) {
  return (
    <ActionForm
      action={stopExperimentAction}
      hidden={{ id }}
      label="Stop"
      variant="danger"
      confirm={`Stop ${name}? Every visitor sees the page as it is again; it cannot be restarted.`}
      testId="stop-experiment"
    />
  );
}

/** Ships one challenger: a select of the challengers, the winner (if one is called) chosen first. */
export function ShipExperimentForm({ id, variants, suggested }: { id: string; variants: { index: number; name: string }[]; suggested?: number }) {
  return (
    <ActionForm action={shipExperimentAction} hidden={{ id }} label="Ship" confirm="Make this variant's copy the page's own?" testId="ship-experiment">
      <label htmlFor="ship-variant" className="text-sm font-semibold">
        Variant to ship
      </label>
      <select
        id="ship-variant"
        name="variant"
        defaultValue={String(suggested ?? variants[0]?.index ?? 1)}
        className="min-h-9 rounded-xl border border-line bg-surface px-2 text-sm"
      >
        {variants.map((v) => (
          <option key={v.index} value={String(v.index)}>
            {v.name}
          </option>
        ))}
      </select>
    </ActionForm>
  );
}
