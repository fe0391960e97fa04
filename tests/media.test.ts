import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { blogPosts, caseStudies, media, testimonials } from "@/server/kernel/db/schema";
import { decorateMediaRows, deleteMedia } from "@/server/media/data/media-library";
import { renderArticleContent, sanitizeBlogHtml } from "@/server/content/html";
import { declaredFramePixels, findMediaUses, MAX_SIDE, normaliseImage, TOO_MANY_PIXELS, tooManyFramePixels, UNREADABLE_IMAGE } from "@/server/media/media";
import { uploadsDir } from "@/server/media/storage";
import { saveUpload } from "@/server/media/uploads";
import { setUpTestDatabase } from "./helpers/test-db";

vi.mock("server-only", () => ({}));

const handle = setUpTestDatabase();
beforeEach(async () => {
  await handle.db.execute(sql`truncate media, blog_posts, case_studies, testimonials cascade`);
});

/**
 * A camera's photo: 4000x3000, turned by its orientation tag (6: the pixels are stored lying on
 * their side), with a GPS position, the camera's serial number and a comment in its EXIF.
 */
async function cameraPhoto(): Promise<Uint8Array> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x ^ y) & 0xff) >> 2;
    }
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "PhoneMaker", Model: "Phone 12", ImageDescription: "kept private" },
        IFD2: { BodySerialNumber: "SN-123456" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "19/1 4/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "72/1 52/1 0/1" },
      })
      .jpeg({ quality: 80 })
      .toBuffer(),
  );
}

/** A little-endian 24-bit number, as WebP's VP8X and ANMF chunks write sizes. */
const u24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];

function riffChunk(tag: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(tag, 0, "ascii");
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, Buffer.alloc(payload.length & 1)]);
}

/**
 * An animated WebP as an attacker writes it: a canvas of width x height and `frames` frames of one
 * pixel each (the file stays tiny); a decoder paints every frame onto the whole canvas.
 */
async function animatedWebp(width: number, height: number, frames: number): Promise<Uint8Array> {
  const parts = [riffChunk("VP8X", Buffer.from([0x02, 0, 0, 0, ...u24(width - 1), ...u24(height - 1)])), riffChunk("ANIM", Buffer.alloc(6))];
  for (let i = 0; i < frames; i++) {
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: { r: (i * 10) % 256, g: 0, b: 0 } } })
      .webp({ lossless: true })
      .toBuffer();
    const size = pixel.readUInt32LE(16);
    const bitstream = pixel.subarray(12, 20 + size + (size & 1)); // its VP8L chunk
    parts.push(riffChunk("ANMF", Buffer.concat([Buffer.from([...u24(0), ...u24(0), ...u24(0), ...u24(0), ...u24(100), 0]), bitstream])));
  }
  const body = Buffer.concat([Buffer.from("WEBP"), ...parts]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "ascii");
  head.writeUInt32LE(body.length, 4);
  return new Uint8Array(Buffer.concat([head, body]));
}

/** An animated GIF of `frames` copies of one width x height frame of one colour (sharp's encoder would merge equal frames). */
async function animatedGif(width: number, height: number, frames: number): Promise<Uint8Array> {
  const still = await sharp({ create: { width, height, channels: 3, background: "#0a7" } })
    .gif()
    .toBuffer();
  const flags = still[10]!;
  let pos = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const screen = still.subarray(0, pos);
  const skipSubBlocks = (at: number) => {
    while (still[at]! !== 0) at += still[at]! + 1;
    return at + 1;
  };
  while (still[pos] === 0x21) pos = skipSubBlocks(pos + 2);
  const start = pos;
  const local = still[pos + 9]!;
  pos += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0) + 1;
  const image = still.subarray(start, skipSubBlocks(pos));
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 3, 1, 0, 0, 0]);
  const control = Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]);
  return new Uint8Array(Buffer.concat([screen, loop, ...Array.from({ length: frames }, () => Buffer.concat([control, image])), Buffer.from([0x3b])]));
}

