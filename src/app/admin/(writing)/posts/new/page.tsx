import type { Metadata } from "next";
import { WritingRoomScreen } from "../room";

export const metadata: Metadata = { title: "New post" };

/** A new post, written full screen (docs/decisions/0071). */
export default function NewPostPage() {
  return <WritingRoomScreen id={null} />;
}
