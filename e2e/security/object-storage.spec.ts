import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { startS3Server } from "../../tests/s3-server";
import { STRONG_PASSWORD } from "../helpers";
import { createPostgresDatabase, startServer, tempDir, waitHealthy, type AppServer } from "./faults";

/**
 * Uploads in S3-compatible object storage (docs/decisions/0029): two production server processes
 * on one PostgreSQL database of the test's own and one local S3 server (s3rver), each process with
 * its own data folder. An admin uploads an image through process A's upload route; process B
 * serves the same bytes with the same type and headers. Ports: E2E_PORT + 24 and + 25 for the
 * servers, + 26 for the S3 server (OBJECT_STORAGE_PORT moves all three).
 */
const FIRST_PORT = Number(process.env.OBJECT_STORAGE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 24);
const BUCKET = "agency-media";
const ADMIN = `storage-admin-${Date.now()}@example.com`;

test("an image uploaded through one server process is served by another, from S3-compatible storage", async ({ page }) => {
  test.setTimeout(420_000);
  const database = await createPostgresDatabase();
  if ("skip" in database) {
    console.log(`object storage across two processes: SKIPPED: ${database.skip}`);
    test.skip(true, database.skip);
    return;
  }
  const s3 = await startS3Server({ port: FIRST_PORT + 2, bucket: BUCKET });
  const dirs = [tempDir("storage-a-"), tempDir("storage-b-")];
  const servers: AppServer[] = [];
  try {
    const shared = {
      DATABASE_URL: database.url,
      STORAGE_URL: `s3://${BUCKET}/uploads`,
      S3_ENDPOINT: s3.endpoint,
      S3_FORCE_PATH_STYLE: "true",
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      BETTER_AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
      ADMIN_EMAILS: ADMIN,
      FORM_MIN_FILL_SECONDS: "1",
    };
    // B sends no mail: the verification mail lands in A's outbox only.
    servers.push(startServer(FIRST_PORT, { ...shared, DATA_DIR: dirs[0]! }));
    servers.push(startServer(FIRST_PORT + 1, { ...shared, DATA_DIR: dirs[1]!, MAIL_WORKER: "false" }));
    const [a, b] = servers as [AppServer, AppServer];
    await Promise.all(servers.map((s) => waitHealthy(s)));
    // Each checked the bucket at start-up.
    for (const s of servers) await expect.poll(() => s.output()).toMatch(/"kind":"s3".*"msg":"storage ready"/);

    // An admin of process A: sign up, verify through the mailed link, sign in.
    await page.goto(`${a.url}/auth?mode=signup`);
    await page.getByLabel("Full Name").fill("Storage Admin");
    await page.getByLabel("Email").fill(ADMIN);
    await page.getByLabel("Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
    let link: string | undefined;
    await expect
      .poll(
        () => {
          const folder = path.join(dirs[0]!, "outbox");
          const mail = fs.existsSync(folder)
            ? fs
                .readdirSync(folder)
                .map((f) =>
                  fs
                    .readFileSync(path.join(folder, f), "utf8")
                    .replace(/=\r?\n/g, "")
                    .replace(/=3D/g, "="),
                )
                .find((m) => m.includes(ADMIN))
            : undefined;
          link = mail ? /(https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+)/.exec(mail)?.[1]?.replace(/&amp;/g, "&") : undefined;
          return Boolean(link);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.goto(link!);
    await page.goto(`${a.url}/auth`);
    await page.getByLabel("Email").fill(ADMIN);
    await page.getByLabel("Password").fill(STRONG_PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin/);
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");

    const upload = (bytes: Buffer, type: string, filename: string) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(bytes)], { type }), filename);
      return fetch(`${a.url}/api/admin/uploads`, { method: "POST", headers: { origin: a.url, cookie }, body: form });
    };
    const bucket = new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: s3.credentials });
    const objects = async () => (await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "uploads/" }))).KeyCount ?? 0;

    // The upload's checks hold with object storage: not an image (by its bytes) is refused, nothing stored.
    const refused = await upload(Buffer.from("<svg onload=alert(1)>"), "image/png", "evil.png");
    expect(refused.status).toBe(415);
    expect(await objects()).toBe(0);

    // A 320x320 PNG of noise (about 300 KB, which no compression shrinks) through process A's
    // upload route, sent under another name and type: the bytes decide.
    const sent = await sharp(crypto.randomBytes(320 * 320 * 3), { raw: { width: 320, height: 320, channels: 3 } })
      .png()
      .toBuffer();
    const stored = await upload(sent, "application/octet-stream", "photo.bin");
    expect(stored.status, await stored.clone().text()).toBe(201);
    const { url, bytes } = (await stored.json()) as { url: string; bytes: number };
    expect(url).toMatch(/^\/api\/media\/[0-9a-f]{32}\.png$/);
    const file = url.split("/").pop()!;
    const object = await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `uploads/${file}` }));
    expect([object.ContentLength, object.ContentType]).toEqual([bytes, "image/png"]);
    // What is stored is the image written again (src/server/media/media.ts): the bucket's copy.
    const png = Buffer.from(await (await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: `uploads/${file}` }))).Body!.transformToByteArray());
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 320, height: 320 });
    // Neither process kept it on its own disk.
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, "uploads", file))).toBe(false);

    // Process B (which never saw the upload) serves it: same bytes, same type and headers.
    const started = performance.now();
    const served = await fetch(`${b.url}${url}`);
    const body = Buffer.from(await served.arrayBuffer());
    const ms = Math.round(performance.now() - started);
    expect(served.status).toBe(200);
    expect(body.equals(png)).toBe(true);
    expect(served.headers.get("content-type")).toBe("image/png");
    // No Content-Length on the wire: Next sends route answers chunked (the local folder's too).
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("etag")).toBe(object.ETag);
    // HEAD: the same headers, from the object's metadata.
    const head = await fetch(`${b.url}${url}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type"), head.headers.get("etag")]).toEqual([200, "image/png", object.ETag]);
    // And process A, from the same bucket.
    const fromA = await fetch(`${a.url}${url}`);
    expect(Buffer.from(await fromA.arrayBuffer()).equals(png)).toBe(true);
    // A name that is not in the bucket is 404 on B, not an error.
    expect((await fetch(`${b.url}/api/media/${"0".repeat(32)}.png`)).status).toBe(404);
    for (const s of servers) expect(s.output()).not.toMatch(/"level":"(error|fatal)"|"status":5\d\d/);
    console.log(
      `object storage across two processes: ${png.byteLength} bytes uploaded through A (201), served by B in ${ms} ms: 200, same bytes, image/png, ETag ${object.ETag}; an SVG refused (415) with nothing stored; a missing name 404`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await s3.stop();
    await database.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
});
