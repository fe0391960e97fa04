import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A local S3-compatible server (s3rver, a devDependency) for the object-storage tests
 * (docs/decisions/0029): one bucket, its files in a temporary folder removed on stop.
 * Port 0 takes any free port.
 */
export async function startS3Server(options: { port?: number; bucket: string }) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: options.port ?? 0, directory, silent: true, configureBuckets: [{ name: options.bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    directory,
    /** s3rver accepts any key pair; the SDK needs one to sign its requests. */
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
