import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { compileRedirects, flattenRedirects, matchRedirect, RedirectLoopError, sameSiteTarget, type RedirectRule } from "@/lib/redirect-rules";
import { RedirectSchema } from "@/lib/schemas/redirects";
import { setUpTestDatabase } from "./helpers/test-db";

// The redirect table (docs/decisions/0091): the form's rules, matching as the host does it, loops
// refused and chains flattened when saved, hits counted in batches, and a post's slug change making
// its own 301 in the rename's transaction. On PGlite, and on PostgreSQL with DATABASE_URL.
const requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
const actor = { id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true, role: "editor" };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, refresh: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({ requireRole: async () => actor, AccessDeniedError: class extends Error {} }));

const { saveRecord } = await import("@/server/dashboard/admin-actions");
const { saveRedirectAction, deleteRedirectAction } = await import("@/server/redirects/redirect-actions");
const { listRedirects, loadRedirectRules, recordRedirectHits } = await import("@/server/redirects/data/redirects");
const { listPostSitemapEntries } = await import("@/server/content/data/blog-posts");
const { activityEvents, blogPosts, redirects } = await import("@/server/kernel/db/schema");
const { prepareDatabase } = await import("@/server/kernel/db/prepare");
const { siteConfig } = await import("@/server/kernel/site-config");

const handle = setUpTestDatabase();

beforeAll(async () => {
  await prepareDatabase(handle);
});

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const save = (values: Record<string, string>) => saveRedirectAction({ status: "idle" }, formOf({ status: "301", ...values }));
const rules = async () => Object.fromEntries((await loadRedirectRules()).map((r) => [r.source, `${r.status} ${r.target}`]));

