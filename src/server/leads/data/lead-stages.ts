import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { LEAD_DESK, type StaffRole } from "@/lib/admin-tables/definition";
import { CUSTOM_STAGES_MAX, STAGE_KEY_MAX, STAGE_NAME_MAX } from "@/lib/limits";
import { requireRole } from "../../kernel/session/auth-guard";
import { recordActivity, recordActivityMany } from "../../kernel/activity/activity";
import { db, type Executor, type Transaction } from "../../kernel/db/client";
import { leadStages, leads, type LeadStage } from "../../kernel/db/schema";

// A lead's stages (docs/decisions/0067): the five built-ins, inserted by the migration and never
// renamed, moved or removed, and the owner's own between them. A stored status is a stage's key (a
// foreign key), so every path that writes a status (the dialog, the list, bulk actions, the board,
// the REST API, MCP) can only store a stage that exists, and a stage cannot go while it holds a lead.

/** Who may add, rename, reorder and remove stages. */
export const STAGE_EDITORS: readonly StaffRole[] = ["owner"];

/** A stage as the board, the selects and the API show it. */
export interface StageInfo {
  key: string;
  name: string;
  builtin: boolean;
  /** Won and Lost close a deal; every other stage holds open value. */
  open: boolean;
}

/** The stages that close a deal: their value is not "open" pipeline value. */
export const CLOSED_STAGES = ["won", "lost"] as const;
/** The same, as a SQL list for `status not in (...)`. */
export const CLOSED_STAGES_SQL = sql.join(
  CLOSED_STAGES.map((s) => sql`${s}`),
  sql`, `,
);

const info = (row: LeadStage): StageInfo => ({
  key: row.key,
  name: row.name,
  builtin: row.builtin,
  open: !(CLOSED_STAGES as readonly string[]).includes(row.key),
});

/** Every stage in the board's order, read with `executor` (no role check: the caller has made it). */
export async function stagesIn(executor: Executor = db()): Promise<StageInfo[]> {
  const rows = await executor.select().from(leadStages).orderBy(asc(leadStages.position), asc(leadStages.key));
  return rows.map(info);
}

/** Every stage in the board's order, for a member of the lead desk. */
export async function listLeadStages(): Promise<StageInfo[]> {
  await requireRole(LEAD_DESK.read);
  return stagesIn();
}

/** Whether a stage with this key exists, read with `executor` (a transaction's, so a check and its write agree). */
export async function stageExists(key: string, executor: Executor = db()): Promise<boolean> {
  const rows = await executor.select({ key: leadStages.key }).from(leadStages).where(eq(leadStages.key, key)).limit(1);
  return rows.length > 0;
}

/**
 * The key a new stage gets from its name, made once and kept when the stage is renamed (an API
 * client or a webhook consumer that stored it keeps working): lower-case ASCII letters and digits
 * joined by hyphens, starting with a letter, unique among `taken`.
 */
export function stageKeyFor(name: string, taken: ReadonlySet<string>): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  let base = /^[a-z]/.test(ascii) ? ascii : `stage${ascii ? `-${ascii}` : ""}`;
  base = base.slice(0, STAGE_KEY_MAX - 4).replace(/-+$/, "");
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type StageOutcome = { ok: true; key: string } | { ok: false; field?: "name" | "after" | "moveTo" | "key"; message: string };

const refused = (message: string, field?: "name" | "after" | "moveTo" | "key"): StageOutcome => ({ ok: false, message, field });

/**
 * Every stage in order, structure changes made one at a time: the table is locked against every
 * other change of it for this transaction, then read. Locking the rows read would not do: a stage
 * another change has just added is not among them, so two stages added at once would both pass the
 * limit and the name check. A lead's move onto a stage (its foreign key's check) is not held up.
 */
async function lockedStages(tx: Transaction): Promise<LeadStage[]> {
  await tx.execute(sql`lock table ${leadStages} in share row exclusive mode`);
  return tx.select().from(leadStages).orderBy(asc(leadStages.position), asc(leadStages.key));
}

/** Positions 10, 20, 30... in the given order: a stage put between two others needs no gap search. */
async function renumber(tx: Transaction, ordered: readonly string[]): Promise<void> {
  if (ordered.length === 0) return;
  const cases = sql.join(
    ordered.map((key, i) => sql`when ${key} then ${(i + 1) * 10}::integer`),
    sql` `,
  );
  await tx
    .update(leadStages)
    .set({ position: sql`case ${leadStages.key} ${cases} end` })
    .where(inArray(leadStages.key, [...ordered]));
}

function nameProblem(name: string, stages: readonly LeadStage[], except?: string): string | null {
  if (!name) return "Enter the stage's name.";
  if (name.length > STAGE_NAME_MAX) return `Keep the name to ${STAGE_NAME_MAX} characters or fewer.`;
  const clash = stages.find((s) => s.key !== except && s.name.toLowerCase() === name.toLowerCase());
  return clash ? `There is already a stage called "${clash.name}".` : null;
}

