// deploy/nginx.conf (docs/operations.md, "Running several servers") with only its ports and folders replaced,
// for the tests and the benchmark that run nginx in front of several server processes: what they
// measure is the configuration docs/operations.md documents.
import fs from "node:fs";
import path from "node:path";

/** The upstream lines of deploy/nginx.conf, one per server process (ports 3001, 3002, 3003). */
const UPSTREAM = /^(\s*)server 127\.0\.0\.1:300\d (.*)$/gm;

/**
 * nginx's own port, one
 *   upstream line per process port (as many as given, in the file's form), and the folder for its
 *   temporary files, pid and error log. `file` defaults to deploy/nginx.conf under the current
 *   folder (the project's, where the tests and the benchmark run; this module is also loaded by the
 *   test runner as CommonJS, so it cannot locate itself).
 */
export function renderNginxConfig({
  listenPort,
  appPorts,
  prefix,
  file = path.resolve("deploy", "nginx.conf"),
}: {
  listenPort: number;
  appPorts: number[];
  prefix: string;
  file?: string;
}): string {
  const conf = fs.readFileSync(file, "utf8");
  const lines = [...conf.matchAll(UPSTREAM)];
  if (lines.length === 0 || !conf.includes("listen 80;")) throw new Error("deploy/nginx.conf: no upstream lines or no 'listen 80;'");
  const [indent, rest] = [lines[0]![1], lines[0]![2]];
  const upstream = appPorts.map((port) => `${indent}server 127.0.0.1:${port} ${rest}`).join("\n");
  let first = true;
  return conf
    .replace(UPSTREAM, () => {
      if (!first) return "\u0000";
      first = false;
      return upstream;
    })
    .replace(/\n\u0000/g, "")
    .replace("listen 80;", `listen 127.0.0.1:${listenPort};`)
    .replaceAll("/var/lib/nginx/", `${prefix}/`)
    .replace("/run/nginx-kinetic.pid", path.join(prefix, "nginx.pid"))
    .replace("/var/log/nginx/kinetic-error.log", path.join(prefix, "error.log"));
}

/** Debian's nginx, where its package puts it; undefined when it is not installed. */
export const NGINX_BINARY: string | undefined = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
