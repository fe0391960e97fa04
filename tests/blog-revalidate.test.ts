import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";

const revalidatePath = vi.fn();
vi.mock("next/cache", () => ({ revalidatePath }));

const { BLOG_ROUTE_LAYOUT, revalidateBlog } = await import("@/server/kernel/revalidate");

describe("revalidateBlog", () => {
  beforeEach(() => revalidatePath.mockClear());

  it("refreshes every page and route below the blog folder with one layout pattern", () => {
    revalidateBlog(["old-slug", "new-slug"]);
    expect(revalidatePath).toHaveBeenCalledExactlyOnceWith(BLOG_ROUTE_LAYOUT, "layout");
  });

  it("names a folder that exists, with the listing, the article route and the feed below it", () => {
    // A renamed folder or route group would silently stop the refresh: the pattern must match src/app.
    const folder = path.join(import.meta.dirname, "..", "src", "app", ...BLOG_ROUTE_LAYOUT.split("/").filter(Boolean));
    expect(fs.existsSync(path.join(folder, "page.tsx"))).toBe(true);
    expect(fs.existsSync(path.join(folder, "[slug]", "page.tsx"))).toBe(true);
    expect(fs.existsSync(path.join(folder, "feed.xml", "route.ts"))).toBe(true);
  });
});
