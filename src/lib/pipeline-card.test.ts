import { describe, expect, it } from "vitest";
import { formatShortDay } from "./format";
import { cardLabel, companyFromWebsite, daysInStage, daysInStageText, initialsOf } from "./pipeline";

// What a pipeline card says about its lead (docs/decisions/0101): the person, their company read from
// the website, the days in the stage, the owner's initials and its dates on one short line.

describe("the company a card names", () => {
  it("is the website's host as a name, without www and the top-level domain", () => {
    expect(companyFromWebsite("https://brand.example.com")).toBe("Brand Example");
    expect(companyFromWebsite("https://www.acme-growth.in/about?x=1")).toBe("Acme Growth");
    expect(companyFromWebsite("http://WWW.Shop1.IN")).toBe("Shop1");
    expect(companyFromWebsite("brand.example")).toBe("Brand");
  });

  it("leaves out a country's second level (co.in, com.au), not a company's own label", () => {
    expect(companyFromWebsite("https://spice-route.co.in")).toBe("Spice Route");
    expect(companyFromWebsite("https://www.koala.com.au")).toBe("Koala");
    expect(companyFromWebsite("https://co.in")).toBe("Co");
    expect(companyFromWebsite("https://shop.com")).toBe("Shop");
  });

  it("is none without a website, for a site-relative path, an IP address or something that is no address", () => {
    expect(companyFromWebsite(null)).toBeNull();
    expect(companyFromWebsite("")).toBeNull();
    expect(companyFromWebsite("/case-studies")).toBeNull();
    expect(companyFromWebsite("http://192.168.1.10/")).toBeNull();
    expect(companyFromWebsite("http://[::1]/")).toBeNull();
    expect(companyFromWebsite("https://exa mple.com")).toBeNull();
  });
});

describe("a card's name", () => {
  it("is the person and their company, distinct for two people of one company and two companies of one name", () => {
    expect(cardLabel({ name: "Priya Sharma", company: "Brand Example" })).toBe("Priya Sharma (Brand Example)");
    const names = [
      { name: "Priya Sharma", company: "Brand Example" },
      { name: "Ravi Kumar", company: "Brand Example" },
      { name: "Priya Sharma", company: "Spice Route" },
    ].map(cardLabel);
    expect(new Set(names).size).toBe(3);
  });

  it("is the person alone without a company, or when the company is their own name", () => {
    expect(cardLabel({ name: "Asha Rao", company: null })).toBe("Asha Rao");
    expect(cardLabel({ name: "Asha Rao", company: "asha rao" })).toBe("Asha Rao");
  });
});

describe("the days in a stage", () => {
  const now = new Date("2026-12-12T10:00:00Z");

  it("counts whole days since the lead entered it, 0 on the day and for a time ahead of the clock", () => {
    expect(daysInStage(new Date("2026-12-12T09:00:00Z"), now)).toBe(0);
    expect(daysInStage(new Date("2026-12-11T10:00:00Z"), now)).toBe(1);
    expect(daysInStage("2026-12-02T09:59:00Z", now)).toBe(10);
    expect(daysInStage(new Date("2026-12-13T00:00:00Z"), now)).toBe(0);
    expect(daysInStage("not a date", now)).toBe(0);
  });

  it("says it in words", () => {
    expect(daysInStageText(0)).toBe("Entered today");
    expect(daysInStageText(1)).toBe("1 day in stage");
    expect(daysInStageText(12)).toBe("12 days in stage");
  });
});

describe("the owner's initials", () => {
  it("are the first and last names' first letters, or the address's first letter", () => {
    expect(initialsOf("Ravi Kumar")).toBe("RK");
    expect(initialsOf("Ananya Lakshmi Iyer")).toBe("AI");
    expect(initialsOf("meera")).toBe("M");
    expect(initialsOf("ravi.kumar@agency.in")).toBe("RK");
    expect(initialsOf("  ")).toBe("?");
    expect(initialsOf("élodie durand")).toBe("ÉD");
  });
});

describe("a card's dates", () => {
  it("are short (day and month) in the board's year, with the year otherwise", () => {
    expect(formatShortDay("2026-12-12", "2026-06-01")).toBe("12 Dec");
    expect(formatShortDay("2027-01-05", "2026-12-30")).toBe("5 Jan 2027");
    expect(formatShortDay("not a day", "2026-12-30")).toBe("not a day");
  });
});
