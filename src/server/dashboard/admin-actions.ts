"use server";

import { z } from "zod";
import { adminTable } from "@/lib/admin-tables/registry";
import {
  capitalise,
  deleteFailedMessage,
  invalidToast,
  LEAD_DESK,
  RECORD_FORM_FIELDS,
  ROW_INTENT_FIELD,
  saveFailedMessage,
  savedMessage,
} from "@/lib/admin-tables/definition";
import type { FormState } from "@/lib/form-state";
import { STAGE_KEY_MAX } from "@/lib/limits";
import {
  bulkApply,
  createRecord,
  deleteRecord as deleteStored,
  previewRecordContent,
  changeRecordStatus,
  readRecord,
  recordVersion,
  statusOptionsOf,
  updateRecord,
  type BulkChange,
} from "./data/admin-records";
import { callAnswers, handleForm } from "../kernel/forms/form-action";
import { hooksFor } from "./admin-hooks";
import { retryNotifications } from "./data/notification-health";

// The dashboard's actions, one set for every table (ADR 0024): the table's definition gives the
// schema, the roles and the words; handleForm gives the origin and role checks and the answer.

const UNKNOWN_TABLE: FormState = { status: "error", title: "Error", message: "This table does not exist." };
const Id = z.uuid();

/**
 * Creates (id null) or updates one record of a table; answers with the toast to show and the
 * record's id and new version. With `version` (the one the form was opened at), an update over a
 * newer version is refused, nothing changed, what was typed echoed back.
 */
export async function saveRecord(
  tableId: string,
  id: string | null,
  form: FormData,
  version?: string,
  options: { autosave?: boolean } = {},
): Promise<FormState> {
  const table = adminTable(tableId);
  if (!table || table.readOnly) return UNKNOWN_TABLE;
  const isNew = id === null;
  const gone: FormState = { status: "error", title: "Error", message: `This ${table.noun.one} no longer exists. It may have been deleted.` };
  return handleForm({
    log: { failed: "admin save failed", fields: { table: table.id, id } },
    input: form,
    schema: table.schema,
    roles: table.access.write,
    // What was typed comes back on error, so the page rendered again without JavaScript loses nothing.
    echo: table.fields.map((f) => f.name),
    answers: {
      ...callAnswers(saveFailedMessage(table)),
      invalid: (errors) => ({ status: "invalid", ...invalidToast(table, errors) }),
    },
    run: async (data) => {
      if (isNew && table.canCreate === false)
        return { status: "error", title: "Error", message: `New ${table.noun.many} are added where they are used, by uploading them.` };
      if (isNew) {
        const created = await createRecord(table, data);
        const stored = recordVersion(await readRecord(table, created));
        return { status: "success", message: savedMessage(table, true), ...(stored ? { saved: { id: created, version: stored } } : {}) };
      }
      if (!Id.safeParse(id).success) return { status: "error", title: "Error", message: saveFailedMessage(table) };
      const outcome = await updateRecord(table, id, data, { expectedVersion: version, autosave: options.autosave });
      if (!outcome) return gone;
      const saved = outcome.version ? { saved: { id, version: outcome.version } } : {};
      if (outcome.kind === "stale")
        return {
          status: "error",
          title: "Saved by someone else first",
          message: `This ${table.noun.one} was changed by someone else after you opened it, so your changes were not saved. What you typed is kept here: save again to replace their version with yours, or open the ${table.noun.one} in a new tab to compare first.`,
          ...saved,
        };
      return { status: "success", message: savedMessage(table, false), ...saved };
    },
  });
}

/**
 * The record form's action, posted with or without JavaScript (`useActionState`): the hidden
 * fields name the table and, when editing, the record.
 */
export async function saveRecordForm(_previous: FormState, form: FormData): Promise<FormState> {
  if (!(form instanceof FormData)) return UNKNOWN_TABLE;
  const posted = form.get(RECORD_FORM_FIELDS.id);
  const version = form.get(RECORD_FORM_FIELDS.version);
  return saveRecord(
    String(form.get(RECORD_FORM_FIELDS.table) ?? ""),
    typeof posted === "string" && posted !== "" ? posted : null,
    form,
    typeof version === "string" && version !== "" ? version : undefined,
    { autosave: form.get(RECORD_FORM_FIELDS.autosave) === "1" },
  );
}

