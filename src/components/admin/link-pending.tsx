"use client";

import { useLinkStatus } from "next/link";

/** Inside a link: a small spinner and a spoken "Loading…" while the link's navigation is under way. */
export function LinkPending({ label }: { label: string }) {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span role="status" className="inline-flex items-center">
      <span aria-hidden="true" className="size-3.5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
      <span className="sr-only">Loading {label}…</span>
    </span>
  );
}
