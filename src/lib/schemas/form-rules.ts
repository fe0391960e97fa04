import type { FieldErrors } from "../form-state";
import { LIMITS } from "../limits";
import { toE164 } from "../phone";
import { controlCharacter } from "../text-safety";
import { checkPublicUrl, type UrlRefusal } from "../url-safety";

/**
 * The public forms' field rules as data, with their messages: the Zod schemas in
 * lead-forms.ts are written from this table (labels, limits, messages, the e-mail pattern, the
 * website and mobile normalisers) and the browser checks a form against the same table with
 * `checkFields`, a few hundred bytes instead of Zod (ADR 0013). No Zod import here: this module
 * ships to the browser. lead-forms.test.ts proves that both give the same message for every field.
 */

export const FREE_AUDIT_REVENUE_BRACKETS = ["0-10L/month", "10L-50L/month", "50L-1Cr/month", "1Cr-5Cr/month", "5Cr+/month"] as const;

export const MESSAGES = {
  required: (label: string) => `${label} is required.`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  email: "Enter a valid email address, like name@company.com.",
  emailLocalPart: "Enter a valid email address: the part before the @ can be at most 64 characters.",
  emailLabel: "Enter a valid email address: each part of the domain between dots can be at most 63 characters.",
  mobile: "Enter a valid mobile number: 10 digits for India, or a number with its country code, e.g. +44 7911 123456.",
  website: "Enter a valid website address, like yourbrand.com.",
  revenue: "Choose your monthly revenue.",
  package: "Choose a package from the list, or none.",
  /** A control character in a text (text-safety.ts); "U+001B escape" names it. */
  control: (label: string, character: string) => `${label} contains an invisible control character (${character}). Remove it and send again.`,
};

/** Why a website address is refused, beside the field (url-safety.ts, docs/decisions/0023). */
export const WEBSITE_MESSAGES: Record<UrlRefusal, string> = {
  invalid: MESSAGES.website,
  scheme: "Enter a valid website address starting with http:// or https://, like yourbrand.com.",
  form: "Enter a valid website address, like yourbrand.com, without spaces, backslashes or leading slashes.",
  userinfo: 'Enter a valid website address without a name and "@" before the domain, like yourbrand.com.',
  ip: "Enter a valid website address with a domain name, like yourbrand.com, not an IP address.",
  local: "Enter a valid website address on the public internet, like yourbrand.com: localhost and local network names are not accepted.",
  host: "Enter a valid website address: a domain name is letters, digits and hyphens separated by dots, like yourbrand.com.",
  character: "Enter a valid website address, like yourbrand.com: quotes, angle brackets (< >), backticks and braces are not part of one.",
};

/** Before the @: dot-separated words of letters, digits and _'+- (no SMTPUTF8 local parts). */
const EMAIL_LOCAL_PART = /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*$/;
/** After the @, in ASCII: letter-digit-hyphen labels and a TLD of 2+ letters (or an IDN TLD's A-label). */
const ASCII_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,}|xn--[A-Za-z0-9-]+)$/;
/** An internationalised domain as typed: labels of letters, marks and digits of any script, and inner hyphens. */
const UNICODE_DOMAIN = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?)+$/u;

/**
 * The domain of an e-mail address in ASCII (`bücher.example` -> `xn--bcher-kva.example`), or
 * undefined when the address is not one we accept. A domain with U-labels must already be in the
 * form every mailer encodes the same way (lower case, NFKC: no full-width letters, no decomposed
 * accents); the browser's own IDNA conversion (WHATWG URL) then gives its A-labels.
 */
export function emailAsciiDomain(value: string): string | undefined {
  const at = value.lastIndexOf("@");
  if (at < 1 || !EMAIL_LOCAL_PART.test(value.slice(0, at))) return undefined;
  const domain = value.slice(at + 1);
  if (ASCII_DOMAIN.test(domain)) return domain.toLowerCase();
  const lower = domain.toLowerCase();
  if (!UNICODE_DOMAIN.test(domain) || lower.normalize("NFKC") !== lower) return undefined;
  let ascii: string;
  try {
    ascii = new URL(`http://${lower}/`).hostname;
  } catch {
    return undefined;
  }
  return ASCII_DOMAIN.test(ascii) ? ascii : undefined;
}