export async function deleteRecord(tableId: string, id: string): Promise<FormState> {
  const table = adminTable(tableId);
  if (!table) return UNKNOWN_TABLE;
  const failed = deleteFailedMessage(table);
  return handleForm({
    log: { failed: "admin delete failed", fields: { table: table.id, id } },
    input: { id: String(id) },
    schema: z.object({ id: Id }),
    roles: table.access.write,
    answers: callAnswers(failed),
    run: async (data) => {
      const outcome = await deleteStored(table, data.id);
      if (typeof outcome === "object") return { status: "error", title: `This ${table.noun.one} is in use`, message: outcome.refused };
      return outcome
        ? { status: "success", message: `${capitalise(table.noun.one)} deleted successfully.` }
        : { status: "error", title: "Error", message: failed };
    },
  });
}

/** An inbox row's status, changed from the list. */
export async function setStatus(tableId: string, id: string, status: string): Promise<FormState> {
  const table = adminTable(tableId);
  if (!table?.inbox || !table.filter) return UNKNOWN_TABLE;
  const failed = saveFailedMessage(table);
  return handleForm({
    log: { failed: "admin status change failed", fields: { table: table.id, id } },
    input: { id: String(id), status: String(status) },
    // The options may be data (a lead's stages, docs/decisions/0067): the write checks the value against them.
    schema: z.object({ id: Id, status: z.string().max(STAGE_KEY_MAX) }),
    roles: table.access.write,
    answers: callAnswers(failed),
    run: async (data) => {
      const outcome = await changeRecordStatus(table, data.id, data.status);
      if (outcome.kind === "done") return { status: "success", message: `${capitalise(table.noun.one)} updated successfully.` };
      if (outcome.kind === "unknown")
        return { status: "invalid", title: "Please check the form", message: "Choose a status.", fieldErrors: { status: "Choose a status." } };
      return { status: "error", title: "Error", message: failed };
    },
  });
}

