import "server-only";
import { revalidatePath } from "next/cache";
import { experimentRunChanged, invalidatePageCache } from "../kernel/bridge.ts";

/**
 * An experiment started, stopped or shipped (committed). The host reloads the running experiment
 * (and tells the other processes), and every public page is refreshed: the header's call to action
 * is on each of them, and a shipped winner's copy is the page's own from now on.
 */
export function experimentsChanged(): void {
  experimentRunChanged();
  revalidatePath("/", "layout");
  invalidatePageCache();
}
