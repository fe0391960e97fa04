/**
 * Normalises a mobile number to E.164. Indian numbers may be written without a country code
 * (98765 43210, 098765 43210, 91 98765 43210); any other country needs its code (+44 ..., 0044 ...).
 * Returns undefined when the input cannot be a phone number.
 */
export function toE164(input: string): string | undefined {
  const trimmed = input.trim();
  if (!/^[+0-9][0-9 ()./-]*$/.test(trimmed)) return undefined;
  let digits = trimmed.replace(/[^0-9]/g, "");
  if (trimmed.startsWith("+")) return isPlausible(digits) ? `+${digits}` : undefined;
  if (digits.startsWith("00")) {
    digits = digits.slice(2);
    return isPlausible(digits) ? `+${digits}` : undefined;
  }
  if (/^[6-9][0-9]{9}$/.test(digits)) return `+91${digits}`;
  if (/^0[6-9][0-9]{9}$/.test(digits)) return `+91${digits.slice(1)}`;
  if (/^91[6-9][0-9]{9}$/.test(digits)) return `+${digits}`;
  return undefined;
}

/** E.164: a country code that does not start with 0, then up to 15 digits in all. */
function isPlausible(digits: string): boolean {
  if (!/^[1-9][0-9]{7,14}$/.test(digits)) return false;
  // An Indian number must be a 10-digit number after the code.
  if (digits.startsWith("91") && digits.length !== 12) return false;
  return true;
}

/** A `tel:` address that dials the number: E.164 when it reads as one, else its digits as typed. */
export function telHref(phone: string): string {
  return `tel:${toE164(phone) ?? phone.replace(/[^+\d]/g, "")}`;
}

/** WhatsApp's click-to-chat address for the number (its digits with the country code); null when it is no phone number. */
export function whatsAppHref(phone: string): string | null {
  const e164 = toE164(phone);
  return e164 ? `https://wa.me/${e164.slice(1)}` : null;
}
