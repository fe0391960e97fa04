/**
 * An amount in words as Indian invoices and cheques write it, grouped in crore, lakh, thousand and
 * hundred: 12345678 paise is "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and
 * Seventy-Eight Paise Only". Whole paise in, so no fraction of a float is ever read.
 */

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1-99: "Seven", "Nineteen", "Forty", "Fifty-Six". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const tens = TENS[Math.floor(n / 10)]!;
  return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

/** 1-999. */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} Hundred`);
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(" ");
}

/**
 * A whole number of 1 or more in the Indian system. Past 99 crore the count of crores is itself
 * written the same way ("One Thousand Two Hundred Crore"), as invoices do, rather than in arab and kharab.
 */
export function indianNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`A whole number of 0 or more is written in words; got ${n}.`);
  if (n === 0) return ONES[0]!;
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const parts = [];
  if (crore > 0) parts.push(`${indianNumberInWords(crore)} Crore`);
  if (lakh > 0) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand > 0) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(" ");
}

/** Paise (a whole number) as "Rupees … and … Paise Only"; no paise part when they are 0. */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new Error(`An amount in words takes whole paise, 0 or more; got ${paise}.`);
  const rupees = Math.floor(paise / 100);
  const cents = paise % 100;
  const words = `Rupees ${indianNumberInWords(rupees)}`;
  return cents === 0 ? `${words} Only` : `${words} and ${belowHundred(cents)} Paise Only`;
}
