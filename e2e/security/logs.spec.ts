import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";

// Structured logs (docs/decisions/0015): a server of its own (its output is what is
// tested), on its own port and data folder, without TRUST_PROXY. One person signs up, verifies,
// fails a sign-in, signs in, signs out, resets the password; an operator revokes the role. Then
// every auth event must be in the output with the request id of an access-log line, and none of the
// secrets typed or issued (passwords, the session cookie, the e-mailed tokens, the address) may
// appear anywhere in it. A second test sends forged X-Forwarded-For headers to the same server.

// Its own server: E2E_PORT + 20 (+10 to +16 are the fault specs', +2 the SIGTERM test's).
const PORT = Number(process.env.E2E_PORT ?? 3100) + 20;
const URL = `http://127.0.0.1:${PORT}`;
const SIGNIN_MAX_FAILURES = 3;
// Below better-auth's own limiter on the HTTP sign-in (3 per 10 s per address), so that ours refuses first.
const SIGNIN_ADDRESS_MAX_FAILURES = 2;
const suffix = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const EMAIL = `log-person-${suffix}@example.com`;
const PASSWORD = `Sandalwood-Ferry-${suffix}`;
const WRONG_PASSWORD = `Wrong-Lantern-${suffix}`;
const NEW_PASSWORD = `Copper-Harbour-${suffix}`;

let server: ChildProcess;
let secrets: Record<string, string> = {};
let output = "";
let dataDir = "";

test.describe.configure({ mode: "serial" });
test.use({ baseURL: URL });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "logs-data-"));
  const { TRUST_PROXY: _trustProxy, ...inherited } = process.env;
  server = spawn(process.execPath, ["host/server.ts"], {
    cwd: process.cwd(),
    env: {
      ...inherited,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SITE_URL: URL,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      ADMIN_EMAILS: EMAIL,
      FORM_MIN_FILL_SECONDS: "1",
      SIGNIN_MAX_FAILURES: String(SIGNIN_MAX_FAILURES),
      SIGNIN_ADDRESS_MAX_FAILURES: String(SIGNIN_ADDRESS_MAX_FAILURES),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  // Started when /api/health answers 200; a server that stops (a bad setting) fails at once, with its output.
  const deadline = Date.now() + 180_000;
  while ((await fetch(`${URL}/api/health`).catch(() => null))?.status !== 200) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not answer within 3 minutes:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Line = Record<string, unknown> & { msg?: string; requestId?: string; event?: string };
function lines(): Line[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        return {};
      }
    });
}

function newestLink(kind: "verify-email" | "reset-password"): string | undefined {
  const folder = path.join(dataDir, "outbox");
  if (!fs.existsSync(folder)) return undefined;
  const pattern =
    kind === "verify-email" ? /(https?:\/\/[^\s"<]+\/api\/auth\/verify-email\?[^\s"<]+)/ : /(https?:\/\/[^\s"<]+\/api\/auth\/reset-password\/[^\s"<]+)/;
  const mails = fs
    .readdirSync(folder)
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(folder, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    )
    .filter((m) => m.includes(`To: ${EMAIL}`) && pattern.test(m));
  return mails.length ? pattern.exec(mails.at(-1)!)![1]!.replace(/&amp;/g, "&") : undefined;
}

async function link(kind: "verify-email" | "reset-password"): Promise<string> {
  await expect.poll(() => Boolean(newestLink(kind)), { timeout: 15_000 }).toBe(true);
  return newestLink(kind)!;
}

