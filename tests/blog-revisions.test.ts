import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// Revisions of blog posts (docs/decisions/0039) through the dashboard's own save action, on PGlite
// and on PostgreSQL (DATABASE_URL). The role check is proven end to end (e2e/access-matrix.spec.ts);
// here the signed-in admin changes between saves so that "who" is checked.
const requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
let actor = { id: "editor-1", email: "ana@test.example", name: "Ana", emailVerified: true };
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({ requireRole: async () => actor, AccessDeniedError: class extends Error {} }));

const { saveRecord } = await import("@/server/dashboard/admin-actions");
const { listRevisions, compareRevisions, restoreRevision, getRevision, readableText } = await import("@/server/content/data/blog-revisions");
const { blogPosts, blogPostRevisions } = await import("@/server/kernel/db/schema");
const { prepareDatabase } = await import("@/server/kernel/db/prepare");
const { sampleBlogPosts } = await import("@/content/sample-blog-posts");

const handle = setUpTestDatabase();

beforeAll(async () => {
  await prepareDatabase(handle);
});

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const base = { title: "Revision test", slug: "revision-test", authorName: "Team", content: "<p>The first draft says hello.</p>", tags: "SEO" };
const postId = async (slug: string) => (await handle.db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)))[0]!.id;
const revisionCount = async (id: string) =>
  (
    await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(blogPostRevisions)
      .where(eq(blogPostRevisions.postId, id))
  )[0]!.n;

describe("every save keeps a revision", () => {
  it("create and each update add one, with who saved it and what was saved (sanitised)", async () => {
    expect((await saveRecord("posts", null, formOf(base))).status).toBe("success");
    const id = await postId(base.slug);
    actor = { id: "editor-2", email: "ben@test.example", name: "Ben", emailVerified: true };
    const edited = { ...base, title: "Revision test, edited", content: "<p>The second draft says goodbye.</p><script>alert(1)</script>", tags: "SEO, CRO" };
    expect((await saveRecord("posts", id, formOf(edited))).status).toBe("success");
    const list = await listRevisions(id);
    expect(list.map((r) => [r.title, r.authorLabel, r.action])).toEqual([
      ["Revision test, edited", "Ben <ben@test.example>", "update"],
      ["Revision test", "Ana <ana@test.example>", "create"],
    ]);
    const newest = (await getRevision(id, list[0]!.id))!;
    expect(newest.content).toBe("<p>The second draft says goodbye.</p>");
    expect(newest.fields).toMatchObject({ slug: base.slug, tags: ["SEO", "CRO"], authorName: "Team", published: false });
    expect(newest.authorId).toBe("editor-2");
  });

  it("a save the database refuses stores no revision either (same transaction)", async () => {
    const id = await postId(base.slug);
    const before = await revisionCount(id);
    await handle.db.execute(sql`alter table blog_posts add constraint forced_failure check (title <> 'Refused title') not valid`);
    try {
      const answer = await saveRecord("posts", id, formOf({ ...base, title: "Refused title" }));
      expect(answer.status).toBe("error");
    } finally {
      await handle.db.execute(sql`alter table blog_posts drop constraint forced_failure`);
    }
    expect(await revisionCount(id)).toBe(before);
    // And a revision the database refuses undoes the post's save.
    await handle.db.execute(sql`alter table blog_post_revisions add constraint forced_failure check (title <> 'Refused revision') not valid`);
    try {
      expect((await saveRecord("posts", id, formOf({ ...base, title: "Refused revision" }))).status).toBe("error");
    } finally {
      await handle.db.execute(sql`alter table blog_post_revisions drop constraint forced_failure`);
    }
    const [row] = await handle.db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, id));
    expect(row!.title).toBe("Revision test, edited");
  });

  it("a post stored before revisions existed keeps its original text as the first revision", async () => {
    const sample = sampleBlogPosts[0]!;
    const id = await postId(sample.slug);
    expect(await revisionCount(id)).toBe(0);
    const [row] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    const form = { title: "Rewritten", slug: row!.slug, authorName: row!.authorName, content: "<p>All new words.</p>", published: row!.published ? "on" : "" };
    expect((await saveRecord("posts", id, formOf(form))).status).toBe("success");
    const list = await listRevisions(id);
    expect(list).toHaveLength(2);
    const original = (await getRevision(id, list[1]!.id))!;
    expect(original.content).toBe(row!.content);
    expect(original.title).toBe(row!.title);
    expect(original.authorLabel).toBe("As first stored");
  });

  it("concurrent saves of one post each keep their revision, none lost", async () => {
    const id = await postId(base.slug);
    const before = await revisionCount(id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => saveRecord("posts", id, formOf({ ...base, title: `Concurrent ${i}`, content: `<p>Version ${i}</p>` }))),
    );
    expect(answers.every((a) => a.status === "success")).toBe(true);
    expect(await revisionCount(id)).toBe(before + 6);
    // The post holds the text of the newest revision.
    const [row] = await handle.db.select({ title: blogPosts.title }).from(blogPosts).where(eq(blogPosts.id, id));
    expect((await listRevisions(id))[0]!.title).toBe(row!.title);
  });
});

