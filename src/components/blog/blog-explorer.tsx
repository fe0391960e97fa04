"use client";

import { useId, useSyncExternalStore, type MouseEvent, type ReactNode } from "react";
import { blogListHref, isFilterActive, MAX_SEARCH_LENGTH, matchesBlogFilter, parseBlogFilter, type BlogFilter } from "@/lib/blog";
import { cx } from "@/lib/class-names";
import { blogCopy } from "./blog-copy";

/**
 * One article of the list: what the filter reads, and its card already drawn on the server. The
 * card's code (icons, dates, links) stays on the server: only its markup reaches the browser, so the
 * list costs this component's few lines of JavaScript, not the card's.
 */
export interface ExplorerEntry {
  slug: string;
  title: string;
  excerpt: string;
  tags: string[];
  card: ReactNode;
}

/**
 * The address is the filter's only store: the server renders /blog?tag=&q= already filtered (for
 * visitors without JavaScript and for shared links), and here every keystroke and click rewrites
 * the address (history.replaceState, which Next.js follows without a request) and re-reads it.
 * Reading it through useSyncExternalStore also catches the address a client-side navigation sets
 * just after this component first renders (e.g. a "#SEO" link on an article).
 */
const ADDRESS_CHANGED = "blog-filter-address";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(ADDRESS_CHANGED, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(ADDRESS_CHANGED, onChange);
  };
}

function readAddress(): string {
  return window.location.search;
}

function writeAddress(tag: string, q: string): void {
  const url = new URL(window.location.href);
  if (tag) url.searchParams.set("tag", tag);
  else url.searchParams.delete("tag");
  // Kept as typed (a trailing space included) so that the box can be read back from the address.
  if (q.trim()) url.searchParams.set("q", q);
  else url.searchParams.delete("q");
  window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  window.dispatchEvent(new Event(ADDRESS_CHANGED));
}

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function BlogExplorer({
  entries,
  tags,
  initialFilter,
  searchIcon,
}: {
  entries: ExplorerEntry[];
  tags: string[];
  initialFilter: BlogFilter;
  /** The magnifier, drawn on the server for the same reason as the cards. */
  searchIcon: ReactNode;
}) {
  const serverAddress = blogListHref(initialFilter).replace(/^\/blog/, "");
  const address = useSyncExternalStore(subscribe, readAddress, () => serverAddress);
  const params = new URLSearchParams(address);
  const typed = (params.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH);
  const filter: BlogFilter = parseBlogFilter({ q: typed, tag: params.get("tag") ?? undefined });
  const visible = entries.filter((entry) => matchesBlogFilter(entry, filter));
  const searchId = useId();

  function topicClick(event: MouseEvent<HTMLAnchorElement>, tag: string) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // Selecting the active tag again clears the filter.
    writeAddress(filter.tag === tag ? "" : tag, typed);
  }

  const topicClass = (active: boolean) =>
    cx(
      "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors",
      active
        ? "border-brand-600 bg-brand-600 text-white hover:bg-brand-700"
        : "border-line bg-surface text-ink-soft hover:border-brand-300 hover:bg-brand-50 hover:text-ink",
    );

  return (
    <section aria-labelledby="articles-heading" className="container-page py-14 md:py-16">
      <div className="flex flex-col gap-5">
        <form role="search" action="/blog" method="get" className="relative w-full max-w-xl" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={searchId} className="sr-only">
            {blogCopy.searchLabel}
          </label>
          {filter.tag && <input type="hidden" name="tag" value={filter.tag} />}
          {searchIcon}
          <input
            id={searchId}
            type="search"
            name="q"
            value={typed}
            onChange={(event) => writeAddress(filter.tag, event.target.value)}
            placeholder={blogCopy.searchPlaceholder}
            maxLength={MAX_SEARCH_LENGTH}
            autoComplete="off"
            enterKeyHint="search"
            className="min-h-12 w-full rounded-full border border-line bg-surface pr-28 pl-12 text-base text-ink shadow-sm placeholder:text-muted focus:border-brand-400 focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          />
          <button
            type="submit"
            className="absolute top-1/2 right-1.5 min-h-9 -translate-y-1/2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Search
          </button>
        </form>

        {tags.length > 0 && (
          <nav aria-label="Topics">
            <ul className="flex flex-wrap gap-2">
              <li>
                <a
                  href={blogListHref({ q: filter.q, tag: "" })}
                  aria-current={filter.tag === "" ? "true" : undefined}
                  className={topicClass(filter.tag === "")}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    writeAddress("", typed);
                  }}
                >
                  {blogCopy.allTopics}
                </a>
              </li>
              {tags.map((tag) => {
                const active = filter.tag === tag;
                return (
                  <li key={tag}>
                    <a
                      href={blogListHref({ q: filter.q, tag: active ? "" : tag })}
                      aria-current={active ? "true" : undefined}
                      className={topicClass(active)}
                      onClick={(event) => topicClick(event, tag)}
                    >
                      {tag}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
      </div>

      <h2 id="articles-heading" className="mt-10 text-2xl font-bold md:text-3xl">
        {filter.tag ? blogCopy.taggedHeading(filter.tag) : blogCopy.allArticles}
      </h2>
      <p className="sr-only" role="status">
        {visible.length === 1 ? "1 article" : `${visible.length} articles`}
      </p>

      {visible.length === 0 ? (
        <p className="mt-6 rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center text-ink-soft">
          {isFilterActive(filter) ? blogCopy.noMatches : blogCopy.noPosts}
        </p>
      ) : (
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((entry) => (
            <li key={entry.slug}>{entry.card}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
