"use client";

import { blogPostHref } from "@/lib/blog";
import { SEARCH_DESCRIPTION_WARN, SEARCH_TITLE_WARN, blogSearchAppearance } from "@/lib/metadata";
import { cx } from "@/lib/class-names";

/**
 * How the post will look in a search result and as a shared card, as the writer types
 * (docs/decisions/0047). The title and description come from the same function as the page's
 * metadata, so the counters count what the page will carry, the site's suffix included.
 */
export function SeoPanel({ values, siteName }: { values: Record<string, string>; siteName: string }) {
  // As the save stores them: inner runs of spaces collapse (src/lib/schemas/admin.ts titleText).
  const title = (values.title ?? "").replace(/\s{2,}/g, " ").trim();
  const metaTitle = values.metaTitle?.replace(/\s{2,}/g, " ");
  const { documentTitle, description } = blogSearchAppearance({ title, metaTitle, metaDescription: values.metaDescription, excerpt: values.excerpt }, siteName);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const path = blogPostHref(values.slug || "your-post");
  const host = origin ? new URL(origin).host : "";
  const titleLong = documentTitle.length > SEARCH_TITLE_WARN;
  // What a search result shows: about 60 characters, then an ellipsis; the panel wraps rather than cuts it.
  const shownTitle = titleLong ? `${documentTitle.slice(0, SEARCH_TITLE_WARN - 1).trimEnd()}…` : documentTitle;
  const descriptionSource = values.metaDescription?.trim()
    ? ""
    : values.excerpt?.trim()
      ? " (taken from the excerpt)"
      : " (taken from the title: add an excerpt or a meta description)";
  const descriptionLong = description.length > SEARCH_DESCRIPTION_WARN;
  const image = values.featuredImageUrl?.trim();
  return (
    <section aria-labelledby="seo-panel-heading" className="space-y-4 rounded-xl border border-line bg-canvas p-4" data-testid="seo-panel">
      <h3 id="seo-panel-heading" className="text-sm font-bold tracking-wider uppercase">
        Search and social preview
      </h3>
      <div className="rounded-lg bg-surface p-3" aria-label="Search result preview" role="group">
        <p className="truncate text-xs text-ink-soft">
          {host} › blog › {values.slug || "your-post"}
        </p>
        <p className="text-lg leading-snug break-words text-[#1a0dab]" data-testid="seo-title" title={documentTitle}>
          {shownTitle}
        </p>
        <p className="line-clamp-2 text-sm text-ink-soft">{description}</p>
      </div>
      <ul className="space-y-1 text-sm" aria-live="polite">
        <li data-testid="seo-title-count" className={cx(titleLong && "font-semibold text-danger")}>
          Page title: {documentTitle.length} characters{values.metaTitle?.trim() ? " (the meta title as typed)" : `, “ | ${siteName}” included`}
          {titleLong ? ` — over ${SEARCH_TITLE_WARN}: search results may cut it. A shorter meta title helps.` : ` (up to ${SEARCH_TITLE_WARN} shows in full).`}
        </li>
        <li data-testid="seo-description-count" className={cx(descriptionLong && "font-semibold text-danger")}>
          Description: {description.length} characters
          {descriptionSource}
          {descriptionLong ? ` — over ${SEARCH_DESCRIPTION_WARN}: search results may cut it.` : ` (up to ${SEARCH_DESCRIPTION_WARN} shows in full).`}
        </li>
      </ul>
      <div className="overflow-hidden rounded-lg border border-line bg-surface" aria-label="Social card preview" role="group">
        {image ? (
          // The writer's own image, as the card will show it (an address they typed or uploaded).
          // eslint-disable-next-line @next/next/no-img-element
          <img src={image} alt="" className="aspect-[1200/630] w-full object-cover" />
        ) : (
          <div className="flex aspect-[1200/630] w-full items-center justify-center bg-brand-900 p-4 text-center text-sm font-semibold text-white">
            Generated card: the title and author on the brand&apos;s colours
          </div>
        )}
        <div className="space-y-1 p-3">
          <p className="text-xs text-ink-soft uppercase">{host}</p>
          <p className="font-semibold">{metaTitle?.trim() || title || "Untitled"}</p>
          <p className="line-clamp-2 text-sm text-ink-soft">{description}</p>
        </div>
      </div>
      <p className="text-xs text-ink-soft">
        Public address:{" "}
        <span className="font-mono">
          {origin}
          {path}
        </span>
      </p>
    </section>
  );
}
