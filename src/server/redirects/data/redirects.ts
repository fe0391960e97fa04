import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { CONTENT_DESK } from "@/lib/admin-tables/definition";
import { flattenRedirects, RedirectLoopError, sameSiteTarget, type RedirectRule } from "@/lib/redirect-rules";
import type { RedirectData } from "@/lib/schemas/redirects";
import { recordActivity } from "../../kernel/activity/activity";
import { db, type Executor } from "../../kernel/db/client";
import { redirects, type RedirectRow } from "../../kernel/db/schema";
import { FieldError } from "../../kernel/forms/form-action";
import { requireRole } from "../../kernel/session/auth-guard";
import { siteConfig } from "../../kernel/site-config";
import { forgetNotFound } from "./not-found";

// The redirect table (docs/decisions/0091). Every write runs in a transaction that holds the
// table's lock, reads the whole table, and saves it flat: a loop is refused, and every rule whose
// target is now itself a source is pointed at the end of the chain, so the host answers each
// request with one hop. The table is small (hundreds of rows), so reading it whole is cheap.

export type RedirectListRow = Pick<RedirectRow, "id" | "source" | "target" | "status" | "hits" | "lastHitAt" | "createdBy" | "updatedAt">;

/** The Redirects screen's list: the content desk's to read. */
export async function listRedirects(exec: Executor = db()): Promise<RedirectListRow[]> {
  await requireRole(CONTENT_DESK.read);
  return exec
    .select({
      id: redirects.id,
      source: redirects.source,
      target: redirects.target,
      status: redirects.status,
      hits: redirects.hits,
      lastHitAt: redirects.lastHitAt,
      createdBy: redirects.createdBy,
      updatedAt: redirects.updatedAt,
    })
    .from(redirects)
    .orderBy(asc(redirects.source));
}

/** What the host keeps in memory (host/redirects.ts). */
export async function loadRedirectRules(exec: Executor = db()): Promise<RedirectRule[]> {
  return exec.select({ id: redirects.id, source: redirects.source, target: redirects.target, status: redirects.status }).from(redirects);
}