describe("the form's rules", () => {
  const parse = (values: Record<string, string>) => RedirectSchema.safeParse({ status: "301", target: "", ...values });
  const message = (values: Record<string, string>) => {
    const result = parse(values);
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("takes a path on this site, exact or a folder, and a path or an http(s) URL", () => {
    expect(parse({ source: "/old-page/", target: "/new-page" }).data).toMatchObject({ source: "/old-page", target: "/new-page", status: 301 });
    expect(parse({ source: "/old-blog/*", target: "/blog/*", status: "308" }).success).toBe(true);
    expect(parse({ source: "/promo", target: "https://example.com/landing?x=1" }).success).toBe(true);
    expect(parse({ source: "/retired", target: "/ignored", status: "410" }).data).toMatchObject({ target: "", status: 410 });
  });

  it("refuses what is not a path on this site, with a message saying what is expected", () => {
    expect(message({ source: "", target: "/x" })).toMatch(/Enter the old address/);
    expect(message({ source: "old", target: "/x" })).toMatch(/path on this site starting with \//);
    expect(message({ source: "//evil.example", target: "/x" })).toMatch(/path on this site/);
    expect(message({ source: "/a?b=1", target: "/x" })).toMatch(/no \?query/);
    expect(message({ source: "/admin/posts", target: "/x" })).toMatch(/under \/admin, \/api, \/_next cannot be redirected/);
    expect(message({ source: "/api/health", target: "/x" })).toMatch(/cannot be redirected/);
    expect(message({ source: "/_next/static/a.js", target: "/x" })).toMatch(/cannot be redirected/);
    expect(message({ source: "/*", target: "/x" })).toMatch(/whole site/);
    expect(message({ source: "/a*b", target: "/x" })).toMatch(/A \* may only end/);
    expect(message({ source: "/a", target: "" })).toMatch(/Enter the new address/);
    expect(message({ source: "/a", target: "javascript:alert(1)" })).toMatch(/path starting with \/ or an http\(s\) URL/);
    expect(message({ source: "/a", target: "/a/" })).toMatch(/same as the old one/);
    expect(message({ source: "/a", target: "/b/*" })).toMatch(/needs an old address ending in \/\*/);
    expect(message({ source: "/a", target: "/b", status: "303" })).toMatch(/Choose a status/);
  });
});

describe("matching, as the host does it", () => {
  const table = compileRedirects([
    { id: 1, source: "/old", target: "/new", status: 301 },
    { id: 2, source: "/docs/*", target: "/guides/*", status: 308 },
    { id: 3, source: "/docs/api/*", target: "https://api.example.com/", status: 302 },
    { id: 4, source: "/retired", target: "", status: 410 },
  ]);

  it("answers exact paths with the query string kept, with or without a trailing slash", () => {
    expect(matchRedirect(table, "/old", "?utm_source=mail")).toMatchObject({ location: "/new?utm_source=mail", rule: { status: 301 } });
    expect(matchRedirect(table, "/old/")?.location).toBe("/new");
    expect(matchRedirect(table, "/older")).toBeNull();
    expect(matchRedirect(table, "/retired")).toMatchObject({ location: null, rule: { status: 410 } });
  });

  it("answers a folder's prefix rule, the longest first, carrying the rest of the path", () => {
    expect(matchRedirect(table, "/docs/setup/one")?.location).toBe("/guides/setup/one");
    expect(matchRedirect(table, "/docs")?.location).toBe("/guides");
    expect(matchRedirect(table, "/docs/api/v1")).toMatchObject({ location: "https://api.example.com/", rule: { id: 3 } });
    expect(matchRedirect(table, "/docsx")).toBeNull();
    // A rule for the whole site answers what no deeper folder does, the root included.
    const site = compileRedirects([
      { source: "/*", target: "/new/*", status: 308 },
      { source: "/keep/*", target: "/kept", status: 301 },
    ]);
    expect(matchRedirect(site, "/")?.location).toBe("/new/");
    expect(matchRedirect(site, "/a/b/")?.location).toBe("/new/a/b");
    expect(matchRedirect(site, "/keep/x/y")?.location).toBe("/kept");
    expect(matchRedirect(site, "/keeper")?.location).toBe("/new/keeper");
  });
});

describe("loops and chains, on the rules", () => {
  const rule = (source: string, target: string): RedirectRule => ({ source, target, status: 301 });

  it("flattens a chain so that every address takes one hop", () => {
    const flat = flattenRedirects([rule("/a", "/b"), rule("/b", "/c"), rule("/c", "/d")]);
    expect(flat.map((r) => r.target)).toEqual(["/d", "/d", "/d"]);
  });

  it("refuses a loop, naming the chain", () => {
    expect(() => flattenRedirects([rule("/a", "/b"), rule("/b", "/c"), rule("/c", "/a")])).toThrow(new RedirectLoopError(["/a", "/b", "/c", "/a"]));
    expect(() => flattenRedirects([rule("/old/*", "/old/new")])).toThrow(RedirectLoopError);
    expect(() => flattenRedirects([rule("/x/*", "/x/y/*")])).toThrow(RedirectLoopError);
  });
});

describe("the table, saved", () => {
  it("adds, flattens a chain either way round, and counts nothing until hit", async () => {
    expect((await save({ source: "/chain-a", target: "/chain-b" })).status).toBe("success");
    const second = await save({ source: "/chain-b", target: "/chain-c" });
    expect(second.status).toBe("success");
    // A→B then B→C: A now leads straight to C.
    expect(await rules()).toMatchObject({ "/chain-a": "301 /chain-c", "/chain-b": "301 /chain-c" });
    // Z→A added after: saved as Z→C.
    const third = await save({ source: "/chain-z", target: "/chain-a" });
    expect(third.message).toMatch(/leads straight to \/chain-c/);
    expect((await rules())["/chain-z"]).toBe("301 /chain-c");
  });

  it("refuses a loop with the chain in the message, and changes nothing", async () => {
    const before = await rules();
    const answer = await save({ source: "/chain-c", target: "/chain-z" });
    expect(answer.status).toBe("invalid");
    expect(answer.fieldErrors?.target).toBe("This redirect would loop: /chain-c → /chain-z → /chain-c.");
    expect(await rules()).toEqual(before);
  });

  it("refuses bad input and a second redirect from the same address, changing nothing", async () => {
    const before = await rules();
    const bad = await save({ source: "/admin", target: "/x" });
    expect(bad.status).toBe("invalid");
    expect(bad.fieldErrors?.source).toMatch(/cannot be redirected/);
    expect(bad.values?.source).toBe("/admin");
    const twice = await save({ source: "/chain-a", target: "/elsewhere" });
    expect(twice.fieldErrors?.source).toBe("There is already a redirect from /chain-a: edit that one.");
    expect(await rules()).toEqual(before);
  });

  it("edits and removes, and lists hits written in one batch", async () => {
    const [row] = await handle.db.select().from(redirects).where(eq(redirects.source, "/chain-z"));
    expect((await save({ id: String(row!.id), source: "/chain-z", target: "", status: "410" })).status).toBe("success");
    expect((await rules())["/chain-z"]).toBe("410 ");
    const at = new Date("2026-01-02T03:04:05Z");
    await recordRedirectHits([
      { id: row!.id, count: 3, at },
      { id: row!.id + 1_000_000, count: 1, at },
    ]);
    await recordRedirectHits([{ id: row!.id, count: 2, at: new Date("2026-01-01T00:00:00Z") }]);
    const listed = (await listRedirects()).find((r) => r.source === "/chain-z")!;
    expect(listed.hits).toBe(5);
    expect(listed.lastHitAt?.toISOString()).toBe(at.toISOString());
    expect((await deleteRedirectAction({ status: "idle" }, formOf({ id: String(row!.id) }))).status).toBe("success");
    expect((await rules())["/chain-z"]).toBeUndefined();
    // Each change is in the activity trail, by who made it.
    const trail = await handle.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.recordId, String(row!.id)));
    expect(trail.map((e) => [e.action, e.tableName, e.email]).sort()).toEqual([
      ["create", "redirects", actor.email],
      ["delete", "redirects", actor.email],
      ["update", "redirects", actor.email],
    ]);
  });
});

