"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toastAnswer } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { adminTable } from "@/lib/admin-tables/registry";
import type { DeskMember } from "@/lib/admin-tables/definition";
import { bulkAction } from "@/server/actions/admin";

const ACTIONS = { status: "Change status", assign: "Assign owner", delete: "Delete" } as const;
type Action = keyof typeof ACTIONS;

/**
 * One change to every record the list's current filter matches (ADR 0050). The confirmation names
 * the count the page was rendered with; the server acts only if the filter still matches exactly
 * that set (by a fingerprint of the ids), so what is changed is what was confirmed.
 */
export function BulkActions({
  tableId,
  filter,
  count,
  fingerprint,
  members,
  exportHref,
}: {
  /** The CSV export of the same filter, when the table has one. */
  exportHref?: string;
  tableId: string;
  filter: { q?: string; status?: string };
  count: number;
  fingerprint: string;
  members: readonly DeskMember[];
}) {
  const table = adminTable(tableId)!;
  const router = useRouter();
  const statuses = Object.entries(table.filter?.options ?? {});
  const [action, setAction] = useState<Action>("status");
  const [status, setStatus] = useState(statuses[0]?.[0] ?? "");
  const [owner, setOwner] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [isPending, start] = useTransition();
  const many = `${count} ${count === 1 ? table.noun.one : table.noun.many}`;
  const ownerLabel = owner ? (members.find((m) => m.id === owner)?.label ?? "the chosen member") : "nobody";
  const what =
    action === "delete"
      ? `This permanently deletes exactly these ${many}. It cannot be undone.`
      : action === "status"
        ? `This sets the status of exactly these ${many} to ${table.filter?.options[status]?.label ?? status}.`
        : `This makes ${ownerLabel} the owner of exactly these ${many}.`;

  return (
    <section aria-labelledby={`bulk-${tableId}`} className="mt-4 rounded-card border border-line bg-surface p-4">
      <h2 id={`bulk-${tableId}`} className="text-sm font-bold">
        All {many} this filter matches
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Action
          <select
            value={action}
            onChange={(e) => setAction(e.target.value as Action)}
            className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal"
          >
            {Object.entries(ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {action === "status" && (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            New status
            <select value={status} onChange={(e) => setStatus(e.target.value)} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
              {statuses.map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
        {action === "assign" && (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Owner
            <select value={owner} onChange={(e) => setOwner(e.target.value)} className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal">
              <option value="">Nobody</option>
              {members.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <Button type="button" variant={action === "delete" ? "danger" : "outline"} disabled={count === 0 || isPending} onClick={() => setConfirming(true)}>
          {ACTIONS[action]}: {many}
        </Button>
        {exportHref && (
          <a href={exportHref} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
            Export these {many} as CSV
          </a>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${ACTIONS[action]}: ${many}?`}
        description={`${what} If the list has changed since this page was loaded, nothing is changed.`}
        confirmLabel={action === "delete" ? `Delete ${many}` : `Change ${many}`}
        pendingLabel="Working..."
        isPending={isPending}
        onConfirm={() =>
          start(async () => {
            const answer = await bulkAction(tableId, {
              ...(filter.q ? { q: filter.q } : {}),
              ...(filter.status ? { status: filter.status } : {}),
              action,
              value: action === "status" ? status : action === "assign" ? owner : "",
              count: String(count),
              fingerprint,
            });
            toastAnswer(answer, { invalid: true });
            setConfirming(false);
            router.refresh();
          })
        }
      />
    </section>
  );
}
