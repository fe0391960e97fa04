import "server-only";
import fs from "node:fs";
import path from "node:path";
import { outboxFolder } from "./mail";

// The .eml files the outbox folder holds when no mail server is configured (src/server/kernel/mail/mail.ts,
// folderTransport): each is named `<time>-<kind>-<outbox row id>.eml` and holds the whole mail. A
// person's export lists theirs and their erasure removes them with their outbox rows
// (docs/decisions/0078): by the row's id, and by the address anywhere in the file for the files whose
// rows are already gone.

/** A file's text with quoted-printable soft line breaks and escapes undone, lower-cased: what a search for an address reads. */
function searchableText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .toLowerCase();
}

/** The outbox row's id (a UUID) a file's name ends with, before ".eml". */
const ROW_ID_IN_NAME = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/i;

/** The outbox files that belong to the outbox rows `ids` or mention one of `needles` (any case). */
export async function outboxFilesOf(needles: readonly string[], ids: readonly string[] = []): Promise<string[]> {
  const folder = outboxFolder();
  let names: string[];
  try {
    names = (await fs.promises.readdir(folder)).filter((name) => name.endsWith(".eml"));
  } catch {
    return []; // no folder: a mail server sends the mail, or nothing was sent yet
  }
  // Looked up by the id at the end of each name: one lookup a file, however many rows a person has.
  const byId = new Set(ids.map((id) => id.toLowerCase()));
  const wanted = needles.map((n) => n.trim().toLowerCase()).filter(Boolean);
  const found: string[] = [];
  for (const name of names) {
    const id = ROW_ID_IN_NAME.exec(name)?.[1]?.toLowerCase();
    if (id !== undefined && byId.has(id)) {
      found.push(name);
      continue;
    }
    if (wanted.length === 0) continue;
    const text = searchableText(await fs.promises.readFile(path.join(folder, name), "latin1").catch(() => ""));
    if (wanted.some((needle) => text.includes(needle))) found.push(name);
  }
  return found.sort();
}

/** Removes the outbox files `outboxFilesOf` finds; returns how many went. */
export async function removeOutboxFiles(needles: readonly string[], ids: readonly string[] = []): Promise<number> {
  const folder = outboxFolder();
  let removed = 0;
  for (const name of await outboxFilesOf(needles, ids)) {
    await fs.promises.rm(path.join(folder, name), { force: true });
    removed++;
  }
  return removed;
}
