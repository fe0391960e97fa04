import "server-only";
import { notFound } from "next/navigation";
import { WritingRoom } from "@/components/admin/writing-room";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { dashboardHref } from "@/lib/routes";
import { openScreen } from "@/app/admin/dashboard-gate";
import { readInternalLinks } from "@/server/content";
import { readRecord, recordVersion } from "@/server/dashboard/data/admin-records";
import { siteConfig } from "@/server/kernel/site-config";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A post in the writing room (docs/decisions/0071): a new one (`id` null) or a stored one, behind
 * the posts screen's gate. A post that does not exist (deleted since the link was made) is not found.
 */
export async function WritingRoomScreen({ id }: { id: string | null }) {
  const gate = await openScreen(blogPostsTable.id);
  if (gate.kind === "denied") return gate.page;
  const record = id === null ? null : UUID.test(id) ? await readRecord(blogPostsTable, id) : undefined;
  if (record === undefined) notFound();
  const version = recordVersion(record ?? undefined) ?? "";
  const internalLinks =
    record === null
      ? null
      : await readInternalLinks({ id: record.id, slug: String(record.slug ?? ""), title: String(record.title ?? ""), content: String(record.content ?? "") });
  return (
    <WritingRoom
      // Not the version: a save revalidates the blog, which renders this page again with the new
      // version while the writer types; the room keeps its state and takes the version from the answer.
      key={record?.id ?? "new"}
      tableId={blogPostsTable.id}
      record={record}
      version={version}
      siteName={siteConfig().name}
      siteUrl={siteConfig().url}
      internalLinks={internalLinks}
      listHref={dashboardHref(blogPostsTable.id)}
    />
  );
}
