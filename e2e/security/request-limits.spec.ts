import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { STRONG_PASSWORD } from "../helpers";
import { TINY_PNG } from "../images";
import { FORGED_REPLIES } from "../../tests/helpers/forged-replies";

/**
 * What the server refuses before the app reads it (docs/decisions/0022), on a server of its own
 * (E2E_PORT + 23), without TRUST_PROXY, as it runs with no proxy in front:
 * 1. 200 MB chunked bodies (no Content-Length) to every route that reads a body: each answered
 *    413 at its limit (411 for uploads, which need a declared length), the server's memory flat;
 * 2. Server Action posts that used to give a 5xx: Origin null, a chunked body over 1 MB, 17,000
 *    fields, deeply nested arguments; and image-optimiser addresses that are not plain paths;
 * 3. X-Forwarded-Host written by the client is not believed: a foreign Origin with a matching
 *    X-Forwarded-Host is refused, with the admin's cookie too.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.REQUEST_LIMITS_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 23);
const BASE = `http://127.0.0.1:${PORT}`;
const EVIL = "https://evil.example";
const ADMIN = `limits-admin-${Date.now()}@example.com`;
const MB = 1024 * 1024;

let server: ChildProcess | null = null;
let output = "";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "request-limits-data-"));

test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const { TRUST_PROXY: _trustProxy, ...inherited } = process.env;
  server = spawn(process.execPath, ["host/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...inherited,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SITE_URL: BASE,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ADMIN_EMAILS: ADMIN,
      // The build's on-disk page cache is shared with the main e2e server: stay out of it.
      NEXT_PRIVATE_TEST_PROXY: "true",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 180_000;
  while ((await fetch(`${BASE}/api/health`).catch(() => null))?.status !== 200) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 3 minutes:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server's resident memory in MB (Linux: /proc/<pid>/status). */
