import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

// What comes back from a letter, through the real host (docs/decisions/0063): the one-click address
// is reached by a cross-site POST (the host's origin check is for Server Actions only) within its
// 4 KB limit, its GET page's button posts without script, the provider endpoints hold 256 KB, and the
// click redirect is routed to its handler (not rewritten into the public pages). The rules themselves
// are proved in tests/newsletter-events.test.ts.

/** A token signed as src/server/newsletter/tokens.ts signs one, under the server's generated secret. */
function sign(purpose: string, parts: string[]): string {
  const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, "auth-secret"), "utf8").trim();
  const key = Buffer.from(crypto.hkdfSync("sha256", secret, "newsletter-links", "kinetic-growth newsletter v1", 32));
  const payload = parts.join(".");
  return `${payload}.${crypto.createHmac("sha256", key).update(`${purpose}\n${payload}`).digest("base64url").slice(0, 32)}`;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("one-click unsubscribe: GET shows a button and changes nothing, a cross-site POST is answered by the route, an oversized one refused by the host", async ({
    page,
    request,
  }) => {
    // A forged token: refused by the route (this also has the server make its secret, read below).
    const forged = await request.get("/api/newsletter/unsubscribe/not.a.token.x");
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain("not valid");

    // A well-signed token for a subscriber that does not exist: the whole path runs, nothing is found.
    const token = sign("unsubscribe", [crypto.randomUUID(), "1", crypto.randomUUID()]);
    const shown = await page.goto(`/api/newsletter/unsubscribe/${token}`);
    expect(shown!.status()).toBe(200);
    expect(shown!.headers()["cache-control"]).toBe("private, no-store");
    expect(shown!.headers()["referrer-policy"]).toBe("no-referrer");
    await expect(page.getByRole("heading", { name: "Unsubscribe from the newsletter?" })).toBeVisible();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Unsubscribe" }).click(),
    ]);
    expect(answer.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Link no longer valid" })).toBeVisible();

    // As a mail client posts it: from no page of ours.
    const headers = { origin: "https://mail.example.org", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };
    const oneClick = await request.post(`/api/newsletter/unsubscribe/${token}`, { headers, data: "List-Unsubscribe=One-Click", maxRedirects: 0 });
    expect(oneClick.status()).toBe(404);
    expect(oneClick.headers()["location"]).toBeUndefined();
    const huge = await request.post(`/api/newsletter/unsubscribe/${token}`, { headers, data: `List-Unsubscribe=One-Click&pad=${"x".repeat(8 * 1024)}` });
    expect(huge.status()).toBe(413);
  });
});

test("provider endpoints: unconfigured they say which variable to set; bodies over 256 KB are refused by the host", async ({ request }) => {
  const ses = await request.post("/api/newsletter/events/ses", { data: "{}", headers: { "content-type": "text/plain" } });
  expect(ses.status()).toBe(503);
  expect(await ses.text()).toContain("NEWSLETTER_SNS_TOPIC_ARN");
  const generic = await request.post("/api/newsletter/events", { data: "{}", headers: { "content-type": "application/json" } });
  expect(generic.status()).toBe(503);
  expect(await generic.text()).toContain("NEWSLETTER_EVENTS_SECRET");
  const big = await request.post("/api/newsletter/events", { data: "x".repeat(300 * 1024), headers: { "content-type": "application/json" } });
  expect(big.status()).toBe(413);
});

test("the click redirect is its own route: a forged token gets its 404 page, never a redirect", async ({ request }) => {
  const forged = await request.get("/n/c/1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA?url=https://evil.example", { maxRedirects: 0 });
  expect(forged.status()).toBe(404);
  expect(forged.headers()["location"]).toBeUndefined();
  expect(await forged.text()).toContain("This link is not valid");
  const unknown = await request.get(`/n/c/${sign("click", ["999999", "1"])}`, { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain("no longer exists");
});
