"use client";

import { Link2, RefreshCw } from "lucide-react";
import { useState, useTransition, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { linkedPaths } from "@/lib/internal-links";
import type { InternalLinks, LinkTargetKind } from "@/server/content/data/link-suggestions";
import { typedPostLinks } from "@/server/content/link-suggestion-actions";
import { NO_SELECTION_MESSAGE, type EditorHandle } from "./editor-handle";

// The writing room's "Internal links" (docs/decisions/0099): published posts and public pages that
// share this post's main words, each with the words that explain it, and the posts linking here.
// The list is in the page's HTML (read without JavaScript); linking the selection and refreshing
// the list for unsaved text need it.

const KIND_LABEL: Record<LinkTargetKind, string> = { post: "Post", page: "Page", "case-study": "Case study" };

interface InternalLinksPanelProps {
  /** What the server found for the stored post when the page was rendered; null for a new post or a failed read. */
  initial: InternalLinks | null;
  postId: string | null;
  values: Record<string, string>;
  siteUrl: string;
  scriptRuns: boolean;
  editor: RefObject<EditorHandle | null>;
}

export function InternalLinksPanel({ initial, postId, values, siteUrl, scriptRuns, editor }: InternalLinksPanelProps) {
  const [links, setLinks] = useState(initial);
  const [shownInitial, setShownInitial] = useState(initial);
  const [message, setMessage] = useState("");
  const [refreshing, startRefresh] = useTransition();
  // A save renders the page again with the stored post's list: it replaces an older one (React's
  // pattern for state that follows a prop).
  if (initial !== shownInitial) {
    setShownInitial(initial);
    setLinks(initial);
  }
  // Follows the text as it is typed: a link just made, or removed, shows at once.
  const linked = linkedPaths(values.content ?? "", siteUrl);

  // Emptied first, so the same words said twice (a second click without a selection) are read again.
  const say = (text: string) => {
    setMessage("");
    window.setTimeout(() => setMessage(text), 50);
  };

  // Not disabled while it runs: a disabled button would drop the keyboard's focus.
  const refresh = () =>
    startRefresh(async () => {
      const found = await typedPostLinks(postId ?? "", values.slug ?? "", values.title ?? "", values.content ?? "").catch(() => null);
      if (found) setLinks(found);
      say(found ? "Suggestions refreshed for the text as it is now." : "The suggestions could not be refreshed. Try again in a moment.");
    });

  const linkSelection = (title: string, path: string) => {
    const done = editor.current?.linkSelection(path);
    say(done ? `Linked “${done.text.trim()}” to ${title} (${path}).` : NO_SELECTION_MESSAGE);
  };

  return (
    <section aria-labelledby="internal-links-heading" className="space-y-3 rounded-xl border border-line bg-canvas p-4" data-testid="internal-links">
      <h3 id="internal-links-heading" className="text-sm font-bold tracking-wider uppercase">
        Internal links
      </h3>
      <p className="text-xs text-ink-soft">
        Published posts and pages that share this post&apos;s main words. Select text in the article, then link it to one of them.
      </p>
      {scriptRuns && (
        <Button type="button" size="sm" variant="outline" onClick={() => !refreshing && refresh()} aria-busy={refreshing}>
          <RefreshCw aria-hidden="true" />
          {refreshing ? "Refreshing…" : "Refresh suggestions"}
        </Button>
      )}
      <p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="internal-links-status">
        {message}
      </p>
      {links === null ? (
        <p className="text-sm text-ink-soft">
          {postId === null ? "Suggestions appear once the post has some text: save it or refresh the suggestions." : "Suggestions could not be made just now."}
        </p>
      ) : (
        <>
          <h4 className="text-sm font-semibold">Suggested pages</h4>
          {links.suggestions.length === 0 ? (
            <p className="text-sm text-ink-soft">No published post or page shares enough of this post&apos;s words yet.</p>
          ) : (
            <ul className="space-y-3" aria-label="Suggested pages">
              {links.suggestions.map((s) => {
                const isLinked = linked.has(s.path);
                return (
                  <li key={s.key} className="space-y-1 border-t border-line pt-3 first:border-t-0 first:pt-0">
                    <p className="text-sm font-semibold break-words">
                      {s.title} <span className="text-xs font-normal text-ink-soft">({KIND_LABEL[s.kind]})</span>
                    </p>
                    <p className="font-mono text-xs break-all text-ink-soft">{s.path}</p>
                    <p className="text-xs">
                      <span className="text-ink-soft">Shared words: </span>
                      {s.shared.join(", ")}
                    </p>
                    {isLinked && <p className="text-xs font-semibold text-brand-800">Linked in this post</p>}
                    {scriptRuns && (
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        aria-label={`Link selected text to ${s.title}`}
                        // Keeps the editor's selection in view: the button acts on it without taking the caret.
                        onMouseDown={(e) => e.preventDefault()}
                        onClick={() => linkSelection(s.title, s.path)}
                      >
                        <Link2 aria-hidden="true" />
                        Link selected text
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <h4 className="text-sm font-semibold">Posts linking here</h4>
          {links.backlinks.length === 0 ? (
            <p className="text-sm text-ink-soft">No published post links to this one yet.</p>
          ) : (
            <ul className="space-y-1 text-sm" aria-label="Posts linking here">
              {links.backlinks.map((b) => (
                <li key={b.id}>
                  <a href={b.path} target="_blank" rel="noopener" className="font-semibold underline">
                    {b.title}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>{" "}
                  <span className="font-mono text-xs text-ink-soft">{b.path}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
