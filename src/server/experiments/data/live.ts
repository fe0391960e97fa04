import "server-only";
import { and, eq } from "drizzle-orm";
import { isHeroImage, isHomeSectionOrder, type VariantRef } from "@/lib/experiments";
import { db, type Executor } from "../../kernel/db/client";
import { experiments, pageCopy, type ExperimentTarget, type VariantCopy } from "../../kernel/db/schema";
import type { RunningExperiment } from "../../kernel/bridge.ts";

// What the public side reads of experiments (docs/decisions/0107, 0110): the running one for the
// host, and the copy a page shows, its own (a shipped winner's) with a variant's over it.

/** The running experiment, as the host assigns visitors; null when none runs. */
export async function loadRunningExperiment(exec: Executor = db()): Promise<RunningExperiment | null> {
  const [row] = await exec
    .select({
      key: experiments.key,
      target: experiments.target,
      targetPath: experiments.targetPath,
      trafficPercent: experiments.trafficPercent,
      variants: experiments.variants,
    })
    .from(experiments)
    .where(eq(experiments.status, "running"))
    .limit(1);
  if (!row) return null;
  return {
    key: row.key,
    target: row.target,
    path: row.targetPath,
    trafficPercent: row.trafficPercent,
    weights: row.variants.map((variant) => variant.weight),
  };
}

/** Only the fields a variant may set, each a non-empty string: a stored row is never trusted to be shaped right. */
function cleanCopy(copy: unknown): VariantCopy {
  const out: VariantCopy = {};
  if (!copy || typeof copy !== "object") return out;
  const stored = copy as Record<string, unknown>;
  for (const field of ["headline", "subheadline", "ctaText", "ctaHref"] as const) {
    const value = stored[field];
    if (typeof value === "string" && value.trim() !== "") out[field] = value;
  }
  // A target is a path of this site only: anything else keeps the page's own.
  if (out.ctaHref && !/^\/(?!\/)/.test(out.ctaHref)) delete out.ctaHref;
  // An image or an order is a name from the site's own lists; a name no longer there keeps the page's own.
  if (typeof stored.heroImage === "string" && isHeroImage(stored.heroImage)) out.heroImage = stored.heroImage;
  if (typeof stored.sectionOrder === "string" && isHomeSectionOrder(stored.sectionOrder)) out.sectionOrder = stored.sectionOrder;
  return out;
}

/**
 * The copy of `target` for a page rendered under `variant` (or none): the page part's own copy from
 * page_copy (empty when never changed), with the variant's fields over it when the variant belongs
 * to an experiment on this target and, for a page target, on this page (`path`, "/services/seo").
 * A field left out keeps the static copy of src/content or the page's own content.
 */
export async function copyFor(target: ExperimentTarget, variant: VariantRef | null, path: string | null = null, exec: Executor = db()): Promise<VariantCopy> {
  let own: VariantCopy = {};
  try {
    const [row] = await exec
      .select({ copy: pageCopy.copy })
      .from(pageCopy)
      .where(and(eq(pageCopy.target, target), eq(pageCopy.path, path ?? "")));
    own = cleanCopy(row?.copy);
    if (!variant) return own;
    const [experiment] = await exec
      .select({ target: experiments.target, targetPath: experiments.targetPath, variants: experiments.variants })
      .from(experiments)
      .where(eq(experiments.key, variant.key));
    // Another page's experiment of the same kind names another path: its copy is not this page's.
    if (!experiment || experiment.target !== target || (experiment.targetPath ?? null) !== (path ?? null)) return own;
    return { ...own, ...cleanCopy(experiment.variants[variant.index]?.copy) };
  } catch {
    // The database is down: the page shows its static copy (docs/decisions/0008).
    return own;
  }
}
