// The embedded database in a thread of its own (docs/decisions/0018): what the app relies on
// behaves as PGlite in the same thread did.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, type DatabaseHandle } from "@/server/kernel/db/client";
import { DatabaseLockedError } from "@/server/kernel/db/lock.ts";
import type { PgliteThread } from "@/server/kernel/db/pglite-thread";
import { contactMessages } from "@/server/kernel/db/schema";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-thread-"));
const dataDir = path.join(root, "pglite");
let handle: DatabaseHandle;

const message = (name: string) => ({ name, email: `${name}@example.com`, mobileNumber: "+919876543210", message: "Hello" });

beforeAll(async () => {
  handle = openPglite({ dataDir });
  await handle.migrate();
}, 120_000);

afterAll(async () => {
  await handle.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("embedded database thread", () => {
  it("round-trips rows, timestamps as dates and JSON", async () => {
    const [row] = await handle.db
      .insert(contactMessages)
      .values({ ...message("first"), attribution: { form_page: "/ümlaut ✓ \u202E" } })
      .returning();
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    const [again] = await handle.db.select().from(contactMessages).where(eq(contactMessages.id, row!.id));
    expect(again!.attribution).toEqual({ form_page: "/ümlaut ✓ \u202E" });
    expect(again!.createdAt.getTime()).toBe(row!.createdAt.getTime());
  });

  it("commits a transaction, and rolls one back when it throws", async () => {
    await handle.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(message("committed"));
      await tx.insert(contactMessages).values(message("committed too"));
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(contactMessages).values(message("rolled back"));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const names = (await handle.db.select({ name: contactMessages.name }).from(contactMessages)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["committed", "committed too"]));
    expect(names).not.toContain("rolled back");
  });

  it("passes Postgres' error fields across (a unique violation keeps its code and constraint)", async () => {
    await handle.db.insert(contactMessages).values({ ...message("keyed"), submissionKey: "same-key" });
    const error = await handle.db
      .insert(contactMessages)
      .values({ ...message("keyed again"), submissionKey: "same-key" })
      .then(
        () => null,
        (e: unknown) => e as Error & { cause?: Record<string, unknown> },
      );
    expect(error?.cause).toMatchObject({ code: "23505", constraint: expect.stringContaining("submission_key") });
  });

  it("keeps a query from outside waiting until an open transaction ends", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const transaction = handle.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values(message("inside"));
      await held;
      order.push("transaction ends");
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = handle.db.execute(sql`select count(*)::int as n from contact_messages where name = 'inside'`).then((result) => {
      order.push("outside answered");
      return result.rows[0] as { n: number };
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await transaction;
    expect(await outside).toEqual({ n: 1 }); // it saw the committed row, not a half-done transaction
    expect(order).toEqual(["transaction ends", "outside answered"]);
  });

  it("a multi-statement call that fails after its own BEGIN leaves no aborted transaction behind", async () => {
    const thread = (handle.db as unknown as { $client: PgliteThread }).$client;
    // The job queue's engine sends its locked blocks this way; a failure inside one must not refuse
    // every later statement with "current transaction is aborted".
    const failing = thread.exec(
      "BEGIN; INSERT INTO contact_messages (name, email, mobile_number, message) VALUES ('half', 'h@example.com', '+919876543210', 'x'); SELECT 1/0; COMMIT;",
    );
    // Sent while the failing call runs: must wait for its turn and the ROLLBACK, not run in the aborted block.
    const next = handle.db.execute(sql`select count(*)::int as n from contact_messages where name = 'half'`);
    await expect(failing).rejects.toThrow(/division by zero/);
    expect((await next).rows[0]).toEqual({ n: 0 });
    expect((await thread.exec("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("holds the data folder's lock, and a reopened folder has every row", async () => {
    expect(fs.readFileSync(`${dataDir}.lock`, "utf8").trim()).toBe(String(process.pid));
    const before = await handle.db.$count(contactMessages);
    await handle.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    await expect(handle.ping()).rejects.toThrow(/closed/);
    handle = openPglite({ dataDir });
    expect(await handle.db.$count(contactMessages)).toBe(before);
  });

  it("refuses a folder another live process holds, naming it", () => {
    const other = path.join(root, "other");
    fs.writeFileSync(`${other}.lock`, "1\n"); // pid 1 is always alive
    expect(() => openPglite({ dataDir: other })).toThrow(DatabaseLockedError);
  });
});
