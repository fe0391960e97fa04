import "server-only";
import type { FormState } from "@/lib/form-state";
import { cardLabel } from "@/lib/pipeline";
import { stagesIn } from "../leads";
import { leadHeadline } from "./data/pipeline";

// The words of a card's move (docs/decisions/0067): the toast with JavaScript, and without it the
// board's answer box, which the page writes from the result's code in its address.

/** The result of a move, as a code the board's address can carry back to a page without JavaScript. */
export type MoveResult = "moved" | "stale" | "unknown" | "gone" | "refused" | "failed";
export const MOVE_RESULTS: readonly MoveResult[] = ["moved", "stale", "unknown", "gone", "refused", "failed"];

async function stageName(key: string): Promise<string> {
  return (await stagesIn()).find((s) => s.key === key)?.name ?? key;
}

/** The words of a move's answer, from its result (the board without JavaScript renders them from the code). */
export async function moveAnswer(result: MoveResult, id: string): Promise<FormState> {
  const lead = result === "gone" || result === "refused" ? undefined : await leadHeadline(id).catch(() => undefined);
  // The person and their company, as the card and its announcements name them (docs/decisions/0101).
  const name = lead ? cardLabel(lead) : "This lead";
  switch (result) {
    case "moved":
      return { status: "success", message: `${name} moved to ${lead ? await stageName(lead.status) : "its new stage"}.` };
    case "stale":
      return {
        status: "error",
        title: "Not moved",
        message: `${name} was moved by someone else meanwhile; it is now in ${lead ? await stageName(lead.status) : "another stage"}. Nothing was changed.`,
      };
    case "unknown":
      return { status: "error", title: "Not moved", message: "That stage no longer exists. Nothing was changed." };
    case "gone":
      return { status: "error", title: "Not moved", message: "This lead no longer exists. It may have been deleted." };
    case "refused":
      return { status: "refused", title: "Access Denied", message: "You don't have admin privileges." };
    default:
      return { status: "error", title: "Not moved", message: "The card could not be moved. Please try again; nothing was changed." };
  }
}