/** The host's counted hits, one UPDATE per batch: each rule's count added and its latest time. */
export async function recordRedirectHits(hits: readonly { id: number; count: number; at: Date }[], exec: Executor = db()): Promise<void> {
  if (hits.length === 0) return;
  const rows = sql.join(
    hits.map((h) => sql`(${h.id}::bigint, ${h.count}::bigint, ${h.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await exec.execute(sql`
    update ${redirects} set hits = ${redirects.hits} + h.count,
      last_hit_at = greatest(${redirects.lastHitAt}, h.at)
    from (values ${rows}) as h(id, count, at)
    where ${redirects.id} = h.id`);
}

type Change =
  | { kind: "save"; rule: RedirectRule & { createdBy?: string | null } }
  | { kind: "release"; source: string }
  | { kind: "import"; rules: RedirectRule[]; createdBy: string };

/**
 * Applies a change to the whole table, flat, in `tx`: the rules it adds or edits (an import's rule
 * replaces the one with its old address), and every other rule whose target the change moved.
 * Returns the saved rule of a "save". Throws a FieldError naming the chain of a loop.
 */
async function applyChange(tx: Executor, change: Change): Promise<RedirectRule | null> {
  // One writer at a time: two saves that each look fine alone could make a loop together.
  await tx.execute(sql`lock table ${redirects} in share row exclusive mode`);
  const rows = await loadRedirectRules(tx);
  let next: RedirectRule[];
  let createdBy: string | null = null;
  if (change.kind === "release") {
    next = rows.filter((r) => r.source !== change.source);
  } else if (change.kind === "import") {
    const bySource = new Map(rows.map((r) => [r.source, r]));
    const incoming = new Set(change.rules.map((r) => r.source));
    next = [...change.rules.map((r) => ({ ...r, id: bySource.get(r.source)?.id })), ...rows.filter((r) => !incoming.has(r.source))];
    createdBy = change.createdBy;
  } else {
    const { rule } = change;
    const taken = rows.find((r) => r.source === rule.source && r.id !== rule.id);
    if (taken) throw new FieldError({ source: `There is already a redirect from ${rule.source}: edit that one.` }, "Not saved");
    // The changed rule first: a loop it makes is named from its own old address.
    next = [{ ...rule }, ...rows.filter((r) => r.id === undefined || r.id !== rule.id)];
    createdBy = rule.createdBy ?? null;
  }
  // A target that is this site's own absolute address is saved as its path: a loop or chain through
  // it is then seen like any other (ADR 0091, amended).
  const siteUrl = siteConfig().url;
  next = next.map((r) => {
    const target = sameSiteTarget(r.target, siteUrl);
    return target === r.target ? r : { ...r, target };
  });
  let flat: RedirectRule[];
  try {
    flat = flattenRedirects(next);
  } catch (error) {
    if (error instanceof RedirectLoopError) throw new FieldError({ [change.kind === "import" ? "file" : "target"]: error.message }, "Not saved", error.message);
    throw error;
  }
  // The flat table written over the old one: rows gone deleted, new ones inserted, changed ones updated.
  const before = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set(flat.map((r) => r.id));
  for (const row of rows) if (!kept.has(row.id)) await tx.delete(redirects).where(eq(redirects.id, row.id!));
  let saved: RedirectRule | null = null;
  for (const rule of flat) {
    const values = { source: rule.source, target: rule.target, status: rule.status };
    const old = rule.id === undefined ? undefined : before.get(rule.id);
    let written = rule;
    if (!old) {
      const [row] = await tx
        .insert(redirects)
        .values({ ...values, createdBy })
        .returning({ id: redirects.id });
      written = { ...rule, id: row!.id };
    } else if (old.source !== rule.source || old.target !== rule.target || old.status !== rule.status) {
      await tx.update(redirects).set(values).where(eq(redirects.id, rule.id!));
    }
    if (change.kind === "save" && rule.source === change.rule.source) saved = written;
    // An address that now redirects is no longer one visitors fail to find: it leaves the 404 monitor.
    if (change.kind !== "release" && (!old || old.source !== rule.source)) await forgetNotFound(tx, rule.source);
  }
  return saved;
}

/** The rows of an imported file, checked: what `importRedirects` is given. */
export interface RedirectImport {
  rules: RedirectRule[];
}

/**
 * Adds or replaces many redirects at once (the Redirects screen's CSV import): one transaction under
 * the table's lock, judged as a whole (a loop anywhere refuses the file and changes nothing), then one
 * activity row with the counts.
 */
export async function importRedirects(
  rules: readonly RedirectRule[],
  actor: { id: string; email: string },
  exec: Executor = db(),
): Promise<{ added: number; replaced: number }> {
  return exec.transaction(async (tx) => {
    const existing = new Set((await loadRedirectRules(tx)).map((r) => r.source));
    await applyChange(tx, { kind: "import", rules: rules.map((r) => ({ source: r.source, target: r.target, status: r.status })), createdBy: actor.email });
    const replaced = rules.filter((r) => existing.has(r.source)).length;
    const counts = { added: rules.length - replaced, replaced };
    await recordActivity({ action: "redirects.import", actor, table: "redirects", recordId: null, before: null, after: counts }, tx);
    return counts;
  });
}

/** Adds or edits a redirect from the dashboard (its activity row in the same transaction). */
export async function saveRedirect(data: RedirectData, actor: { id: string; email: string }, exec: Executor = db()): Promise<RedirectRule> {
  return exec.transaction(async (tx) => {
    const [before] = data.id === undefined ? [] : await tx.select().from(redirects).where(eq(redirects.id, data.id));
    if (data.id !== undefined && !before) throw new FieldError({ form: "That redirect is not in the list any more." }, "Not saved");
    const saved = await applyChange(tx, {
      kind: "save",
      rule: { id: data.id, source: data.source, target: data.target, status: data.status, createdBy: actor.email },
    });
    await recordActivity(
      { action: before ? "update" : "create", actor, table: "redirects", recordId: String(saved!.id), before: before ?? null, after: { ...saved } },
      tx,
    );
    return saved!;
  });
}

export async function deleteRedirect(id: number, actor: { id: string; email: string }, exec: Executor = db()): Promise<boolean> {
  return exec.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!row) return false;
    await recordActivity({ action: "delete", actor, table: "redirects", recordId: String(id), before: row, after: null }, tx);
    return true;
  });
}

/**
 * A page moved from `from` to `to` (a post's slug changed): a 301 from the old address, written in
 * the caller's transaction, and the chain flattened (earlier addresses of the page now lead to `to`
 * in one hop). A redirect from `to` is removed first: that address is a live page again.
 */
export async function redirectMovedPage(tx: Executor, from: string, to: string, createdBy: string): Promise<void> {
  await releaseAddress(tx, to);
  const [existing] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.source, from));
  await applyChange(tx, { kind: "save", rule: { id: existing?.id, source: from, target: to, status: 301, createdBy } });
}

/** An address that is a live page again (a new post took it): its redirect, if any, goes. */
export async function releaseAddress(tx: Executor, source: string): Promise<void> {
  const [existing] = await tx.select({ id: redirects.id }).from(redirects).where(eq(redirects.source, source));
  if (existing) await applyChange(tx, { kind: "release", source });
}
