import "server-only";
import { revalidatePath } from "next/cache";
import type { ExperimentTarget } from "../kernel/db/schema";
import { experimentRunChanged, invalidatePageCache } from "../kernel/bridge.ts";
import { revalidatePublicPaths } from "../kernel/revalidate";

/**
 * An experiment started, stopped or shipped (committed): the host reloads the running experiment
 * and the other processes are told. Starting or stopping changes no page (a variant's pages are new
 * addresses; the control is the page as it was). Shipping a winner makes its copy the page part's
 * own: `shipped` names it, and the pages that show it are refreshed (the hero: home; the header's
 * call to action: every public page).
 */
export function experimentsChanged(shipped?: ExperimentTarget): void {
  experimentRunChanged();
  if (shipped === "home-hero") revalidatePublicPaths(["/"]);
  else if (shipped === "header-cta") {
    revalidatePath("/[locale]", "layout");
    invalidatePageCache();
  }
}
