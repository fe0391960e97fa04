import { FREE_AUDIT_REVENUE_BRACKETS } from "@/lib/schemas/form-rules";
import { LIMITS } from "@/lib/limits";
import { Field, NativeSelect, TextArea } from "./fields";
import type { LeadFormRenderProps } from "./lead-form";

type Values = LeadFormRenderProps["values"];
type Errors = LeadFormRenderProps["errors"];

/** The audit submission's revenue bracket: one field for the free audit and the call request, which post the same form. */
export function RevenueField({ prefix, values, errors }: { prefix: string; values: Values; errors: Errors }) {
  return (
    <Field id={`${prefix}-revenue`} label="Monthly revenue" error={errors.monthlyRevenue} required>
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
  );
}

/** The audit submission's free text (`growthChallenge`), under the words each form asks it with. */
export function ChallengeField({ id, label, placeholder, values, errors }: { id: string; label: string; placeholder: string; values: Values; errors: Errors }) {
  return (
    <Field id={id} label={label} error={errors.growthChallenge} required>
      {(aria) => (
        <TextArea
          {...aria}
          name="growthChallenge"
          required
          maxLength={LIMITS.longText}
          rows={4}
          placeholder={placeholder}
          defaultValue={values.growthChallenge}
        />
      )}
    </Field>
  );
}