const BulkSchema = z.object({
  q: z.string().max(200).optional(),
  status: z.string().max(40).optional(),
  action: z.enum(["status", "assign", "delete"], { error: "Choose what to do." }),
  value: z.string().max(100).optional(),
  count: z.coerce.number().int().min(0).max(1_000_000),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * One change to every record of an inbox that the list's filter (search and status) matches, as the
 * confirmation counted them (ADR 0050): refused, with nothing changed, when the filter now matches
 * another set.
 */
export async function bulkAction(tableId: string, input: Record<string, string>): Promise<FormState> {
  const table = adminTable(tableId);
  if (!table?.inbox) return UNKNOWN_TABLE;
  const failed = "The change could not be made. Please try again; nothing was changed.";
  const many = (n: number) => `${n} ${n === 1 ? table.noun.one : table.noun.many}`;
  return handleForm({
    log: { failed: "admin bulk action failed", fields: { table: table.id } },
    // Sent by a script call: only the known keys, each as text.
    input: Object.fromEntries(Object.keys(BulkSchema.shape).flatMap((k) => (input && typeof input === "object" && k in input ? [[k, String(input[k])]] : []))),
    schema: BulkSchema,
    roles: table.access.write,
    answers: callAnswers(failed),
    run: async (data) => {
      const change: BulkChange =
        data.action === "status"
          ? { kind: "status", status: data.value ?? "" }
          : data.action === "assign"
            ? { kind: "assign", ownerId: data.value || null }
            : { kind: "delete" };
      const outcome = await bulkApply(table, { q: data.q?.trim() || undefined, status: data.status || undefined }, change, {
        count: data.count,
        fingerprint: data.fingerprint,
      });
      if ("refused" in outcome) return { status: "error", title: "Nothing was changed", message: outcome.refused };
      if ("tooMany" in outcome)
        return {
          status: "error",
          title: "Too many at once",
          message: `This filter matches ${many(outcome.tooMany)}; narrow it to 10,000 or fewer. Nothing was changed.`,
        };
      if ("changed" in outcome)
        return {
          status: "error",
          title: "The list has changed",
          message: `This filter now matches ${many(outcome.changed)}${outcome.changed === data.count ? ", but not the same ones you confirmed" : `, not the ${data.count} you confirmed`}. Nothing was changed: check the list and confirm again.`,
        };
      const label = data.action === "status" ? (await statusOptionsOf(table))[data.value ?? ""]?.label : undefined;
      const verb = data.action === "delete" ? "Deleted" : data.action === "assign" ? (data.value ? "Assigned" : "Unassigned") : `Set to ${label}:`;
      return { status: "success", message: `${verb} ${many(outcome.done)}.` };
    },
  });
}

/** The bulk change's confirmation posted as a form, with or without JavaScript: the same checks as `bulkAction`. */
export async function bulkFormAction(_previous: FormState, form: FormData): Promise<FormState> {
  if (!(form instanceof FormData)) return UNKNOWN_TABLE;
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  return bulkAction(fields.table ?? "", fields);
}

/** A table's row action (the Spam view's "Not spam"), done by its hook. */
export async function runRowAction(tableId: string, id: string): Promise<FormState> {
  const table = adminTable(tableId);
  const action = table ? hooksFor(table).rowAction : undefined;
  if (!table?.rowAction || !action) return UNKNOWN_TABLE;
  const done = table.rowAction.done;
  return handleForm({
    log: { failed: "admin row action failed", fields: { table: table.id, id } },
    input: { id: String(id) },
    schema: z.object({ id: Id }),
    roles: table.access.write,
    activity: { action: `${table.id}.row-action` },
    answers: callAnswers(saveFailedMessage(table)),
    run: async (data) => {
      const refused = await action(data.id);
      return refused === null ? { status: "success", message: done } : { status: "error", title: "Not moved", message: refused };
    },
  });
}

/**
 * A list row's controls posted as forms, with or without JavaScript (`useActionState`): `intent`
 * names the change (the status menu, Delete on its confirmation, the table's row action), the hidden
 * fields the table and the record. Each is the same checked action the dialogs call.
 */
export async function rowFormAction(_previous: FormState, form: FormData): Promise<FormState> {
  if (!(form instanceof FormData)) return UNKNOWN_TABLE;
  const tableId = String(form.get(RECORD_FORM_FIELDS.table) ?? "");
  const id = String(form.get(RECORD_FORM_FIELDS.id) ?? "");
  switch (form.get(ROW_INTENT_FIELD)) {
    case "status":
      return setStatus(tableId, id, String(form.get("status") ?? ""));
    case "delete":
      return deleteRecord(tableId, id);
    case "row-action":
      return runRowAction(tableId, id);
    default:
      return UNKNOWN_TABLE;
  }
}

/** Sends the desk's failed notifications again (the dashboard's banner, ADR 0044). */
export async function retryFailedNotifications(): Promise<FormState> {
  const failed = "The notifications could not be queued again. Please try again.";
  return handleForm({
    log: { failed: "notification retry failed", fields: {} },
    input: {},
    schema: z.object({}),
    roles: LEAD_DESK.write,
    activity: { action: "notifications.retry" },
    answers: callAnswers(failed),
    run: async () => {
      const queued = await retryNotifications();
      return { status: "success", message: `${queued} notification${queued === 1 ? "" : "s"} queued to be sent again now.` };
    },
  });
}

/** The table's content field as it will be stored (the blog dialog's preview). */
export async function previewContent(tableId: string, content: string): Promise<{ ok: boolean; html: string }> {
  const table = adminTable(tableId);
  if (!table) return { ok: false, html: "" };
  let html = "";
  // Read-only, but like every action it answers only the dashboard itself and checks the role.
  const answer = await handleForm({
    log: { failed: "admin preview failed", fields: { table: table.id } },
    input: { content: String(content).slice(0, 250_000) },
    schema: z.object({ content: z.string() }),
    roles: table.access.write,
    activity: false, // it changes nothing
    answers: callAnswers("The preview could not be made."),
    run: async (data) => {
      const made = await previewRecordContent(table, data.content);
      if (made === null) return { status: "error", message: "This table has no preview." };
      html = made;
      return { status: "success" };
    },
  });
  return { ok: answer.status === "success", html };
}
