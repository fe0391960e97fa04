"use client";

import { ContactFormSchema } from "@/lib/schemas/lead-forms";
import { LIMITS } from "@/lib/limits";
import { submitContactForm } from "@/server/actions/lead-forms";
import { Field, TextArea, TextInput } from "./fields";
import { LeadForm } from "./lead-form";

const FIELDS = ["name", "email", "mobileNumber", "company", "message"] as const;

export function ContactForm() {
  return (
    <LeadForm
      action={submitContactForm}
      schema={ContactFormSchema}
      fields={FIELDS}
      submitLabel="Send Message"
      pendingLabel="Sending..."
      label="Contact"
    >
      {({ values, errors }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="contact-name" label="Full name" error={errors.name} required>
              {(aria) => <TextInput {...aria} name="name" autoComplete="name" required maxLength={LIMITS.personName} defaultValue={values.name} />}
            </Field>
            <Field id="contact-email" label="Email" error={errors.email} required>
              {(aria) => (
                <TextInput {...aria} name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} defaultValue={values.email} />
              )}
            </Field>
            <Field id="contact-mobile" label="Mobile number" error={errors.mobileNumber} required>
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
            <Field id="contact-company" label="Company" error={errors.company}>
              {(aria) => (
                <TextInput {...aria} name="company" autoComplete="organization" maxLength={LIMITS.company} defaultValue={values.company} />
              )}
            </Field>
          </div>
          <Field id="contact-message" label="Message" error={errors.message} required>
            {(aria) => (
              <TextArea
                {...aria}
                name="message"
                required
                maxLength={LIMITS.message}
                rows={5}
                placeholder="Tell us about your brand and what you want to grow."
                defaultValue={values.message}
              />
            )}
          </Field>
        </>
      )}
    </LeadForm>
  );
}
