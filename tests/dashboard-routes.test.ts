import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { historyHref } from "@/lib/admin-tables/activity";
import { STAFF_ROLES } from "@/lib/admin-tables/definition";
import { ADMIN_TABLES } from "@/lib/admin-tables/registry";
import { PANEL_IDS, RESERVED_SEGMENTS, dashboardScreens, isScreenId } from "@/lib/admin-tables/screens";
import { dashboardHref, writingRoomHref } from "@/lib/routes";

// The dashboard's screens are route segments under /admin (docs/decisions/0052): a table of the
// registry through /admin/[table], every other screen a folder of its own.

const DASHBOARD = path.join(process.cwd(), "src/app/admin/(dashboard)");

describe("dashboard addresses", () => {
  it("are /admin/<screen> with the query, empty values left out and values encoded", () => {
    expect(dashboardHref("leads")).toBe("/admin/leads");
    expect(dashboardHref("leads", { q: "a&b=c", status: "", page: 2, seen: undefined, sort: null })).toBe("/admin/leads?q=a%26b%3Dc&page=2");
    expect(dashboardHref("due", { owner: "me" })).toBe("/admin/due?owner=me");
    expect(
      dashboardHref(
        "activity",
        new URLSearchParams([
          ["member", "a"],
          ["member", "b"],
        ]),
      ),
    ).toBe("/admin/activity?member=a&member=b");
    // An id can never step out of /admin.
    expect(dashboardHref("../auth")).toBe("/admin/..%2Fauth");
    expect(historyHref("leads", "abc")).toBe("/admin/activity?table=leads&record=abc");
    expect(writingRoomHref("posts", null)).toBe("/admin/posts/new");
    expect(writingRoomHref("posts", "0b6f3c1e-9a7d-4f3e-8c1a-2d5e6f7a8b9c")).toBe("/admin/posts/0b6f3c1e-9a7d-4f3e-8c1a-2d5e6f7a8b9c/edit");
  });
});

describe("dashboard screens", () => {
  it("the lead desk opens on Overview; every role has at least one table and its account", () => {
    const first = Object.fromEntries(STAFF_ROLES.map((role) => [role, dashboardScreens(role)[0]!.id]));
    expect(first).toEqual({ owner: "overview", admin: "overview", sales: "overview", editor: "posts" });
    for (const role of STAFF_ROLES) {
      const ids = dashboardScreens(role).map((s) => s.id);
      expect(
        ids.some((id) => ADMIN_TABLES.some((t) => t.id === id)),
        role,
      ).toBe(true);
      expect(ids.at(-1), role).toBe("account");
    }
  });

  it("a role sees exactly the tables it may read, and Team, Integrations and Activity only on the team desk", () => {
    expect(dashboardScreens("owner").map((s) => `${s.group}:${s.id}`)).toEqual(
      expect.arrayContaining(["Leads:spam", "Leads:booking", "Content:posts", "Content:newsletter", "Team:team", "Team:activity", "You:account"]),
    );
    // Groups are contiguous: the sidebar draws each once.
    const groups = dashboardScreens("owner").map((s) => s.group);
    expect(groups.filter((g, i) => g !== groups[i - 1])).toEqual(["Leads", "Content", "Team", "You"]);
    expect(dashboardScreens("editor").map((s) => s.id)).toEqual([
      "posts",
      "case-studies",
      "testimonials",
      "authors",
      "media",
      "newsletter",
      "redirects",
      "experiments",
      "account",
    ]);
    expect(dashboardScreens("sales").map((s) => s.id)).toEqual([
      "overview",
      "due",
      "leads",
      "messages",
      "spam",
      "pipeline",
      "proposals",
      "people",
      "booking",
      "analytics",
      "experiments",
      "account",
    ]);
    expect(dashboardScreens("owner").map((s) => s.id)).toEqual([
      "overview",
      "due",
      "leads",
      "messages",
      "spam",
      "pipeline",
      "proposals",
      "people",
      "booking",
      "analytics",
      "posts",
      "case-studies",
      "testimonials",
      "authors",
      "media",
      "newsletter",
      "redirects",
      "experiments",
      "team",
      "activity",
      "integrations",
      "account",
    ]);
  });

  it("no table id takes a screen's folder or another segment under /admin", () => {
    for (const table of ADMIN_TABLES) {
      expect([...PANEL_IDS, ...RESERVED_SEGMENTS] as string[]).not.toContain(table.id);
      expect(table.id).toMatch(/^[a-z][a-z0-9-]*$/);
    }
    expect(isScreenId("leads")).toBe(true);
    expect(isScreenId("team")).toBe(true);
    expect(isScreenId("security")).toBe(false);
    expect(isScreenId("nothing")).toBe(false);
  });

  it("each screen is a folder with its page and no streamed loading state; the folders are exactly the screens", () => {
    // A folder that only holds a screen below it (integrations/keys, the API keys screen of
    // docs/decisions/0059) is not a screen of its own until it has a page.
    const folders = readdirSync(DASHBOARD, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .filter(
        (name) =>
          existsSync(path.join(DASHBOARD, name, "page.tsx")) || !readdirSync(path.join(DASHBOARD, name), { withFileTypes: true }).some((d) => d.isDirectory()),
      );
    expect(folders.sort()).toEqual([...PANEL_IDS, "[table]"].sort());
    for (const folder of folders) {
      expect(existsSync(path.join(DASHBOARD, folder, "page.tsx")), folder).toBe(true);
      // A loading.tsx streams the screen behind a fallback that only script replaces: without
      // JavaScript the screen would never show, and a refusal would answer 200 (docs/decisions/0052).
      expect(existsSync(path.join(DASHBOARD, folder, "loading.tsx")), folder).toBe(false);
    }
  });

  it("every page checks the viewer itself before it reads anything (the layout is no security boundary)", () => {
    const pages = readdirSync(DASHBOARD)
      .map((folder) => path.join(DASHBOARD, folder, "page.tsx"))
      .filter(existsSync);
    expect(pages).toHaveLength(PANEL_IDS.length + 1);
    for (const file of pages) {
      const source = readFileSync(file, "utf8");
      const body = source.slice(source.indexOf("export default async function"));
      // The first await of the page is its gate, and a refused viewer gets nothing else.
      expect(body.match(/await [\w.]+\(/)?.[0], file).toBe("await openScreen(");
      expect(body, file).toContain('if (gate.kind === "denied") return gate.page;');
    }
  });

  it("the writing room's pages (docs/decisions/0071) are the posts screen's, behind its gate before anything is read", () => {
    const room = path.join(process.cwd(), "src/app/admin/(writing)/posts");
    const pages = ["new/page.tsx", "[id]/edit/page.tsx"].map((p) => readFileSync(path.join(room, p), "utf8"));
    for (const page of pages) expect(page).toContain("<WritingRoomScreen id={");
    const source = readFileSync(path.join(room, "room.tsx"), "utf8");
    const body = source.slice(source.indexOf("export async function WritingRoomScreen"));
    expect(body.match(/await [\w.]+\(/)?.[0]).toBe("await openScreen(");
    expect(body).toContain('if (gate.kind === "denied") return gate.page;');
    expect(ADMIN_TABLES.filter((t) => t.writingRoom).map((t) => t.id)).toEqual(["posts"]);
  });
});
