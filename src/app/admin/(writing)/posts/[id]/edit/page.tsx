import type { Metadata } from "next";
import { WritingRoomScreen } from "../../room";

export const metadata: Metadata = { title: "Edit post" };

/** A stored post, written full screen (docs/decisions/0071). */
export default async function EditPostPage({ params }: { params: Promise<{ id: string }> }) {
  return <WritingRoomScreen id={(await params).id} />;
}
