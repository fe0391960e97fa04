import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { authorJsonLd, authorLinks, type PublicAuthor } from "@/lib/authors";
import { blogPosts } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

// The blog's authors (docs/decisions/0069): saved through the dashboard's one action, read by name.
const requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "test-admin", email: "admin@test.example", name: "Admin", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { saveRecord } = await import("@/server/dashboard/admin-actions");
const { authorByName } = await import("@/server/content/data/authors");

const handle = setUpTestDatabase();

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const count = async () => (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from authors`)).rows[0]!.n;

describe("an author's profile", () => {
  it("is saved from the dashboard's form and found by the name a post carries, whatever its case", async () => {
    const answer = await saveRecord(
      "authors",
      null,
      formOf({
        name: "Asha Rao",
        role: "Growth Lead",
        bio: "Asha writes about retention.",
        photoUrl: "/images/blog/asha.jpg",
        linkedinUrl: "https://www.linkedin.com/in/asha-rao",
        xUrl: "",
        websiteUrl: "https://asha.example.com",
      }),
    );
    expect(answer).toMatchObject({ status: "success" });
    expect(await authorByName("  asha RAO ")).toEqual({
      name: "Asha Rao",
      role: "Growth Lead",
      bio: "Asha writes about retention.",
      photoUrl: "/images/blog/asha.jpg",
      linkedinUrl: "https://www.linkedin.com/in/asha-rao",
      xUrl: null,
      websiteUrl: "https://asha.example.com/",
    });
    expect(await authorByName("Nobody Here")).toBeNull();
  });

  it("refuses a second profile for the same name beside the name, and keeps the first", async () => {
    await saveRecord("authors", null, formOf({ name: "Dev Iyer" }));
    const before = await count();
    const answer = await saveRecord("authors", null, formOf({ name: " dev iyer ", role: "Someone else" }));
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { name: expect.stringContaining("already has this name") } });
    expect(await count()).toBe(before);
    expect((await authorByName("Dev Iyer"))?.role).toBeNull();
  });

  it("refuses a link that is not a public https address, beside its field", async () => {
    const before = await count();
    const answer = await saveRecord("authors", null, formOf({ name: "Kiran Shah", linkedinUrl: "javascript:alert(1)" }));
    expect(answer).toMatchObject({ status: "invalid", fieldErrors: { linkedinUrl: expect.stringContaining("https://") } });
    expect(await count()).toBe(before);
  });
});

describe("renaming an author", () => {
  const bylines = async () =>
    (
      await handle.db.execute<{ slug: string; author_name: string; updated_at: string }>(
        sql`select slug, author_name, updated_at::text from blog_posts where slug like 'rename-%' order by slug`,
      )
    ).rows;

  it("renames the byline of every post that named them, whatever its spelling, and no other post's; the posts' edit time stays", async () => {
    await saveRecord("authors", null, formOf({ name: "Meera Nair", role: "Analyst" }));
    await saveRecord("authors", null, formOf({ name: "Rohan Das" }));
    await handle.db.insert(blogPosts).values([
      { slug: "rename-a", title: "A", content: "<p>a</p>", authorName: "Meera Nair" },
      { slug: "rename-b", title: "B", content: "<p>b</p>", authorName: " meera NAIR" },
      { slug: "rename-c", title: "C", content: "<p>c</p>", authorName: "Rohan Das" },
    ]);
    const before = await bylines();
    const [meera] = (await handle.db.execute<{ id: string }>(sql`select id from authors where name = 'Meera Nair'`)).rows;

    // To a name another profile has: refused beside the name, and no byline moves.
    const refused = await saveRecord("authors", meera!.id, formOf({ name: "rohan das", role: "Analyst" }));
    expect(refused).toMatchObject({ status: "invalid", fieldErrors: { name: expect.stringContaining("already has this name") } });
    expect(await bylines()).toEqual(before);

    const answer = await saveRecord("authors", meera!.id, formOf({ name: "Meera Iyer", role: "Analyst" }));
    expect(answer).toMatchObject({ status: "success" });
    const after = await bylines();
    expect(after.map((p) => p.author_name)).toEqual(["Meera Iyer", "Meera Iyer", "Rohan Das"]);
    expect(after.map((p) => p.updated_at)).toEqual(before.map((p) => p.updated_at));
    expect((await authorByName("Meera Iyer"))?.role).toBe("Analyst");
    expect(await authorByName("Meera Nair")).toBeNull();
  });
});

describe("the article's JSON-LD author", () => {
  const site = { url: "https://kinetic.example", organisationName: "Kinetic Growth Team" };
  const absolute = (path: string) => new URL(path, `${site.url}/`).toString();
  const profile: PublicAuthor = {
    name: "Priya Sharma",
    role: "Head of Performance Marketing",
    bio: "Runs paid media.",
    photoUrl: "/api/media/0123456789abcdef0123456789abcdef.jpg",
    linkedinUrl: "https://www.linkedin.com/in/priya",
    xUrl: "https://x.com/priya",
    websiteUrl: null,
  };

  it("is a Person with the profile's name, job title, image and links", () => {
    expect(authorJsonLd("Priya Sharma", profile, site, absolute)).toEqual({
      "@type": "Person",
      name: "Priya Sharma",
      jobTitle: "Head of Performance Marketing",
      image: "https://kinetic.example/api/media/0123456789abcdef0123456789abcdef.jpg",
      url: "https://www.linkedin.com/in/priya",
      sameAs: ["https://www.linkedin.com/in/priya", "https://x.com/priya"],
    });
  });

  it("is the Organization for the team's byline and a Person by name for a name without a profile", () => {
    expect(authorJsonLd("Kinetic Growth Team", null, site, absolute)).toEqual({ "@type": "Organization", name: "Kinetic Growth Team", url: site.url });
    expect(authorJsonLd("Guest Writer", null, site, absolute)).toEqual({ "@type": "Person", name: "Guest Writer" });
  });

  it("lists only the links the profile has, each by its visible word", () => {
    expect(authorLinks(profile)).toEqual([
      { label: "LinkedIn", href: "https://www.linkedin.com/in/priya" },
      { label: "X", href: "https://x.com/priya" },
    ]);
  });
});
