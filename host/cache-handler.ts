// Next's own file-system cache handler (pages and route handlers cached on disk and in memory,
// docs/decisions/0003), configured as `cacheHandler` in next.config.ts, with one addition: every
// tag it expires (what revalidatePath and revalidateTag become) is also handed to the invalidation
// channel, which expires the same tags in the other server processes (docs/decisions/0032).
// Next creates a handler per request; the expired tags live in one map per process that Next
// shares between its handlers (tags-manifest.external.js), which `expireTagsLocally` writes.
import { enteredBeforeInvalidation, publishTags, type TagDurations } from "../src/server/kernel/bridge.ts";
import { FileSystemCache } from "./next-internals.ts";

type SetArguments = Parameters<InstanceType<typeof FileSystemCache>["set"]>;

/** Expires tags in this process only, as Next's handler does: used for tags another process expired. */
export async function expireTagsLocally(tags: string[], durations?: TagDurations): Promise<void> {
  await FileSystemCache.prototype.revalidateTag.call(undefined, tags, durations);
}

export default class SharedFileSystemCache extends FileSystemCache {
  // A render that began before an edit's revalidation would be stored after it, stamped fresh, and
  // served until its own revalidate time: it is not stored, and the next request renders anew
  // (host/html-documents.ts, enteredBeforeInvalidation).
  override async set(...[key, data, ctx]: SetArguments): Promise<void> {
    if (enteredBeforeInvalidation()) return;
    await super.set(key, data, ctx);
  }

  override async revalidateTag(tags: string | string[], durations?: TagDurations): Promise<void> {
    await super.revalidateTag(tags, durations);
    const list = typeof tags === "string" ? [tags] : tags;
    if (list.length > 0) publishTags(list, durations);
  }
}
