import { COMPANY_FACTS, callLength, ratingText } from "@/content/company-facts";

// The check that a page's text states the agency's figures as src/content/company-facts.ts keeps
// them (docs/decisions/0083): the unit test runs it on the copy, the end-to-end test on every
// rendered public page, the database's content included.

const counts: Record<string, RegExp> = {
  [COMPANY_FACTS.projects]: /^projects?\b/i,
  [COMPANY_FACTS.businesses]: /^businesses\b/i,
};

/** Each figure of `text` that differs from the facts, as "what it says" (empty when every one agrees). */
export function factProblems(text: string): string[] {
  const problems: string[] = [];
  // "500+ projects", "150+ businesses": a count of clients or work is one of the facts, with its own noun.
  for (const m of text.matchAll(/(?<![\d₹])(\d[\d,]*\+)[ \t]*(projects?|clients?|businesses|brands|customers|companies|happy)\b/gi)) {
    const rule = counts[m[1]!];
    if (!rule || !rule.test(m[2]!)) problems.push(m[0]);
  }
  // A stat's figure on a line of its own (its label on the next or the previous line) is one of the counts.
  for (const m of text.matchAll(/^[ \t]*(\d[\d,]*\+)[ \t]*$/gm)) if (!(m[1]! in counts)) problems.push(m[1]!);
  // Revenue generated, in crores ("₹100 Cr+"), not the audit form's revenue brackets ("5Cr+/month").
  for (const m of text.matchAll(/(?:₹\s?)?\b\d+\s?Cr(?:ores?)?\+(?!\/month)|\b\d+\+\s?Crores?/g))
    if (m[0].trim() !== COMPANY_FACTS.revenue) problems.push(m[0].trim());
  // A rating out of 5 is the one rating.
  for (const m of text.matchAll(/\b([0-5]\.\d)\s*(?:★|stars?\b|\/\s*5\b|average\b|client rating\b|rating\b)/gi)) if (m[1] !== ratingText) problems.push(m[0]);
  for (const m of text.matchAll(/\brating\b[^.\d]{0,30}\b([0-5]\.\d)\b/gi)) if (m[1] !== ratingText) problems.push(m[0]);
  if (/24\s?\/\s?7/.test(text)) problems.push("24/7");
  // The strategy call's length.
  for (const m of text.matchAll(/\b(\d+)[- ]minutes? (?:free )?(?:strategy )?(?:call|consultation)/gi))
    if (`${m[1]}-minute` !== callLength) problems.push(m[0]);
  return problems;
}
