import { LIMITS } from "@/lib/limits";
import type { FieldErrors } from "@/lib/schemas/form-rules";
import { Field, TextInput } from "./fields";

/** Name, e-mail and mobile: the fields both public forms start with (ids prefixed per form). */
export function PersonFields({
  prefix,
  emailLabel,
  mobileHint,
  values,
  errors,
}: {
  prefix: string;
  emailLabel: string;
  mobileHint?: string;
  values: Record<string, string>;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field id={`${prefix}-name`} label="Full name" error={errors.name} required>
        {(aria) => <TextInput {...aria} name="name" autoComplete="name" required maxLength={LIMITS.personName} defaultValue={values.name} />}
      </Field>
      <Field id={`${prefix}-email`} label={emailLabel} error={errors.email} required>
        {(aria) => <TextInput {...aria} name="email" type="email" autoComplete="email" required maxLength={LIMITS.email} defaultValue={values.email} />}
      </Field>
      <Field id={`${prefix}-mobile`} label="Mobile number" error={errors.mobileNumber} hint={mobileHint} required>
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
    </>
  );
}
