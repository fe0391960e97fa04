import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/server/kernel/env";
import { outboxFolder } from "@/server/kernel/mail/mail";
import { outboxFilesOf, removeOutboxFiles } from "@/server/kernel/mail/outbox-files";

// A person's .eml files in the outbox folder (docs/decisions/0078): those of their outbox rows by the
// id each name ends with, and any other that mentions their address.
const settings = env() as { DATA_DIR: string };
const before = settings.DATA_DIR;
beforeAll(() => {
  settings.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-files-"));
  fs.mkdirSync(outboxFolder(), { recursive: true });
});
afterAll(() => {
  fs.rmSync(settings.DATA_DIR, { recursive: true, force: true });
  settings.DATA_DIR = before;
});

const write = (kind: string, id: string, text: string) => {
  const name = `2026-11-29T10-00-00-000Z-${kind}-${id}.eml`;
  fs.writeFileSync(path.join(outboxFolder(), name), text, "latin1");
  return name;
};

describe("a person's outbox files", () => {
  it("finds their rows' files by id among many ids, and others by the address, and nobody else's", async () => {
    const theirs = Array.from({ length: 200 }, () => randomUUID());
    const byId = theirs.slice(0, 50).map((id) => write("booking-host-booked", id, "To: someone@agency.test\r\n\r\nA call."));
    const byAddress = write("lead", randomUUID(), "Reply-To: asha=\r\n@brand.in\r\n\r\nHello");
    const other = write("lead", randomUUID(), "Reply-To: other@brand.in\r\n\r\nHello");
    // An id that only ends another id is not theirs.
    write("lead", `x${theirs[60]!.slice(1)}`, "To: other@brand.in");

    const found = await outboxFilesOf(
      ["Asha@Brand.in"],
      theirs.map((id) => id.toUpperCase()),
    );
    expect(found).toEqual([...byId, byAddress].sort());
    expect(found).not.toContain(other);
    expect(await removeOutboxFiles(["asha@brand.in"], theirs)).toBe(51);
    expect(fs.readdirSync(outboxFolder())).toHaveLength(2);
  });
});
