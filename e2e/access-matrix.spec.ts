import { expect, test, type APIRequestContext, type Browser, type Locator, type Member, type Page } from "./fixtures";
import { createAccount, signIn, assignUniqueIp, uniqueEmail } from "./helpers";
import { TINY_PNG } from "./images";

/**
 * Every admin action and route, asked over plain HTTP by four kinds of visitor: anonymous, a
 * signed-in non-admin, an admin address that never verified (it cannot sign in, so its requests
 * carry no session), and the admin. The actions are captured from the dashboard's own requests and
 * replayed byte for byte with the other visitors' cookies: only the admin changes or reads anything.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = "matrix@e2e.test";
type Visitor = "anonymous" | "member" | "unverified-admin" | "admin";
const cookies: Partial<Record<Visitor, string>> = {};

async function sessionCookie(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

test.use({ account: { email: ADMIN } });

/** The unverified admin address: its sign-in is refused (no session), so it stays out of the signed-in fixtures. */
async function unverifiedCookie(browser: Browser, email: string): Promise<string> {
  const context = await browser.newContext();
  await assignUniqueIp(context);
  const page = await context.newPage();
  // A retried spec runs in a new worker: the account is then there already.
  await createAccount(page, email, { verify: false, orExisting: true });
  await signIn(page, email);
  await expect(page.locator("main").getByRole("alert")).toContainText("verify your email");
  const cookie = await sessionCookie(page);
  await context.close();
  return cookie;
}

test.beforeAll(async ({ browser, signedIn }) => {
  // Three accounts made, verified and signed in (Argon2id each time): more than 30 s on a busy machine.
  test.setTimeout(90_000);
  cookies.admin = (await signedIn(ADMIN)).cookie;
  cookies.member = (await signedIn(uniqueEmail("matrix-member"))).cookie;
  cookies["unverified-admin"] = await unverifiedCookie(browser, "admin-unverified@e2e.test");
  cookies.anonymous = "";
});

/** Counted under a search for this spec's own records: other specs add leads at the same time. */
const adminPage = (member: Member, tab: string): Promise<Page> => member.open(`${tab}?q=Matrix`);