describe("autosaves (the writing room's, docs/decisions/0075)", () => {
  const autosave = (id: string, content: string) => saveRecord("posts", id, formOf({ ...base, slug: "autosave-test", content }), undefined, { autosave: true });
  const newest = async (id: string) => (await listRevisions(id))[0]!;
  const activityRows = async (id: string) =>
    (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_events where table_name = 'blog_posts' and record_id = ${id}`)).rows[0]!.n;

  it("one person's run of autosaves is one revision, holding the latest text; a Save, someone else, or ten minutes start another", async () => {
    actor = { id: "writer-a", email: "asha@test.example", name: "Asha", emailVerified: true };
    expect((await saveRecord("posts", null, formOf({ ...base, slug: "autosave-test" }))).status).toBe("success");
    const id = await postId("autosave-test");
    expect(await revisionCount(id)).toBe(1);
    const activityBefore = await activityRows(id);

    // The first autosave after the Save starts a revision; the next ones update it.
    expect((await autosave(id, "<p>Typing one</p>")).status).toBe("success");
    const run = await newest(id);
    expect(run.autosavedAt).toBeInstanceOf(Date);
    for (const word of ["two", "three"]) expect((await autosave(id, `<p>Typing ${word}</p>`)).status).toBe("success");
    expect(await revisionCount(id)).toBe(2);
    const updated = await newest(id);
    expect(updated.id).toBe(run.id);
    expect(updated.createdAt).toEqual(run.createdAt);
    expect(updated.autosavedAt!.getTime()).toBeGreaterThan(run.autosavedAt!.getTime());
    expect((await getRevision(id, run.id))!.content).toBe("<p>Typing three</p>");
    // The trail still has every write: one row per autosave.
    expect(await activityRows(id)).toBe(activityBefore + 3);

    // The writer's own Save is a revision of its own, and the next autosave starts a new run.
    expect((await saveRecord("posts", id, formOf({ ...base, slug: "autosave-test", content: "<p>Saved</p>" }))).status).toBe("success");
    expect((await newest(id)).autosavedAt).toBeNull();
    await autosave(id, "<p>After the Save</p>");
    expect(await revisionCount(id)).toBe(4);

    // Someone else's autosave starts their own run, which theirs then update.
    actor = { id: "writer-b", email: "ben@test.example", name: "Ben", emailVerified: true };
    await autosave(id, "<p>Ben one</p>");
    await autosave(id, "<p>Ben two</p>");
    expect(await revisionCount(id)).toBe(5);
    expect((await newest(id)).authorLabel).toBe("Ben <ben@test.example>");

    // Ten minutes after a run began, the next autosave starts another.
    await handle.db.execute(sql`update blog_post_revisions set created_at = created_at - interval '11 minutes' where id = ${(await newest(id)).id}`);
    await autosave(id, "<p>Ben, later</p>");
    expect(await revisionCount(id)).toBe(6);
    expect((await listRevisions(id)).map((r) => r.title)).toHaveLength(6);
  });

  it("autosaves sent at once by one person make one revision between them, holding one of their texts", async () => {
    actor = { id: "writer-c", email: "chitra@test.example", name: "Chitra", emailVerified: true };
    const id = await postId("autosave-test");
    const before = await revisionCount(id);
    const texts = Array.from({ length: 8 }, (_, i) => `<p>At once ${i}</p>`);
    const answers = await Promise.all(texts.map((text) => autosave(id, text)));
    expect(answers.every((a) => a.status === "success")).toBe(true);
    expect(await revisionCount(id)).toBe(before + 1);
    expect(texts).toContain((await getRevision(id, (await newest(id)).id))!.content);
  });

  it("the record form's own field marks an autosave; without it a save is a revision of its own", async () => {
    const { saveRecordForm } = await import("@/server/dashboard/admin-actions");
    const id = await postId("autosave-test");
    const before = await revisionCount(id);
    const posted = (content: string, flag: boolean) =>
      saveRecordForm(
        { status: "idle" },
        formOf({ ...base, slug: "autosave-test", content, recordTable: "posts", recordId: id, ...(flag ? { recordAutosave: "1" } : {}) }),
      );
    expect((await posted("<p>Form one</p>", false)).status).toBe("success");
    expect((await posted("<p>Form two</p>", true)).status).toBe("success");
    expect((await posted("<p>Form three</p>", true)).status).toBe("success");
    expect(await revisionCount(id)).toBe(before + 2);
  });
});

describe("comparing and restoring", () => {
  it("the word diff shows words removed from the older and added in the newer, in either order asked", async () => {
    const id = await postId(base.slug);
    const list = await listRevisions(id);
    const create = list.at(-1)!;
    const edit = list.find((r) => r.title === "Revision test, edited")!;
    for (const [a, b] of [
      [create.id, edit.id],
      [edit.id, create.id],
    ]) {
      const diff = (await compareRevisions(id, a!, b!))!;
      expect(diff.older.id).toBe(create.id);
      const removed = diff.content.filter((p) => p.change === "removed").map((p) => p.value.trim());
      const added = diff.content.filter((p) => p.change === "added").map((p) => p.value.trim());
      expect(removed).toEqual(["first", "hello"]);
      expect(added).toEqual(["second", "goodbye"]);
      expect(
        diff.content
          .filter((p) => !p.change)
          .map((p) => p.value)
          .join(""),
      ).toContain("draft says");
      expect(
        diff.title
          .filter((p) => p.change === "added")
          .map((p) => p.value)
          .join(""),
      ).toContain("edited");
      expect(diff.fields).toEqual([{ name: "tags", label: "Tags", before: "SEO", after: "SEO, CRO" }]);
    }
  });

  it("a revision of another post, or one that does not exist, is not found", async () => {
    const id = await postId(base.slug);
    const other = await postId(sampleBlogPosts[0]!.slug);
    const foreign = (await listRevisions(other))[0]!.id;
    const own = (await listRevisions(id))[0]!.id;
    expect(await compareRevisions(id, own, foreign)).toBeNull();
    expect(await getRevision(id, foreign)).toBeNull();
    expect(await restoreRevision(id, foreign)).toBeNull();
    expect(await restoreRevision(id, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("restore brings the old text back as a new revision; the replaced text stays in the history", async () => {
    const id = await postId(base.slug);
    const before = await listRevisions(id);
    const current = (await getRevision(id, before[0]!.id))!;
    const create = before.at(-1)!;
    expect(await restoreRevision(id, create.id)).toEqual({ slugs: [base.slug] });
    const [row] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(row!.title).toBe("Revision test");
    expect(row!.content).toBe("<p>The first draft says hello.</p>");
    expect(row!.tags).toEqual(["SEO"]);
    const after = await listRevisions(id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ action: "restore", restoredFrom: create.id, title: "Revision test" });
    // The text the restore replaced is still there, unchanged.
    expect((await getRevision(id, current.id))!.content).toBe(current.content);
  });

  it("restore keeps the post's current address and publishing state", async () => {
    const id = await postId(base.slug);
    const first = (await listRevisions(id)).at(-1)!;
    expect((await saveRecord("posts", id, formOf({ ...base, slug: "revision-test-moved", published: "on" }))).status).toBe("success");
    expect(await restoreRevision(id, first.id)).not.toBeNull();
    const [row] = await handle.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(row!.slug).toBe("revision-test-moved");
    expect(row!.published).toBe(true);
  });

  it("no limit: a hundred saves keep a hundred revisions", async () => {
    const id = await postId("revision-test-moved");
    const before = await revisionCount(id);
    for (let i = 0; i < 100; i++) {
      await saveRecord("posts", id, formOf({ ...base, slug: "revision-test-moved", content: `<p>Save ${i}</p>` }));
    }
    expect(await revisionCount(id)).toBe(before + 100);
    expect(await listRevisions(id)).toHaveLength(before + 100);
  });

  it("the readable text of a revision keeps blocks apart, image alt texts, and no markup or script", () => {
    expect(readableText('<h2>Title</h2><p>One &amp; two</p><ul><li>a</li><li>b</li></ul><img src="/x.png" alt="A chart"><script>x()</script>')).toBe(
      "Title\nOne & two\na\nb\n[image: A chart]",
    );
  });
});