describe("a target that is this site's own absolute address", () => {
  it("is read as its path for any scheme and www variant of the site's host, and only then", () => {
    const site = "https://kineticgrowth.in";
    expect(sameSiteTarget("https://kineticgrowth.in/blog/a?utm=x#top", site)).toBe("/blog/a?utm=x#top");
    expect(sameSiteTarget("http://kineticgrowth.in/blog/a", site)).toBe("/blog/a");
    expect(sameSiteTarget("https://WWW.KineticGrowth.in/old/*", site)).toBe("/old/*");
    expect(sameSiteTarget("https://kineticgrowth.in", site)).toBe("/");
    expect(sameSiteTarget("https://kineticgrowth.in:443/x", "https://www.kineticgrowth.in/")).toBe("/x");
    expect(sameSiteTarget("http://localhost:3000/x", "http://localhost:3000")).toBe("/x");
    expect(sameSiteTarget("https://localhost:3000/x", "http://localhost:3000")).toBe("/x");
    // Another host, a subdomain other than www, another port: another site's business.
    for (const other of [
      "https://example.com/x",
      "https://blog.kineticgrowth.in/x",
      "https://kineticgrowth.in.evil.example/x",
      "https://kineticgrowth.in:8443/x",
    ])
      expect(sameSiteTarget(other, site)).toBe(other);
    expect(sameSiteTarget("http://localhost/x", "http://localhost:3000")).toBe("http://localhost/x");
    expect(sameSiteTarget("/already/a/path", site)).toBe("/already/a/path");
  });

  it("is saved as the path, so that a loop through it is refused and a chain through it flattened", async () => {
    const origin = new URL(siteConfig().url);
    const variant = `${origin.protocol === "https:" ? "http:" : "https:"}//www.${origin.host}`;
    const first = await save({ source: "/abs-a", target: `${origin.origin}/abs-b?from=a` });
    expect(first).toMatchObject({ status: "success", message: "/abs-a now redirects to /abs-b?from=a." });
    expect((await rules())["/abs-a"]).toBe("301 /abs-b?from=a");

    // Back to /abs-a through another of the site's addresses: a loop, refused, nothing changed.
    const before = await rules();
    const loop = await save({ source: "/abs-b", target: `${variant}/abs-a` });
    expect(loop.status).toBe("invalid");
    expect(loop.fieldErrors?.target).toBe("This redirect would loop: /abs-b → /abs-a → /abs-b?from=a.");
    expect(await rules()).toEqual(before);
    // The site's own address of the source itself: the same loop in one step.
    expect((await save({ source: "/abs-self", target: `${origin.origin}/abs-self/` })).fieldErrors?.target).toMatch(/would loop: \/abs-self/);

    // A chain through it is flattened either way round: /abs-b onward, then /abs-z to /abs-a.
    expect((await save({ source: "/abs-b", target: `${variant}/abs-end` })).status).toBe("success");
    expect(await rules()).toMatchObject({ "/abs-a": "301 /abs-end?from=a", "/abs-b": "301 /abs-end" });
    const z = await save({ source: "/abs-z", target: `${origin.origin}/abs-a` });
    expect(z.message).toBe("/abs-z now redirects to /abs-end?from=a (the chain is flattened: it leads straight to /abs-end?from=a).");
    // Another site's address is kept as it was typed.
    expect((await save({ source: "/abs-away", target: "https://example.com/abs-a" })).status).toBe("success");
    expect((await rules())["/abs-away"]).toBe("301 https://example.com/abs-a");
  });
});

