import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TINY_PNG } from "../e2e/images";
import { redirectOf, request } from "./helpers/next-mocks";
import { signedInMember } from "./helpers/signed-in";
import { setUpTestDatabase } from "./helpers/test-db";

// The writing room's saves (docs/decisions/0071) on a real database: a save over a newer version is
// refused with nothing changed and what was typed echoed back; titles collapse inner spaces; a new
// post saved without JavaScript continues on its own address; uploads keep their file name; an
// image's alt text typed in a post becomes the library's default.

const SITE = process.env.SITE_URL!;
vi.mock("next/headers", () => import("./helpers/next-mocks").then((m) => m.nextHeaders));
vi.mock("next/cache", () => import("./helpers/next-mocks").then((m) => m.nextCache));
vi.mock("next/navigation", () => import("./helpers/next-mocks").then((m) => m.nextNavigation));

const { activityEvents, blogPosts, caseStudies, media } = await import("@/server/kernel/db/schema");
const { saveRecordForm } = await import("@/server/dashboard/admin-actions");
const { saveWritingRoom } = await import("@/server/dashboard/writing-room-actions");
const { saveUpload, cleanOriginalName } = await import("@/server/media/uploads");
const { RECORD_FORM_FIELDS, ROOM_SCRIPT_FIELD } = await import("@/lib/admin-tables/definition");
const { downloadName } = await import("@/lib/admin-tables/media");

const handle = setUpTestDatabase();
const IDLE = { status: "idle" } as const;
let n = 0;

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const postForm = (values: Record<string, string>, id?: string, version?: string) =>
  formOf({
    [RECORD_FORM_FIELDS.table]: "posts",
    ...(id ? { [RECORD_FORM_FIELDS.id]: id } : {}),
    ...(version ? { [RECORD_FORM_FIELDS.version]: version } : {}),
    authorName: "Team",
    content: "<p>Body.</p>",
    ...values,
  });
const stored = async (id: string) => (await handle.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0]!;

beforeAll(async () => {
  const { cookie } = await signedInMember(handle.db, "editor", { prefix: "writer" });
  request.headers = new Headers({ host: new URL(SITE).host, origin: SITE, cookie });
});

async function newPost(title = "Version one"): Promise<{ id: string; version: string }> {
  const slug = `room-${++n}`;
  const answer = await saveRecordForm(IDLE, postForm({ title, slug }));
  expect(answer.status).toBe("success");
  expect(answer.saved).toBeDefined();
  return answer.saved!;
}

describe("the record form's version check", () => {
  it("answers a save with the record's id and its new version, the stored row's time of writing", async () => {
    const { id, version } = await newPost();
    expect((await stored(id)).updatedAt.toISOString()).toBe(version);
    const again = await saveRecordForm(IDLE, postForm({ title: "Version two", slug: `room-${n}` }, id, version));
    expect(again.status).toBe("success");
    expect(again.saved!.id).toBe(id);
    expect(again.saved!.version).not.toBe(version);
    expect((await stored(id)).updatedAt.toISOString()).toBe(again.saved!.version);
  });

  it("refuses a save over a newer version: nothing changed, no activity row, what was typed echoed, the newer version named", async () => {
    const { id, version } = await newPost();
    // A colleague (or this writer's other tab) saves first.
    const theirs = await saveRecordForm(IDLE, postForm({ title: "Their title", slug: `room-${n}` }, id, version));
    expect(theirs.status).toBe("success");
    const rowsBefore = (await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, id))).length;
    const long = `<p>${"Mine, typed with care. ".repeat(800)}</p>`;
    const mine = await saveRecordForm(IDLE, postForm({ title: "My title", slug: `room-${n}`, content: long }, id, version));
    expect(mine.status).toBe("error");
    expect(mine.title).toBe("Saved by someone else first");
    expect(mine.message).toContain("your changes were not saved");
    // Nothing typed is lost, however long the post (more than the 10,000 characters echoed before).
    expect(mine.values?.title).toBe("My title");
    expect(mine.values?.content).toBe(long);
    expect(mine.saved).toEqual({ id, version: theirs.saved!.version });
    expect((await stored(id)).title).toBe("Their title");
    expect((await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, id))).length).toBe(rowsBefore);
    // Saved again at the newer version (the writer chose theirs to be replaced), it is stored.
    const replaced = await saveRecordForm(IDLE, postForm({ title: "My title", slug: `room-${n}` }, id, mine.saved!.version));
    expect(replaced.status).toBe("success");
    expect((await stored(id)).title).toBe("My title");
  });

  it("a save without a version (the REST API, an older page) is not checked", async () => {
    const { id } = await newPost();
    expect((await saveRecordForm(IDLE, postForm({ title: "No version", slug: `room-${n}` }, id))).status).toBe("success");
  });
});

