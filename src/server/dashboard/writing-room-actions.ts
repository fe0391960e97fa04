"use server";

import { redirect } from "next/navigation";
import { RECORD_FORM_FIELDS, ROOM_SCRIPT_FIELD } from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { writingRoomHref } from "@/lib/routes";
import { saveRecordForm } from "./admin-actions";

/**
 * The writing room's Save (docs/decisions/0071): the record form's action, unchanged, and a new
 * post saved from a page without JavaScript continues on its own address (`/admin/posts/<id>/edit`)
 * rather than on an empty "new" page. With JavaScript the room moves there itself and keeps the toast.
 */
export async function saveWritingRoom(previous: FormState, form: FormData): Promise<FormState> {
  const state = await saveRecordForm(previous, form);
  const wasNew = !form.get(RECORD_FORM_FIELDS.id);
  if (state.status === "success" && wasNew && state.saved && form.get(ROOM_SCRIPT_FIELD) !== "1") {
    redirect(writingRoomHref(String(form.get(RECORD_FORM_FIELDS.table)), state.saved.id));
  }
  return state;
}
