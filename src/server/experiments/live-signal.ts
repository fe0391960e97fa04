import "server-only";
import { revalidatePath } from "next/cache";
import { isPageTarget } from "@/lib/experiments";
import type { ExperimentTarget } from "../kernel/db/schema";
import { experimentRunChanged, invalidatePageCache } from "../kernel/bridge.ts";
import { revalidatePublicPaths } from "../kernel/revalidate";

/**
 * An experiment started, stopped or shipped (committed): the host reloads the running experiment
 * and the other processes are told. Starting or stopping changes no page (a variant's pages are new
 * addresses; the control is the page as it was). Shipping a winner makes its copy the page part's
 * own: `shipped` names it, with its page for a page target (`path`), and the pages that show it are
 * refreshed (home's hero: home; the free-audit opening: that page; a service's, a case study's or an
 * article's: that one page; the header's call to action: every public page).
 */
export function experimentsChanged(shipped?: ExperimentTarget, path?: string | null): void {
  experimentRunChanged();
  if (!shipped) return;
  if (shipped === "header-cta") {
    revalidatePath("/[locale]", "layout");
    invalidatePageCache();
  } else if (shipped === "home-hero") revalidatePublicPaths(["/"]);
  else if (shipped === "free-audit-hero") revalidatePublicPaths(["/free-audit"]);
  else if (path && isPageTarget(shipped)) revalidatePublicPaths([path]);
}
