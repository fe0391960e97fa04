import { z } from "zod";
import "./jitless";
import { GONE, isAbsoluteTarget, isPrefixRule, PREFIX_MARK, REDIRECT_STATUSES, tablePath, type RedirectStatus } from "../redirect-rules";

/**
 * The Redirects screen's form (docs/decisions/0091). The old address is a path on this site,
 * exact or a folder ending in `/*`; the new one a path or an http(s) URL, nothing for 410 Gone.
 * Loops and chains are judged against the whole table when it is saved (src/server/redirects).
 */

export const REDIRECT_FIELDS = ["id", "source", "target", "status"] as const;
export const MAX_REDIRECT_LENGTH = 2000;

/** The host's own paths and the dashboard's: a redirect there could lock the team out or break the app. */
export const RESERVED_PREFIXES = ["/admin", "/api", "/_next"] as const;

export const STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  307: "307 Temporary redirect",
  308: "308 Permanent redirect",
  410: "410 Gone",
};

const isReserved = (path: string) => RESERVED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));

const SourceSchema = z
  .string()
  .trim()
  .min(1, "Enter the old address: a path on this site starting with /, e.g. /old-page.")
  .max(MAX_REDIRECT_LENGTH, `The old address is longer than ${MAX_REDIRECT_LENGTH} characters.`)
  .refine((v) => v.startsWith("/") && !v.startsWith("//"), "The old address must be a path on this site starting with /, e.g. /old-page.")
  .refine((v) => !/[\s?#]/.test(v), "The old address is a path only: no spaces, no ?query, no #anchor.")
  .refine(
    (v) => !v.slice(0, -PREFIX_MARK.length).includes("*") && (v.endsWith(PREFIX_MARK) || !v.includes("*")),
    "A * may only end the old address, as /folder/*.",
  )
  .refine((v) => v !== PREFIX_MARK, "/* would redirect the whole site: name a folder, e.g. /old-blog/*.")
  .refine((v) => !isReserved(v), `Addresses under ${RESERVED_PREFIXES.join(", ")} cannot be redirected.`)
  .transform((v) => (isPrefixRule(v) ? v : tablePath(v)));

export const RedirectSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^\d*$/, "Unknown redirect.")
      .transform((v) => (v ? Number(v) : undefined))
      .optional(),
    source: SourceSchema,
    target: z.string().trim().max(MAX_REDIRECT_LENGTH, `The new address is longer than ${MAX_REDIRECT_LENGTH} characters.`),
    status: z
      .string()
      .trim()
      .refine((v) => (REDIRECT_STATUSES as readonly number[]).includes(Number(v)), "Choose a status: 301, 302, 307, 308 or 410.")
      .transform((v) => Number(v) as RedirectStatus),
  })
  .superRefine((data, ctx) => {
    const { target, status, source } = data;
    if (status === GONE) return;
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["target"], message });
    if (!target) return issue("Enter the new address: a path starting with / or an http(s) URL. Choose 410 Gone for a page that is gone.");
    if (/\s/.test(target)) return issue("The new address cannot contain spaces.");
    if (isAbsoluteTarget(target)) {
      try {
        new URL(target);
      } catch {
        return issue("The new address is not a valid http(s) URL.");
      }
      return;
    }
    if (!target.startsWith("/") || target.startsWith("//")) return issue("The new address must be a path starting with / or an http(s) URL.");
    if (isPrefixRule(target) && !isPrefixRule(source)) return issue("A new address ending in /* needs an old address ending in /* too.");
    if (target.slice(0, isPrefixRule(target) ? -PREFIX_MARK.length : undefined).includes("*")) return issue("A * may only end the new address, as /folder/*.");
    if (tablePath(target.split(/[?#]/)[0]!) === source) issue("The new address is the same as the old one.");
  })
  .transform((data) => ({ ...data, target: data.status === GONE ? "" : data.target }));

export type RedirectData = z.output<typeof RedirectSchema>;

export const RedirectIdSchema = z.object({ id: z.string().trim().regex(/^\d+$/, "Unknown redirect.").transform(Number) });
