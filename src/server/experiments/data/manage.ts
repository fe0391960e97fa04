import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { EXPERIMENTS_DESK } from "@/lib/admin-tables/definition";
import type { ExperimentData } from "@/lib/schemas/experiments";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Executor } from "../../kernel/db/client";
import { databaseError } from "../../kernel/db/errors";
import { experiments, pageCopy, pageCopyRevisions, type VariantCopy } from "../../kernel/db/schema";
import { enqueueWebhookEvent } from "../../kernel/events/events";
import { FieldError } from "../../kernel/forms/form-action";
import { requireRole } from "../../kernel/session/auth-guard";
import { experimentResults } from "./results";

// The experiments' life (docs/decisions/0104): a draft is made and edited, started (one runs at a
// time, site-wide), stopped, and a stopped experiment's winning variant shipped, its copy becoming the
// page's own. Every write checks the status it starts from inside its transaction, with the row
// locked, and records its activity row there too, so two members pressing Start and Stop at once
// leave one of the two changes and its row.

export type ExperimentRow = typeof experiments.$inferSelect;

interface Actor {
  id: string;
  email: string;
}

/** The source a shipped variant's revision of the page copy names. */
export const shippedSource = (key: string) => `experiment:${key}`;

const NOT_FOUND = "That experiment is not in the list any more.";

/** The experiments, the running one first, then the newest. */
export async function listExperiments(exec: Executor = db()): Promise<ExperimentRow[]> {
  await requireRole(EXPERIMENTS_DESK.read);
  return exec
    .select()
    .from(experiments)
    .orderBy(sql`${experiments.status} = 'running' desc`, desc(experiments.createdAt));
}

export async function getExperiment(id: string, exec: Executor = db()): Promise<ExperimentRow | null> {
  await requireRole(EXPERIMENTS_DESK.read);
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await exec.select().from(experiments).where(eq(experiments.id, id));
  return row ?? null;
}

/** The running experiment, if any (no role check: the caller has made it). */
export async function runningExperiment(exec: Executor = db()): Promise<ExperimentRow | null> {
  const [row] = await exec.select().from(experiments).where(eq(experiments.status, "running"));
  return row ?? null;
}

/** Eight random lower-case hex digits: the experiment's hashing seed, never changed (a new one would move every visitor). */
export const newExperimentKey = () => randomBytes(4).toString("hex");

/** What the form gives, without the id it may carry. */
export type ExperimentFields = Omit<ExperimentData, "id">;

const fields = (data: ExperimentFields) => ({
  name: data.name,
  target: data.target,
  targetPath: data.targetPath,
  goal: data.goal,
  trafficPercent: data.trafficPercent,
  minDays: data.minDays,
  variants: data.variants,
});

/** A new draft, with its own key. */
export async function createExperiment(data: ExperimentFields, actor: Actor, exec: Executor = db()): Promise<ExperimentRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await exec.transaction(async (tx) => {
        const [row] = await tx
          .insert(experiments)
          .values({ ...fields(data), key: newExperimentKey(), status: "draft", createdBy: actor.email })
          .returning();
        await recordActivity({ action: "create", actor, table: "experiments", recordId: row!.id, before: null, after: row! }, tx);
        return row!;
      });
    } catch (error) {
      // Four billion keys: a clash is rare, and another draw settles it.
      if (attempt < 3 && databaseError(error)?.code === "23505") continue;
      throw error;
    }
  }
}

/** The row, locked for the change, or a refusal saying it is gone. */
async function lockedRow(tx: Executor, id: string): Promise<ExperimentRow> {
  const [row] = await tx.select().from(experiments).where(eq(experiments.id, id)).for("update");
  if (!row) throw new FieldError({ form: NOT_FOUND }, "Not found");
  return row;
}

/**
 * Edits a draft. Once an experiment has run, its variants and weights are never changed: the
 * assignment is a hash of the key over the weights' ranges, so a new weight would move visitors from
 * one variant to another mid-test, and the figures already counted would mix two splits (and two
 * versions of a variant's copy) that no result can be read from. A new draft is the way to try again.
 */
export async function updateExperiment(data: ExperimentFields & { id: string }, actor: Actor, exec: Executor = db()): Promise<ExperimentRow> {
  return exec.transaction(async (tx) => {
    const before = await lockedRow(tx, data.id);
    if (before.status !== "draft")
      throw new FieldError(
        { form: `${before.name} has ${before.status === "running" ? "started" : "run"}: its variants and weights are fixed, since changing them would move visitors between variants and mix two tests in one result. Make a new experiment to try other copy.` },
        "Not saved",
      );
    const [after] = await tx
      .update(experiments)
      .set({ ...fields(data), updatedAt: new Date() })
      .where(eq(experiments.id, data.id))
      .returning();
    await recordActivity({ action: "update", actor, table: "experiments", recordId: data.id, before, after: after! }, tx);
    return after!;
  });
}

/** The refusal of a start while another experiment runs. */
function anotherRunning(other: Pick<ExperimentRow, "name"> | null): FieldError {
  const which = other ? `${other.name} is running` : "Another experiment is running";
  return new FieldError(
    { form: `${which}. One experiment runs at a time, so that each page view shows one test and each is judged on its own visitors: stop it first.` },
    "Not started",
  );
}

