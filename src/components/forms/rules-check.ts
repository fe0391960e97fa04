import { checkFields, type FieldRule } from "@/lib/schemas/form-rules";
import type { BrowserCheck } from "./action-form";

/**
 * Checks a public form against its light rule table (src/lib/schemas/form-rules.ts, which its Zod
 * schema on the server is written from), so that the public pages carry no Zod (ADR 0017). The
 * answer is the server's "invalid" answer, made in the browser.
 */
export function rulesCheck(rules: Record<string, FieldRule>): BrowserCheck {
  return (values) => {
    const errors = checkFields(rules, values);
    if (Object.keys(errors).length === 0) return null;
    return { status: "invalid", title: "Please check the form", message: "Some fields need your attention.", fieldErrors: errors };
  };
}
