"use client";

import Image from "next/image";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type MouseEvent, type ReactNode } from "react";
import { HistoryIcon, Pencil, Plus, Star, Trash2 } from "lucide-react";
import { toastAnswer } from "@/components/ui/toast";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog, DialogBody, DialogContent, DialogHeader } from "@/components/ui/dialog";
import { adminTable } from "@/lib/admin-tables/registry";
import {
  RECORD_FORM_FIELDS,
  ROW_INTENT_FIELD,
  type AdminTableDefinition,
  type DeskMember,
  type FieldOption,
  type RowSummary,
} from "@/lib/admin-tables/definition";
import { isSuccess, type FormState } from "@/lib/form-state";
import { formatAdminDate } from "@/lib/format";
import { MARK_DONE, writingRoomHref, type DeskTable } from "@/lib/routes";
import { deleteRecord, rowFormAction } from "@/server/dashboard/admin-actions";
import { AnswerForm, useFormAnswer, type AnswerPlacement } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { RecordFields } from "./record-fields";
import { HISTORY_LINE, RevisionHistory } from "./revision-history";
import { RecordForm } from "./record-form";

type AnyRecord = { id: string; createdAt: Date | string } & Record<string, unknown>;

function showAnswer(result: FormState, then?: () => void) {
  toastAnswer(result, { invalid: true });
  if (isSuccess(result)) then?.();
}

/** The hidden fields of a row's form: its table, its record and the change it asks for. */
function rowFields(table: AdminTableDefinition, record: AnyRecord, intent: "status" | "row-action"): Record<string, string> {
  return { [RECORD_FORM_FIELDS.table]: table.id, [RECORD_FORM_FIELDS.id]: record.id, [ROW_INTENT_FIELD]: intent };
}

/** A row's form: posts to the row action with or without JavaScript, refreshes the lists on success. */
function useRowForm(writtenAs: AnswerPlacement) {
  const router = useRouter();
  return useFormAnswer({ action: rowFormAction, toastInvalid: true, writtenAs, onAnswer: (state) => isSuccess(state) && router.refresh() });
}

