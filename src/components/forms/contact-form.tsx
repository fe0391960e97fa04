"use client";

import { CONTACT_RULES } from "@/lib/schemas/form-rules";
import { LIMITS } from "@/lib/limits";
import { submitContactForm } from "@/server/leads/lead-form-actions";
import { Field, TextArea, TextInput } from "./fields";
import { LeadForm } from "./lead-form";
import { PersonFields } from "./person-fields";

export function ContactForm() {
  return (
    <LeadForm
      action={submitContactForm}
      endpoint="/api/forms/contact"
      rules={CONTACT_RULES}
      submitLabel="Send Message"
      pendingLabel="Sending..."
      label="Contact"
      anchor="message-form"
    >
      {({ values, errors }) => (
        <>
          <div className="grid gap-5 sm:grid-cols-2">
            <PersonFields prefix="contact" emailLabel="Email" values={values} errors={errors} />
            <Field id="contact-company" label="Company" error={errors.company}>
              {(aria) => <TextInput {...aria} name="company" autoComplete="organization" maxLength={LIMITS.company} defaultValue={values.company} />}
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
