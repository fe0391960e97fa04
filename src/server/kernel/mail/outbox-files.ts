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

/** The outbox files that belong to the outbox rows `ids` or mention one of `needles` (any case). */
export async function outboxFilesOf(needles: readonly string[], ids: readonly string[] = []): Promise<string[]> {
  const folder = outboxFolder();
  let names: string[];
  try {
    names = (await fs.promises.readdir(folder)).filter((name) => name.endsWith(".eml"));
  } catch {
    return []; // no folder: a mail server sends the mail, or nothing was sent yet
  }
  const byId = new Set(ids.map((id) => `-${id}.eml`));
  const wanted = needles.map((n) => n.trim().toLowerCase()).filter(Boolean);
  const found: string[] = [];
  for (const name of names) {
    if ([...byId].some((suffix) => name.endsWith(suffix))) {
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
