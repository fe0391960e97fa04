import "server-only";
import { LEAD_DESK, TEAM_DESK } from "@/lib/admin-tables/definition";
import type { InteractionInput } from "@/lib/people";
import { requireRole } from "../kernel/session/auth-guard";
import { erasePersonRows } from "./data/person-erase";
import { outboxFilesOf, removeOutboxFiles } from "../kernel/mail/outbox-files";
import {
  createInteraction,
  deleteOwnInteraction,
  emailKeyForPersonKey,
  listPeople,
  personData,
  personHeader,
  personTimeline,
  recordPersonExport,
  updateOwnInteraction,
} from "./data/people-rows";
import { PERSON_KEY_PATTERN } from "../kernel/session/person-key";

// One page per person (docs/decisions/0068), with the roles checked here on every call: the lead
// desk (owners, admins, sales) reads a person, logs interactions and exports; only owners and
// admins erase.

/** Who may open a person's page, log on it and export it: those who may read leads. */
export const PEOPLE_DESK = { read: LEAD_DESK.read, erase: TEAM_DESK.write } as const;

/** The address a key names, for a member of the desk; undefined for a malformed or unknown key. */
async function resolve(key: string): Promise<string | undefined> {
  if (!PERSON_KEY_PATTERN.test(key)) return undefined;
  return emailKeyForPersonKey(key);
}

export async function findPeople(q: string | undefined) {
  await requireRole(PEOPLE_DESK.read);
  return listPeople(q);
}

export async function personPage(key: string) {
  const viewer = await requireRole(PEOPLE_DESK.read);
  const emailKey = await resolve(key);
  if (!emailKey) return undefined;
  const [header, timeline] = await Promise.all([personHeader(emailKey), personTimeline(emailKey, viewer.id)]);
  return { header, timeline, canErase: (PEOPLE_DESK.erase as readonly string[]).includes(viewer.role) };
}

export async function logInteraction(key: string, input: Omit<InteractionInput, "person">) {
  const actor = await requireRole(PEOPLE_DESK.read);
  const emailKey = await resolve(key);
  if (!emailKey) return undefined;
  return createInteraction(emailKey, input, actor);
}

export async function changeInteraction(key: string, id: string, input: Omit<InteractionInput, "person">) {
  const actor = await requireRole(PEOPLE_DESK.read);
  const emailKey = await resolve(key);
  if (!emailKey) return { ok: false as const, reason: "missing" as const };
  return updateOwnInteraction(emailKey, id, input, actor);
}

export async function removeInteraction(key: string, id: string) {
  const actor = await requireRole(PEOPLE_DESK.read);
  const emailKey = await resolve(key);
  if (!emailKey) return { ok: false as const, reason: "missing" as const };
  return deleteOwnInteraction(emailKey, id, actor);
}

/** Every row that names the person, for the export; the export is recorded in the activity trail. */
export async function exportPerson(key: string, format: "json" | "csv") {
  await requireRole(PEOPLE_DESK.read);
  const emailKey = await resolve(key);
  if (!emailKey) return undefined;
  const rows = await personData(emailKey);
  // Beside the rows, the outbox folder's files of their mails (when mail goes to a folder, not a server).
  const mailIds = rows.notifications.map((n) => String(n.id));
  const files = (await outboxFilesOf([emailKey], mailIds)).map((file) => ({ id: file, folder: "DATA_DIR/outbox", file }));
  const data = { ...rows, outbox_files: files };
  const count = Object.values(data).reduce((sum, list) => sum + list.length, 0);
  await recordPersonExport(emailKey, format, count);
  return data;
}

/**
 * Erases the person's rows (one transaction), then the outbox folder's files of the mails that went
 * with them and any other file there that spells the address (docs/decisions/0078).
 */
export async function erasePerson(key: string) {
  await requireRole(PEOPLE_DESK.erase);
  const emailKey = await resolve(key);
  if (!emailKey) return { ok: false as const, reason: "nothing" as const };
  const result = await erasePersonRows(emailKey);
  if (!result.ok) return result;
  const files = await removeOutboxFiles([emailKey], result.outboxIds);
  return { ...result, counts: { ...result.counts, outbox_files: files } };
}