describe("titles", () => {
  it("collapse inner runs of spaces on save, for posts, their meta title and case studies", async () => {
    const answer = await saveRecordForm(IDLE, postForm({ title: "  Growth   playbook  for    D2C ", slug: `room-${++n}`, metaTitle: "Meta   title  here" }));
    const row = await stored(answer.saved!.id);
    expect(row.title).toBe("Growth playbook for D2C");
    expect(row.metaTitle).toBe("Meta title here");
    const study = await saveRecordForm(
      IDLE,
      formOf({ [RECORD_FORM_FIELDS.table]: "case-studies", title: "Double   the   orders", companyName: `Room Co ${n}` }),
    );
    expect(study.status).toBe("success");
    const [s] = await handle.db.select().from(caseStudies).where(eq(caseStudies.id, study.saved!.id));
    expect(s!.title).toBe("Double the orders");
  });

  it("an empty meta title stays empty, so the page title keeps following the post's title", async () => {
    const { id, version } = await newPost("First title");
    expect((await stored(id)).metaTitle).toBeNull();
    await saveRecordForm(IDLE, postForm({ title: "Second title", slug: `room-${n}`, metaTitle: "" }, id, version));
    expect((await stored(id)).metaTitle).toBeNull();
  });
});

describe("the writing room's Save", () => {
  it("moves a new post saved without JavaScript to its own address; with the script it answers in place", async () => {
    const url = await redirectOf(() => saveWritingRoom(IDLE, postForm({ title: "No script", slug: `room-${++n}` })));
    const [row] = await handle.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.slug, `room-${n}`));
    expect(url).toBe(`/admin/posts/${row!.id}/edit`);
    const scripted = await saveWritingRoom(IDLE, postForm({ title: "Script", slug: `room-${++n}`, [ROOM_SCRIPT_FIELD]: "1" }));
    expect(scripted.status).toBe("success");
    // An update never moves.
    const updated = await saveWritingRoom(IDLE, postForm({ title: "Script again", slug: `room-${n}` }, scripted.saved!.id, scripted.saved!.version));
    expect(updated.status).toBe("success");
  });

  it("dates a post by the first save that made it public; a later save keeps that date", async () => {
    const { id, version } = await newPost();
    expect((await stored(id)).publishedAt).toBeNull();
    const live = await saveRecordForm(IDLE, postForm({ title: "Live", slug: `room-${n}`, published: "on" }, id, version));
    const first = (await stored(id)).publishedAt!;
    expect(first).toBeInstanceOf(Date);
    await saveRecordForm(IDLE, postForm({ title: "Live, edited", slug: `room-${n}`, published: "on" }, id, live.saved!.version));
    expect((await stored(id)).publishedAt!.toISOString()).toBe(first.toISOString());
  });
});

describe("media", () => {
  it("an upload keeps the name it was sent with, cleaned, and a download suggests it", async () => {
    expect(cleanOriginalName("C:\\Users\\me\\Pictures\\Team  photo\u0007 <final>.png")).toBe("Team photo final.png");
    expect(cleanOriginalName("folder/sub/launch.JPG")).toBe("launch.JPG");
    expect(cleanOriginalName(" \u0000 ")).toBe("");
    expect(cleanOriginalName("a".repeat(300))).toHaveLength(200);
    const saved = await saveUpload(new Uint8Array(TINY_PNG), null, "Q3 launch banner.png");
    if ("error" in saved) throw new Error(saved.error);
    const name = saved.url.split("/").pop()!;
    const [row] = await handle.db.select().from(media).where(eq(media.name, name));
    expect(row!.originalName).toBe("Q3 launch banner.png");
    expect(downloadName(row!)).toBe(`Q3 launch banner.png`);
    expect(downloadName({ name: "0123456789abcdef0123456789abcdef.webp", originalName: "photo.jpeg" })).toBe("photo.webp");
    expect(downloadName({ name: "0123456789abcdef0123456789abcdef.png", originalName: "" })).toBe("0123456789abcdef0123456789abcdef.png");
  });

  it("the alt text typed when an uploaded image is placed in a post becomes the library's default, never replacing one it has", async () => {
    const upload = async () => {
      const saved = await saveUpload(new Uint8Array(TINY_PNG), null, "chart.png");
      if ("error" in saved) throw new Error(saved.error);
      return saved.url;
    };
    const [bare, described] = [await upload(), await upload()];
    await handle.db.execute(sql`update media set alt_text = 'Kept as it was' where name = ${described.split("/").pop()!}`);
    const content = `<p>Intro</p><img src="${bare}" alt="Revenue by month &amp; channel"><img src="${described}" alt="Typed in the post">`;
    expect((await saveRecordForm(IDLE, postForm({ title: "With images", slug: `room-${++n}`, content }))).status).toBe("success");
    const alt = async (url: string) =>
      (
        await handle.db
          .select()
          .from(media)
          .where(eq(media.name, url.split("/").pop()!))
      )[0]!.altText;
    expect(await alt(bare)).toBe("Revenue by month & channel");
    expect(await alt(described)).toBe("Kept as it was");
  });
});