/** Adds a custom stage right after the stage `after` (any stage but Lost's neighbours are fine; never before New). */
export async function createLeadStage(input: { name: string; after: string }): Promise<StageOutcome> {
  const user = await requireRole(STAGE_EDITORS);
  const name = input.name.trim();
  return db().transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const problem = nameProblem(name, stages);
    if (problem) return refused(problem, "name");
    if (stages.filter((s) => !s.builtin).length >= CUSTOM_STAGES_MAX)
      return refused(`There are already ${CUSTOM_STAGES_MAX} custom stages: remove one before adding another.`, "name");
    const index = stages.findIndex((s) => s.key === input.after);
    if (index < 0) return refused("Choose the stage the new one comes after.", "after");
    const key = stageKeyFor(name, new Set(stages.map((s) => s.key)));
    await tx.insert(leadStages).values({ key, name, position: 0, builtin: false, countsAsContact: true });
    const order = stages.map((s) => s.key);
    order.splice(index + 1, 0, key);
    await renumber(tx, order);
    const [after] = await tx.select().from(leadStages).where(eq(leadStages.key, key));
    await recordActivity({ action: "create", actor: user, table: "lead_stages", recordId: key, after }, tx);
    return { ok: true, key };
  });
}

/** Renames a custom stage; its key stays. */
export async function renameLeadStage(key: string, rawName: string): Promise<StageOutcome> {
  const user = await requireRole(STAGE_EDITORS);
  const name = rawName.trim();
  return db().transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const before = stages.find((s) => s.key === key);
    if (!before) return refused("This stage no longer exists.", "key");
    if (before.builtin) return refused(`${before.name} is a built-in stage: it keeps its name.`, "key");
    const problem = nameProblem(name, stages, key);
    if (problem) return refused(problem, "name");
    if (name === before.name) return { ok: true, key };
    await tx.update(leadStages).set({ name }).where(eq(leadStages.key, key));
    const [after] = await tx.select().from(leadStages).where(eq(leadStages.key, key));
    await recordActivity({ action: "update", actor: user, table: "lead_stages", recordId: key, before, after }, tx);
    return { ok: true, key };
  });
}

/**
 * Moves a custom stage one place earlier or later on the board. The built-ins keep their order among
 * themselves (only a custom stage moves), and nothing comes before New, where every lead starts.
 */
export async function moveLeadStage(key: string, direction: "up" | "down"): Promise<StageOutcome> {
  const user = await requireRole(STAGE_EDITORS);
  return db().transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const index = stages.findIndex((s) => s.key === key);
    const before = stages[index];
    if (!before) return refused("This stage no longer exists.", "key");
    if (before.builtin) return refused(`${before.name} is a built-in stage: it keeps its place.`, "key");
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 1 || target >= stages.length) return refused(direction === "up" ? "This stage is already first after New." : "This stage is already last.", "key");
    const order = stages.map((s) => s.key);
    [order[index], order[target]] = [order[target]!, order[index]!];
    await renumber(tx, order);
    const [after] = await tx.select().from(leadStages).where(eq(leadStages.key, key));
    await recordActivity({ action: "update", actor: user, table: "lead_stages", recordId: key, before, after }, tx);
    return { ok: true, key };
  });
}

/** How many leads each stage holds (a stage with none is absent). */
export async function leadsPerStage(executor: Executor = db()): Promise<Record<string, number>> {
  const rows = await executor.select({ status: leads.status, count: sql<number>`count(*)::int` }).from(leads).groupBy(leads.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

/**
 * Removes a custom stage. Its leads, if any, move to `moveTo` first, in the same transaction, each
 * with the activity row (and so the webhook event) of a status change; without `moveTo` a stage that
 * holds leads is refused with their number. The stage's row is locked first: a lead moved onto it
 * meanwhile waits for this transaction and then fails its foreign key, so no lead is left behind.
 */
export async function removeLeadStage(key: string, moveTo: string | null): Promise<StageOutcome & { moved?: number }> {
  const user = await requireRole(STAGE_EDITORS);
  return db().transaction(async (tx) => {
    const stages = await lockedStages(tx);
    const stage = stages.find((s) => s.key === key);
    if (!stage) return refused("This stage no longer exists.", "key");
    if (stage.builtin) return refused(`${stage.name} is a built-in stage: it cannot be removed.`, "key");
    // The row itself FOR UPDATE: a move onto it (its foreign-key check) now waits for this transaction.
    await tx.select({ key: leadStages.key }).from(leadStages).where(eq(leadStages.key, key)).for("update");
    const held = await tx.select().from(leads).where(eq(leads.status, key)).orderBy(asc(leads.id)).for("update");
    if (held.length > 0) {
      const target = moveTo ? stages.find((s) => s.key === moveTo) : undefined;
      if (!moveTo)
        return refused(`${stage.name} holds ${held.length} ${held.length === 1 ? "lead" : "leads"}: choose the stage they move to.`, "moveTo");
      if (!target || target.key === key) return refused("Choose another stage for its leads.", "moveTo");
      const ids = held.map((l) => l.id);
      // RETURNING gives each row as stored, with what the BEFORE UPDATE triggers stamped (first contact, won at).
      const after = new Map<string, Record<string, unknown>>();
      for (let i = 0; i < ids.length; i += 1000)
        for (const row of await tx
          .update(leads)
          .set({ status: target.key })
          .where(inArray(leads.id, ids.slice(i, i + 1000)))
          .returning())
          after.set(row.id, row);
      await recordActivityMany(
        held.map((row) => ({ action: "status", actor: user, table: "leads", recordId: row.id, before: row, after: after.get(row.id) ?? null })),
        tx,
      );
    }
    await tx.delete(leadStages).where(and(eq(leadStages.key, key), eq(leadStages.builtin, false)));
    await renumber(
      tx,
      stages.filter((s) => s.key !== key).map((s) => s.key),
    );
    await recordActivity({ action: "delete", actor: user, table: "lead_stages", recordId: key, before: stage }, tx);
    return { ok: true, key, moved: held.length };
  });
}