async function signIn(page: Page, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("request ids and auth events in the JSON log, with no password, cookie, token or address", async ({ page }) => {
  test.setTimeout(180_000);

  // The id: a safe one sent by the caller is kept, anything else is replaced by a fresh one.
  const kept = await fetch(`${URL}/api/health`, { headers: { "x-request-id": `probe-${suffix}` } });
  expect(kept.headers.get("x-request-id")).toBe(`probe-${suffix}`);
  const unsafe = `bad id <script>${"x".repeat(80)}`;
  const replaced = await fetch(`${URL}/about`, { headers: { "x-request-id": unsafe } });
  expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  const generated = await fetch(`${URL}/about?utm_source=mail&secret=abc${suffix}`);
  const generatedId = generated.headers.get("x-request-id")!;
  expect(generatedId).toMatch(/^[0-9a-f-]{36}$/);

  // Sign up (the address is in ADMIN_EMAILS: verifying grants the role), verify, fail, sign in.
  await page.goto("/auth?mode=signup");
  await page.getByLabel("Full Name").fill("Log Person");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Account Created!" })).toBeVisible();
  const verifyLink = await link("verify-email");
  await page.goto(verifyLink);
  await expect(page).toHaveURL(/\/auth/);
  await signIn(page, WRONG_PASSWORD);
  await expect(page.locator("main").getByRole("alert")).toContainText("Login Failed");
  await signIn(page, PASSWORD);
  await expect(page).toHaveURL(/\/admin/);
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
  expect(cookie?.value.length).toBeGreaterThan(10);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(`${URL}/`);

  // Password reset: requested, then done through the e-mailed link.
  await page.goto("/auth/forgot-password");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status")).toContainText("If an account exists for that address");
  const resetLink = await link("reset-password");
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByRole("textbox", { name: "New password" }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/auth\?reset=1|\/auth$/);
  await signIn(page, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/admin/);
  const secondCookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));

  const all = lines();
  const accessIds = new Map(all.filter((l) => l.msg === "request").map((l) => [l.requestId, l]));

  // The access log: one line per request, the id echoed, the query's values and the tokens left out.
  expect(accessIds.get(`probe-${suffix}`)).toMatchObject({ method: "GET", path: "/api/health", status: 200 });
  expect(accessIds.get(generatedId)).toMatchObject({ method: "GET", path: "/about?utm_source=…&secret=…", status: 200 });
  expect(typeof accessIds.get(generatedId)!.ms).toBe("number");
  expect(output).not.toContain(unsafe);

  // Every auth event, each written while a request was handled, with that request's id.
  const expected: [string, RegExp][] = [
    ["auth.sign-up", /^POST \/auth(\?mode=…)?$/],
    ["auth.email-verified", /^GET \/api\/auth\/verify-email\?(token=…|callbackURL=…|&)+$/],
    ["auth.role.granted", /^GET \/api\/auth\/verify-email\?/],
    ["auth.sign-in.failure", /^POST \/auth$/],
    ["auth.sign-in.success", /^POST \/auth$/],
    // Signed out from the dashboard's first screen (/admin/<screen>, docs/decisions/0052).
    ["auth.sign-out", /^POST \/admin(\/[\w-]+)?(\?(welcome|seen)=…(&\w+=…)*)?$/],
    ["auth.password-reset.requested", /^POST \/auth\/forgot-password$/],
    ["auth.password-reset.mail-queued", /^POST \/auth\/forgot-password$/],
    ["auth.password-reset.done", /^POST \/auth\/reset-password\?token=…$/],
  ];
  const found: string[] = [];
  for (const [event, request] of expected) {
    const line = all.find((l) => l.event === event);
    expect(line, `${event} is logged`).toBeDefined();
    const access = accessIds.get(line!.requestId);
    expect(access, `${event} carries the id of a request`).toBeDefined();
    expect(`${access!.method} ${access!.path}`).toMatch(request);
    found.push(event);
  }
  const failure = all.find((l) => l.event === "auth.sign-in.failure")!;
  expect(failure).toMatchObject({ reason: "invalid-credentials", email: "l***@example.com", ip: "127.0.0.1" });
  expect(failure.emailHash).toMatch(/^[0-9a-f]{16}$/);
  expect(all.find((l) => l.event === "auth.sign-in.success")!.userId).toEqual(all.find((l) => l.event === "auth.sign-up")!.userId);

  secrets = {
    password: PASSWORD,
    "wrong password": WRONG_PASSWORD,
    "new password": NEW_PASSWORD,
    "session cookie": cookie!.value,
    "second session cookie": secondCookie!.value,
    "session token": decodeURIComponent(cookie!.value).split(".")[0]!,
    "verification token": new globalThis.URL(verifyLink).searchParams.get("token")!,
    "reset token": new globalThis.URL(resetLink).pathname.split("/").at(-1)!,
    "e-mail address": EMAIL,
    "query value": `abc${suffix}`,
  };
  console.log(
    `logs: ${all.length} JSON lines, ${accessIds.size} access lines with an id, ${found.length}/${expected.length} auth events found with the id of their request`,
  );
});

