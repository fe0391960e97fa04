/**
 * India's financial year runs from 1 April to 31 March, and an invoice's serial number is unique
 * within one (Rule 46(b) of the CGST Rules), so each year starts its series again. The year is read
 * from the wall clock in India (UTC+5:30 all year, no summer time): an invoice issued at 00:10 on
 * 1 April in India is the new year's, though it is still 31 March in UTC.
 */

const INDIA_OFFSET_MS = 330 * 60 * 1000;

/** The calendar year the financial year of `instant` starts in: 2026 for 1 April 2026 to 31 March 2027. */
export function financialYearOf(instant: Date): number {
  const india = new Date(instant.getTime() + INDIA_OFFSET_MS);
  if (Number.isNaN(india.getTime())) throw new Error("A financial year is read from a valid date.");
  return india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1;
}

/** "26-27" for the year starting in 2026: how a serial number names its year. */
export function financialYearLabel(startYear: number): string {
  const two = (year: number) => String(year % 100).padStart(2, "0");
  return `${two(startYear)}-${two(startYear + 1)}`;
}

/** The longest serial number Rule 46 allows. */
export const SERIAL_NUMBER_MAX = 16;

/** The kinds of document numbered, each in its own series: INV/26-27/00001, CN/26-27/00001. */
export const DOCUMENT_PREFIXES = { invoice: "INV", credit_note: "CN" } as const;
export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;

/**
 * A document's serial number: prefix, year and the counter padded to five digits (more digits past
 * 99,999). Only letters, digits, '/' and '-', at most 16 characters, as Rule 46 asks.
 */
export function documentNumber(kind: DocumentKind, startYear: number, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new Error(`A serial number counts from 1; got ${serial}.`);
  const number = `${DOCUMENT_PREFIXES[kind]}/${financialYearLabel(startYear)}/${String(serial).padStart(5, "0")}`;
  if (number.length > SERIAL_NUMBER_MAX) throw new Error(`${number} is longer than the ${SERIAL_NUMBER_MAX} characters a serial number may have.`);
  return number;
}
