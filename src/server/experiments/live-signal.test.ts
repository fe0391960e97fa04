import { beforeEach, describe, expect, it, vi } from "vitest";

// What a start, stop or ship tells the public side (docs/decisions/0107, 0110): the host always, and
// after a ship the pages that show the shipped part, that page and no other for a page target.
const calls = vi.hoisted(() => ({ reloads: 0, paths: [] as string[][], layouts: [] as string[], emptied: 0 }));
vi.mock("server-only", () => ({}));
vi.mock("next/cache", () => ({ revalidatePath: (path: string) => void calls.layouts.push(path) }));
vi.mock("../kernel/bridge.ts", () => ({ experimentRunChanged: () => void calls.reloads++, invalidatePageCache: () => void calls.emptied++ }));
vi.mock("../kernel/revalidate", () => ({ revalidatePublicPaths: (paths: string[]) => void calls.paths.push(paths) }));

const { experimentsChanged } = await import("./live-signal");

beforeEach(() => {
  Object.assign(calls, { reloads: 0, paths: [], layouts: [], emptied: 0 });
});

describe("experimentsChanged", () => {
  it("reloads the host's experiment and refreshes no page on a start or a stop", () => {
    experimentsChanged();
    expect(calls).toEqual({ reloads: 1, paths: [], layouts: [], emptied: 0 });
  });

  it("refreshes the one page a shipped page target's copy is on", () => {
    experimentsChanged("service-hero", "/services/seo");
    experimentsChanged("case-study-hero", "/case-studies/fashionhub-roas");
    experimentsChanged("article-heading", "/blog/ga4-attribution");
    expect(calls.paths).toEqual([["/services/seo"], ["/case-studies/fashionhub-roas"], ["/blog/ga4-attribution"]]);
    expect(calls.reloads).toBe(3);
  });

  it("refreshes home for its hero, the free-audit page for its opening, and every page for the header", () => {
    experimentsChanged("home-hero", null);
    experimentsChanged("free-audit-hero", null);
    expect(calls.paths).toEqual([["/"], ["/free-audit"]]);
    experimentsChanged("header-cta", null);
    expect(calls.layouts).toEqual(["/[locale]"]);
    expect(calls.emptied).toBe(1);
  });
});
