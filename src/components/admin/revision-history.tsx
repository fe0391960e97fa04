"use client";

import { useEffect, useState, useTransition } from "react";
import { toastAnswer } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { comparePostRevisions, postRevisions, restorePostRevision } from "@/server/content/revision-actions";
import type { DiffPart, RevisionComparison, RevisionSummary } from "@/server/content/data/blog-revisions";
import { formatAdminDateSeconds } from "@/lib/format";

// A post's history (docs/decisions/0039): every saved revision, the word difference between any
// two, and restoring one (saved as a new revision, so the replaced text stays listed here).

const when = (date: Date | string) => formatAdminDateSeconds(date);
const ACTIONS = { create: "Created", update: "Saved", restore: "Restored" } as const;
/** An autosaved revision holds a run of autosaves (docs/decisions/0075): it shows the last one's time, and since when. */
const describe = (r: RevisionSummary) =>
  r.autosavedAt
    ? `${when(r.autosavedAt)}, Autosaved by ${r.authorLabel} (since ${when(r.createdAt)})`
    : `${when(r.createdAt)}, ${ACTIONS[r.action]} by ${r.authorLabel}`;

/** Added words are underlined on green, removed ones struck through on red: not told by colour alone. */
function Diff({ parts, label }: { parts: DiffPart[]; label: string }) {
  return (
    <div aria-label={label} role="group" className="rounded-xl border border-line bg-canvas p-3 text-sm whitespace-pre-wrap">
      {parts.map((part, i) =>
        part.change === "added" ? (
          <ins key={i} className="bg-green-100 text-green-900 underline">
            {part.value}
          </ins>
        ) : part.change === "removed" ? (
          <del key={i} className="bg-red-100 text-red-900 line-through">
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </div>
  );
}

/** The History dialog's line under its title. */
export const HISTORY_LINE = "Every saved version of this post, newest first: compare one with the post as it is, or restore it.";

export function RevisionHistory({ postId, onRestored }: { postId: string; onRestored: () => void }) {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [older, setOlder] = useState("");
  const [newer, setNewer] = useState("");
  const [comparison, setComparison] = useState<RevisionComparison | null>(null);
  const [isRestoring, startRestore] = useTransition();

  useEffect(() => {
    let live = true;
    void postRevisions(postId).then((list) => {
      if (!live) return;
      setRevisions(list ?? []);
      if (list && list.length > 0) {
        setNewer(list[0]!.id);
        setOlder(list[Math.min(1, list.length - 1)]!.id);
      }
    });
    return () => {
      live = false;
    };
  }, [postId]);

  useEffect(() => {
    let live = true;
    if (older && newer) void comparePostRevisions(postId, older, newer).then((found) => live && setComparison(found));
    return () => {
      live = false;
    };
  }, [postId, older, newer]);

  if (revisions === null) return <p className="text-sm text-muted">Loading the history...</p>;
  if (revisions.length === 0) return <p className="text-sm text-muted">No revisions yet: the first save of this post starts its history.</p>;

  const choose = (id: string, label: string, value: string, set: (v: string) => void) => (
    <label className="block text-sm font-semibold" htmlFor={id}>
      {label}
      <select
        id={id}
        value={value}
        onChange={(e) => set(e.target.value)}
        className="mt-1 block w-full rounded-xl border border-line bg-surface px-3 py-2 font-normal"
      >
        {revisions.map((r) => (
          <option key={r.id} value={r.id}>
            {describe(r)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <div className="space-y-5">
      <section aria-labelledby="revision-compare-heading" className="space-y-3">
        <h3 id="revision-compare-heading" className="font-semibold">
          Compare two revisions
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          {choose("revision-older", "Older", older, setOlder)}
          {choose("revision-newer", "Newer", newer, setNewer)}
        </div>
        {comparison && (
          <div className="space-y-3" data-testid="revision-diff">
            {comparison.title.some((p) => p.change) && <Diff parts={comparison.title} label="Title changes" />}
            <Diff parts={comparison.content} label="Content changes" />
            {comparison.fields.length > 0 && (
              <ul className="text-sm" aria-label="Other changes">
                {comparison.fields.map((f) => (
                  <li key={f.name}>
                    <strong>{f.label}:</strong> <del className="bg-red-100 line-through">{f.before || "(empty)"}</del> →{" "}
                    <ins className="bg-green-100 underline">{f.after || "(empty)"}</ins>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <section aria-labelledby="revision-list-heading">
        <h3 id="revision-list-heading" className="mb-2 font-semibold">
          All revisions ({revisions.length})
        </h3>
        <ol className="divide-y divide-line rounded-xl border border-line" aria-label="Revisions, newest first">
          {revisions.map((r, i) => (
            <li key={r.id} className="flex flex-col gap-2 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
              <span>
                <span className="font-semibold">{r.title}</span>
                <span className="block text-muted">{describe(r)}</span>
              </span>
              {i === 0 ? (
                <span className="text-muted">Current</span>
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={isRestoring}
                  aria-label={`Restore the revision of ${when(r.createdAt)}`}
                  onClick={() =>
                    startRestore(async () => {
                      const answer = await restorePostRevision(postId, r.id);
                      toastAnswer(answer, { invalid: true });
                      if (answer.status === "success") onRestored();
                    })
                  }
                >
                  Restore
                </Button>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