describe("a post's slug change", () => {
  const post = { title: "Renamed post", authorName: "Team", content: "<p>Body.</p>", tags: "SEO", published: "on" };
  const idOf = async (slug: string) => (await handle.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)))[0]!.id;

  it("makes a 301 from the old address in the rename's transaction, flattened, and the old address leaves the sitemap", async () => {
    expect((await saveRecord("posts", null, formOf({ ...post, slug: "slug-first" }))).status).toBe("success");
    const id = await idOf("slug-first");
    expect((await saveRecord("posts", id, formOf({ ...post, slug: "slug-second" }))).status).toBe("success");
    expect((await rules())["/blog/slug-first"]).toBe("301 /blog/slug-second");
    expect((await saveRecord("posts", id, formOf({ ...post, slug: "slug-third" }))).status).toBe("success");
    expect(await rules()).toMatchObject({ "/blog/slug-first": "301 /blog/slug-third", "/blog/slug-second": "301 /blog/slug-third" });
    const sitemap = (await listPostSitemapEntries()).map((e) => e.slug);
    expect(sitemap).toContain("slug-third");
    expect(sitemap).not.toContain("slug-first");
    expect(sitemap).not.toContain("slug-second");

    // Back to an earlier address: it is a live page again, and nothing loops.
    expect((await saveRecord("posts", id, formOf({ ...post, slug: "slug-first" }))).status).toBe("success");
    const now = await rules();
    expect(now["/blog/slug-first"]).toBeUndefined();
    expect(now).toMatchObject({ "/blog/slug-second": "301 /blog/slug-first", "/blog/slug-third": "301 /blog/slug-first" });
  });

  it("a draft's rename makes none (a redirect never reveals a draft), and a new post frees the address it takes", async () => {
    expect((await saveRecord("posts", null, formOf({ ...post, slug: "draft-first", published: "" }))).status).toBe("success");
    const id = await idOf("draft-first");
    expect((await saveRecord("posts", id, formOf({ ...post, slug: "draft-second", published: "" }))).status).toBe("success");
    expect((await rules())["/blog/draft-first"]).toBeUndefined();
    expect((await saveRecord("posts", null, formOf({ ...post, slug: "slug-second" }))).status).toBe("success");
    expect((await rules())["/blog/slug-second"]).toBeUndefined();
  });
});

const { parseRedirectsCsv, redirectsCsv } = await import("@/server/redirects/redirect-csv");
const { importRedirectsAction } = await import("@/server/redirects/redirect-actions");