/** Draft to running: visitors are assigned from now on. Refused while another experiment runs. */
export async function startExperiment(id: string, actor: Actor, now = new Date(), exec: Executor = db()): Promise<ExperimentRow> {
  try {
    return await exec.transaction(async (tx) => {
      const before = await lockedRow(tx, id);
      if (before.status !== "draft") throw new FieldError({ form: `${before.name} has already ${before.status === "running" ? "started" : "run"}.` }, "Not started");
      const other = await runningExperiment(tx);
      if (other) throw anotherRunning(other);
      const [after] = await tx.update(experiments).set({ status: "running", startedAt: now, updatedAt: now }).where(eq(experiments.id, id)).returning();
      await recordActivity({ action: "experiment.start", actor, table: "experiments", recordId: id, before, after: after! }, tx);
      return after!;
    });
  } catch (error) {
    // Two starts at once both saw none running: the index that allows one running row refuses the second.
    const failure = databaseError(error);
    if (failure?.code === "23505" && (failure.constraint === undefined || failure.constraint === "experiments_one_running"))
      throw anotherRunning(await runningExperiment(exec));
    throw error;
  }
}

/**
 * Running to stopped: visitors see the page as it is again. The `experiment.stopped` webhook event,
 * with the results as they stand, is queued in the same transaction.
 */
export async function stopExperiment(id: string, actor: Actor, now = new Date(), exec: Executor = db()): Promise<ExperimentRow> {
  return exec.transaction(async (tx) => {
    const before = await lockedRow(tx, id);
    if (before.status !== "running")
      throw new FieldError({ form: before.status === "draft" ? `${before.name} has not started.` : `${before.name} is already stopped.` }, "Not stopped");
    const [after] = await tx.update(experiments).set({ status: "stopped", stoppedAt: now, updatedAt: now }).where(eq(experiments.id, id)).returning();
    await recordActivity({ action: "experiment.stop", actor, table: "experiments", recordId: id, before, after: after! }, tx);
    const results = await experimentResults(after!, now, tx);
    await enqueueWebhookEvent(tx, "experiment.stopped", "experiments", id, { ...after!, results });
    return after!;
  });
}

/**
 * Ships a stopped experiment's challenger: its copy written over the target's page copy (each field it
 * leaves out keeps what the page showed during the test, which is what its visitors saw beside it),
 * a revision of the page copy naming the experiment, the variant marked shipped, and the activity
 * row, all in one transaction.
 */
export async function shipExperiment(id: string, variant: number, actor: Actor, now = new Date(), exec: Executor = db()): Promise<ExperimentRow> {
  return exec.transaction(async (tx) => {
    const before = await lockedRow(tx, id);
    if (before.status !== "stopped")
      throw new FieldError({ form: `Stop ${before.name} before shipping a variant: while it runs, its visitors are still being split.` }, "Not shipped");
    if (before.shippedVariant !== null)
      throw new FieldError({ form: `${before.variants[before.shippedVariant]?.name ?? "A variant"} of ${before.name} is already shipped.` }, "Not shipped");
    const chosen = before.variants[variant];
    if (variant < 1 || !chosen) throw new FieldError({ variant: "Choose one of the experiment's challengers: the control is the page as it is already." }, "Not shipped");
    // The page part is the target and, for a page target, its page: a service hero's winner is that
    // service's copy, not every service's. The row is locked so that two ships of experiments on one
    // part write their copies in turn.
    const path = before.targetPath ?? "";
    const [current] = await tx
      .select()
      .from(pageCopy)
      .where(and(eq(pageCopy.target, before.target), eq(pageCopy.path, path)))
      .for("update");
    const copy: VariantCopy = { ...current?.copy, ...chosen.copy };
    await tx
      .insert(pageCopy)
      .values({ target: before.target, path, copy, updatedAt: now, updatedBy: actor.email })
      .onConflictDoUpdate({ target: [pageCopy.target, pageCopy.path], set: { copy, updatedAt: now, updatedBy: actor.email } });
    await tx.insert(pageCopyRevisions).values({ target: before.target, path, copy, source: shippedSource(before.key), at: now, by: actor.email });
    const [after] = await tx.update(experiments).set({ shippedVariant: variant, updatedAt: now }).where(eq(experiments.id, id)).returning();
    await recordActivity({ action: "experiment.ship", actor, table: "experiments", recordId: id, before, after: after! }, tx);
    return after!;
  });
}

/** What a page part's copy is now (the dashboard's, over the static copy), or null when never shipped. */
export async function currentPageCopy(target: ExperimentRow["target"], path: string | null = null, exec: Executor = db()): Promise<VariantCopy | null> {
  await requireRole(EXPERIMENTS_DESK.read);
  const [row] = await exec
    .select({ copy: pageCopy.copy })
    .from(pageCopy)
    .where(and(eq(pageCopy.target, target), eq(pageCopy.path, path ?? "")));
  return row?.copy ?? null;
}