/** The GIF `animatedGif` makes, with its logical screen (the canvas) declared as width x height instead. */
function withCanvas(gif: Uint8Array, width: number, height: number): Uint8Array {
  const out = Buffer.from(gif);
  out.writeUInt16LE(width, 6);
  out.writeUInt16LE(height, 8);
  return new Uint8Array(out);
}

describe("an uploaded image is stored without its metadata", () => {
  it("drops EXIF (GPS, serial, description), turns it upright and caps its long side", async () => {
    const photo = await cameraPhoto();
    const before = await sharp(photo).metadata();
    for (const secret of ["PhoneMaker", "SN-123456", "kept private"]) expect(before.exif?.includes(Buffer.from(secret))).toBe(true);
    expect(before.orientation).toBe(6);

    const out = await normaliseImage(photo, "jpg");
    if ("error" in out) throw new Error(out.error);
    const after = await sharp(out.bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    const bytes = Buffer.from(out.bytes);
    for (const secret of ["PhoneMaker", "SN-123456", "kept private"]) expect(bytes.includes(Buffer.from(secret))).toBe(false);
    // Upright: the 4000x3000 landscape stored with orientation 6 is a portrait.
    expect([out.width, out.height]).toEqual([MAX_SIDE * 0.75, MAX_SIDE]);
    expect([after.width, after.height]).toEqual([out.width, out.height]);
  });

  it("keeps small images at their size and in their format", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#0a7" } })
      .png()
      .toBuffer();
    const out = await normaliseImage(new Uint8Array(png), "png");
    if ("error" in out) throw new Error(out.error);
    expect([out.width, out.height]).toEqual([300, 200]);
    expect((await sharp(out.bytes).metadata()).format).toBe("png");
  });

  it("refuses a file that only starts like an image, and one that declares too many pixels", async () => {
    const fake = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from("not really a jpeg at all")]);
    expect(await normaliseImage(fake, "jpg")).toEqual({ error: UNREADABLE_IMAGE });
    // 9000x5000 = 45 megapixels of one colour: a few KB as PNG, 180 MB once decoded.
    const bomb = await sharp({ create: { width: 9000, height: 5000, channels: 4, background: "#fff" } })
      .png()
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await normaliseImage(new Uint8Array(bomb), "png")).toEqual({ error: TOO_MANY_PIXELS });
  });

  it("refuses an animation whose frames together have too many pixels, before decoding, with a message that says so", async () => {
    // 20 frames on a 4000x4000 canvas in 1 KB: each frame is 16 megapixels (within the limit),
    // all of them 320 (1.3 GB decoded).
    const webp = await animatedWebp(4000, 4000, 20);
    expect(webp.byteLength).toBeLessThan(2048);
    const meta = await sharp(webp, { animated: true, limitInputPixels: false }).metadata();
    expect([meta.width, meta.pageHeight, meta.pages]).toEqual([4000, 4000, 20]);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    const refused = await normaliseImage(webp, "webp");
    expect(refused).toEqual({ error: tooManyFramePixels(4000, 4000, 20) });
    console.log(
      `animated upload: ${webp.byteLength} B WebP, 20 frames of 4000x4000 (320 megapixels) refused in ${Math.round(performance.now() - started)} ms, resident memory ${Math.round((process.memoryUsage().rss - rss) / 1e6)} MB more`,
    );
    expect(tooManyFramePixels(4000, 4000, 20)).toBe(
      "This animation has too many pixels over all its frames: 20 frames of 4000 x 4000 are 320 megapixels, 40 at most. Use fewer or smaller frames.",
    );
    // The same as a GIF: 12 frames of 2000x2000, 48 megapixels.
    const gif = await animatedGif(2000, 2000, 12);
    expect(await normaliseImage(gif, "gif")).toEqual({ error: tooManyFramePixels(2000, 2000, 12) });
    expect(await saveUpload(gif)).toEqual({ error: tooManyFramePixels(2000, 2000, 12) });
    expect(await handle.db.select().from(media)).toHaveLength(0);
  });

  it("refuses a GIF by the pixels its frames declare, read from the file's blocks before any decoder sees it", async () => {
    // 20 frames of 4000x4000 (320 megapixels), on their own canvas and on a 1x1 canvas that hides them
    // from the header's size: both refused by the frames' total, with the decoder never started.
    const big = await animatedGif(4000, 4000, 20);
    const hidden = withCanvas(big, 1, 1);
    expect(declaredFramePixels(hidden, "gif")).toEqual({ frames: 20, width: 4000, height: 4000, pixels: 320_000_000 });
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    for (const file of [big, hidden]) expect(await normaliseImage(file, "gif")).toEqual({ error: tooManyFramePixels(4000, 4000, 20) });
    console.log(
      `animated GIF: ${big.byteLength} B, 20 frames of 4000x4000 (320 megapixels; also on a 1x1 canvas) refused in ${Math.round(performance.now() - started)} ms, resident memory ${Math.round((process.memoryUsage().rss - rss) / 1e6)} MB more`,
    );
    expect(await saveUpload(hidden)).toEqual({ error: tooManyFramePixels(4000, 4000, 20) });
    // Bytes that start no block in place of the trailer, or a descriptor cut short, do not end the count.
    const garbled = Buffer.concat([hidden.subarray(0, hidden.length - 1), Buffer.from([0x99, 1, 2, 3])]);
    const cut = Buffer.concat([hidden.subarray(0, hidden.length - 1), Buffer.from([0x2c, 0, 0])]);
    for (const file of [garbled, cut]) {
      expect(declaredFramePixels(file, "gif")).toEqual({ frames: 20, width: 4000, height: 4000, pixels: 320_000_000 });
      expect(await normaliseImage(file, "gif")).toEqual({ error: tooManyFramePixels(4000, 4000, 20) });
    }
    expect(await handle.db.select().from(media)).toHaveLength(0);
    // A small animation passes the walk: 3 frames of 40x30.
    expect(declaredFramePixels(await animatedGif(40, 30, 3), "gif")).toEqual({ frames: 3, width: 40, height: 30, pixels: 3600 });
  });

  it("keeps an animation within the limit animated: every frame", async () => {
    const frames = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sharp({ create: { width: 400, height: 300, channels: 3, background: { r: i * 25, g: 80, b: 160 } } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = new Uint8Array(
      await sharp(frames, { join: { animated: true } })
        .gif()
        .toBuffer(),
    );
    const out = await normaliseImage(gif, "gif");
    if ("error" in out) throw new Error(out.error);
    const after = await sharp(out.bytes, { animated: true }).metadata();
    expect([out.width, out.height, after.pages, after.pageHeight]).toEqual([400, 300, 10, 300]);
  });

  it("records the stored image in the library with its dimensions, and nothing for a refused one", async () => {
    const saved = await saveUpload(await cameraPhoto());
    if ("error" in saved) throw new Error(saved.error);
    const [row] = await handle.db.select().from(media);
    expect(row).toMatchObject({ width: 1920, height: 2560, contentType: "image/jpeg", bytes: saved.bytes });
    expect(saved.url).toBe(`/api/media/${row!.name}`);
    const stored = fs.readFileSync(path.join(uploadsDir(), row!.name));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect(stored.byteLength).toBe(saved.bytes);

    expect(await saveUpload(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).toEqual({ error: UNREADABLE_IMAGE });
    expect(await handle.db.select().from(media)).toHaveLength(1);
  });
});

describe("the media library", () => {
  async function upload(): Promise<{ id: string; name: string; url: string }> {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#246" } })
      .png()
      .toBuffer();
    const saved = await saveUpload(new Uint8Array(png));
    if ("error" in saved) throw new Error(saved.error);
    const name = saved.url.split("/").pop()!;
    const [row] = await handle.db
      .select()
      .from(media)
      .where(sql`${media.name} = ${name}`);
    return { id: row!.id, name, url: saved.url };
  }

  it("lists where each image is used and refuses to delete one in use, naming its uses", async () => {
    const image = await upload();
    const unused = await upload();
    await handle.db.insert(blogPosts).values({ title: "Post with the image", slug: "with-image", content: `<p>Hi</p><img src="${image.url}" alt="x">` });
    await handle.db.insert(caseStudies).values({ title: "Study cover", slug: "study-cover", companyName: "Co", imageUrl: image.url });
    await handle.db.insert(testimonials).values({ clientName: "Asha", company: "Co", content: "Great", imageUrl: `https://example.com${image.url}` });

    const rows = await decorateMediaRows([{ name: image.name }, { name: unused.name }]);
    expect(rows[0]!.uses).toEqual([
      { kind: "blog post", title: "Post with the image", where: "content" },
      { kind: "case study", title: "Study cover", where: "cover image" },
      { kind: "testimonial", title: "Asha", where: "photo" },
    ]);
    expect(rows[1]!.uses).toEqual([]);

    // As the CRUD module calls it: in a transaction, the file removed once it has committed.
    const remove = async (id: string) => {
      const outcome = await handle.db.transaction((tx) => deleteMedia(id, tx));
      if (outcome && "afterCommit" in outcome) {
        outcome.afterCommit();
        await new Promise((r) => setTimeout(r, 200));
      }
      return outcome;
    };
    const refused = await remove(image.id);
    expect(refused).toEqual({
      refused: expect.stringContaining(
        "3 places: blog post “Post with the image” (content); case study “Study cover” (cover image); testimonial “Asha” (photo)",
      ),
    });
    expect(fs.existsSync(path.join(uploadsDir(), image.name))).toBe(true);
    expect(await handle.db.select().from(media)).toHaveLength(2);

    expect(await remove(unused.id)).toEqual({ afterCommit: expect.any(Function) });
    expect(fs.existsSync(path.join(uploadsDir(), unused.name))).toBe(false);
    expect(await handle.db.select().from(media)).toHaveLength(1);
    expect(await remove(unused.id)).toBeNull();
  });

  it("does not take another upload's name for a use (a longer name that ends the same)", async () => {
    const image = await upload();
    await handle.db.insert(caseStudies).values({ title: "Other", slug: "other-study", companyName: "Co", imageUrl: `/api/media/0${image.name}` });
    expect((await findMediaUses([image.name])).get(image.name)).toEqual([]);
  });
});

describe("article images from the library", () => {
  const name = `${"ab".repeat(16)}.jpg`;
  const content = `<p>Text</p><img src="/api/media/${name}" alt="Chart"><img src="/images/blog/a.svg" alt="Drawing">`;

  it("get their dimensions and a srcset of the optimiser's widths up to their own", () => {
    const { html } = renderArticleContent(content, new Map([[name, { width: 1000, height: 500 }]]));
    const url = encodeURIComponent(`/api/media/${name}`);
    expect(html).toContain(
      `srcset="/_next/image?url=${url}&amp;w=640&amp;q=75 640w, /_next/image?url=${url}&amp;w=750&amp;q=75 750w, /_next/image?url=${url}&amp;w=828&amp;q=75 828w"`,
    );
    expect(html).toContain(`src="/_next/image?url=${url}&amp;w=828&amp;q=75"`);
    expect(html).toMatch(/width="1000" height="500"/);
    expect(html).toContain(`<img loading="lazy" decoding="async" src="/images/blog/a.svg" alt="Drawing" />`);
  });

  it("are stored without srcset, and a srcset written into content never survives", () => {
    const hostile = `<img src="/api/media/${name}" srcset="https://evil.example/x.png 2x" sizes="100vw" alt="x">`;
    expect(sanitizeBlogHtml(hostile)).not.toMatch(/srcset|sizes|evil/);
    expect(renderArticleContent(hostile).html).not.toMatch(/srcset|evil/);
  });
});