describe("CSV import and export", () => {
  const upload = (text: string, name = "redirects.csv") => {
    const form = new FormData();
    form.set("file", new File([text], name, { type: "text/csv" }));
    return importRedirectsAction({ status: "idle" }, form);
  };

  it("imports a file whole: new rows added, an old address already redirected replaced, chains flattened, one activity row", async () => {
    await save({ source: "/csv-existing", target: "/about" });
    const answer = await upload(
      '\uFEFFOld address,New address,Status\r\n/csv-existing,/services,308\r\n/csv-a,/csv-b,\r\n/csv-b,https://example.com/x,302\r\n"/csv-gone",,410\r\n',
    );
    expect(answer).toMatchObject({ status: "success", message: "Imported 4 redirects: 3 added, 1 replaced." });
    expect(await rules()).toMatchObject({
      "/csv-existing": "308 /services",
      "/csv-a": "301 https://example.com/x",
      "/csv-b": "302 https://example.com/x",
      "/csv-gone": "410 ",
    });
    const [row] = await handle.db.select().from(activityEvents).where(eq(activityEvents.action, "redirects.import"));
    expect(row?.after).toEqual({ added: 3, replaced: 1 });
  });

  it("refuses a file with a bad row, a repeated address or a loop, naming the rows, and changes nothing", async () => {
    const before = await rules();
    const bad = await upload("Old address,New address\n/csv-ok,/about\nnot-a-path,/x\n/admin/x,/y\n");
    expect(bad.status).toBe("invalid");
    expect(bad.fieldErrors?.file).toMatch(/Nothing was imported: 2 rows need a change\. Row 3: .*path on this site.* Row 4: .*cannot be redirected/);
    const repeated = await upload("source,target\n/csv-r,/about\n/csv-r/,/contact\n");
    expect(repeated.fieldErrors?.file).toMatch(/Row 3: \/csv-r is already redirected by row 2\./);
    const loop = await upload("Old address,New address\n/csv-loop-1,/csv-loop-2\n/csv-loop-2,/csv-loop-1\n");
    expect(loop.status).toBe("invalid");
    expect(loop.fieldErrors?.file).toMatch(/csv-loop-1.*csv-loop-2|csv-loop-2.*csv-loop-1/);
    const headless = await upload("/a,/b\n");
    expect(headless.fieldErrors?.file).toMatch(/first row must name the columns/);
    const empty = await importRedirectsAction({ status: "idle" }, new FormData());
    expect(empty.fieldErrors?.file).toMatch(/Choose a CSV file/);
    const large = await upload(`Old address,New address\n${"/x,/y\n".repeat(100_000)}`);
    expect(large.fieldErrors?.file).toMatch(/larger than 512 KB/);
    expect(await rules()).toEqual(before);
  });

  it("exports what the import takes back, formula-looking cells made text", async () => {
    const listed = await listRedirects();
    const csv = redirectsCsv(listed);
    expect(csv.startsWith("\uFEFFOld address,New address,Status,Hits,Last hit\r\n")).toBe(true);
    const back = parseRedirectsCsv(csv);
    expect(back.ok && back.rules.length).toBe(listed.length);
    expect(parseRedirectsCsv("Old address,New address\n/p,'=1+1\n")).toMatchObject({ ok: false });
  });
});

describe("a target that is this site's own absolute address, imported", () => {
  it("is saved as the path by the CSV import too, a loop through it refusing the file", async () => {
    const { origin } = new URL(siteConfig().url);
    const upload = (text: string) => {
      const form = new FormData();
      form.set("file", new File([text], "redirects.csv", { type: "text/csv" }));
      return importRedirectsAction({ status: "idle" }, form);
    };
    expect((await upload(`Old address,New address\n/abs-csv-1,${origin}/abs-csv-2\n/abs-csv-2,${origin}/services\n`)).status).toBe("success");
    expect(await rules()).toMatchObject({ "/abs-csv-1": "301 /services", "/abs-csv-2": "301 /services" });
    const before = await rules();
    const loop = await upload(`Old address,New address\n/abs-csv-3,${origin}/abs-csv-4\n/abs-csv-4,${origin}/abs-csv-3\n`);
    expect(loop.status).toBe("invalid");
    expect(loop.fieldErrors?.file).toMatch(/would loop/);
    expect(await rules()).toEqual(before);
  });
});
