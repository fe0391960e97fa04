import { describe, expect, it } from "vitest";
import { BlogPostSchema } from "./schemas/admin";
import { fieldErrors } from "./schemas/lead-forms";
import { fromSiteDateTimeInput, toSiteDateTimeInput, toSiteIso } from "./site-time";
import { formatAdminDate } from "./format";

describe("site time zone (Asia/Kolkata)", () => {
  it("reads a datetime-local value as India time and writes it back", () => {
    const instant = fromSiteDateTimeInput("2026-11-24T09:30")!;
    expect(instant.toISOString()).toBe("2026-11-24T04:00:00.000Z");
    expect(toSiteDateTimeInput(instant)).toBe("2026-11-24T09:30");
    expect(formatAdminDate(instant)).toMatch(/24 Nov 2026, 09:30 am IST/);
    // Across midnight UTC.
    expect(fromSiteDateTimeInput("2026-01-01T02:15")!.toISOString()).toBe("2025-12-31T20:45:00.000Z");
  });

  it("refuses what is not a date and time", () => {
    for (const bad of ["", "2026-02-30T10:00", "2026-11-24 09:30", "2026-11-24T24:00", "tomorrow", "2026-11-24T09:30Z"]) {
      expect(fromSiteDateTimeInput(bad)).toBeNull();
    }
  });

  it("handles a zone with daylight saving", () => {
    expect(fromSiteDateTimeInput("2026-07-01T12:00", "Europe/London")!.toISOString()).toBe("2026-07-01T11:00:00.000Z");
    expect(fromSiteDateTimeInput("2026-12-01T12:00", "Europe/London")!.toISOString()).toBe("2026-12-01T12:00:00.000Z");
  });
});

describe("blog post scheduling fields", () => {
  const post = { title: "Post", slug: "post", content: "<p>Hi</p>", authorName: "Team" };
  const later = (hours: number) => toSiteDateTimeInput(new Date(Date.now() + hours * 3600_000));
  const errors = (extra: Record<string, string>) => {
    const result = BlogPostSchema.safeParse({ ...post, ...extra });
    return result.success ? {} : fieldErrors(result.error);
  };

  it("stores a future Publish at as an instant", () => {
    const parsed = BlogPostSchema.parse({ ...post, publishAt: later(2) });
    expect(parsed.publishAt).toBeInstanceOf(Date);
    expect(parsed.unpublishAt).toBeNull();
  });

  it("says what is wrong beside the field", () => {
    expect(errors({ publishAt: "soon" }).publishAt).toMatch(/date and time/);
    expect(errors({ publishAt: later(-1) }).publishAt).toBe("Publish at must be in the future.");
    expect(errors({ publishAt: later(2), published: "on" }).publishAt).toMatch(/Untick Published/);
    expect(errors({ publishAt: later(3), unpublishAt: later(2) }).unpublishAt).toBe("Unpublish at must be after Publish at.");
    expect(errors({ unpublishAt: later(2) }).unpublishAt).toMatch(/nothing to unpublish/);
    expect(errors({ published: "on", unpublishAt: later(2) })).toEqual({});
    expect(errors({ publishAt: later(2), unpublishAt: later(3) })).toEqual({});
  });
});

describe("one zone for every time shown to staff", () => {
  it("labels the dashboard's times with the site's zone", () => {
    expect(formatAdminDate(new Date("2026-11-24T04:00:00Z"))).toMatch(/^24 Nov 2026, 09:30\s?am IST$/);
    expect(formatAdminDate("2026-11-24T18:45:00Z")).toMatch(/^25 Nov 2026, 12:15\s?am IST$/);
  });

  it("writes ISO 8601 with the zone's offset, and another zone's offset when asked", () => {
    expect(toSiteIso(new Date("2026-11-24T04:00:09Z"))).toBe("2026-11-24T09:30:09+05:30");
    expect(new Date(toSiteIso(new Date("2026-11-24T04:00:09Z"))).toISOString()).toBe("2026-11-24T04:00:09.000Z");
    expect(toSiteIso(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe("2026-07-01T08:00:00-04:00");
  });
});
