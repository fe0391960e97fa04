import { afterEach, describe, expect, it, vi } from "vitest";
import { formatShares } from "@/components/blog/share-buttons";
import { siteConfig } from "@/server/kernel/site-config";

// What a public page claims must be true: no count of nothing, no year that has passed.

describe("an article's share count", () => {
  it("says nothing before the first share", () => {
    expect(formatShares(0)).toBe("");
  });

  it("says how many after", () => {
    expect(formatShares(1)).toBe("1 share");
    expect(formatShares(1234)).toBe("1,234 shares");
  });
});

describe("the footer's copyright year", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is the year it is now", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-06-15T12:00:00Z"));
    expect(siteConfig().copyrightYear).toBe(2031);
  });

  it("is the agency's year, in India, where the new year comes first", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    // 19:00 UTC on 31 December is half past midnight on 1 January in Asia/Kolkata.
    vi.setSystemTime(new Date("2030-12-31T19:00:00Z"));
    expect(siteConfig().copyrightYear).toBe(2031);
  });
});
