"use client";

import { checkLinksAction } from "@/server/seo/link-check-actions";
import { ActionForm } from "./team-forms";

/** "Check links now": a plain form (it works without JavaScript) that queues a check of the site's links. */
export function CheckLinksForm() {
  return <ActionForm action={checkLinksAction} hidden={{}} label="Check links now" variant="primary" testId="check-links" />;
}
