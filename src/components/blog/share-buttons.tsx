"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { cx } from "@/lib/class-names";

export type ShareNetwork = "twitter" | "facebook" | "linkedin";

// Each button shows its network's name, which its accessible name ("Share on LinkedIn") contains
// as a word: someone who speaks what they see ("click LinkedIn") reaches it (WCAG 2.5.3). A logo
// mark such as "in" is no word of that name.
const NETWORKS: { id: ShareNetwork; label: string; className: string }[] = [
  { id: "twitter", label: "Twitter", className: "bg-ink text-white hover:bg-ink-soft" },
  { id: "facebook", label: "Facebook", className: "bg-[#1465d4] text-white hover:bg-[#1158b8]" },
  { id: "linkedin", label: "LinkedIn", className: "bg-[#0a66c2] text-white hover:bg-[#0958a8]" },
];

export const SHARES_ENDPOINT = "/api/blog/shares";

/** The count as the article shows it: nothing until someone has shared it (no "0 shares" claim). */
export function formatShares(count: number): string {
  if (count <= 0) return "";
  return `${count.toLocaleString("en-US")} ${count === 1 ? "share" : "shares"}`;
}

/**
 * Every button shares the same way: the device's share sheet (title, excerpt, address)
 * where there is one, else the address is copied with a visible confirmation. A failed or
 * cancelled share is only logged. Each completed use is recorded once; the count shown is the
 * stored one (the cached page carries the count at render time; it is refreshed after a share).
 */
export function ShareButtons({
  slug,
  title,
  excerpt,
  url,
  initialCount,
  doneIcon,
}: {
  slug: string;
  title: string;
  excerpt: string;
  /** The article's canonical address. */
  url: string;
  initialCount: number;
  /** The tick beside "Link copied", drawn on the server: no icon code ships with the article. */
  doneIcon: ReactNode;
}) {
  const [count, setCount] = useState(initialCount);
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function announce(message: string) {
    setNotice(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setNotice(""), 4000);
  }

  async function record(network: ShareNetwork) {
    try {
      const response = await fetch(SHARES_ENDPOINT, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ slug, network }),
      });
      const body = (await response.json().catch(() => ({}))) as { count?: unknown };
      if (typeof body.count === "number") setCount(body.count);
      if (!response.ok) console.warn(`share not recorded: HTTP ${response.status}`);
    } catch (error) {
      console.warn("share not recorded", error);
    }
  }

  async function share(network: ShareNetwork) {
    if (busy) return;
    setBusy(true);
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, text: excerpt, url });
      } else {
        await navigator.clipboard.writeText(url);
        announce("Link copied to clipboard");
      }
      await record(network);
    } catch (error) {
      // Cancelling the share sheet lands here too: it is not a share, and not worth a message.
      console.error("share failed", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <p className="text-sm text-muted">
        <span id="share-count" className="text-2xl font-extrabold text-ink" aria-live="polite">
          {formatShares(count)}
        </span>
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {NETWORKS.map((network) => (
          <li key={network.id}>
            <button
              type="button"
              onClick={() => share(network.id)}
              disabled={busy}
              aria-label={`Share on ${network.label}`}
              title={`Share on ${network.label}`}
              className={cx(
                "inline-flex min-h-11 items-center justify-center rounded-full px-4 text-sm font-bold transition-colors disabled:opacity-60",
                network.className,
              )}
            >
              {network.label}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className={cx("mt-3 flex min-h-6 items-center gap-1.5 text-sm font-medium text-success", !notice && "invisible")}>
        {notice && doneIcon}
        {notice}
      </p>
    </div>
  );
}
