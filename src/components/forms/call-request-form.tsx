"use client";

import { FREE_AUDIT_REVENUE_BRACKETS, FREE_AUDIT_RULES } from "@/lib/schemas/form-rules";
import { LIMITS } from "@/lib/limits";
import { CALL_REQUEST_SUCCESS } from "@/lib/form-messages";
import { submitCallRequest } from "@/server/leads/call-request-actions";
import { Field, NativeSelect, TextArea } from "./fields";
import { LeadForm } from "./lead-form";
import { PersonFields } from "./person-fields";

/**
 * "Ask for a call" when no time is free (docs/decisions/0085): the free-audit lead form's action,
 * fields and defences, so the request is a lead in the inbox (its page, /book, is kept with it) and
 * works without JavaScript like every lead form.
 */
export function CallRequestForm() {
  return (
    <LeadForm
      action={submitCallRequest}
      successWords={CALL_REQUEST_SUCCESS}
      endpoint="/api/forms/audit"
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
          <Field id="call-revenue" label="Monthly revenue" error={errors.monthlyRevenue} required>
            {(aria) => (
              <NativeSelect {...aria} name="monthlyRevenue" required defaultValue={values.monthlyRevenue ?? ""}>
                <option value="" disabled>
                  Select your monthly revenue
                </option>
                {FREE_AUDIT_REVENUE_BRACKETS.map((bracket) => (
                  <option key={bracket} value={bracket}>
                    {bracket}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id="call-topic" label="When suits you, and what you'd like to discuss" error={errors.growthChallenge} required>
            {(aria) => (
              <TextArea
                {...aria}
                name="growthChallenge"
                required
                maxLength={LIMITS.longText}
                rows={4}
                placeholder="e.g. Weekday mornings. Our ad costs keep rising while conversions stay flat."
                defaultValue={values.growthChallenge}
              />
            )}
          </Field>
        </>
      )}
    </LeadForm>
  );
}
