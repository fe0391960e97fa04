"use client";

import { useCallback, useEffect, useState, useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { formatAdminDate } from "@/lib/format";
import { makePreviewLink, postPreviewLinks, revokePostPreviewLink } from "@/server/content/preview-actions";
import type { PreviewLinkSummary } from "@/server/content/data/blog-previews";

/**
 * A draft's preview links (docs/decisions/0047): make one to share with someone without an account
 * (its address is shown once: only a hash is kept), see which still work, revoke any. Buttons, not
 * forms: this sits inside the post's own form.
 */
export function PreviewLinks({ postId, published }: { postId: string; published: boolean }) {
  const [links, setLinks] = useState<PreviewLinkSummary[] | null>(null);
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null);
  const [isBusy, startBusy] = useTransition();
  const reload = useCallback(() => postPreviewLinks(postId).then((found) => setLinks(found ?? [])), [postId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const make = () =>
    startBusy(async () => {
      const answer = await makePreviewLink(postId);
      if (answer.status !== "success" || !answer.url || !answer.expiresAt) {
        toast.error(answer.title ?? "Error", { description: answer.message });
        return;
      }
      setMade({ url: answer.url, expiresAt: answer.expiresAt });
      toast.success("Preview link made", { description: "Copy it now: it is shown only once." });
      await reload();
    });
  const revoke = (id: string) =>
    startBusy(async () => {
      const answer = await revokePostPreviewLink(postId, id);
      if (answer.status === "success") toast.success(answer.message ?? "Preview link revoked.");
      else toast.error(answer.title ?? "Error", { description: answer.message });
      setMade(null);
      await reload();
    });

  return (
    <section aria-labelledby={`preview-links-${postId}`} className="space-y-3 rounded-xl border border-line bg-canvas p-4" data-testid="preview-links">
      <h3 id={`preview-links-${postId}`} className="text-sm font-bold tracking-wider uppercase">
        Preview links
      </h3>
      <p className="text-sm text-ink-soft">
        {published
          ? "This post is published: a preview link now opens the public article."
          : "Share the article as it will be published with someone without an account. A link works for 7 days, or until you revoke it."}
      </p>
      <Button type="button" variant="outline" onClick={make} disabled={isBusy}>
        Create a link to share
      </Button>
      {made && (
        <div className="space-y-2">
          <label htmlFor={`preview-url-${postId}`} className="block text-sm font-semibold">
            New link (expires {formatAdminDate(made.expiresAt)})
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={`preview-url-${postId}`}
              readOnly
              value={made.url}
              className="min-h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface px-3 font-mono text-sm"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                navigator.clipboard.writeText(made.url).then(
                  () => toast.success("Link copied to clipboard"),
                  () => toast.error("Copy it from the field: the clipboard refused."),
                )
              }
            >
              Copy
            </Button>
          </div>
        </div>
      )}
      {links && links.length > 0 && (
        <ul aria-label="Working preview links" className="space-y-2 text-sm">
          {links.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface p-2" data-testid="preview-link">
              <span>
                Made {formatAdminDate(link.createdAt)}
                {link.createdBy ? ` by ${link.createdBy}` : ""}, expires {formatAdminDate(link.expiresAt)}
              </span>
              <Button type="button" size="sm" variant="danger" onClick={() => revoke(link.id)} disabled={isBusy}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      {links && links.length === 0 && !made && <p className="text-sm text-ink-soft">No working preview links.</p>}
    </section>
  );
}
