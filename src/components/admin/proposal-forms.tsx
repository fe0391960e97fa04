"use client";

import { ActionForm as Form } from "@/components/forms/action-form";
import { Field, NativeSelect, TextArea, TextInput } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit";
import { buttonVariants } from "@/components/ui/button";
import { GST_STATES, isPlaceOfSupplyCode } from "@/lib/gst/states";
import type { ProposalLine, ProposalRecipient } from "@/lib/proposals";
import { discountText, EDITOR_LINES, lineField, paiseText } from "@/lib/schemas/proposals";
import {
  issueInvoiceAction,
  newProposalAction,
  paymentLinkAction,
  reviseProposalAction,
  saveDraftAction,
  sendProposalAction,
} from "@/server/proposals/proposal-actions";
import { ActionForm } from "./team-forms";

/** "New proposal" on a lead's page: a draft priced from the lead's package, opened in the editor. */
export function NewProposalForm({ leadId }: { leadId: string }) {
  return <ActionForm action={newProposalAction} hidden={{ leadId }} label="New proposal" variant="primary" testId="new-proposal" />;
}

export function SendProposalForm({ id, email }: { id: string; email: string }) {
  return (
    <ActionForm action={sendProposalAction} hidden={{ id }} label="Send" variant="primary" confirm={`Send this proposal to ${email}?`} testId="send-proposal" />
  );
}

export function ReviseProposalForm({ id }: { id: string }) {
  return <ActionForm action={reviseProposalAction} hidden={{ id }} label="Revise" testId="revise-proposal" />;
}

/**
 * "Issue invoice" on an accepted proposal. A tax invoice carries the client's address, so the form
 * asks for it when the proposal was accepted without one.
 */
export function IssueInvoiceForm({ id, needsAddress, month = 1 }: { id: string; needsAddress: boolean; month?: number }) {
  return (
    <ActionForm
      action={issueInvoiceAction}
      hidden={{ id }}
      label={month === 1 ? "Issue invoice" : `Issue month ${month}'s invoice`}
      variant={month === 1 ? "primary" : undefined}
      confirm={
        month === 1
          ? "Issue the GST invoice of this proposal? Its number is taken for good."
          : `Issue the GST invoice of month ${month} of the monthly lines? Its number is taken for good.`
      }
      testId={month === 1 ? "issue-invoice" : "issue-month-invoice"}
    >
      {needsAddress ? (
        <Field id="invoice-address" label="Client's address (printed on the invoice)" name="address" required>
          {(aria) => <TextInput {...aria} name="address" autoComplete="off" />}
        </Field>
      ) : null}
    </ActionForm>
  );
}

/** "Create payment link" for one of the proposal's invoices. */
export function PaymentLinkForm({ id, invoice }: { id: string; invoice: number }) {
  return (
    <ActionForm action={paymentLinkAction} hidden={{ id, invoice: String(invoice) }} label="Create payment link" testId={`create-payment-link-${invoice}`} />
  );
}

export interface DraftView {
  id: string;
  title: string;
  validUntil: string;
  terms: string;
  recipient: ProposalRecipient;
  lines: ProposalLine[];
}

/**
 * A draft's editor: the client, each line (description, SAC, quantity, unit price, discount, one-time
 * or monthly), the validity and the terms. Empty rows add lines; a row whose description is emptied is
 * removed. A plain form: it works without JavaScript and comes back with what was typed on an error.
 */
