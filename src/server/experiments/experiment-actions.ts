"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { EXPERIMENTS_DESK } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { dashboardHref } from "@/lib/routes";
import { EXPERIMENT_FIELDS, ExperimentIdSchema, ShipSchema, experimentSchema, missingPageProblem } from "@/lib/schemas/experiments";
import { isPageTarget } from "@/lib/experiments";
import { deskActions, FieldError, type FormContext } from "../kernel/forms/form-action";
import type { SignedInUser } from "../kernel/session/auth-guard";
import { createExperiment, shipExperiment, startExperiment, stopExperiment, updateExperiment } from "./data/manage";
import { targetPages } from "./data/pages";
import { experimentsChanged } from "./live-signal";

const experimentsDesk = deskActions(EXPERIMENTS_DESK.write);

// The Experiments screen's actions (docs/decisions/0104): the content desk (owners, admins, editors)
// makes and edits drafts, starts, stops and ships. Each data function checks the status it starts
// from and writes its activity row in its own transaction. A start, a stop or a ship changes what the
// public pages show, so once it has committed the pages are told (experimentsChanged).

const LIST = dashboardHref("experiments");
const screenOf = (id: string) => `${LIST}/${id}`;

const actor = (context: FormContext) => context.user as SignedInUser;

function changed(id: string, title: string, message: string): FormState {
  revalidatePath(LIST);
  revalidatePath(screenOf(id));
  return { status: "success", title, message };
}

/** Makes a draft (no id), then opens its page; or saves a draft's edits. */
export async function saveExperimentAction(_previous: FormState, form: FormData): Promise<FormState> {
  let made: string | null = null;
  const answer = await experimentsDesk(
    form,
    { schema: experimentSchema(), fields: EXPERIMENT_FIELDS, echo: true, failed: "The experiment could not be saved. Please try again." },
    async (data, context) => {
      // A page target's page is checked against the pages as they are now: read once the caller's
      // role is known, and a database that fails here gets the form's failure answer like any save.
      if (isPageTarget(data.target) && data.targetPath) {
        const problem = missingPageProblem(data.target, data.targetPath, await targetPages());
        if (problem) throw new FieldError({ targetPath: problem });
      }
      if (data.id === undefined) {
        made = (await createExperiment(data, actor(context))).id;
        revalidatePath(LIST);
        return { status: "success", title: "Experiment drafted", message: `${data.name} is a draft: start it when its copy is ready.` };
      }
      await updateExperiment({ ...data, id: data.id }, actor(context));
      return changed(data.id, "Experiment saved", `${data.name} is saved.`);
    },
  );
  if (answer.status === "success" && made) redirect(screenOf(made));
  return answer;
}

export async function startExperimentAction(_previous: FormState, form: FormData): Promise<FormState> {
  return experimentsDesk(form, { schema: ExperimentIdSchema, failed: "The experiment could not be started. Please try again." }, async ({ id }, context) => {
    const started = await startExperiment(id, actor(context));
    experimentsChanged();
    return changed(id, "Experiment started", `${started.name} is running: visitors are split between its variants from now on.`);
  });
}

export async function stopExperimentAction(_previous: FormState, form: FormData): Promise<FormState> {
  return experimentsDesk(form, { schema: ExperimentIdSchema, failed: "The experiment could not be stopped. Please try again." }, async ({ id }, context) => {
    const stopped = await stopExperiment(id, actor(context));
    experimentsChanged();
    return changed(id, "Experiment stopped", `${stopped.name} is stopped: every visitor sees the page as it is. Ship a variant to make it the page's copy.`);
  });
}

export async function shipExperimentAction(_previous: FormState, form: FormData): Promise<FormState> {
  return experimentsDesk(form, { schema: ShipSchema, failed: "The variant could not be shipped. Please try again." }, async ({ id, variant }, context) => {
    const shipped = await shipExperiment(id, variant, actor(context));
    // The shipped copy is now the page part's own: the pages that show it are refreshed.
    experimentsChanged(shipped.target, shipped.targetPath);
    return changed(id, "Variant shipped", `${shipped.variants[variant]?.name ?? "The variant"} is now the page's own copy.`);
  });
}
