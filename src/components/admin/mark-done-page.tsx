"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { AnswerForm, useFormAnswer } from "@/components/forms/action-form";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { RECORD_FORM_FIELDS, ROW_INTENT_FIELD } from "@/lib/admin-tables/definition";
import { isSuccess } from "@/lib/form-state";
import { MARK_DONE, type DeskTable } from "@/lib/routes";
import { rowFormAction } from "@/server/dashboard/admin-actions";

/**
 * Where a desk mail's "Mark contacted" ("Mark replied" for a message) lands: the person, their phone,
 * and one button that posts the status change (the list's own status action, with its activity row
 * and first-contact stamp). Opening the page changes nothing, so a mail scanner that follows the link
 * marks nothing. Only a record still "new" is offered the button: marking one that has moved on
 * (qualified, won) would move it back.
 */
export function MarkDonePage({
  tableId,
  id,
  record,
  statusLabel,
  openHref,
  listHref,
}: {
  tableId: DeskTable;
  id: string;
  record: { name: string; email: string; phone: string; status: string } | null;
  statusLabel: string | null;
  openHref: string;
  listHref: string;
}) {
  const router = useRouter();
  const form = useFormAnswer({ action: rowFormAction, writtenAs: "box", onAnswer: (state) => isSuccess(state) && router.refresh() });
  const mark = MARK_DONE[tableId];
  const noun = tableId === "leads" ? "lead" : "message";
  const done = form.state.status === "success";
  return (
    <section aria-labelledby="mark-title" className="mt-6 max-w-md rounded-card border border-line bg-surface p-6 shadow-lift">
      <h2 id="mark-title" className="text-lg font-bold">
        {record ? `${mark.label}: ${record.name}` : `${mark.label}`}
      </h2>
      {record === null ? (
        <p className="mt-2 text-sm text-ink-soft">This {noun} no longer exists. It may have been deleted.</p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">Phone</dt>
            <dd>
              <a href={`tel:${record.phone.replace(/[^+\d]/g, "")}`} className="font-semibold text-brand-800 underline-offset-4 hover:underline">
                {record.phone}
              </a>
            </dd>
            <dt className="font-semibold">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${record.email}`} className="text-brand-800 underline-offset-4 hover:underline">
                {record.email}
              </a>
            </dd>
            <dt className="font-semibold">Status</dt>
            <dd data-testid="mark-status">{statusLabel ?? record.status}</dd>
          </dl>
          {record.status !== "new" && !done && (
            <p className="mt-3 text-sm text-ink-soft">
              This {noun} has moved on from New already: there is nothing to mark. Open it to change its status by hand.
            </p>
          )}
        </>
      )}
      <AnswerForm
        form={form}
        answerClassName="mt-4"
        hidden={{ [RECORD_FORM_FIELDS.table]: tableId, [RECORD_FORM_FIELDS.id]: id, [ROW_INTENT_FIELD]: "status", status: mark.status }}
        label={`${mark.label}: ${record?.name ?? noun}`}
      >
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <Link href={listHref} className={buttonVariants({ variant: "outline" })}>
            Back to the list
          </Link>
          {record !== null && (
            <Link href={openHref} className={buttonVariants({ variant: "outline" })}>
              Open the {noun}
            </Link>
          )}
          {record?.status === "new" && !done && <SubmitButton label={mark.label} pendingLabel="Saving..." className={buttonVariants()} />}
        </div>
      </AnswerForm>
    </section>
  );
}
