import { z } from "zod";
import "./jitless";
import { API_KEY_NAME_MAX, API_SCOPES, type ApiScope } from "../api-scopes";
import { fromSiteDateTimeInput } from "../site-time";
import { plainString } from "./lead-forms";

/**
 * The API keys screen's form (docs/decisions/0059): a name, one checkbox per scope (each its own
 * field, "on" when ticked) and an optional last day, in the site's calendar: the key works through
 * that whole day.
 */
export const ApiKeyFormSchema = z
  .object({
    name: plainString("Name", { error: "Name is required." })
      .trim()
      .min(1, "Name is required.")
      .max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters.`),
    ...(Object.fromEntries(API_SCOPES.map((scope) => [scope, z.string().optional()])) as Record<ApiScope, z.ZodOptional<z.ZodString>>),
    expiresOn: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && fromSiteDateTimeInput(`${v}T00:00`) !== null), {
        message: "Enter the last day as a calendar day, e.g. 2026-12-31.",
      }),
  })
  .transform((form, ctx) => {
    const scopes = API_SCOPES.filter((scope) => form[scope] === "on" || form[scope] === "true");
    if (scopes.length === 0) ctx.addIssue({ code: "custom", path: ["scopes"], message: "Choose at least one scope." });
    let expiresAt: Date | null = null;
    if (form.expiresOn) {
      // The key works through its last day: it ends at the next midnight, site time.
      const start = fromSiteDateTimeInput(`${form.expiresOn}T00:00`)!;
      expiresAt = new Date(start.getTime() + 86_400_000);
      if (expiresAt.getTime() <= Date.now()) ctx.addIssue({ code: "custom", path: ["expiresOn"], message: "Choose a last day from today on." });
    }
    return { name: form.name, scopes, expiresAt };
  });
export type ApiKeyFormData = z.output<typeof ApiKeyFormSchema>;