interface Captured {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The dashboard's request for an action, captured and stopped before it reaches the server, so the
 * test decides who sends it.
 */
async function capture(page: Page, act: () => Promise<void>): Promise<Captured> {
  let resolve!: (c: Captured) => void;
  const captured = new Promise<Captured>((r) => (resolve = r));
  await page.route("**/admin**", async (route) => {
    const request = route.request();
    const headers = request.headers();
    if (request.method() !== "POST" || !headers["next-action"]) return route.continue();
    resolve({
      url: request.url(),
      headers: {
        "next-action": headers["next-action"],
        "content-type": headers["content-type"]!,
        accept: "text/x-component",
        origin: new URL(request.url()).origin,
        ...(headers["next-router-state-tree"] ? { "next-router-state-tree": headers["next-router-state-tree"] } : {}),
      },
      body: request.postDataBuffer() ?? Buffer.alloc(0),
    });
    await route.abort();
  });
  await act();
  const result = await captured;
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return result;
}

async function replay(request: APIRequestContext, captured: Captured, visitor: Visitor) {
  return request.post(captured.url, {
    // A keep-alive connection reset as the server closes it idle is sent again, as a browser does (e2e/follow-up.spec.ts).
    maxRetries: 1,
    headers: {
      ...captured.headers,
      cookie: cookies[visitor] ?? "",
      "x-forwarded-for": `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    data: captured.body,
    maxRedirects: 0,
  });
}

/**
 * The rows the list finds for the page's search (q=Matrix): its own count line, not the navigation
 * badge, which counts the whole table that other test files add to at the same time.
 */
const count = async (page: Page) => {
  await page.reload();
  const line = await page
    .getByRole("status")
    .filter({ hasText: /^\d+ [a-z]/ })
    .first()
    .textContent();
  return Number(/^(\d+)/.exec(line ?? "")?.[1]);
};

test("the unverified admin address cannot sign in at all", async () => {
  expect(cookies["unverified-admin"] ?? "").not.toContain("session_token");
});

test("admin routes: only the admin reads", async ({ request }) => {
  for (const visitor of ["anonymous", "member", "unverified-admin", "admin"] as Visitor[]) {
    const headers = { cookie: cookies[visitor] ?? "" };
    const dashboard = await request.get("/admin", { headers, maxRedirects: 0 });
    const leadsCsv = await request.get("/admin/export/leads", { headers, maxRedirects: 0 });
    const messagesCsv = await request.get("/admin/export/messages", { headers, maxRedirects: 0 });
    if (visitor === "admin") {
      // /admin opens the role's first screen, the lead desk's Overview.
      expect(dashboard.status()).toBe(307);
      expect(dashboard.headers()["location"]).toMatch(/^\/admin\/overview(\?|$)/);
      const overview = await request.get("/admin/overview", { headers, maxRedirects: 0 });
      expect(overview.status()).toBe(200);
      expect(await overview.text()).toContain("Growth Audit Leads");
      expect(leadsCsv.status()).toBe(200);
      expect(messagesCsv.status()).toBe(200);
    } else {
      // Every screen answers as /admin does: Access Denied for a member without a role, /auth otherwise.
      for (const screen of [
        dashboard,
        await request.get("/admin/leads", { headers, maxRedirects: 0 }),
        await request.get("/admin/overview", { headers, maxRedirects: 0 }),
      ]) {
        if (visitor === "member") {
          // 403 with the page (host/html-documents.ts): the status says what the page says.
          expect(screen.status()).toBe(403);
          expect(await screen.text()).toContain("Access Denied");
          // Nothing of a screen they cannot open, its name in the tab's title included.
          expect(await screen.text()).not.toContain("Growth Audit Leads");
          expect(await screen.text()).toMatch(/<title>Access Denied \| Kinetic Growth<\/title>/);
        } else {
          expect(screen.status()).toBe(307);
          expect(screen.headers()["location"]).toBe("/auth");
        }
      }
      expect([401, 403]).toContain(leadsCsv.status());
      expect([401, 403]).toContain(messagesCsv.status());
    }
  }
});

for (const [tab, kind, fill] of [
  [
    "testimonials",
    "Testimonial",
    async (dialog: Locator) => {
      await dialog.getByLabel("Client name").fill("Matrix Client");
      await dialog.getByLabel("Company").fill("Matrix Co");
      await dialog.getByRole("textbox", { name: "Testimonial", exact: true }).fill("Matrix quote.");
    },
  ],
  [
    "leads",
    "Lead",
    async (dialog: Locator) => {
      await dialog.getByLabel("Name").fill("Matrix Lead");
      await dialog.getByLabel("Email").fill("matrix-lead@example.com");
      await dialog.getByLabel("Mobile").fill("9876543210");
    },
  ],
] as const) {
  test(`${kind.toLowerCase()}: create, status and delete change nothing unless the admin sends them`, async ({ member, request }) => {
    const page = await adminPage(member, tab);
    const before = await count(page);
    const others: Visitor[] = ["anonymous", "member", "unverified-admin"];

    const create = await capture(page, async () => {
      await page.getByRole("link", { name: `Add ${kind}` }).click();
      const dialog = page.getByRole("dialog");
      await fill(dialog);
      await dialog.getByRole("button", { name: "Save" }).click();
    });
    for (const visitor of others) {
      expect((await replay(request, create, visitor)).status(), visitor).toBeLessThan(500);
      expect(await count(page), `${visitor} must not create`).toBe(before);
    }
    await replay(request, create, "admin"); // the same bytes from the admin do create
    expect(await count(page)).toBe(before + 1);

    if (tab === "leads") {
      const status = await capture(page, async () => {
        await page.getByRole("combobox", { name: "Status of Matrix Lead" }).selectOption("won");
      });
      for (const visitor of others) await replay(request, status, visitor);
      await page.reload();
      await expect(page.getByRole("combobox", { name: "Status of Matrix Lead" })).toHaveValue("new");
      await replay(request, status, "admin");
      await page.reload();
      await expect(page.getByRole("combobox", { name: "Status of Matrix Lead" })).toHaveValue("won");
    }

    const remove = await capture(page, async () => {
      await page.getByRole("link", { name: /^Delete Matrix/ }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    });
    for (const visitor of others) {
      await replay(request, remove, visitor);
      expect(await count(page), `${visitor} must not delete`).toBe(before + 1);
    }
    await replay(request, remove, "admin");
    expect(await count(page)).toBe(before);
    await page.context().close();
  });
}

test("uploads: only the admin may store a file", async ({ request, baseURL }) => {
  const png = TINY_PNG;
  for (const visitor of ["anonymous", "member", "unverified-admin", "admin"] as Visitor[]) {
    const response = await request.post("/api/admin/uploads", {
      headers: { cookie: cookies[visitor] ?? "", origin: new URL(baseURL!).origin },
      multipart: { file: { name: "dot.png", mimeType: "image/png", buffer: png } },
    });
    expect(response.status(), visitor).toBe(visitor === "admin" ? 201 : visitor === "member" ? 403 : 401);
  }
});
