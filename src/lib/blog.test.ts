import { describe, expect, it } from "vitest";
import { deriveMetaTitle, parseTags, readingTimeMinutes, slugify } from "./blog";

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["  Growth: 10x in 2026!  ", "growth-10x-in-2026"],
    ["snake_case and   spaces", "snake-case-and-spaces"],
    ["--Edge--hyphens--", "edge-hyphens"],
    ["Café Déjà Vu", "cafe-deja-vu"],
    ["!!!", ""],
    ["SEO vs. PPC — which first?", "seo-vs-ppc-which-first"],
  ])("%j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("deriveMetaTitle", () => {
  it("keeps a title of 60 characters", () => {
    const title = "a".repeat(60);
    expect(deriveMetaTitle(title)).toBe(title);
  });
  it("cuts a title of 61 characters to 57 plus an ellipsis", () => {
    const result = deriveMetaTitle("b".repeat(61));
    expect(result).toBe(`${"b".repeat(57)}...`);
    expect(result).toHaveLength(60);
  });
  it("collapses leading, trailing and repeated whitespace before measuring", () => {
    expect(deriveMetaTitle("   Growth\t\tplaybook  for   D2C  ")).toBe("Growth playbook for D2C");
    const padded = `   ${"word ".repeat(13)}`.replace(/ /g, "   ");
    const result = deriveMetaTitle(padded);
    expect(result).toBe(`${"word ".repeat(13).slice(0, 57)}...`);
    expect(result).not.toMatch(/\s{2}|^\s/);
  });
});

describe("parseTags", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseTags(" SEO, Paid Ads ,, ,CRO,")).toEqual(["SEO", "Paid Ads", "CRO"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("readingTimeMinutes (words / 200, rounded up)", () => {
  it.each([
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
  ])("%i words -> %i min", (words, minutes) => {
    expect(readingTimeMinutes(`<p>${"word ".repeat(words)}</p>`)).toBe(minutes);
  });
  it("does not count tags as words", () => {
    expect(readingTimeMinutes(`<h2>One</h2><p>two <strong>three</strong></p>`)).toBe(1);
  });
});
