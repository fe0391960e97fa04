import { describe, expect, it } from "vitest";
import { parseTags, readingTimeMinutes, slugify } from "./blog";

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