test("TRUST_PROXY off: a forged X-Forwarded-For does not escape the per-IP sign-in limit", async () => {
  // Wrong passwords for addresses that have no account (so the per-address limit is the first to
  // refuse), each from a different forged address: the server sees them all as 127.0.0.1. The failed
  // sign-in of the test before came from an address known to that account, which counts it on that
  // account alone (docs/decisions/0020).
  const statuses: number[] = [];
  for (let i = 0; i < SIGNIN_MAX_FAILURES + 2; i++) {
    const response = await fetch(`${URL}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: URL, "x-forwarded-for": `203.0.113.${i + 1}`, "x-real-ip": `203.0.113.${i + 1}` },
      body: JSON.stringify({ email: `nobody-${i}-${suffix}@example.com`, password: WRONG_PASSWORD }),
    });
    statuses.push(response.status);
  }
  console.log(`TRUST_PROXY off: ${statuses.length} sign-in failures from ${statuses.length} forged addresses: ${statuses.join(" ")}`);
  const firstRefusal = statuses.indexOf(429);
  expect(firstRefusal).toBe(SIGNIN_ADDRESS_MAX_FAILURES);
  expect(statuses.slice(firstRefusal).every((s) => s === 429)).toBe(true);
  const throttled = lines().filter((l) => l.event === "auth.sign-in.throttled");
  expect(throttled.length).toBeGreaterThan(0);
  expect(throttled.every((l) => l.ip === "127.0.0.1")).toBe(true);
});

test("the CLI refuses to revoke the only owner and logs it; no secret appears anywhere in the output", async () => {
  test.setTimeout(120_000);
  expect(Object.keys(secrets).length, "the sign-in test ran first").toBeGreaterThan(0);
  // The operator takes the role away (the CLI, server stopped: the embedded database is one process's).
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  const cli = spawnSync(
    path.join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", "--tsconfig", "tsconfig.json", "scripts/admin.ts", "revoke", EMAIL],
    { cwd: process.cwd(), env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" }, encoding: "utf8" },
  );
  // The only owner keeps the role (the team always has one, docs/decisions/0034): refused, and said.
  expect(cli.status, cli.stderr).toBe(1);
  expect(cli.stderr).toContain("at least one owner");
  // Its JSON log lines join the output; its sentence for the operator names the address they typed.
  output +=
    (cli.stdout + cli.stderr)
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .join("\n") + "\n";
  const revoked = lines().find((l) => l.event === "auth.role.refused");
  expect(revoked).toMatchObject({ role: "user", by: "cli" });
  expect(revoked!.userId).toEqual(lines().find((l) => l.event === "auth.sign-up")!.userId);

  // No secret anywhere in the output: not the passwords typed, not the session cookies, not the
  // tokens of the e-mailed links, not the address (logged masked and hashed), not a query value.
  const leaked = Object.entries(secrets)
    .filter(([, value]) => value.length >= 8 && output.includes(value))
    .map(([name]) => name);
  console.log(
    `logs: ${output.split("\n").length} lines of server and CLI output, ${Object.keys(secrets).length} secrets searched, ${leaked.length} found${leaked.length ? `: ${leaked.join(", ")}` : ""}`,
  );
  expect(leaked).toEqual([]);
});

test("TRUST_PROXY=1 (the Playwright server, as behind a proxy): the last X-Forwarded-For entry is the client", async () => {
  // The same failures against the main test server, which trusts the header: each forged address
  // counts apart, so none is refused. This is why TRUST_PROXY must stay off without a proxy.
  const base = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
  const statuses: number[] = [];
  const block = Math.floor(Math.random() * 200) + 20;
  for (let i = 0; i < 7; i++) {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, "x-forwarded-for": `203.0.${block}.${i + 1}` },
      body: JSON.stringify({ email: `nobody-trusted-${i}-${suffix}@example.com`, password: WRONG_PASSWORD }),
    });
    statuses.push(response.status);
  }
  console.log(`TRUST_PROXY=1: ${statuses.length} sign-in failures from ${statuses.length} addresses: ${statuses.join(" ")}`);
  expect(statuses).toEqual(statuses.map(() => 401));
});
