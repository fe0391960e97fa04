import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { generatedOgImagePath, ogImageVersion } from "@/lib/og-image";
import { blogPosts } from "@/server/kernel/db/schema";
import { setUpTestDatabase } from "./helpers/test-db";

vi.mock("server-only", () => ({}));
const { GET } = await import("@/app/api/og/blog/[slug]/[version]/route");

const handle = setUpTestDatabase();
beforeAll(async () => {
  await handle.db.insert(blogPosts).values([
    { slug: "og-published", title: "Published title", authorName: "Asha Rao", content: "<p>x</p>", published: true },
    { slug: "og-draft", title: "Draft title", authorName: "Asha Rao", content: "<p>x</p>", published: false },
  ]);
});

const get = (path: string) => {
  const [, , , , slug, version] = path.split("/");
  return GET(new Request(`http://localhost${path}`), { params: Promise.resolve({ slug: decodeURIComponent(slug!), version: version! }) });
};

describe("the generated Open Graph image's address", () => {
  it("answers the current version with a PNG cached for good", async () => {
    const answer = await get(generatedOgImagePath({ slug: "og-published", title: "Published title", authorName: "Asha Rao" }));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await answer.arrayBuffer());
    expect(Number(answer.headers.get("content-length"))).toBe(bytes.byteLength);
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
  });

  it("sends an old version on to the current one, uncached, once the title changed", async () => {
    const old = generatedOgImagePath({ slug: "og-published", title: "Published title", authorName: "Asha Rao" });
    await handle.db.update(blogPosts).set({ title: "A better title" }).where(eq(blogPosts.slug, "og-published"));
    const answer = await get(old);
    expect(answer.status).toBe(307);
    expect(answer.headers.get("location")).toBe(`/api/og/blog/og-published/${ogImageVersion({ title: "A better title", authorName: "Asha Rao" })}.png`);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toBeNull();
  });

  it("answers 404, uncached, for a draft, an unknown slug and a malformed version", async () => {
    for (const path of [
      generatedOgImagePath({ slug: "og-draft", title: "Draft title", authorName: "Asha Rao" }),
      generatedOgImagePath({ slug: "no-such-post", title: "x", authorName: "y" }),
      "/api/og/blog/og-published/not-a-version.png",
      `/api/og/blog/og-published/${ogImageVersion({ title: "A better title", authorName: "Asha Rao" })}.jpg`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });
});
