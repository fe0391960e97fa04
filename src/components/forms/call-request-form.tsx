"use client";

import { FREE_AUDIT_RULES } from "@/lib/schemas/form-rules";
import { ChallengeField, RevenueField } from "./audit-fields";
import { submitCallRequest } from "@/server/leads/call-request-actions";
import { LeadForm } from "./lead-form";
import { PersonFields } from "./person-fields";

/**
 * "Ask for a call" when no time is free (docs/decisions/0085): the free-audit lead form's fields and
 * defences asking for a call, so the request is a lead in the inbox (its page, /book, is kept with it),
 * mailed as a call request, and works without JavaScript like every lead form.
 */
export function CallRequestForm() {
  return (
    <LeadForm
      action={submitCallRequest}
      endpoint="/api/forms/call"
      rules={FREE_AUDIT_RULES}
      submitLabel="Ask for a call"
      pendingLabel="Sending..."
      label="Ask for a call"
      anchor="call-request-form"
    >
      {({ values, errors }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <PersonFields prefix="call" emailLabel="Email" mobileHint="We call you on this number." values={values} errors={errors} />
          </div>
          <RevenueField prefix="call" values={values} errors={errors} />
          <ChallengeField
            id="call-topic"
            label="When suits you, and what you'd like to discuss"
            placeholder="e.g. Weekday mornings. Our ad costs keep rising while conversions stay flat."
            values={values}
            errors={errors}
          />
        </>
      )}
    </LeadForm>
  );
}
