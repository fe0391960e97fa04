import "server-only";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { env, type Env } from "../kernel/env";

/**
 * Where uploaded files are kept (docs/decisions/0029): a local folder by default, or an
 * S3-compatible bucket that every server process shares. Names are checked by the caller
 * (src/server/media/uploads.ts): a name reaching here is 32 hex digits and an image extension.
 */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  length: number;
  /** As stored (S3 keeps the type given at upload); the local folder keeps none. */
  contentType?: string;
  etag?: string;
}

export interface FileStorage {
  readonly kind: "local" | "s3";
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** null when there is no such file; throws when the storage cannot be read. */
  get(name: string): Promise<StoredFile | null>;
  head(name: string): Promise<Omit<StoredFile, "body"> | null>;
  /** Removing a file that is not there is not an error. */
  delete(name: string): Promise<void>;
  /** Throws with the reason when the storage cannot be used (checked at start-up). */
  check(): Promise<void>;
}

export class LocalStorage implements FileStorage {
  readonly kind = "local";
  constructor(readonly dir: string) {}

  async put(name: string, bytes: Uint8Array): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    await fs.promises.writeFile(path.join(this.dir, name), bytes, { mode: 0o644 });
  }

  async head(name: string) {
    try {
      const stat = await fs.promises.stat(path.join(this.dir, name));
      return stat.isFile() ? { length: stat.size } : null;
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
  }

  async get(name: string): Promise<StoredFile | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(path.join(this.dir, name), "r");
    } catch (error) {
      if (isMissingFile(error)) return null;
      throw error;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    // The stream owns the handle and closes it when read to the end or cancelled.
    const stream = handle.createReadStream({ autoClose: true });
    return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, length: stat.size };
  }

  async delete(name: string): Promise<void> {
    await fs.promises.rm(path.join(this.dir, name), { force: true });
  }

  async check(): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    await fs.promises.access(this.dir, fs.constants.W_OK);
  }
}

function isMissingFile(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export interface S3Location {
  bucket: string;
  /** "" or a key prefix ending in "/". */
  prefix: string;
}

export class S3Storage implements FileStorage {
  readonly kind = "s3";
  constructor(
    readonly client: S3Client,
    readonly location: S3Location,
  ) {}

  private key(name: string): string {
    return this.location.prefix + name;
  }

  async put(name: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType,
        // Names are random and never reused (a CDN in front of the bucket may keep them for good).
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async head(name: string) {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }));
      return { length: out.ContentLength ?? 0, contentType: out.ContentType, etag: out.ETag };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async get(name: string): Promise<StoredFile | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }));
      if (!out.Body || out.ContentLength === undefined) throw new Error(`the storage answered ${this.key(name)} without a body or length`);
      return { body: out.Body.transformToWebStream(), length: out.ContentLength, contentType: out.ContentType, etag: out.ETag };
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.key(name) }));
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.location.bucket }));
  }
}

/** A missing key, not a missing bucket or a refusal: those are configuration errors, not 404s. */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}

/** The S3 client the settings describe; credentials come from the SDK's own chain (AWS_ACCESS_KEY_ID, ...). */
export function s3Client(settings: Pick<Env, "S3_ENDPOINT" | "S3_REGION" | "S3_FORCE_PATH_STYLE">): S3Client {
  return new S3Client({
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    // An upload or an image is one small request: a storage that does not answer fails it in
    // seconds rather than holding the visitor (the SDK retries twice more before giving up).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

/** The storage a parsed configuration chooses: STORAGE_URL=s3://bucket/prefix, or the local folder. */
export function createStorage(settings: Env, localDir: string): FileStorage {
  if (!settings.STORAGE_URL) return new LocalStorage(localDir);
  return new S3Storage(s3Client(settings), settings.STORAGE_URL);
}

/** Uploaded images live under DATA_DIR/uploads unless UPLOADS_DIR names another folder (e.g. a mounted volume). */
export function uploadsDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.UPLOADS_DIR || path.join(env().DATA_DIR, "uploads"));
}

let current: FileStorage | undefined;
/** This process's storage, made once from the validated configuration. */
export function storage(): FileStorage {
  current ??= createStorage(env(), uploadsDir());
  return current;
}
