import { describe, expect, it } from "vitest";
import { CHANNELS } from "@/lib/channels";
import { adminTable } from "@/lib/admin-tables/registry";
import { CHANNEL_COLOURS, describeChange, landingPath, orderRevenue, weekChange } from "@/lib/overview-figures";
import { FREE_AUDIT_REVENUE_BRACKETS } from "@/lib/schemas/form-rules";

// The Overview's arithmetic (docs/decisions/0072); the database's counts are checked in overview.test.ts.

/** Hue in degrees and lightness of a #rrggbb colour. */
function hsl(hex: string): { h: number; s: number; l: number } {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  const h = d === 0 ? 0 : max === r ? 60 * (((g - b) / d) % 6) : max === g ? 60 * ((b - r) / d + 2) : 60 * ((r - g) / d + 4);
  return { h: (h + 360) % 360, s, l };
}

/** WCAG contrast of a colour against white. */
function contrastOnWhite(hex: string): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = [1, 3, 5].map((i) => lin(parseInt(hex.slice(i, i + 2), 16) / 255)) as [number, number, number];
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05);
}

describe("channel colours", () => {
  it("one per channel, each of its own hue (not shades of one), readable on white", () => {
    const colours = CHANNELS.map((c) => CHANNEL_COLOURS[c]);
    expect(new Set(colours).size).toBe(CHANNELS.length);
    const chromatic = colours.map(hsl).filter((c) => c.s > 0.25);
    // Direct is the one grey; every other pair of hues at least 25 degrees apart on the wheel.
    expect(chromatic).toHaveLength(CHANNELS.length - 1);
    for (const [i, a] of chromatic.entries()) {
      for (const b of chromatic.slice(i + 1)) {
        const apart = Math.min(Math.abs(a.h - b.h), 360 - Math.abs(a.h - b.h));
        expect(apart, `${a.h} vs ${b.h}`).toBeGreaterThanOrEqual(25);
      }
    }
    for (const c of colours) expect(contrastOnWhite(c), c).toBeGreaterThanOrEqual(3);
  });
});

describe("revenue brackets", () => {
  it("in the public form's order whatever the counts, every bracket shown, earlier ones and none given after", () => {
    const rows = [
      { bracket: "Not given", leads: 9 },
      { bracket: "5Cr+/month", leads: 7 },
      { bracket: "1-5 Lakhs", leads: 1 },
      { bracket: "0-10L/month", leads: 2 },
      { bracket: "typed by hand", leads: 1 },
    ];
    expect(orderRevenue(rows)).toEqual([
      { bracket: "0-10L/month", leads: 2 },
      { bracket: "10L-50L/month", leads: 0 },
      { bracket: "50L-1Cr/month", leads: 0 },
      { bracket: "1Cr-5Cr/month", leads: 0 },
      { bracket: "5Cr+/month", leads: 7 },
      { bracket: "1-5 Lakhs", leads: 1 },
      { bracket: "typed by hand", leads: 1 },
      { bracket: "Not given", leads: 9 },
    ]);
  });

  it("the lead dialog offers exactly the public form's list", () => {
    const field = adminTable("leads")!.fields.find((f) => String(f.name) === "monthlyRevenue");
    expect(field && "options" in field ? field.options?.map((o) => o.value) : null).toEqual(["", ...FREE_AUDIT_REVENUE_BRACKETS]);
  });
});

describe("landing pages", () => {
  it("are their path: query, fragment, scheme and host left out", () => {
    expect(landingPath("/free-audit?utm_campaign=diwali&utm_source=google")).toBe("/free-audit");
    expect(landingPath("/blog/seo#top")).toBe("/blog/seo");
    expect(landingPath("https://kinetic.example/services?x=1")).toBe("/services");
    expect(landingPath("https://kinetic.example")).toBe("/");
    expect(landingPath("?utm_source=x")).toBe("/");
    expect(landingPath("/")).toBe("/");
  });
});

describe("new leads against the 7 days before", () => {
  it("the difference and the change in percent, none from nothing", () => {
    expect(weekChange(6, 4)).toEqual({ difference: 2, percent: 50 });
    expect(weekChange(1, 4)).toEqual({ difference: -3, percent: -75 });
    expect(weekChange(3, 0)).toEqual({ difference: 3, percent: null });
    expect(describeChange(6, 4)).toBe("+2 (+50%) against the 7 days before (4)");
    expect(describeChange(1, 4)).toBe("−3 (−75%) against the 7 days before (4)");
    expect(describeChange(3, 0)).toBe("+3 against the 7 days before (none then)");
    expect(describeChange(5, 5)).toBe("no change against the 7 days before (5)");
  });
});
