import { describe, expect, it } from "vitest";
import { blogListHref, distinctTags, isFilterActive, matchesBlogFilter, MAX_SEARCH_LENGTH, parseBlogFilter } from "@/lib/blog";

const post = { title: "Technical SEO for Shopify Stores", excerpt: "Duplicate URLs and app bloat", tags: ["SEO", "D2C"] };

describe("matchesBlogFilter", () => {
  it("matches search text in the title or the excerpt, ignoring case", () => {
    expect(matchesBlogFilter(post, { q: "shopify", tag: "" })).toBe(true);
    expect(matchesBlogFilter(post, { q: "APP BLOAT", tag: "" })).toBe(true);
    expect(matchesBlogFilter(post, { q: "  seo  ", tag: "" })).toBe(true);
    expect(matchesBlogFilter(post, { q: "whatsapp", tag: "" })).toBe(false);
    expect(matchesBlogFilter({ ...post, excerpt: null }, { q: "bloat", tag: "" })).toBe(false);
  });

  it("requires the post's tags to contain the selected tag, exactly", () => {
    expect(matchesBlogFilter(post, { q: "", tag: "SEO" })).toBe(true);
    expect(matchesBlogFilter(post, { q: "", tag: "seo" })).toBe(false);
    expect(matchesBlogFilter(post, { q: "", tag: "CRO" })).toBe(false);
  });

  it("holds search and tag together", () => {
    expect(matchesBlogFilter(post, { q: "shopify", tag: "D2C" })).toBe(true);
    expect(matchesBlogFilter(post, { q: "shopify", tag: "CRO" })).toBe(false);
    expect(matchesBlogFilter(post, { q: "meta ads", tag: "SEO" })).toBe(false);
  });

  it("treats special characters as text", () => {
    expect(matchesBlogFilter({ ...post, title: "ROAS (2x) vs. CPA?" }, { q: "(2x) vs.", tag: "" })).toBe(true);
    expect(matchesBlogFilter(post, { q: ".*", tag: "" })).toBe(false);
  });
});

describe("parseBlogFilter", () => {
  it("takes the first value, trims, caps the length", () => {
    expect(parseBlogFilter({ q: ["  a  ", "b"], tag: " SEO " })).toEqual({ q: "a", tag: "SEO" });
    expect(parseBlogFilter({})).toEqual({ q: "", tag: "" });
    expect(parseBlogFilter({ q: "x".repeat(500) }).q).toHaveLength(MAX_SEARCH_LENGTH);
  });

  it("is active only with text or a tag", () => {
    expect(isFilterActive({ q: "", tag: "" })).toBe(false);
    expect(isFilterActive({ q: "   ", tag: "" })).toBe(false);
    expect(isFilterActive({ q: "a", tag: "" })).toBe(true);
    expect(isFilterActive({ q: "", tag: "SEO" })).toBe(true);
  });
});

describe("blogListHref", () => {
  it("puts the filter in the address and leaves it out when empty", () => {
    expect(blogListHref({ q: "", tag: "" })).toBe("/blog");
    expect(blogListHref({ q: "", tag: "Paid Ads" })).toBe("/blog?tag=Paid+Ads");
    expect(blogListHref({ q: " roas & cac ", tag: "" })).toBe("/blog?q=roas+%26+cac");
    expect(blogListHref({ q: "shopify", tag: "SEO" })).toBe("/blog?tag=SEO&q=shopify");
  });

  it("round-trips through parseBlogFilter", () => {
    const filter = { q: "what's 50% off?", tag: "Growth Strategy" };
    const params = new URLSearchParams(blogListHref(filter).split("?")[1]);
    expect(parseBlogFilter({ q: params.get("q") ?? undefined, tag: params.get("tag") ?? undefined })).toEqual(filter);
  });
});

describe("distinctTags", () => {
  it("lists every tag once, alphabetically regardless of case", () => {
    expect(distinctTags([{ tags: ["SEO", "eCommerce"] }, { tags: ["D2C", "SEO"] }, { tags: [] }, { tags: ["Analytics"] }])).toEqual([
      "Analytics",
      "D2C",
      "eCommerce",
      "SEO",
    ]);
  });
});