function StatusSelect({
  table,
  record,
  statuses,
  title = table.summary(record as never).title,
}: {
  table: AdminTableDefinition;
  record: AnyRecord;
  statuses?: readonly FieldOption[];
  /** The record's name in the select's label, when the row is not the table's whole record. */
  title?: string;
}) {
  const form = useRowForm("no-script-line");
  const filter = table.filter!;
  return (
    <AnswerForm form={form} answer="no-script-line" hidden={rowFields(table, record, "status")} className="flex items-center gap-2">
      <select
        // Keyed by the status: a select's defaultValue is read once, so a status changed elsewhere (the
        // bulk bar, a colleague) shows after the refresh only in a new select. The form around it is
        // not keyed, so that its answer (the line a browser without JavaScript reads) is kept.
        key={String(record[filter.column])}
        name="status"
        aria-label={`Status of ${title}`}
        defaultValue={String(record[filter.column])}
        disabled={form.pending}
        className="min-h-9 rounded-lg border border-line bg-surface px-2 text-sm"
        // With JavaScript a choice is sent at once; without it, the Set button below sends it.
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
      >
        {(statuses ?? Object.entries(filter.options).map(([value, { label }]) => ({ value, label }))).map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Set
        </button>
      </noscript>
    </AnswerForm>
  );
}

/**
 * A row's status menu on another screen (the Overview's today's work): the list's own select and
 * action, for a record named by its id, status and title (what a server component can pass).
 */
export function RowStatusSelect({
  tableId,
  id,
  status,
  title,
  statuses,
}: {
  tableId: DeskTable;
  id: string;
  status: string;
  title: string;
  statuses?: readonly FieldOption[];
}) {
  return <StatusSelect table={adminTable(tableId)!} record={{ id, createdAt: "", status }} title={title} statuses={statuses} />;
}

/**
 * One button that sets a lead to Contacted or a message to Replied (MARK_DONE): the list's status
 * action, so the change writes its activity row, stamps the first contact and fires the webhooks as
 * a change from the list does. Named with the person, since every row has one.
 */
export function MarkDoneButton({ tableId, id, title }: { tableId: DeskTable; id: string; title: string }) {
  const form = useRowForm("no-script-line");
  const mark = MARK_DONE[tableId];
  return (
    <AnswerForm
      form={form}
      answer="no-script-line"
      hidden={{ [RECORD_FORM_FIELDS.table]: tableId, [RECORD_FORM_FIELDS.id]: id, [ROW_INTENT_FIELD]: "status", status: mark.status }}
    >
      <SubmitButton label={mark.label} pendingLabel="Saving..." aria-label={`${mark.label}: ${title}`} className={buttonVariants({ size: "sm" })} />
    </AnswerForm>
  );
}

/** The table's own row action (the Spam view's "Not spam"). */
function RowActionButton({ table, record, title }: { table: AdminTableDefinition; record: AnyRecord; title: string }) {
  const form = useRowForm("no-script-line");
  return (
    <AnswerForm form={form} answer="no-script-line" hidden={rowFields(table, record, "row-action")}>
      <SubmitButton
        label={table.rowAction!.label}
        aria-label={`${table.rowAction!.label}: ${title}`}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      />
    </AnswerForm>
  );
}

/**
 * A record's delete confirmation on its own address (`?delete=<id>`): what the list's Delete link
 * opens without JavaScript (with JavaScript, the list's confirmation dialog says the same). After the
 * delete the page is rendered again for a record that is gone: it then shows the answer, or, for an
 * old link, that the record no longer exists.
 */
export function DeletePage({ tableId, id, title, listHref }: { tableId: string; id: string; title: string | null; listHref: string }) {
  const table = adminTable(tableId)!;
  const form = useRowForm("box");
  const answered = form.state.status !== "idle";
  const gone = title === null && !answered;
  return (
    <section aria-labelledby="delete-title" className="mt-6 max-w-md rounded-card border border-line bg-surface p-6 shadow-lift">
      <h2 id="delete-title" className="text-lg font-bold">
        {title === null ? `Delete ${table.noun.one}` : "Are you absolutely sure?"}
      </h2>
      {gone && <p className="mt-2 text-sm text-ink-soft">This {table.noun.one} no longer exists. It may have been deleted.</p>}
      <AnswerForm
        form={form}
        answerClassName="mt-4"
        hidden={{ [RECORD_FORM_FIELDS.table]: table.id, [RECORD_FORM_FIELDS.id]: id, [ROW_INTENT_FIELD]: "delete" }}
        label={`Delete ${title ?? table.noun.one}`}
      >
        {title !== null && <p className="mt-2 text-sm text-ink-soft">This action cannot be undone. This will permanently delete &quot;{title}&quot;.</p>}
        <div className="mt-6 flex justify-end gap-3">
          <Link href={listHref} className={buttonVariants({ variant: "outline" })}>
            {title === null ? "Back to the list" : "Cancel"}
          </Link>
          {title !== null && <SubmitButton label="Delete" pendingLabel="Deleting..." className={buttonVariants({ variant: "danger" })} />}
        </div>
      </AnswerForm>
    </section>
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
            ) : "tel" in part ? (
              <a key={i} className="hover:underline" href={`tel:${part.tel.replace(/[^+0-9]/g, "")}`}>
                {part.tel}
              </a>
            ) : "download" in part ? (
              <a key={i} className="font-semibold text-brand-800 underline-offset-4 hover:underline" href={part.href} download={part.download}>
                Download {part.download}
              </a>
            ) : (
              <span key={i} role="img" className="inline-flex items-center gap-0.5 text-accent-600" aria-label={`${part.stars} out of 5 stars`}>
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
  statuses,
  groupBy,
  listHref,
  countLine,
}: {
  /** The list's count, shown on the row of the Add button (one row fewer above the first record on a phone). */
  countLine?: ReactNode;
  tableId: string;
  rows: AnyRecord[];
  newSince: string | null;
  emptyText: string;
  /** For the titles the SEO panel shows with the site's suffix. */
  siteName: string;
  /** Who may own a row, for the dialog's owner menu. */
  members?: readonly DeskMember[];
  /** The status options when they are data (a lead's stages, docs/decisions/0067), in order. */
  statuses?: readonly FieldOption[];
  /** Rows sorted by this column are shown in groups of one value (any case), each under a heading. */
  groupBy?: string;
  /** This list's address with its search, filter and page: the forms' own addresses add to it. */
  listHref: string;
}) {
  const router = useRouter();
  const table = adminTable(tableId)!;
  const titleOf = (record: AnyRecord) => table.summary(record as never).title;
  const [editing, setEditing] = useState<{ record: AnyRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyRecord | null>(null);
  const [history, setHistory] = useState<AnyRecord | null>(null);
  const [isDeleting, startDelete] = useTransition();
  const since = newSince ? new Date(newSince).getTime() : null;
  const formHref = (key: "new" | "edit" | "delete", value: string) =>
    // A table with a writing room (blog posts) is written there, on its own address, without a dialog.
    table.writingRoom && key !== "delete"
      ? writingRoomHref(table.id, key === "new" ? null : value)
      : `${listHref}${listHref.includes("?") ? "&" : "?"}${key}=${encodeURIComponent(value)}`;
  const openForm = (open: () => void) => (table.writingRoom ? undefined : openHere(open));
  // The writing room is entered as a page of the app (no new document): it appears with its script
  // running, so nothing is typed into a field that hydration would then put back. Without
  // JavaScript both are plain links.
  const FormLink = table.writingRoom ? Link : "a";
  // A plain click opens the dialog in place; a click that asks for a new tab or window follows the link.
  const openHere = (open: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open();
  };

  return (
    <>
      <div className="mb-3 flex min-h-11 flex-wrap items-center justify-between gap-3">
        {countLine}
        {table.canCreate !== false && !table.readOnly && (
          // A link to the form's own address (what a browser without JavaScript opens); with JavaScript, the dialog.
          <FormLink href={formHref("new", "1")} className={buttonVariants({ className: "ml-auto" })} onClick={openForm(() => setEditing({ record: null }))}>
            <Plus aria-hidden="true" />
            Add {table.noun.title}
          </FormLink>
        )}
      </div>
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
                        {table.inbox && table.filter && <StatusSelect table={table} record={record} statuses={statuses} />}
                        {table.rowAction && <RowActionButton table={table} record={record} title={titleOf(record)} />}
                        {!table.readOnly && (
                          <FormLink
                            href={formHref("edit", record.id)}
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                            onClick={openForm(() => setEditing({ record }))}
                            aria-label={`Edit ${titleOf(record)}`}
                          >
                            <Pencil aria-hidden="true" />
                            Edit
                          </FormLink>
                        )}
                        {table.history && (
                          <Button variant="outline" size="sm" onClick={() => setHistory(record)} aria-label={`History of ${titleOf(record)}`}>
                            <HistoryIcon aria-hidden="true" />
                            History
                          </Button>
                        )}
                        <a
                          href={formHref("delete", record.id)}
                          className={buttonVariants({ variant: "outline", size: "sm" })}
                          onClick={openHere(() => setDeleting(record))}
                          aria-label={`Delete ${titleOf(record)}`}
                        >
                          <Trash2 aria-hidden="true" />
                          Delete
                        </a>
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
            <DialogHeader
              title={`${editing.record ? "Edit" : "Add"} ${table.noun.title}`}
              description={
                editing.record
                  ? `Change what you need and save: the ${table.noun.one} is updated at once.`
                  : `A new ${table.noun.one}: fill in its fields and save.`
              }
            />
            <RecordForm table={table} id={editing.record?.id ?? null} onDone={() => setEditing(null)}>
              {({ errors, typed }) => (
                <RecordFields table={table} record={editing.record} errors={errors} typed={typed} siteName={siteName} members={members} statuses={statuses} />
              )}
            </RecordForm>
          </DialogContent>
        )}
      </Dialog>

      <Dialog open={history !== null} onOpenChange={(open) => !open && setHistory(null)}>
        {history && (
          <DialogContent wide>
            <DialogHeader title={`History: ${titleOf(history)}`} description={HISTORY_LINE} />
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