function rssMb(): number {
  const status = fs.readFileSync(`/proc/${server!.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** A Server Action's id in the build, by its exported name. */
function actionId(name: string): string {
  const manifest = JSON.parse(fs.readFileSync(".next/server/server-reference-manifest.json", "utf8")) as { node: Record<string, { exportedName: string }> };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name);
  if (!found) throw new Error(`no Server Action ${name} in the build`);
  return found[0];
}

interface Answer {
  status: number;
  sentMb: number;
  body: string;
}

/**
 * POSTs `totalBytes` with chunked transfer encoding (no Content-Length), the same 64 KB block
 * written again and again as the socket accepts it, so the test never holds the body; it stops
 * writing as soon as the server answers.
 */
function chunkedPost(pathname: string, headers: Record<string, string>, totalBytes: number, first = ""): Promise<Answer> {
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    let settled = false;
    const settle = (a: Answer) => {
      if (settled) return;
      settled = true;
      resolve(a);
    };
    const req = http.request(
      `${BASE}${pathname}`,
      { method: "POST", agent: false, headers: { origin: BASE, ...headers, "transfer-encoding": "chunked" } },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c.slice(0, 300)));
        const done = () => settle({ status: res.statusCode ?? 0, sentMb: sent / MB, body });
        res.on("end", done);
        res.on("error", done);
        res.on("close", done);
      },
    );
    req.on("error", (e) => settle({ status: 0, sentMb: sent / MB, body: e.message }));
    const block = Buffer.alloc(64 * 1024, 0x61);
    const write = () => {
      if (sent === 0 && first) {
        sent += Buffer.byteLength(first);
        req.write(first);
      }
      while (!answered && sent < totalBytes) {
        sent += block.length;
        if (!req.write(block)) {
          req.once("drain", write);
          return;
        }
      }
      if (!answered) req.end();
    };
    write();
  });
}

/** A small request with a declared length (fetch keeps no connection open here). */
async function post(pathname: string, headers: Record<string, string>, body: string | FormData) {
  const response = await fetch(`${BASE}${pathname}`, { method: "POST", headers: { origin: BASE, ...headers }, body, redirect: "manual" });
  return { status: response.status, body: (await response.text()).slice(0, 300) };
}

test("200 MB chunked bodies: every route that reads a body answers at its limit, memory flat", async () => {
  test.setTimeout(600_000);
  const action = actionId("submitContactForm");
  const routes: { label: string; path: string; headers: Record<string, string>; first?: string; warm?: string; expected: number }[] = [
    { label: "POST /api/blog/shares", path: "/api/blog/shares", headers: { "content-type": "application/json" }, first: '{"slug":"', expected: 413 },
    {
      label: "POST /api/auth/sign-in/email",
      path: "/api/auth/sign-in/email",
      headers: { "content-type": "application/json" },
      first: '{"email":"',
      expected: 413,
    },
    { label: "POST /api/auth/sign-out", path: "/api/auth/sign-out", headers: { "content-type": "application/json" }, first: '{"x":"', expected: 413 },
    {
      label: "POST /api/forms/contact",
      path: "/api/forms/contact",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      first: "message=",
      expected: 413,
    },
    {
      label: "POST /api/admin/uploads (a declared length is required)",
      path: "/api/admin/uploads",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      expected: 411,
    },
    {
      label: "Server Action (script)",
      path: "/contact",
      headers: { "next-action": action, "content-type": "text/plain;charset=UTF-8" },
      first: '["',
      warm: '[{"status":"idle"},"$K1"]',
      expected: 413,
    },
    {
      label: "Server Action (form without JavaScript)",
      path: "/contact",
      headers: { "content-type": "multipart/form-data; boundary=b" },
      first: '--b\r\nContent-Disposition: form-data; name="message"\r\n\r\n',
      expected: 413,
    },
    { label: "POST /admin", path: "/admin", headers: { "content-type": "text/plain" }, expected: 413 },
  ];
  const lines: string[] = [];
  for (const route of routes) {
    // The route's code is loaded first (a small post), so that what it costs is not counted.
    await post(route.path, route.headers, route.warm ?? "{}").catch(() => null);
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const answers = await Promise.all([0, 1, 2].map(() => chunkedPost(route.path, route.headers, 200 * MB, route.first)));
    clearInterval(sampler);
    peak = Math.max(peak, rssMb());
    const line = `${route.label}: 3 x 200 MB chunked -> ${answers.map((a) => a.status).join(" ")}, ${answers.map((a) => a.sentMb.toFixed(1)).join("/")} MB written before the answer; server RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(1)} MB)`;
    console.log(line);
    lines.push(line);
    expect(
      answers.map((a) => a.status),
      `${line}\n${answers.map((a) => a.body).join("\n")}`,
    ).toEqual([route.expected, route.expected, route.expected]);
    expect(peak - before, line).toBeLessThan(50);
  }
  expect(output).not.toMatch(/"status":5\d\d/);
});

test("Server Action posts and image addresses that gave a 5xx get a 4xx", async () => {
  test.setTimeout(180_000);
  const action = actionId("submitContactForm");
  const results: string[] = [];
  const check = (label: string, status: number, expected: number) => {
    results.push(`${label}: ${status}`);
    expect.soft(status, label).toBe(expected);
  };

  // Origin: null (a sandboxed frame, a privacy redirect): not this site, so 403 like any foreign Origin.
  const nullOrigin = await post("/contact", { origin: "null", "next-action": action, "content-type": "text/plain;charset=UTF-8" }, '[{"status":"idle"},"$K1"]');
  check("Server Action with Origin: null", nullOrigin.status, 403);

  // A chunked body over 1 MB (Next's own limit answered 500 once it had read it).
  const over = await chunkedPost("/contact", { "next-action": action, "content-type": "text/plain;charset=UTF-8" }, 2 * MB, '["');
  check("chunked Server Action body of 2 MB", over.status, 413);

  // 17,000 fields, under 1 MB.
  const boundary = "x";
  let many = "";
  for (let i = 0; i < 17_000; i++) many += `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`;
  many += `--${boundary}--\r\n`;
  expect(Buffer.byteLength(many)).toBeLessThan(MB);
  const fieldsFetch = await post("/contact", { "next-action": action, "content-type": `multipart/form-data; boundary=${boundary}` }, many);
  check("multipart Server Action post with 17,000 fields", fieldsFetch.status, 413);
  const fieldsForm = await post("/contact", { "content-type": `multipart/form-data; boundary=${boundary}` }, many);
  check("multipart form post with 17,000 fields", fieldsForm.status, 413);

  // Deeply nested arguments, anonymous: refused before React decodes them.
  const nested = `[${"[".repeat(5_000)}${"]".repeat(5_000)}]`;
  const deepText = await post("/contact", { "next-action": action, "content-type": "text/plain;charset=UTF-8" }, nested);
  check("Server Action arguments nested 5,000 deep (JSON body)", deepText.status, 400);
  const deepForm = new FormData();
  deepForm.append("0", nested);
  const deepMultipart = await post("/contact", { "next-action": action }, deepForm);
  check("Server Action arguments nested 5,000 deep (multipart)", deepMultipart.status, 400);

  // Image addresses the optimiser would fetch from the app itself and get a redirect for.
  for (const url of ["/%5C127.0.0.1/x.png", "/%5C127.0.0.1/images/x.png", "/admin", "/about/", "/images/blog/..%2F..%2Fadmin"]) {
    const response = await fetch(`${BASE}/_next/image?url=${url}&w=64&q=75`);
    check(`/_next/image?url=${url}`, response.status, 400);
  }

  // Controls: an honest form post without JavaScript and an uploaded image's address still work.
  const page = await (await fetch(`${BASE}/contact`)).text();
  // The contact form's own hidden fields: the footer's newsletter form, outside main, has its own.
  const html = page.slice(page.indexOf("<main"), page.indexOf("</main>"));
  const form = new FormData();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="(\$ACTION_[^"]+)"(?: value="([^"]*)")?/g))
    form.append(name!, (value ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
  for (const [name, value] of [
    ["name", "Limits Control"],
    ["email", "limits-control@example.com"],
    ["message", "A message that says enough."],
    ["elapsedMs", "15000"],
    ["submissionKey", `limits-${Date.now()}-abcdefghijkl`],
  ])
    form.append(name!, value!);
  const honest = await post("/contact", {}, form);
  check("honest contact form post without JavaScript", honest.status, 200);

  console.log(`4xx instead of 5xx: ${results.join("; ")}`);
  expect(output).not.toMatch(/RangeError|Maximum call stack/);
  expect(output).not.toMatch(/"status":5\d\d/);
});

/** A request sent with its target exactly as written (fetch and http.request keep dot segments out or in as they like; a raw socket sends them). */
function rawRequest(target: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (d: string) => (answer += d));
    // A refusal may close the connection before the whole body is written: the answer read so far counts.
    socket.on("error", () => undefined);
    socket.on("close", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), text: answer.slice(0, 400) }));
    const head = Object.entries({ host: `127.0.0.1:${PORT}`, origin: BASE, connection: "close", "content-length": String(Buffer.byteLength(body)), ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join("\r\n");
    socket.end(`POST ${target} HTTP/1.1\r\n${head}\r\n\r\n${body}`);
  });
}

test("a target with dot segments is judged by the path Next serves, and forged Server Action replies get a 4xx", async () => {
  test.setTimeout(180_000);
  const action = actionId("submitContactForm");
  const script = { "next-action": action, "content-type": "text/plain;charset=UTF-8" };
  const results: string[] = [];
  const check = (label: string, status: number, expected: number) => {
    results.push(`${label}: ${status}`);
    expect.soft(status, label).toBe(expected);
  };
  // Under the uploads' path the guards used to skip the body checks; Next served /contact and its decoder answered 500.
  const nested = `[${"[".repeat(5_000)}${"]".repeat(5_000)}]`;
  for (const target of ["/api/admin/uploads/../../../contact", "/api/admin/uploads/%2e%2e/%2E%2E/..%2f/../../contact", "/api/forms/..\\..\\contact"]) {
    check(`${target}, arguments nested 5,000 deep`, (await rawRequest(target, script, nested)).status, 400);
  }
  check(
    "/api/admin/uploads/../../../contact, 17,000 fields",
    (
      await rawRequest(
        "/api/admin/uploads/../../../contact",
        { ...script, "content-type": "multipart/form-data; boundary=x" },
        `${Array.from({ length: 17_000 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`).join("")}--x--\r\n`,
      )
    ).status,
    413,
  );
  // The uploads' rule lets a declared length through unread (the route checks it); the page's rule is 1 MB.
  check(
    "2 MB to /api/admin/uploads/../../../contact",
    (await rawRequest("/api/admin/uploads/../../../contact", script, `["${"a".repeat(2 * MB)}"]`)).status,
    413,
  );

  // Replies React's decoder throws on: empty, not JSON, no argument list, references to rows or kinds no page sends.
  for (const body of FORGED_REPLIES) {
    check(`Server Action reply ${JSON.stringify(body)}`, (await post("/contact", script, body)).status, 400);
  }
  for (const [label, fields] of [
    ["root not JSON", [["0", "nope"]]],
    ["root $Q", [["0", '["$Q1"]']]],
    ["$B without its file", [["0", '["$B1"]']]],
    ["$1 missing", [["0", '["$1"]']]],
    ["$h", [["0", '["$h1"]']]],
    [
      "row 1 not JSON",
      [
        ["0", '["$1"]'],
        ["1", "nope"],
      ],
    ],
  ] as [string, [string, string][]][]) {
    const form = new FormData();
    for (const [name, value] of fields) form.append(name, value);
    check(`multipart Server Action reply, ${label}`, (await post("/contact", { "next-action": action }, form)).status, 400);
  }
  // Control: the reply a page sends is still answered by the action.
  const honest = new FormData();
  honest.append("0", '[{"status":"idle"},"$K1"]');
  for (const [name, value] of [
    ["name", "Dot Control"],
    ["email", "dot-control@example.com"],
    ["message", "A message that says enough."],
    ["elapsedMs", "15000"],
    ["submissionKey", `dots-${Date.now()}-abcdefghijkl`],
  ])
    honest.append(`1_${name}`, value!);
  check("the reply a page sends", (await post("/contact", { "next-action": action }, honest)).status, 200);
  console.log(`dot segments and forged replies: ${results.join("; ")}`);
  expect(output).not.toMatch(/"status":5\d\d/);
});

