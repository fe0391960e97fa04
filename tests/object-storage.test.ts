import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/server/kernel/env";
import { createStorage, LocalStorage, S3Storage, type FileStorage } from "@/server/media/storage";
import { startS3Server } from "./s3-server";
import sharp from "sharp";
import { TINY_PNG } from "../e2e/images";
import { createTestDatabase } from "./helpers/test-db";

/**
 * Both kinds of upload storage (docs/decisions/0029) against the same checks: the local folder and
 * S3-compatible object storage, the latter on a local S3 server (s3rver) that this file starts on
 * S3_TEST_PORT (any free port when unset) and stops.
 */
const BUCKET = "agency-media";
const PNG = TINY_PNG;

let s3: Awaited<ReturnType<typeof startS3Server>>;
const localDir = fs.mkdtempSync(path.join(os.tmpdir(), "storage-local-"));

/** The configuration a deployer would write, parsed as at start-up. */
function s3Settings(extra: Record<string, string> = {}) {
  return parseEnv({ STORAGE_URL: `s3://${BUCKET}/site/uploads`, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true", ...extra });
}

beforeAll(async () => {
  s3 = await startS3Server({ port: Number(process.env.S3_TEST_PORT ?? 0), bucket: BUCKET });
  // The SDK reads its credentials from the environment, as in production.
  process.env.AWS_ACCESS_KEY_ID = s3.credentials.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.credentials.secretAccessKey;
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(localDir, { recursive: true, force: true });
});

const name = (ext = "png") => `${crypto.randomBytes(16).toString("hex")}.${ext}`;

async function read(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(stream).arrayBuffer());
}

const kinds: [string, () => FileStorage][] = [
  ["local folder", () => createStorage(parseEnv({}), localDir)],
  ["S3-compatible object storage", () => createStorage(s3Settings(), localDir)],
];

describe.each(kinds)("%s", (label, make) => {
  it("is the kind the configuration chooses", () => {
    expect(make()).toBeInstanceOf(label.startsWith("local") ? LocalStorage : S3Storage);
  });

  it("stores a file and gives back the same bytes as a stream, with its length", async () => {
    const storage = make();
    await storage.check();
    const file = name();
    await storage.put(file, PNG, "image/png");
    const head = await storage.head(file);
    expect(head?.length).toBe(PNG.byteLength);
    const got = await storage.get(file);
    expect(got).not.toBeNull();
    expect(got!.length).toBe(PNG.byteLength);
    expect((await read(got!.body)).equals(PNG)).toBe(true);
    if (storage.kind === "s3") {
      expect(got!.contentType).toBe("image/png");
      expect(got!.etag).toBe(`"${crypto.createHash("md5").update(PNG).digest("hex")}"`);
      expect(head?.etag).toBe(got!.etag);
    }
  });

  it("answers null for a file it does not have, and deletes (twice without error)", async () => {
    const storage = make();
    const file = name();
    expect(await storage.get(file)).toBeNull();
    expect(await storage.head(file)).toBeNull();
    await storage.put(file, PNG, "image/png");
    await storage.delete(file);
    expect(await storage.get(file)).toBeNull();
    await expect(storage.delete(file)).resolves.toBeUndefined();
  });
});

describe("S3-compatible object storage", () => {
  it("serves a file put through one process from another (nothing shared but the bucket)", async () => {
    const writer = createStorage(s3Settings(), fs.mkdtempSync(path.join(os.tmpdir(), "writer-")));
    const reader = createStorage(s3Settings(), fs.mkdtempSync(path.join(os.tmpdir(), "reader-")));
    const file = name("webp");
    const bytes = crypto.randomBytes(200_000);
    await writer.put(file, bytes, "image/webp");
    const got = await reader.get(file);
    expect((await read(got!.body)).equals(bytes)).toBe(true);
    expect([got!.contentType, got!.length]).toEqual(["image/webp", bytes.byteLength]);
  });

  it("keeps the files under the URL's prefix", async () => {
    const storage = createStorage(s3Settings(), localDir) as S3Storage;
    const file = name();
    await storage.put(file, PNG, "image/png");
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "site/uploads/" }));
    expect(listed.Contents?.map((o) => o.Key)).toContain(`site/uploads/${file}`);
  });

  it("a missing bucket or a storage that does not answer is an error, never a missing file", async () => {
    const wrongBucket = createStorage(parseEnv({ STORAGE_URL: "s3://no-such-bucket", S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "1" }), localDir);
    await expect(wrongBucket.get(name())).rejects.toThrow();
    await expect(wrongBucket.check()).rejects.toThrow();
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const down = createStorage(s3Settings({ S3_ENDPOINT: `http://127.0.0.1:${closed}` }), localDir);
    await expect(down.get(name())).rejects.toThrow();
  });

  it("uploads go through the same checks and land in the bucket when STORAGE_URL is set", async () => {
    vi.resetModules();
    Object.assign(process.env, { STORAGE_URL: `s3://${BUCKET}/checked`, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: "true" });
    // The upload is recorded in the media library.
    const database = await createTestDatabase();
    try {
      const { saveUpload, uploadType } = await import("@/server/media/uploads");
      const { storage } = await import("@/server/media/storage");
      expect(storage().kind).toBe("s3");
      const count = async () => (await (storage() as S3Storage).client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "checked/" }))).KeyCount ?? 0;
      const before = await count();
      expect(await saveUpload(Buffer.from("<svg onload=alert(1)>"))).toEqual({ error: expect.stringContaining("Only JPEG") });
      expect(await saveUpload(Buffer.alloc(5 * 1024 * 1024 + 1, 0xff))).toEqual({ error: expect.stringContaining("5 MB") });
      expect(await count()).toBe(before);
      const saved = await saveUpload(PNG);
      expect(saved).toEqual({ url: expect.stringMatching(/^\/api\/media\/[0-9a-f]{32}\.png$/), width: 1, height: 1, bytes: expect.any(Number) });
      const file = (saved as { url: string }).url.split("/").pop()!;
      expect(uploadType(file)).toBe("image/png");
      // What is stored is the image written again without its metadata (src/server/media/media.ts).
      const stored = await read((await storage().get(file))!.body);
      expect(stored.byteLength).toBe((saved as { bytes: number }).bytes);
      expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
      expect(await count()).toBe(before + 1);
    } finally {
      for (const key of ["STORAGE_URL", "S3_ENDPOINT", "S3_FORCE_PATH_STYLE"]) delete process.env[key];
      await database.close();
      vi.resetModules();
    }
  });
});
