import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// A real CalDAV server for the calendar tests: Radicale (Debian's `radicale` package, which
// `npm test` installs when it is missing and it runs as root) on 127.0.0.1 and a free port, with a
// temporary storage folder and htpasswd accounts (plain passwords: the test's own). Each user gets
// one calendar, made with MKCALENDAR, at `<url>/<user>/calendar/`.

export const RADICALE_BIN = process.env.RADICALE_PATH ?? "/usr/bin/radicale";

/** Why Radicale cannot run here (the test files skip with this), or null when it can. */
export function radicaleMissing(): string | null {
  if (!fs.existsSync(RADICALE_BIN)) return `Radicale is not installed at ${RADICALE_BIN} (apt-get install radicale, or set RADICALE_PATH)`;
  const probe = spawnSync(RADICALE_BIN, ["--version"], { encoding: "utf8", timeout: 20_000 });
  if (probe.status !== 0) return `${RADICALE_BIN} --version failed: ${(probe.stderr || probe.stdout || String(probe.error)).trim().slice(0, 200)}`;
  return null;
}

export interface RadicaleUser {
  name: string;
  password: string;
}

export interface Radicale {
  /** http://127.0.0.1:<port>/ */
  url: string;
  port: number;
  /** The user's calendar collection (made at start). */
  calendarUrl(user: string): string;
  /** Basic auth header of a user. */
  auth(user: RadicaleUser): string;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`radicale exited with ${child.exitCode}: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`radicale did not listen on ${port} within ${timeoutMs} ms: ${output()}`);
}

const basic = (user: RadicaleUser) => `Basic ${Buffer.from(`${user.name}:${user.password}`).toString("base64")}`;

export async function startRadicale(users: RadicaleUser[]): Promise<Radicale> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "radicale-"));
  const port = await freePort();
  fs.writeFileSync(path.join(folder, "users"), users.map((u) => `${u.name}:${u.password}`).join("\n") + "\n");
  fs.writeFileSync(
    path.join(folder, "config"),
    [
      "[server]",
      `hosts = 127.0.0.1:${port}`,
      "[auth]",
      "type = htpasswd",
      `htpasswd_filename = ${path.join(folder, "users")}`,
      "htpasswd_encryption = plain",
      // Radicale waits this long after a wrong password (1 s by default): the tests try several.
      "delay = 0",
      "[rights]",
      "type = owner_only",
      "[storage]",
      `filesystem_folder = ${path.join(folder, "collections")}`,
      "[web]",
      "type = none",
      "[logging]",
      "level = warning",
      "mask_passwords = True",
      "",
    ].join("\n"),
  );
  let output = "";
  const child = spawn(RADICALE_BIN, ["--config", path.join(folder, "config")], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  child.stderr!.on("data", (c: Buffer) => (output = (output + c.toString()).slice(-4000)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, () => output);
    const url = `http://127.0.0.1:${port}/`;
    for (const user of users) {
      const response = await fetch(`${url}${user.name}/calendar/`, {
        method: "MKCALENDAR",
        headers: { authorization: basic(user), "content-type": "application/xml" },
        body: `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop><D:displayname>${user.name}'s calendar</D:displayname>
  <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set>
</C:mkcalendar>`,
      });
      if (response.status !== 201) throw new Error(`MKCALENDAR for ${user.name}: ${response.status} ${await response.text()}`);
    }
    return {
      url,
      port,
      calendarUrl: (user) => `${url}${user}/calendar/`,
      auth: basic,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** PUT a calendar object straight into Radicale (events the member made in their own calendar app). */
export async function putObject(radicale: Radicale, user: RadicaleUser, name: string, ics: string): Promise<void> {
  const response = await fetch(`${radicale.calendarUrl(user.name)}${name}`, {
    method: "PUT",
    headers: { authorization: radicale.auth(user), "content-type": "text/calendar; charset=utf-8" },
    body: ics,
  });
  if (response.status !== 201 && response.status !== 204) throw new Error(`PUT ${name}: ${response.status} ${await response.text()}`);
}

/** GET a calendar object from Radicale: its text and ETag, or null when there is none. */
export async function getObject(radicale: Radicale, user: RadicaleUser, name: string): Promise<{ ics: string; etag: string | null } | null> {
  const response = await fetch(`${radicale.calendarUrl(user.name)}${name}`, { headers: { authorization: radicale.auth(user) } });
  if (response.status === 404) return null;
  if (response.status !== 200) throw new Error(`GET ${name}: ${response.status}`);
  return { ics: await response.text(), etag: response.headers.get("etag") };
}