export function ProposalEditor({ draft }: { draft: DraftView }) {
  const rows = Array.from({ length: EDITOR_LINES }, (_, row) => draft.lines[row]);
  return (
    <Form action={saveDraftAction} hidden={{ id: draft.id }} label="Edit the proposal" className="grid gap-5" testId="proposal-editor">
      {({ values }) => {
        const value = (name: string, fallback: string) => values[name] ?? fallback;
        return (
          <>
            <Field id="proposal-title" label="Title" name="title" required>
              {(aria) => <TextInput {...aria} name="title" defaultValue={value("title", draft.title)} />}
            </Field>
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-bold">Client</legend>
              <Field id="proposal-name" label="Name" name="name" required>
                {(aria) => <TextInput {...aria} name="name" defaultValue={value("name", draft.recipient.name)} />}
              </Field>
              <Field id="proposal-company" label="Company" name="company">
                {(aria) => <TextInput {...aria} name="company" defaultValue={value("company", draft.recipient.company)} />}
              </Field>
              <Field id="proposal-email" label="E-mail" name="email" required hint="The link is sent here.">
                {(aria) => <TextInput {...aria} type="email" name="email" defaultValue={value("email", draft.recipient.email)} />}
              </Field>
              <Field id="proposal-gstin" label="GSTIN" name="gstin" hint="A registered client's: its state is the place of supply.">
                {(aria) => <TextInput {...aria} name="gstin" defaultValue={value("gstin", draft.recipient.gstin ?? "")} />}
              </Field>
              <Field id="proposal-state" label="State" name="stateCode" hint="An unregistered client's state (ignored beside a GSTIN).">
                {(aria) => (
                  <NativeSelect {...aria} name="stateCode" defaultValue={value("stateCode", draft.recipient.stateCode)}>
                    <option value="">Choose…</option>
                    {GST_STATES.filter((s) => isPlaceOfSupplyCode(s.code)).map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name} ({s.code})
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field id="proposal-address" label="Address" name="address">
                {(aria) => <TextArea {...aria} name="address" className="min-h-20" defaultValue={value("address", draft.recipient.address ?? "")} />}
              </Field>
            </fieldset>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-bold">Lines</legend>
              <p className="text-xs text-ink-soft">
                Prices in rupees before GST. A discount is rupees (5000) or a percentage (10%). Empty a description to remove its line.
              </p>
              {rows.map((line, row) => (
                <div
                  key={row}
                  className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[3fr_1fr_1fr_1.5fr_1fr_1.2fr]"
                  data-testid={`proposal-line-${row}`}
                >
                  <Field id={`line-${row}-description`} label={`Line ${row + 1}`} name={lineField(row, "description")}>
                    {(aria) => (
                      <TextInput {...aria} name={lineField(row, "description")} defaultValue={value(lineField(row, "description"), line?.description ?? "")} />
                    )}
                  </Field>
                  <Field id={`line-${row}-sac`} label="SAC" name={lineField(row, "sacCode")}>
                    {(aria) => (
                      <TextInput
                        {...aria}
                        name={lineField(row, "sacCode")}
                        inputMode="numeric"
                        defaultValue={value(lineField(row, "sacCode"), line?.sacCode ?? "998361")}
                      />
                    )}
                  </Field>
                  <Field id={`line-${row}-quantity`} label="Qty" name={lineField(row, "quantity")}>
                    {(aria) => (
                      <TextInput
                        {...aria}
                        name={lineField(row, "quantity")}
                        inputMode="numeric"
                        defaultValue={value(lineField(row, "quantity"), String(line?.quantity ?? 1))}
                      />
                    )}
                  </Field>
                  <Field id={`line-${row}-price`} label="Unit price (₹)" name={lineField(row, "price")}>
                    {(aria) => (
                      <TextInput
                        {...aria}
                        name={lineField(row, "price")}
                        inputMode="decimal"
                        defaultValue={value(lineField(row, "price"), line ? paiseText(line.unitPricePaise) : "")}
                      />
                    )}
                  </Field>
                  <Field id={`line-${row}-discount`} label="Discount" name={lineField(row, "discount")}>
                    {(aria) => (
                      <TextInput
                        {...aria}
                        name={lineField(row, "discount")}
                        defaultValue={value(lineField(row, "discount"), line ? discountText(line.discount) : "")}
                      />
                    )}
                  </Field>
                  <Field id={`line-${row}-billing`} label="Billed" name={lineField(row, "billing")}>
                    {(aria) => (
                      <NativeSelect {...aria} name={lineField(row, "billing")} defaultValue={value(lineField(row, "billing"), line?.billing ?? "one-time")}>
                        <option value="one-time">One-time</option>
                        <option value="monthly">Monthly</option>
                      </NativeSelect>
                    )}
                  </Field>
                </div>
              ))}
            </fieldset>
            <Field id="proposal-valid-until" label="Valid until" name="validUntil" required hint="The last day the client may accept (India time).">
              {(aria) => <TextInput {...aria} type="date" name="validUntil" defaultValue={value("validUntil", draft.validUntil)} />}
            </Field>
            <Field id="proposal-terms" label="Terms" name="terms">
              {(aria) => <TextArea {...aria} name="terms" defaultValue={value("terms", draft.terms)} />}
            </Field>
            <div>
              <SubmitButton label="Save draft" pendingLabel="Saving..." className={buttonVariants({ size: "sm" })} />
            </div>
          </>
        );
      }}
    </Form>
  );
}
