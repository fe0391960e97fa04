"use client";

import { FREE_AUDIT_RULES } from "@/lib/schemas/form-rules";
import { ChallengeField, RevenueField } from "./audit-fields";
import { LIMITS } from "@/lib/limits";
import { submitFreeAudit } from "@/server/leads/lead-form-actions";
import { Field, NativeSelect, TextInput } from "./fields";
import { LeadForm } from "./lead-form";
import { PersonFields } from "./person-fields";

/** A priced package the visitor may name: `<service slug>/<package name>`, grouped by service. */
export interface PackageOption {
  value: string;
  service: string;
  serviceTitle: string;
  name: string;
}

/**
 * `chosen`: the package a pricing card's link named, selected on the server (free-audit-package/page.tsx)
 * so that the choice holds without JavaScript.
 */
export function FreeAuditForm({ packages = [], chosen }: { packages?: readonly PackageOption[]; chosen?: string }) {
  const services = [...new Map(packages.map((p) => [p.service, p.serviceTitle])).entries()];
  return (
    <LeadForm
      action={submitFreeAudit}
      endpoint="/api/forms/audit"
      rules={FREE_AUDIT_RULES}
      submitLabel="Get My Free Audit"
      pendingLabel="Analyzing..."
      label="Free growth audit"
      anchor="audit-form"
    >
      {({ values, errors }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <PersonFields
              prefix="audit"
              emailLabel="Work email"
              mobileHint="10 digits for India, or include your country code."
              values={values}
              errors={errors}
            />
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
          <RevenueField prefix="audit" values={values} errors={errors} />
          {packages.length > 0 && (
            <Field id="audit-package" label="Package you are interested in" error={errors.package}>
              {(aria) => (
                <NativeSelect {...aria} name="package" defaultValue={values.package ?? chosen ?? ""}>
                  <option value="">Not sure yet</option>
                  {services.map(([slug, title]) => (
                    <optgroup key={slug} label={title}>
                      {packages
                        .filter((p) => p.service === slug)
                        .map((p) => (
                          <option key={p.value} value={p.value}>
                            {`${title}: ${p.name}`}
                          </option>
                        ))}
                    </optgroup>
                  ))}
                </NativeSelect>
              )}
            </Field>
          )}
          <ChallengeField
            id="audit-challenge"
            label="Biggest growth challenge"
            placeholder="e.g. Our ad costs keep rising while conversions stay flat."
            values={values}
            errors={errors}
          />
        </>
      )}
    </LeadForm>
  );
}
