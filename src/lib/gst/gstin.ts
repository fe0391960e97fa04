import { gstState } from "./states";

/**
 * The GSTIN, India's GST registration number: 15 characters,
 *
 *   27 AAPFU0939F 1 Z V
 *   │  │          │ │ └ check character (below)
 *   │  │          │ └── Z for a regular registration
 *   │  │          └──── which registration of this PAN in the state: 1-9, then A-Z
 *   │  └─────────────── the holder's PAN: 5 letters, 4 digits, 1 letter
 *   └────────────────── state code (states.ts): 01-38, 97 other territory, 99 centre jurisdiction
 *
 * The check character is GSTN's mod-36 sum: each of the first 14 characters is read as a digit of
 * base 36 ("0"-"9", "A"-"Z"), multiplied by 1 and 2 alternately from the left, and the product's
 * two base-36 digits are added (product div 36 + product mod 36); the check is the digit that
 * brings the sum to a multiple of 36. A mistyped character or two swapped neighbours are caught.
 */

const BASE36 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** The check character of a GSTIN's first 14 characters (upper case, base 36). */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new Error(`A GSTIN's first 14 characters are digits and capital letters; got "${first14}".`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

export type GstinCheck = { ok: true; gstin: string; stateCode: string; pan: string } | { ok: false; error: string };

/**
 * Checks a GSTIN as typed: spaces are ignored and letters read as capitals, then each part is checked
 * in order and the first failure is named in a sentence a person can act on.
 */
export function checkGstin(input: string): GstinCheck {
  const gstin = input.replace(/\s+/g, "").toUpperCase();
  const fail = (error: string): GstinCheck => ({ ok: false, error });
  if (gstin.length === 0) return fail("Enter the GSTIN.");
  if (gstin.length !== 15) return fail(`A GSTIN has 15 characters; this one has ${gstin.length}.`);
  if (!/^[0-9A-Z]+$/.test(gstin)) return fail("A GSTIN has only digits and letters.");
  const stateCode = gstin.slice(0, 2);
  if (!/^\d{2}$/.test(stateCode)) return fail("A GSTIN starts with a two-digit state code.");
  if (!gstState(stateCode)) return fail(`${stateCode} is not a GST state code (01-38, 97 or 99).`);
  const pan = gstin.slice(2, 12);
  if (!/^[A-Z]{5}\d{4}[A-Z]$/.test(pan)) return fail(`Characters 3 to 12 are the holder's PAN (5 letters, 4 digits, 1 letter); "${pan}" is not one.`);
  if (!/^[1-9A-Z]$/.test(gstin[12]!)) return fail("The 13th character numbers the registration in the state: 1-9 or a letter, never 0.");
  if (gstin[13] !== "Z") return fail(`The 14th character of a regular registration is Z; this one has ${gstin[13]}.`);
  const expected = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin[14] !== expected) return fail("The last character does not match the rest of the number: a character is mistyped or two are swapped.");
  return { ok: true, gstin, stateCode, pan };
}

/** Whether a GSTIN passes every check of checkGstin. */
export function isValidGstin(input: string): boolean {
  return checkGstin(input).ok;
}
