import "server-only";
import type { ServiceSlug } from "@/content/services";
import { checkGstin } from "@/lib/gst/gstin";
import type { InvoiceSupplier } from "@/lib/gst/invoice";
import { gstState, isPlaceOfSupplyCode } from "@/lib/gst/states";

/**
 * Who issues the invoices and which SAC each service is billed under, from the environment
 * (README, "Configuration"). Read here only, and checked as a whole: a GSTIN that fails its check
 * character, or a state code that is not the GSTIN's, would print on every invoice and cannot be
 * taken back, so billing refuses to start on one and says which variable is wrong.
 */

/**
 * The SAC of each service by default (docs/decisions/0106): 998361 "advertising services" for the
 * services that promote a client's business (search, paid ads, retention, WhatsApp campaigns), and
 * 998311 "management consulting and management services including ... marketing" for the advisory
 * ones. The agency's accountant may set others in BILLING_SAC_CODES.
 */
export const DEFAULT_SAC_CODES: Readonly<Record<ServiceSlug, string>> = {
  "seo-optimization": "998361",
  "paid-advertising": "998361",
  "growth-consulting": "998311",
  "conversion-optimization": "998311",
  "whatsapp-automation": "998361",
  "retention-marketing": "998361",
};

export interface BillingConfig {
  supplier: InvoiceSupplier;
  sacCodes: Readonly<Record<ServiceSlug, string>>;
}

/** Billing's settings are missing or wrong; `problems` names each variable and what is wrong with it. */
export class BillingConfigError extends Error {
  override name = "BillingConfigError";
  constructor(readonly problems: string[]) {
    super(`Billing is not configured: ${problems.join("; ")}.`);
  }
}

const SUPPLIER_TEXT_MAX = 500;

/** The billing settings of `source` (the process's environment by default); throws BillingConfigError. */
export function billingConfig(source: Record<string, string | undefined> = process.env): BillingConfig {
  const problems: string[] = [];
  const text = (name: string): string => {
    const value = source[name]?.trim() ?? "";
    if (!value) problems.push(`${name} is unset`);
    else if (value.length > SUPPLIER_TEXT_MAX) problems.push(`${name} is longer than ${SUPPLIER_TEXT_MAX} characters`);
    return value;
  };
  const legalName = text("BILLING_LEGAL_NAME");
  // An address may be written on one line or several: "\n" in the variable ends a line.
  const address = text("BILLING_ADDRESS").replace(/\\n/g, "\n");
  const signatory = text("BILLING_SIGNATORY");

  let gstin = "";
  const rawGstin = source.BILLING_GSTIN?.trim() ?? "";
  if (!rawGstin) problems.push("BILLING_GSTIN is unset");
  else {
    const checked = checkGstin(rawGstin);
    if (checked.ok) gstin = checked.gstin;
    else problems.push(`BILLING_GSTIN: ${checked.error}`);
  }

  // The supplier's state is its registration's: BILLING_STATE_CODE may be left out, and when set it must agree.
  let stateCode = gstin.slice(0, 2);
  const rawState = source.BILLING_STATE_CODE?.trim() ?? "";
  if (rawState) {
    const code = rawState.padStart(2, "0");
    if (!isPlaceOfSupplyCode(code)) problems.push(`BILLING_STATE_CODE: "${rawState}" is not a GST state code (01-38 or 97)`);
    else if (gstin && code !== gstin.slice(0, 2))
      problems.push(`BILLING_STATE_CODE ${code} (${gstState(code)!.name}) is not the state of BILLING_GSTIN (${gstin.slice(0, 2)})`);
    else stateCode = code;
  }

  const sacCodes: Record<ServiceSlug, string> = { ...DEFAULT_SAC_CODES };
  for (const entry of (source.BILLING_SAC_CODES ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [slug, code] = entry.split("=").map((part) => part.trim());
    if (!slug || !(slug in DEFAULT_SAC_CODES)) problems.push(`BILLING_SAC_CODES: "${slug}" is not a service (${Object.keys(DEFAULT_SAC_CODES).join(", ")})`);
    else if (!code || !/^99\d{4}$/.test(code)) problems.push(`BILLING_SAC_CODES: the SAC of ${slug} is six digits starting 99; got "${code ?? ""}"`);
    else sacCodes[slug as ServiceSlug] = code;
  }

  if (problems.length > 0) throw new BillingConfigError(problems);
  return { supplier: { legalName, address, stateCode, gstin, signatory }, sacCodes };
}
