import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// A draft's preview links (docs/decisions/0047): made and revoked by the content desk, each an activity
// row; the address works for anyone until it expires or is revoked; only its hash is stored.

const SITE = "http://localhost:3999";
let requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders, cookies: async () => ({ get: () => undefined, set: () => {}, getAll: () => [] }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {}, revalidateTag: () => {}, updateTag: () => {} }));
vi.mock("next/navigation", () => ({ redirect: () => {}, notFound: () => {} }));

const { getAuth, hashPassword } = await import("@/server/kernel/session/auth");
const { activityEvents, blogPosts, blogPreviewLinks, profiles } = await import("@/server/kernel/db/schema");
const { makePreviewLink, postPreviewLinks, revokePostPreviewLink } = await import("@/server/content/preview-actions");
const { findPreview } = await import("@/server/content/data/blog-previews");

const handle = setUpTestDatabase();
beforeAll(async () => {}, 60_000);

const PASSWORD = "Monsoon-Ledger-2026";
let counter = 0;
async function signedIn(role: string): Promise<void> {
  const email = `preview-${++counter}-${Date.now()}@team.test`;
  const context = await getAuth().$context;
  const user = await context.internalAdapter.createUser({ name: `Member ${counter}`, email, emailVerified: true }, { method: "email-password" });
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hashPassword(PASSWORD) });
  await handle.db.insert(profiles).values({ userId: user.id, role }).onConflictDoUpdate({ target: profiles.userId, set: { role } });
  const { headers } = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  requestHeaders = new Headers({
    host: "localhost:3999",
    origin: SITE,
    cookie: headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  });
}
async function draft(title: string): Promise<string> {
  const [row] = await handle.db
    .insert(blogPosts)
    .values({ title, slug: `draft-${++counter}-${Date.now()}`, content: "<p>Not yet public.</p>", published: false })
    .returning({ id: blogPosts.id });
  return row!.id;
}
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

describe(`preview links (${process.env.DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("an editor makes a link that shows the draft to anyone, until it is revoked; each step is one activity row", async () => {
    await signedIn("editor");
    const postId = await draft("A draft to share");
    const made = await makePreviewLink(postId);
    expect(made).toMatchObject({ status: "success" });
    expect(made.url).toMatch(new RegExp(`^${SITE}/preview/[A-Za-z0-9_-]{32}$`));
    const token = tokenOf(made.url!);

    // Stored as a hash only.
    const stored = await handle.db.select().from(blogPreviewLinks).where(eq(blogPreviewLinks.postId, postId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    requestHeaders = new Headers({ host: "localhost:3999" });
    expect(await findPreview(token)).toMatchObject({ kind: "draft", post: { id: postId, title: "A draft to share" } });
    expect(await findPreview(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toEqual({ kind: "gone" });
    expect(await findPreview("../../etc/passwd")).toEqual({ kind: "gone" });

    await signedIn("admin");
    const links = await postPreviewLinks(postId);
    expect(links).toHaveLength(1);
    expect(await revokePostPreviewLink(postId, links![0]!.id)).toMatchObject({ status: "success" });
    expect(await revokePostPreviewLink(postId, links![0]!.id)).toMatchObject({ status: "error", message: "This link was already revoked or has expired." });
    expect(await findPreview(token)).toEqual({ kind: "gone" });
    expect(await postPreviewLinks(postId)).toEqual([]);

    const trail = await handle.db.select().from(activityEvents).where(eq(activityEvents.recordId, postId));
    expect(trail.map((r) => r.action).sort()).toEqual(["blog_posts.preview-link", "blog_posts.preview-revoke"]);
    expect(JSON.stringify(trail)).not.toContain(token);
  });

  it("an expired link shows nothing; a published post's link leads to its article", async () => {
    await signedIn("owner");
    const postId = await draft("Soon public");
    const token = tokenOf((await makePreviewLink(postId)).url!);
    await handle.db.update(blogPosts).set({ published: true }).where(eq(blogPosts.id, postId));
    const [post] = await handle.db.select({ slug: blogPosts.slug }).from(blogPosts).where(eq(blogPosts.id, postId));
    expect(await findPreview(token)).toEqual({ kind: "published", slug: post!.slug });
    await handle.db
      .update(blogPreviewLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(blogPreviewLinks.postId, postId));
    expect(await findPreview(token)).toEqual({ kind: "gone" });
  });

  it("sales and signed-out visitors make and revoke nothing", async () => {
    await signedIn("sales");
    const postId = await draft("Not for sales");
    expect(await makePreviewLink(postId)).toMatchObject({ status: "refused" });
    requestHeaders = new Headers({ host: "localhost:3999", origin: SITE });
    expect(await makePreviewLink(postId)).toMatchObject({ status: "refused" });
    expect(await postPreviewLinks(postId)).toBeNull();
    expect(await handle.db.select().from(blogPreviewLinks).where(eq(blogPreviewLinks.postId, postId))).toHaveLength(0);
  });
});
