import fs from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blogOgImage, generatedOgImagePath, ogImageVersion, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "@/lib/og-image";

vi.mock("server-only", () => ({}));
const { drawableText, renderOgImage } = await import("@/server/media/og-image");

const post = { slug: "growth-loops", title: "Growth loops that compound", authorName: "Asha Rao", featuredImageUrl: null };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("blogOgImage", () => {
  it("points a post without its own image at the generated image, sized and described", () => {
    expect(blogOgImage(post)).toEqual({
      url: `/api/og/blog/growth-loops/${ogImageVersion(post)}.png`,
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      alt: "Growth loops that compound, by Asha Rao",
    });
  });

  it("keeps a post's own image; an SVG cover counts as none", () => {
    expect(blogOgImage({ ...post, featuredImageUrl: "/api/media/0123456789abcdef0123456789abcdef.jpg" })).toEqual({
      url: "/api/media/0123456789abcdef0123456789abcdef.jpg",
      alt: post.title,
    });
    expect(blogOgImage({ ...post, featuredImageUrl: "/images/cover.svg" }).url).toBe(generatedOgImagePath(post));
  });

  it("changes the address's version when the title or the author changes, and only then", () => {
    const v = ogImageVersion(post);
    expect(v).toMatch(/^[0-9a-f]{12}$/);
    expect(ogImageVersion({ ...post })).toBe(v);
    expect(ogImageVersion({ ...post, title: "Growth loops that compound!" })).not.toBe(v);
    expect(ogImageVersion({ ...post, authorName: "Ravi Menon" })).not.toBe(v);
    // Title and author are kept apart: moving a word from one to the other is another version.
    expect(ogImageVersion({ title: "a b", authorName: "c" })).not.toBe(ogImageVersion({ title: "a", authorName: "b c" }));
  });
});

describe("the generated image", () => {
  it("keeps what the fonts can draw, cuts a long title at a word with an ellipsis", () => {
    expect(drawableText("Growth 🚀 loops\u202E reversed\u200B", 100)).toBe("Growth loops reversed");
    expect(drawableText("שלום עולם", 100)).toBe("");
    expect(drawableText("Ünïcödé Привет Γειά Tiếng", 100)).toBe("Ünïcödé Привет Γειά Tiếng");
    expect(drawableText("<script>alert(1)</script>", 100)).toBe("<script>alert(1)</script>");
    const long = drawableText("word ".repeat(100), 40);
    expect([...long].length).toBeLessThanOrEqual(40);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("draws a 1200x630 PNG of a hostile title without asking the network for anything", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    // The renderer's own WebAssembly arrives as a data: URL; anything else would leave this machine.
    const network = () => fetchSpy.mock.calls.map((c) => String(c[0] instanceof Request ? c[0].url : c[0])).filter((u) => !u.startsWith("data:"));
    const titles = [
      "A".repeat(2000),
      `${"Growth loops that compound over many quarters ".repeat(20)}`,
      "مرحبا بالعالم שלום עולם \u202Eevil\u202C",
      "Emoji 🚀👩🏽‍💻🇮🇳 #️⃣ title",
      '<script>alert(1)</script> & "quotes" \' <img src=x onerror=alert(1)>',
      "",
    ];
    for (const title of titles) {
      const started = performance.now();
      fetchSpy.mockClear();
      const bytes = await renderOgImage({ title, author: "Asha <b>Rao</b> 🚀", siteName: "Kinetic Growth" });
      const ms = performance.now() - started;
      expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
      expect(network(), title.slice(0, 40)).toEqual([]);
      console.log(`og image: ${bytes.byteLength} bytes in ${ms.toFixed(0)} ms (${JSON.stringify(title.slice(0, 30))})`);
    }
    if (process.env.OG_SAMPLE)
      fs.writeFileSync(process.env.OG_SAMPLE, await renderOgImage({ title: titles[1]!, author: "Asha Rao", siteName: "Kinetic Growth" }));
  }, 60_000);
});