test("after a 413 the connection is closed: a client that keeps sending is cut off, not read", async () => {
  test.setTimeout(60_000);
  // Keeps writing 64 KB chunks for up to 20 s after the answer, as fast as the socket takes them.
  const push = (target: string) =>
    new Promise<{ status: string; msAfterAnswer: number; mbAfterAnswer: number }>((resolve) => {
      const socket = net.connect(PORT, "127.0.0.1");
      const block = Buffer.alloc(64 * 1024, 0x61);
      const chunk = Buffer.concat([Buffer.from(`${block.length.toString(16)}\r\n`), block, Buffer.from("\r\n")]);
      let answeredAt = 0;
      let after = 0;
      let answer = "";
      const started = Date.now();
      const done = () => resolve({ status: answer.slice(0, 12), msAfterAnswer: answeredAt ? Date.now() - answeredAt : -1, mbAfterAnswer: after / MB });
      socket.on("data", (d) => {
        answeredAt ||= Date.now();
        answer += d.toString("latin1");
      });
      socket.on("error", done);
      socket.on("end", done);
      socket.on("close", done);
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${BASE}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const pump = () => {
        while (Date.now() - started < 20_000 && !socket.destroyed) {
          if (answeredAt) after += chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", pump);
        }
        socket.destroy();
      };
      pump();
    });
  const lines: string[] = [];
  for (const target of ["/api/blog/shares", "/contact"]) {
    const cut = await push(target);
    lines.push(`${target}: ${cut.status}, connection ended ${cut.msAfterAnswer} ms after the answer, ${cut.mbAfterAnswer.toFixed(1)} MB written after it`);
    expect(cut.status).toBe("HTTP/1.1 413");
    expect(cut.msAfterAnswer, lines.at(-1)).toBeGreaterThanOrEqual(0);
    // Socket buffers on both sides take a few MB before the server's FIN arrives; reading on took gigabytes.
    expect(cut.msAfterAnswer, lines.at(-1)).toBeLessThan(2_000);
    expect(cut.mbAfterAnswer, lines.at(-1)).toBeLessThan(64);
  }
  console.log(`after a 413: ${lines.join("; ")}`);
});

