import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMPANY_FACTS, callLength, ratingText } from "@/content/company-facts";
import { bookingWindowWords } from "@/lib/booking";
import { factProblems } from "@/lib/public-facts";

// The agency's public figures are kept once, in src/content/company-facts.ts (docs/decisions/0083):
// no file that writes public copy states a figure of its own, and the copy built from the facts
// says each the same way. e2e/public-facts.spec.ts reads the rendered pages with the same rule.

const ROOT = path.resolve(__dirname, "..");
/** Where public copy is written: the content modules, the public pages, their components, the forms' answers, the mails to visitors. */
const PUBLIC_SOURCES = [
  "src/content",
  "src/lib/form-messages.ts",
  "src/app/[locale]/(site)",
  "src/components/marketing",
  "src/components/site",
  "src/components/forms",
  "src/server/kernel/mail",
  "src/server/booking",
];

function filesUnder(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (fs.statSync(full).isFile()) return [dir];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(rel);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

/**
 * A figure typed into copy: "500+", "100Cr+", "500+ Crores", "4.9" / "5.0" as a rating, "24/7", "15-minute",
 * the reply time ("72 hours", COMPANY_FACTS.replyHours) and the booking window ("the next three weeks",
 * BOOKING_WINDOW_DAYS) typed out rather than read from their constants.
 */
const LITERAL_FIGURES = [
  /\b\d[\d,]*\+\s*(projects?|clients?|businesses|brands|customers|companies|happy)\b/i,
  /value:\s*["'`]\d[\d,]*(\s*Cr)?\+/,
  /\d+\s*Cr\+(?!\/month)|\d+\+\s*Crores?/,
  /["'`][^"'`]*\b[0-5]\.\d\b[^"'`]*rating/i,
  /rating[^"'`]*\b[0-5]\.\d\b/i,
  /24\/7/,
  /\b\d+[- ]minutes? (free )?(strategy )?(call|consultation)/i,
  new RegExp(`\\b${COMPANY_FACTS.replyHours}[- ]hours?\\b`, "i"),
  /\bnext (one|two|three|four|five|six|\d+) (weeks?|days)\b/i,
];

describe("the public figures", () => {
  it("are written nowhere but in company-facts.ts", () => {
    const found: string[] = [];
    for (const file of PUBLIC_SOURCES.flatMap(filesUnder)) {
      if (file.endsWith("company-facts.ts")) continue;
      fs.readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // a comment states nothing to a visitor
          for (const pattern of LITERAL_FIGURES) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });

  it("say the booking window in words that follow its figure", () => {
    expect([7, 14, 21, 10, 1].map((days) => bookingWindowWords(days))).toEqual(["one week", "two weeks", "three weeks", "10 days", "one day"]);
  });

  it("the rule flags every other value a page could state, and passes the facts themselves", () => {
    expect(
      factProblems(`${COMPANY_FACTS.projects} Projects Delivered · ${COMPANY_FACTS.businesses} Businesses Scaled · ${COMPANY_FACTS.revenue} Revenue`),
    ).toEqual([]);
    expect(factProblems(`${ratingText} average review rating · a free ${callLength} strategy call`)).toEqual([]);
    for (const wrong of [
      "50+ Happy Clients",
      "500+ Businesses Audited",
      "100Cr+ Revenue Generated",
      "500+ Crores",
      "5.0 Client Rating",
      "24/7 Support",
      "a free 15-minute strategy call",
    ])
      expect(factProblems(wrong), wrong).not.toEqual([]);
  });

  it("the copy built from them says each once, the same way (About's track record, the home stats)", async () => {
    const about = await import("@/content/about");
    const home = await import("@/content/home");
    const audit = await import("@/content/free-audit");
    const text = [
      ...about.story,
      ...about.trackRecord,
      ...[...home.heroStats, ...home.statsBand, ...audit.freeAuditStats].map((s) => `${s.value} ${s.label}`),
      audit.bonusNote.title,
      audit.bonusNote.text,
    ].join(" · ");
    expect(factProblems(text)).toEqual([]);
    expect(text).toContain(`${COMPANY_FACTS.projects} projects delivered`);
    expect(text).toContain(`${ratingText} average review rating`);
  });
});
