"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { FormState } from "@/lib/form-state";
import { eraseSchema, interactionDeleteSchema, interactionEditSchema, interactionSchema } from "@/lib/people";
import { dashboardHref } from "@/lib/routes";
import { deskActions } from "../kernel/forms/form-action";
import { log } from "../kernel/log";
import { PEOPLE_DESK, changeInteraction, erasePerson, logInteraction, removeInteraction } from "./people";

const peopleDeskReaders = deskActions(PEOPLE_DESK.read);
const peopleDesk = deskActions(PEOPLE_DESK.erase);

// A person's page's actions (docs/decisions/0068). The data functions write the activity row in the
// change's transaction; the erasure writes one row with its counts and no personal data.

const personPath = (key: string) => `${dashboardHref("people")}/${key}`;
const GONE: Omit<FormState, "at"> = { status: "error", title: "Not found", message: "This person is no longer on record." };
const NOT_YOURS: Omit<FormState, "at"> = { status: "refused", title: "Not yours", message: "Only the member who logged an entry may change or delete it." };
const ENTRY_GONE: Omit<FormState, "at"> = { status: "error", title: "Not found", message: "This entry was already deleted." };
const INTERACTION_FIELDS = ["person", "kind", "occurredAt", "summary"] as const;

export async function logInteractionAction(_previous: FormState, form: FormData): Promise<FormState> {
  return peopleDeskReaders(
    form,
    { schema: interactionSchema, fields: INTERACTION_FIELDS, activity: "person.interaction-create", echo: true, failed: "The entry could not be saved." },
    async ({ person, ...input }) => {
      if (!(await logInteraction(person, input))) return GONE;
      revalidatePath(personPath(person));
      return { status: "success", message: "Logged." };
    },
  );
}

export async function updateInteractionAction(_previous: FormState, form: FormData): Promise<FormState> {
  return peopleDeskReaders(
    form,
    {
      schema: interactionEditSchema,
      fields: [...INTERACTION_FIELDS, "id"],
      activity: "person.interaction-update",
      echo: true,
      failed: "The entry could not be saved.",
    },
    async ({ person, id, ...input }) => {
      const changed = await changeInteraction(person, id, input);
      if (!changed.ok) return changed.reason === "not-yours" ? NOT_YOURS : ENTRY_GONE;
      revalidatePath(personPath(person));
      return { status: "success", message: "Saved." };
    },
  );
}

export async function deleteInteractionAction(_previous: FormState, form: FormData): Promise<FormState> {
  return peopleDeskReaders(
    form,
    { schema: interactionDeleteSchema, fields: ["person", "id"], activity: "person.interaction-delete", failed: "The entry could not be deleted." },
    async ({ person, id }) => {
      const removed = await removeInteraction(person, id);
      if (!removed.ok) return removed.reason === "not-yours" ? NOT_YOURS : ENTRY_GONE;
      revalidatePath(personPath(person));
      return { status: "success", message: "Deleted." };
    },
  );
}

/** Erases the person (owners and admins, with ERASE typed); on success the page they had is gone, so it moves to a page that says so. */
export async function erasePersonAction(_previous: FormState, form: FormData): Promise<FormState> {
  const answer = await peopleDesk(
    form,
    { schema: eraseSchema, fields: ["person", "confirm"], activity: "person.erase", failed: "Nothing was erased: the erasure could not be finished." },
    async ({ person }) => {
      const erased = await erasePerson(person);
      if (!erased.ok) {
        return erased.reason === "member"
          ? { status: "refused", title: "A team member", message: "This address belongs to a team member's account: remove them on the Team screen instead." }
          : GONE;
      }
      log("info", "people: a person erased", { event: "person.erased", ...erased.counts });
      revalidatePath(dashboardHref("leads"));
      revalidatePath(dashboardHref("messages"));
      return { status: "success", message: "Erased." };
    },
  );
  if (answer.status === "success") redirect(`${dashboardHref("people")}/erased`);
  return answer;
}
