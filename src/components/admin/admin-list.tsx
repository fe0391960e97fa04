"use client";

import Image from "next/image";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { HistoryIcon, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { toastAnswer } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogContent, DialogHeader } from "@/components/ui/dialog";
import { adminTable } from "@/lib/admin-tables/registry";
import type { AdminTableDefinition, DeskMember, RowSummary } from "@/lib/admin-tables/definition";
import { isSuccess, type FormState } from "@/lib/form-state";
import { formatAdminDate } from "@/lib/format";
import { deleteRecord, runRowAction, setStatus } from "@/server/actions/admin";
import { RecordFields } from "./record-fields";
import { RevisionHistory } from "./revision-history";
import { RecordForm } from "./record-form";

type AnyRecord = { id: string; createdAt: Date | string } & Record<string, unknown>;

function showAnswer(result: FormState, then?: () => void) {
  toastAnswer(result, { invalid: true });
  if (isSuccess(result)) then?.();
}

function StatusSelect({ table, record }: { table: AdminTableDefinition; record: AnyRecord }) {
  const router = useRouter();
  const [isSaving, start] = useTransition();
  const filter = table.filter!;
  return (
    <select
      aria-label={`Status of ${table.summary(record as never).title}`}
      defaultValue={String(record[filter.column])}
      disabled={isSaving}
      className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm"
      onChange={(e) => {
        const status = e.target.value;
        start(async () => showAnswer(await setStatus(table.id, record.id, status), () => router.refresh()));
      }}
    >
      {Object.entries(filter.options).map(([value, { label }]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** The table's own row action (the Spam view's "Not spam"). */
function RowActionButton({ table, record, title }: { table: AdminTableDefinition; record: AnyRecord; title: string }) {
  const router = useRouter();
  const [isRunning, start] = useTransition();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={isRunning}
      aria-label={`${table.rowAction!.label}: ${title}`}
      onClick={() => start(async () => showAnswer(await runRowAction(table.id, record.id), () => router.refresh()))}
    >
      {table.rowAction!.label}
    </Button>
  );
}

function Summary({ summary, isNew }: { summary: RowSummary; isNew: boolean }) {
  const badges = [...(summary.badges ?? []), ...(isNew ? [{ label: "New", tone: "accent" as const }] : [])];
  const text = (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        {summary.title}
        {summary.note && <span className="font-normal text-ink-soft">{summary.note}</span>}
        {badges.map((b) => (
          <Badge key={b.label} tone={b.tone}>
            {b.label}
          </Badge>
        ))}
      </p>
      {summary.line && (
        <p className="text-sm text-ink-soft">
          {summary.line.map((part, i) =>
            typeof part === "string" ? (
              part
            ) : "mailto" in part ? (
              <a key={i} className="hover:underline" href={`mailto:${part.mailto}`}>
                {part.mailto}
              </a>
            ) : (
              <span key={i} className="inline-flex items-center gap-0.5 text-accent-600" aria-label={`${part.stars} out of 5 stars`}>
                {Array.from({ length: part.stars }, (_, s) => (
                  <Star key={s} className="size-3.5 fill-current" aria-hidden="true" />
                ))}
              </span>
            ),
          )}
        </p>
      )}
      {summary.detail && <p className={summary.clampDetail ? "line-clamp-2 text-sm text-muted" : "text-sm text-muted"}>{summary.detail}</p>}
    </div>
  );
  if (!summary.thumbnail) return text;
  return (
    <div className="flex min-w-0 items-start gap-3">
      {/* A fixed 64 px box from the optimiser's small variants: no layout shift, a few KB each. */}
      <Image
        src={summary.thumbnail.src}
        alt={summary.thumbnail.alt}
        width={64}
        height={64}
        sizes="64px"
        className="size-16 shrink-0 rounded-md border border-line bg-canvas object-cover"
      />
      {text}
    </div>
  );
}

/** Consecutive rows with one value of `column` (any case) as groups; without a column, one group. */
function groupRows(rows: AnyRecord[], column: string | undefined): { key: string | null; rows: AnyRecord[] }[] {
  if (!column) return [{ key: null, rows }];
  const groups: { key: string; rows: AnyRecord[] }[] = [];
  for (const row of rows) {
    const key = String(row[column]).toLowerCase();
    const last = groups.at(-1);
    if (last?.key === key) last.rows.push(row);
    else groups.push({ key, rows: [row] });
  }
  return groups;
}

/** One tab's list with its create, edit and delete dialogs. */
export function AdminList({
  tableId,
  rows,
  newSince,
  emptyText,
  siteName,
  members = [],
  groupBy,
}: {
  tableId: string;
  rows: AnyRecord[];
  newSince: string | null;
  emptyText: string;
  /** For the titles the SEO panel shows with the site's suffix. */
  siteName: string;
  /** Who may own a row, for the dialog's owner menu. */
  members?: readonly DeskMember[];
  /** Rows sorted by this column are shown in groups of one value (any case), each under a heading. */
  groupBy?: string;
}) {
  const router = useRouter();
  const table = adminTable(tableId)!;
  const titleOf = (record: AnyRecord) => table.summary(record as never).title;
  const [editing, setEditing] = useState<{ record: AnyRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyRecord | null>(null);
  const [history, setHistory] = useState<AnyRecord | null>(null);
  const [isDeleting, startDelete] = useTransition();
  const since = newSince ? new Date(newSince).getTime() : null;

  return (
    <>
      {table.canCreate !== false && !table.readOnly && (
        <div className="mb-4 flex justify-end">
          <Button onClick={() => setEditing({ record: null })}>
            <Plus aria-hidden="true" />
            Add {table.noun.title}
          </Button>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface p-10 text-center text-ink-soft">{emptyText}</p>
      ) : (
        <div className="space-y-4">
          {groupRows(rows, groupBy).map((group) => (
            <section key={group.key ?? "all"} aria-label={group.key ? `Submissions from ${group.key}` : undefined}>
              {group.key && (
                <h3 className="mb-1.5 text-sm font-bold text-brand-800">
                  {group.key} <span className="font-normal text-ink-soft">({group.rows.length} on this page)</span>
                </h3>
              )}
              <ul className="divide-y divide-line overflow-hidden rounded-card border border-line bg-surface" aria-label={`${table.noun.title} list`}>
                {group.rows.map((record) => {
                  const isNew = since !== null && Boolean(table.inbox) && new Date(record.createdAt).getTime() > since;
                  return (
                    <li key={record.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                      <div className="flex min-w-0 flex-col gap-1">
                        <Summary summary={table.summary(record as never)} isNew={isNew} />
                        <p className="text-xs text-muted">{formatAdminDate(record.createdAt)}</p>
                      </div>
                      <div className="flex shrink-0 flex-wrap items-center gap-2">
                        {table.inbox && table.filter && <StatusSelect table={table} record={record} />}
                        {table.rowAction && <RowActionButton table={table} record={record} title={titleOf(record)} />}
                        {!table.readOnly && (
                          <Button variant="outline" size="sm" onClick={() => setEditing({ record })} aria-label={`Edit ${titleOf(record)}`}>
                            <Pencil aria-hidden="true" />
                            Edit
                          </Button>
                        )}
                        {table.history && (
                          <Button variant="outline" size="sm" onClick={() => setHistory(record)} aria-label={`History of ${titleOf(record)}`}>
                            <HistoryIcon aria-hidden="true" />
                            History
                          </Button>
                        )}
                        <Button variant="outline" size="sm" onClick={() => setDeleting(record)} aria-label={`Delete ${titleOf(record)}`}>
                          <Trash2 aria-hidden="true" />
                          Delete
                        </Button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}

      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing && (
          <DialogContent wide={table.wide}>
            <DialogHeader title={`${editing.record ? "Edit" : "Add"} ${table.noun.title}`} />
            <RecordForm table={table} id={editing.record?.id ?? null} onDone={() => setEditing(null)}>
              {(errors) => <RecordFields table={table} record={editing.record} errors={errors} siteName={siteName} members={members} />}
            </RecordForm>
          </DialogContent>
        )}
      </Dialog>

      <Dialog open={history !== null} onOpenChange={(open) => !open && setHistory(null)}>
        {history && (
          <DialogContent wide>
            <DialogHeader title={`History: ${titleOf(history)}`} />
            <DialogBody>
              <RevisionHistory
                postId={history.id}
                onRestored={() => {
                  setHistory(null);
                  router.refresh();
                }}
              />
            </DialogBody>
          </DialogContent>
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Are you absolutely sure?"
        description={deleting ? `This action cannot be undone. This will permanently delete "${titleOf(deleting)}".` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        isPending={isDeleting}
        onConfirm={() => {
          if (!deleting) return;
          const target = deleting;
          startDelete(async () => {
            showAnswer(await deleteRecord(table.id, target.id));
            setDeleting(null);
            router.refresh(); // every list and count reloads
          });
        }}
      />
    </>
  );
}
