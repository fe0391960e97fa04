import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "../../kernel/db/client";
import { media } from "../../kernel/db/schema";
import { log } from "../../kernel/log";
import { describeUses, findMediaUses } from "../media";
import { storage } from "../storage";

/** The media library's rows with where each image is shown. */
export async function decorateMediaRows(rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const uses = await findMediaUses(rows.map((r) => r.name as string));
  return rows.map((r) => ({ ...r, uses: (uses.get(r.name as string) ?? []).map(({ kind, title, where }) => ({ kind, title, where })) }));
}

/**
 * Deletes an image that nothing shows: the row in the caller's transaction, the stored file once it
 * has committed. One still in use is kept and the answer lists where, so that no page is left with
 * a broken image. The row is read FOR UPDATE before the uses are searched: a post, case study or
 * testimonial being saved with this image holds it FOR SHARE until it commits (holdMediaInUse), so
 * the search runs after that save and finds it, and a save that starts later waits for this delete
 * and is refused (docs/decisions/0048).
 */
export async function deleteMedia(id: string, tx: Executor): Promise<{ afterCommit: () => void } | { refused: string } | null> {
  const [row] = await tx.select().from(media).where(eq(media.id, id)).for("update");
  if (!row) return null;
  const uses = (await findMediaUses([row.name], tx)).get(row.name) ?? [];
  if (uses.length > 0) return { refused: `It is used in ${uses.length === 1 ? "one place" : `${uses.length} places`}: ${describeUses(uses)}. Remove it there first.` };
  const deleted = await tx.delete(media).where(eq(media.id, id)).returning({ name: media.name });
  if (deleted.length === 0) return null;
  return {
    afterCommit: () =>
      void storage()
        .delete(row.name)
        // The row is gone, so the library no longer offers it; a file left behind costs only space.
        .catch((error: unknown) => log("warn", "media file not deleted from storage", { name: row.name, error: String(error) })),
  };
}
