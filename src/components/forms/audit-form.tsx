"use client";

import { AUDIT_REVENUE_BRACKETS, AUDIT_RULES } from "@/lib/schemas/form-rules";
import { LIMITS } from "@/lib/limits";
import { submitAuditForm } from "@/server/actions/lead-forms";
import { Field, NativeSelect, TextArea, TextInput } from "./fields";
import { LeadForm } from "./lead-form";
import { PersonFields } from "./person-fields";


export function AuditForm() {
  return (
    <LeadForm
      action={submitAuditForm}
      endpoint="/api/forms/audit"
      rules={AUDIT_RULES}
      submitLabel="Get My Free Audit"
      pendingLabel="Analyzing..."
      label="Free growth audit"
    >
      {({ values, errors }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <PersonFields prefix="audit" emailLabel="Work email" mobileHint="10 digits for India, or include your country code." values={values} errors={errors} />
            <Field id="audit-website" label="Website" error={errors.websiteUrl}>
              {(aria) => (
                <TextInput
                  {...aria}
                  name="websiteUrl"
                  type="text"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="yourbrand.com"
                  maxLength={LIMITS.url}
                  defaultValue={values.websiteUrl}
                />
              )}
            </Field>
          </div>
          <Field id="audit-revenue" label="Monthly revenue" error={errors.monthlyRevenue} required>
            {(aria) => (
              <NativeSelect {...aria} name="monthlyRevenue" required defaultValue={values.monthlyRevenue ?? ""}>
                <option value="" disabled>
                  Select your monthly revenue
                </option>
                {AUDIT_REVENUE_BRACKETS.map((bracket) => (
                  <option key={bracket} value={bracket}>
                    {bracket}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field id="audit-challenge" label="Biggest growth challenge" error={errors.growthChallenge} required>
            {(aria) => (
              <TextArea
                {...aria}
                name="growthChallenge"
                required
                maxLength={LIMITS.longText}
                rows={4}
                placeholder="e.g. Our ad costs keep rising while conversions stay flat."
                defaultValue={values.growthChallenge}
              />
            )}
          </Field>
        </>
      )}
    </LeadForm>
  );
}