test("without TRUST_PROXY a client's X-Forwarded-Host is not believed, with the admin's cookie either", async ({ page }) => {
  test.setTimeout(180_000);
  // An admin: sign up, verify through the mailed link, sign in.
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill("Limits Admin");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const folder = path.join(dataDir, "outbox");
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
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.goto(link!);
  await page.goto("/auth");
  await page.getByLabel("Email").fill(ADMIN);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin/);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const session = async () =>
    ((await (await fetch(`${BASE}/api/auth/get-session`, { headers: { cookie } })).json()) as { user?: { email?: string } } | null)?.user?.email;
  expect(await session()).toBe(ADMIN);

  const forged = { origin: EVIL, "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
  const png = TINY_PNG;
  const upload = () => {
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "dot.png");
    return form;
  };
  const results: string[] = [];

  // A route handler that writes (an image upload), with the admin's cookie.
  const forgedUpload = await post("/api/admin/uploads", { ...forged, cookie }, upload());
  results.push(`upload with the admin's cookie, Origin ${EVIL}, X-Forwarded-Host evil.example: ${forgedUpload.status}`);
  expect(forgedUpload.status, forgedUpload.body).toBe(403);
  // Anonymous: the share counter.
  const forgedShare = await post(
    "/api/blog/shares",
    { ...forged, "content-type": "application/json" },
    JSON.stringify({ slug: "no-such-post", network: "twitter" }),
  );
  results.push(`share count, anonymous, same headers: ${forgedShare.status}`);
  expect(forgedShare.status, forgedShare.body).toBe(403);
  // A Server Action that writes (sign-out ends the session), with the admin's cookie.
  const forgedSignOut = await post("/admin", { ...forged, cookie, "next-action": actionId("signOutAction"), "content-type": "text/plain;charset=UTF-8" }, "[]");
  results.push(`sign-out Server Action with the admin's cookie, same headers: ${forgedSignOut.status}`);
  expect(forgedSignOut.status, forgedSignOut.body).toBe(403);
  expect(await session(), "the admin's session survived").toBe(ADMIN);

  // Control: the same upload from the site itself is stored.
  const honestUpload = await post("/api/admin/uploads", { cookie }, upload());
  results.push(`the same upload with this site's Origin: ${honestUpload.status}`);
  expect(honestUpload.status, honestUpload.body).toBe(201);
  console.log(`X-Forwarded-Host without TRUST_PROXY: ${results.join("; ")}`);
});
