"use client";

import { useRouter } from "next/navigation";
import { ActionForm } from "@/components/forms/action-form";
import { Field, NativeSelect, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { isSuccess } from "@/lib/form-state";
import { STAGE_NAME_MAX } from "@/lib/limits";
import { createStageAction, moveStageAction, removeStageAction, renameStageAction } from "@/server/pipeline/pipeline-actions";

// The owner's stages (docs/decisions/0067): add one after any stage, rename, move earlier or later,
// remove (choosing where its leads go). Each is a plain form that works without JavaScript.

export interface StageRow {
  key: string;
  name: string;
  builtin: boolean;
  count: number;
}

function useRefresh() {
  const router = useRouter();
  return (state: Parameters<typeof isSuccess>[0]) => isSuccess(state) && router.refresh();
}

function StageOptions({ stages }: { stages: readonly StageRow[] }) {
  return stages.map((s) => (
    <option key={s.key} value={s.key}>
      {s.name}
    </option>
  ));
}

const MOVES = [
  { direction: "up", words: "earlier" },
  { direction: "down", words: "later" },
] as const;

export function AddStageForm({ stages }: { stages: readonly StageRow[] }) {
  const refresh = useRefresh();
  const afterDefault = stages.find((s) => s.key === "qualified")?.key ?? stages[0]?.key ?? "";
  return (
    <ActionForm
      action={createStageAction}
      toastInvalid
      writtenAs="box"
      onAnswer={refresh}
      label="Add a stage"
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      {({ values }) => (
        <>
          <Field id="stage-name" name="name" label="New stage's name" required>
            {(a) => <TextInput {...a} name="name" defaultValue={values.name} maxLength={STAGE_NAME_MAX} placeholder="Proposal sent" />}
          </Field>
          <Field id="stage-after" name="after" label="Comes after">
            {(a) => (
              <NativeSelect {...a} name="after" defaultValue={values.after ?? afterDefault}>
                <StageOptions stages={stages} />
              </NativeSelect>
            )}
          </Field>
          <SubmitButton label="Add stage" pendingLabel="Adding..." className={buttonVariants()} />
        </>
      )}
    </ActionForm>
  );
}

export function StageControls({ stage, stages, first, last }: { stage: StageRow; stages: readonly StageRow[]; first: boolean; last: boolean }) {
  const refresh = useRefresh();
  const others = stages.filter((s) => s.key !== stage.key);
  return (
    <div className="mt-3 grid gap-3">
      <ActionForm
        action={renameStageAction}
        toastInvalid
        writtenAs="line"
        answer="line"
        onAnswer={refresh}
        hidden={{ key: stage.key }}
        label={`Rename ${stage.name}`}
        className="flex flex-wrap items-end gap-2"
      >
        {({ values }) => (
          <>
            <Field id={`rename-${stage.key}`} name="name" label="Name">
              {(a) => <TextInput {...a} name="name" defaultValue={values.name ?? stage.name} maxLength={STAGE_NAME_MAX} />}
            </Field>
            <SubmitButton
              label="Rename"
              pendingLabel="Saving..."
              aria-label={`Rename ${stage.name}`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            />
          </>
        )}
      </ActionForm>
      <div className="flex flex-wrap gap-2">
        {MOVES.filter(({ direction }) => (direction === "up" ? !first : !last)).map(({ direction, words }) => (
          <ActionForm
            key={direction}
            action={moveStageAction}
            onAnswer={refresh}
            hidden={{ key: stage.key, direction }}
            answer="no-script-line"
            label={`Move ${stage.name} ${words}`}
          >
            <SubmitButton
              label={`Move ${words}`}
              pendingLabel="Moving..."
              aria-label={`Move ${stage.name} ${words}`}
              className={buttonVariants({ variant: "outline", size: "sm" })}
            />
          </ActionForm>
        ))}
      </div>
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-danger">Remove {stage.name}…</summary>
        <ActionForm
          action={removeStageAction}
          toastInvalid
          writtenAs="line"
          answer="line"
          onAnswer={refresh}
          hidden={{ key: stage.key }}
          label={`Remove ${stage.name}`}
          className="mt-2 grid gap-2"
        >
          {({ values }) => (
            <>
              {stage.count > 0 ? (
                <Field id={`move-to-${stage.key}`} name="moveTo" label={`Its ${stage.count} ${stage.count === 1 ? "lead goes" : "leads go"} to`}>
                  {(a) => (
                    <NativeSelect {...a} name="moveTo" defaultValue={values.moveTo ?? ""}>
                      <option value="">Choose a stage</option>
                      <StageOptions stages={others} />
                    </NativeSelect>
                  )}
                </Field>
              ) : (
                <p className="text-sm text-ink-soft">No lead is in this stage.</p>
              )}
              <SubmitButton
                label="Remove stage"
                pendingLabel="Removing..."
                aria-label={`Remove ${stage.name} for good`}
                className={buttonVariants({ variant: "danger", size: "sm" })}
              />
            </>
          )}
        </ActionForm>
      </details>
    </div>
  );
}
