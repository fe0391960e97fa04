"use client";

import { AUDIT_REVENUE_BRACKETS, AuditFormSchema } from "@/lib/schemas/lead-forms";
import { LIMITS } from "@/lib/limits";
import { submitAuditForm } from "@/server/actions/lead-forms";
import { Field, NativeSelect, TextArea, TextInput } from "./fields";
import { LeadForm } from "./lead-form";

const FIELDS = ["name", "email", "mobileNumber", "websiteUrl", "monthlyRevenue", "growthChallenge"] as const;

export function AuditForm() {
  return (
    <LeadForm
      action={submitAuditForm}
      schema={AuditFormSchema}
      fields={FIELDS}
      submitLabel="Get My Free Audit"
      pendingLabel="Analyzing..."
      label="Free growth audit"
    >
      {({ values, errors }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="audit-name" label="Full name" error={errors.name} required>
              {(aria) => (
                <TextInput {...aria} name="name" autoComplete="name" required maxLength={LIMITS.personName} defaultValue={values.name} />
              )}
            </Field>
            <Field id="audit-email" label="Work email" error={errors.email} required>
              {(aria) => (
                <TextInput {...aria} name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} defaultValue={values.email} />
              )}
            </Field>
            <Field id="audit-mobile" label="Mobile number" error={errors.mobileNumber} hint="10 digits for India, or include your country code." required>
              {(aria) => (
                <TextInput
                  {...aria}
                  name="mobileNumber"
                  type="tel"
                  autoComplete="tel"
                  inputMode="tel"
                  required
                  maxLength={LIMITS.mobile}
                  defaultValue={values.mobileNumber}
                />
              )}
            </Field>
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