/** RFC 5321 §4.5.3.1: a local part of at most 64 octets, and each domain label (RFC 1035) at most 63. */
export const EMAIL_LOCAL_PART_MAX = 64;
export const DOMAIN_LABEL_MAX = 63;

/**
 * Why an e-mail address is refused (the message beside the field), or undefined when it is
 * accepted. Mail servers refuse a longer local part or label, so such an address reaches nobody;
 * the label is measured in its A-label form, which is what goes on the wire.
 */
export function emailMessage(value: string): string | undefined {
  const at = value.lastIndexOf("@");
  if (at > EMAIL_LOCAL_PART_MAX) return MESSAGES.emailLocalPart;
  const ascii = emailAsciiDomain(value);
  if (ascii === undefined) return MESSAGES.email;
  if (ascii.split(".").some((label) => label.length > DOMAIN_LABEL_MAX)) return MESSAGES.emailLabel;
  return undefined;
}

/** A missing scheme becomes https://; only http(s) addresses on a public host name (url-safety.ts). */
export function normaliseWebsite(value: string): { url: string } | { message: string } {
  const checked = checkPublicUrl(value, { schemeless: true });
  return "url" in checked ? checked : { message: WEBSITE_MESSAGES[checked.refusal] };
}

export interface FieldRule {
  label: string;
  max: number;
  required?: boolean;
  format?: "email" | "mobile" | "website";
  /** A text area: TAB, LF and CR are accepted, other control characters are not. */
  multiline?: boolean;
  /** The only values allowed (a select), with the message for anything else, empty included. */
  choices?: { values: readonly string[]; message: string };
}

const person = {
  name: { label: "Name", max: LIMITS.personName, required: true },
  email: { label: "Email", max: LIMITS.email, required: true, format: "email" },
  mobileNumber: { label: "Mobile number", max: LIMITS.mobile, required: true, format: "mobile" },
} as const satisfies Record<string, FieldRule>;

export const FREE_AUDIT_RULES = {
  ...person,
  websiteUrl: { label: "Website", max: LIMITS.url, format: "website" },
  monthlyRevenue: { label: "Monthly revenue", max: LIMITS.revenue, choices: { values: FREE_AUDIT_REVENUE_BRACKETS, message: MESSAGES.revenue } },
  growthChallenge: { label: "Biggest growth challenge", max: LIMITS.longText, required: true, multiline: true },
} as const satisfies Record<string, FieldRule>;

export const CONTACT_RULES = {
  ...person,
  company: { label: "Company", max: LIMITS.company },
  message: { label: "Message", max: LIMITS.message, required: true, multiline: true },
} as const satisfies Record<string, FieldRule>;

export type { FieldErrors };

/** The first message per field, as the Zod schema gives it; empty when the form is valid. */
export function checkFields(rules: Record<string, FieldRule>, values: Record<string, string | undefined>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, rule] of Object.entries(rules)) {
    const raw = values[name] ?? "";
    const value = raw.trim();
    const control = rule.choices ? null : controlCharacter(raw, rule.multiline);
    let message: string | undefined;
    let website: ReturnType<typeof normaliseWebsite> | undefined;
    let email: string | undefined;
    if (rule.choices) message = rule.choices.values.includes(raw) ? undefined : rule.choices.message;
    else if (control) message = MESSAGES.control(rule.label, control);
    else if (!value) message = rule.required ? MESSAGES.required(rule.label) : undefined;
    else if (value.length > rule.max) message = MESSAGES.tooLong(rule.label, rule.max);
    else if (rule.format === "email" && (email = emailMessage(value))) message = email;
    else if (rule.format === "mobile" && !toE164(value)) message = MESSAGES.mobile;
    else if (rule.format === "website" && "message" in (website = normaliseWebsite(value))) message = website.message;
    if (message) errors[name] = message;
  }
  return errors;
}
