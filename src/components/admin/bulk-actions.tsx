"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import Link from "next/link";
import { ChevronRight } from "lucide-react";
import { AnswerForm, useFormAnswer, useScriptRuns } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { toastAnswer } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button, buttonVariants } from "@/components/ui/button";
import { adminTable } from "@/lib/admin-tables/registry";
import type { AdminTableDefinition, DeskMember, FieldOption } from "@/lib/admin-tables/definition";
import { BULK_ACTIONS, BULK_QUERY, type BulkActionId } from "@/lib/admin-tables/bulk";
import { isSuccess } from "@/lib/form-state";
import { bulkAction, bulkFormAction } from "@/server/dashboard/admin-actions";
import { MemberOptions } from "@/components/admin/member-options";

const ACTIONS = BULK_ACTIONS;
type Action = BulkActionId;

const many = (table: AdminTableDefinition, count: number) => `${count} ${count === 1 ? table.noun.one : table.noun.many}`;

/** What a confirmation says the change does. */
function describe(table: AdminTableDefinition, action: Action, count: number, value: string, ownerLabel: string, statusLabel?: string): string {
  const n = many(table, count);
  return action === "delete"
    ? `This permanently deletes exactly these ${n}. It cannot be undone.`
    : action === "status"
      ? `This sets the status of exactly these ${n} to ${statusLabel ?? table.filter?.options[value]?.label ?? value}.`
      : `This makes ${ownerLabel} the owner of exactly these ${n}.`;
}

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
  statusOptions,
  exportHref,
  listPath,
  listQuery,
}: {
  /** The list's path and its query (search, filter, mark), for the GET form used without JavaScript. */
  listPath: string;
  listQuery: Record<string, string>;
  /** The CSV export of the same filter, when the table has one. */
  exportHref?: string;
  tableId: string;
  filter: { q?: string; status?: string };
  count: number;
  fingerprint: string;
  members: readonly DeskMember[];
  /** The status options when they are data (a lead's stages, docs/decisions/0067), in order. */
  statusOptions?: readonly FieldOption[];
}) {
  const table = adminTable(tableId)!;
  const router = useRouter();
  const statuses: [string, { label: string }][] = statusOptions
    ? statusOptions.map((o) => [o.value, { label: o.label }])
    : Object.entries(table.filter?.options ?? {});
  const [action, setAction] = useState<Action>("status");
  const [status, setStatus] = useState(statuses[0]?.[0] ?? "");
  const [owner, setOwner] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [isPending, start] = useTransition();
  const n = many(table, count);
  const ownerLabel = owner ? (members.find((m) => m.id === owner)?.label ?? "the chosen member") : "nobody";
  const what = describe(table, action, count, action === "status" ? status : owner, ownerLabel, statuses.find(([v]) => v === status)?.[1].label);
  // Without JavaScript the bar is a GET form to the list's own address, whose confirmation page
  // (BulkConfirmPage) makes the change; both value menus are shown, since none can follow the action.
  const scriptRuns = useScriptRuns();

  return (
    <section aria-labelledby={`bulk-${tableId}`} className="mt-4 rounded-card border border-line bg-surface">
      {/* Closed until asked for: on a phone the open bar would push the first row below the screen. */}
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 py-2 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 shrink-0 text-muted transition-transform group-open:rotate-90" aria-hidden="true" />
          <h2 id={`bulk-${tableId}`} className="text-sm font-bold">
            All {n} this filter matches
          </h2>
          <span className="text-sm text-ink-soft">· change, assign or delete them at once</span>
        </summary>
        <form method="get" action={listPath} className="flex flex-wrap items-end gap-3 px-4 pb-4">
          {Object.entries(listQuery).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Action
            <select
              name={BULK_QUERY.action}
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
          {(!scriptRuns || action === "status") && (
            <label className="flex flex-col gap-1 text-sm font-semibold">
              New status
              <select
                name={BULK_QUERY.status}
                value={status}
                onChange={(e) => setStatus(e.target.value)}
                className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal"
              >
                {statuses.map(([value, { label }]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {(!scriptRuns || action === "assign") && (
            <label className="flex flex-col gap-1 text-sm font-semibold">
              Owner
              <select
                name={BULK_QUERY.owner}
                value={owner}
                onChange={(e) => setOwner(e.target.value)}
                className="min-h-11 rounded-xl border border-line bg-surface px-3 font-normal"
              >
                <option value="">Nobody</option>
                <MemberOptions members={members} />
              </select>
            </label>
          )}
          <Button
            type="submit"
            variant={action === "delete" ? "danger" : "outline"}
            disabled={count === 0 || isPending}
            onClick={(event) => {
              event.preventDefault();
              setConfirming(true);
            }}
          >
            {scriptRuns ? `${ACTIONS[action]}: ${n}` : `Review the change to ${n}`}
          </Button>
          {exportHref && (
            <a href={exportHref} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline-offset-4 hover:underline">
              Export these {n} as CSV
            </a>
          )}
        </form>
      </details>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`${ACTIONS[action]}: ${n}?`}
        description={`${what} If the list has changed since this page was loaded, nothing is changed.`}
        confirmLabel={action === "delete" ? `Delete ${n}` : `Change ${n}`}
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

/**
 * The bulk change's confirmation on the list's own address (`?bulk=<action>&bulkStatus=...`): what
 * the bar opens without JavaScript. It names the count and fingerprint of the set as this page found
 * it; the server acts only if the filter still matches exactly that set, as with the dialog.
 */
export function BulkConfirmPage({
  tableId,
  filter,
  count,
  fingerprint,
  action,
  value,
  valueLabel,
  statusLabel,
  listHref,
}: {
  /** The chosen status's name (status), when the options are data. */
  statusLabel?: string;
  tableId: string;
  filter: { q?: string; status?: string };
  count: number;
  fingerprint: string;
  action: Action;
  value: string;
  /** The chosen owner's name (assign). */
  valueLabel: string;
  listHref: string;
}) {
  const table = adminTable(tableId)!;
  const router = useRouter();
  const form = useFormAnswer({ action: bulkFormAction, toastInvalid: true, writtenAs: "box", onAnswer: (state) => isSuccess(state) && router.refresh() });
  const done = isSuccess(form.state);
  const n = many(table, count);
  return (
    <section aria-labelledby="bulk-confirm-title" className="mt-6 max-w-lg rounded-card border border-line bg-surface p-6 shadow-lift">
      <h2 id="bulk-confirm-title" className="text-lg font-bold">
        {done ? "Done" : `${ACTIONS[action]}: ${n}?`}
      </h2>
      <AnswerForm
        form={form}
        answerClassName="mt-4"
        label={`${ACTIONS[action]}: ${n}`}
        hidden={{
          table: table.id,
          ...(filter.q ? { q: filter.q } : {}),
          ...(filter.status ? { status: filter.status } : {}),
          action,
          value,
          count: String(count),
          fingerprint,
        }}
      >
        {!done && (
          <p className="mt-2 text-sm text-ink-soft">
            {count === 0
              ? `Nothing matches this filter now.`
              : `${describe(table, action, count, value, valueLabel, statusLabel)} If the list has changed since this page was loaded, nothing is changed.`}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <Link href={listHref} className={buttonVariants({ variant: "outline" })}>
            {done ? "Back to the list" : "Cancel"}
          </Link>
          {!done && count > 0 && (
            <SubmitButton
              label={action === "delete" ? `Delete ${n}` : `Change ${n}`}
              pendingLabel="Working..."
              className={buttonVariants({ variant: action === "delete" ? "danger" : "primary" })}
            />
          )}
        </div>
      </AnswerForm>
    </section>
  );
}
