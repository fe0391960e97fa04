import { expect, test } from "@playwright/test";
import { startServer, tempDir, waitHealthy, type AppServer } from "./faults";

/**
 * better-auth's refusals after a restart whose first auth request is an HTTP one (docs/decisions/0020).
 * Next gives the `/api/auth` route handler and the Server Actions a copy each of better-auth's code;
 * the one auth instance (src/server/bridge.mjs) is made by whichever bundle asks first, and its
 * errors are instances of that bundle's `APIError`. When `/api/auth/get-session` comes first, the
 * sign-in form's action must still recognise a wrong password as such, not answer "Something went
 * wrong". A server of its own (E2E_PORT + 34): the order only matters on a fresh process.
 */
test.describe.configure({ mode: "serial" });

const PORT = Number(process.env.AUTH_FIRST_REQUEST_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 34);
const SITE = `http://127.0.0.1:${PORT}`;
let server: AppServer | null = null;

test.use({ baseURL: SITE });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = startServer(PORT, { DATA_DIR: tempDir("auth-first-request-") });
  await waitHealthy(server);
});

test.afterAll(async () => {
  await server?.stop();
});

/** The sign-in form's hidden fields (the Server Action's id and state), as a browser without JavaScript sends them. */
async function signInFormFields(): Promise<[string, string][]> {
  const html = await (await fetch(`${SITE}/auth`)).text();
  const form = /<form[^>]*aria-label="Sign in"[^>]*>([\s\S]*?)<\/form>/.exec(html)![1]!;
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  return [...form.matchAll(/<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g)].map((m) => [m[1]!, decode(m[2] ?? "")]);
}

test("after a restart whose first auth request is GET /api/auth/get-session, a wrong password on the sign-in form gets its own message", async () => {
  test.setTimeout(120_000);
  // The first request of this process that reaches better-auth: the route handler's bundle makes the instance.
  const session = await fetch(`${SITE}/api/auth/get-session`);
  expect(session.status).toBe(200);
  expect(await session.json()).toBeNull();

  // The sign-in form, posted as the browser posts it: its Server Action runs in the other bundle.
  const body = new FormData();
  for (const [name, value] of await signInFormFields()) body.append(name, value);
  body.append("email", "nobody-here@first-request.test");
  body.append("password", "Not-The-Password-2026");
  const response = await fetch(`${SITE}/auth`, { method: "POST", body, redirect: "manual", headers: { origin: SITE } });
  const html = await response.text();
  const shown = /Invalid email or password[^<]*|Something went wrong[^<]*/.exec(html)?.[0] ?? `no message (HTTP ${response.status})`;
  console.log(`first request GET /api/auth/get-session, then a wrong password on the sign-in form: "${shown}"`);
  expect(shown).toBe("Invalid email or password. Please check your credentials.");
  expect(html).not.toContain("Something went wrong");
});
