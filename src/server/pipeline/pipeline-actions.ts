"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { LEAD_DESK } from "@/lib/admin-tables/definition";
import { leadsTable } from "@/lib/admin-tables/leads";
import type { FormState } from "@/lib/form-state";
import { STAGE_KEY_MAX, STAGE_NAME_MAX } from "@/lib/limits";
import { dealValueField } from "@/lib/schemas/admin";
import { boardQuery, readBoardFilters } from "@/lib/pipeline";
import { dashboardHref } from "@/lib/routes";
import { changeRecordStatus } from "../dashboard";
import { createLeadStage, moveLeadStage, removeLeadStage, renameLeadStage, STAGE_EDITORS, type StageOutcome } from "../leads";
import { moveAnswer, type MoveResult } from "./pipeline-answers";
import { callAnswers, formAnswers, handleForm } from "../kernel/forms/form-action";

// The pipeline's actions (docs/decisions/0067). A card's move is the lead's status change: the same
// write as the list's status menu and the dialog's status (data/admin-records.ts changeRecordStatus),
// with the status the card showed, so a move made on a board that is out of date changes nothing.
// The stages are the owner's.

const MoveSchema = z.object({
  id: z.uuid({ error: "This card is not a lead of this site." }),
  to: z.string().max(STAGE_KEY_MAX, { error: "Choose a stage." }).min(1, { error: "Choose a stage." }),
  from: z.string().max(STAGE_KEY_MAX).min(1),
});

async function move(input: Record<string, string>): Promise<{ state: FormState; result: MoveResult }> {
  let result: MoveResult = "failed";
  const state = await handleForm({
    log: { failed: "pipeline move failed", fields: { id: input.id } },
    input,
    schema: MoveSchema,
    roles: LEAD_DESK.write,
    answers: callAnswers("The card could not be moved. Please try again; nothing was changed."),
    run: async ({ id, to, from }) => {
      const outcome = await changeRecordStatus(leadsTable, id, to, { from });
      result = outcome.kind === "done" ? "moved" : outcome.kind;
      return moveAnswer(result, id);
    },
  });
  if (state.status === "refused") result = "refused";
  return { state, result };
}

/** A card moved on the board with JavaScript (drag and drop, or the keyboard): its answer as a toast. */
export async function moveLeadCard(id: string, to: string, from: string): Promise<FormState> {
  return (await move({ id: String(id), to: String(to), from: String(from) })).state;
}

/**
 * A card's "Move to" form, posted without JavaScript: the same move, then (303) the board again at
 * the same filters, with the result's code and the card's id, from which the page writes the answer.
 */
export async function moveLeadCardForm(form: FormData): Promise<void> {
  const text = (name: string) => {
    const value = form instanceof FormData ? form.get(name) : null;
    return typeof value === "string" ? value : "";
  };
  const { result } = await move({ id: text("id"), to: text("to"), from: text("from") });
  // Back to the board as it was filtered: rebuilt from the posted filters, never a posted address.
  const back = boardQuery(readBoardFilters(Object.fromEntries(new URLSearchParams(text("board").slice(0, 2000)))));
  const answer = new URLSearchParams({ result, ...(z.uuid().safeParse(text("id")).success ? { moved: text("id") } : {}) });
  redirect(`${dashboardHref("pipeline")}?${back ? `${back}&` : ""}${answer.toString()}`);
}

// ---- Won with its value (docs/decisions/0101) -----------------------------------------------------

const WinSchema = MoveSchema.omit({ to: true }).extend({
  dealValue: dealValueField.refine((value) => value !== null, { error: "Enter the deal value in whole rupees, e.g. 150000." }),
});

/**
 * A card moved to Won that had no deal value: the board asked for it, and the value and the move are
 * one write (the status change with the value beside it), so a won deal is never left worth nothing
 * and a stale board changes neither.
 */
export async function winLeadCardAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "pipeline win failed" },
    input: form,
    fields: ["id", "from", "dealValue"],
    schema: WinSchema,
    roles: LEAD_DESK.write,
    echo: ["dealValue"],
    answers: formAnswers("The card could not be moved. Please try again; nothing was changed."),
    run: async ({ id, from, dealValue }) => {
      const outcome = await changeRecordStatus(leadsTable, id, "won", { from, set: { dealValue } });
      return moveAnswer(outcome.kind === "done" ? "moved" : outcome.kind, id);
    },
  });
}

// ---- Stages (the owner's) -----------------------------------------------------------------------

const STAGES_FAILED = "The stages could not be changed. Please try again; nothing was changed.";

function stageAnswer(outcome: StageOutcome & { moved?: number }, done: string): FormState {
  if (outcome.ok) return { status: "success", message: done };
  const field = outcome.field && outcome.field !== "key" ? outcome.field : "form";
  return { status: "invalid", title: "Not changed", message: outcome.message, fieldErrors: { [field]: outcome.message } };
}

const StageName = z
  .string({ error: "Enter the stage's name." })
  .trim()
  .min(1, { error: "Enter the stage's name." })
  .max(STAGE_NAME_MAX, { error: `Keep the name to ${STAGE_NAME_MAX} characters or fewer.` });
const StageKey = z.string().max(STAGE_KEY_MAX, { error: "This stage no longer exists." }).min(1, { error: "This stage no longer exists." });

export async function createStageAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "pipeline stage not added" },
    input: form,
    fields: ["name", "after"],
    schema: z.object({ name: StageName, after: z.string().max(STAGE_KEY_MAX).min(1, { error: "Choose the stage the new one comes after." }) }),
    roles: STAGE_EDITORS,
    echo: ["name", "after"],
    answers: formAnswers(STAGES_FAILED),
    run: async ({ name, after }) => stageAnswer(await createLeadStage({ name, after }), `Stage "${name}" added.`),
  });
}

export async function renameStageAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "pipeline stage not renamed" },
    input: form,
    fields: ["key", "name"],
    schema: z.object({ key: StageKey, name: StageName }),
    roles: STAGE_EDITORS,
    echo: ["name"],
    answers: formAnswers(STAGES_FAILED),
    run: async ({ key, name }) => stageAnswer(await renameLeadStage(key, name), `Stage renamed to "${name}".`),
  });
}

export async function moveStageAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "pipeline stage not moved" },
    input: form,
    fields: ["key", "direction"],
    schema: z.object({ key: StageKey, direction: z.enum(["up", "down"], { error: "Choose up or down." }) }),
    roles: STAGE_EDITORS,
    answers: formAnswers(STAGES_FAILED),
    run: async ({ key, direction }) => stageAnswer(await moveLeadStage(key, direction), direction === "up" ? "Stage moved earlier." : "Stage moved later."),
  });
}

export async function removeStageAction(_previous: FormState, form: FormData): Promise<FormState> {
  return handleForm({
    log: { failed: "pipeline stage not removed" },
    input: form,
    fields: ["key", "moveTo"],
    schema: z.object({ key: StageKey, moveTo: z.string().max(STAGE_KEY_MAX).optional() }),
    roles: STAGE_EDITORS,
    echo: ["moveTo"],
    answers: formAnswers(STAGES_FAILED),
    run: async ({ key, moveTo }) => {
      const outcome = await removeLeadStage(key, moveTo || null);
      const moved = outcome.ok && outcome.moved ? ` Its ${outcome.moved} ${outcome.moved === 1 ? "lead was" : "leads were"} moved.` : "";
      return stageAnswer(outcome, `Stage removed.${moved}`);
    },
  });
}
