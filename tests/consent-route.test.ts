import { describe, expect, it, vi } from "vitest";

// The consent bar's form without JavaScript (docs/decisions/0051): POST /api/consent.
vi.mock("server-only", () => ({}));

const SITE = process.env.SITE_URL!;

async function routeWith(settings: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return (await import("@/app/api/consent/route")).POST;
}

const post = (POST: (r: Request) => Promise<Response>, body: string, headers: Record<string, string> = {}) =>
  POST(
    new Request(`${SITE}/api/consent`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE, referer: `${SITE}/contact?from=ad`, host: new URL(SITE).host, ...headers },
    }),
  );

describe("POST /api/consent", () => {
  it("stores the choice in a first-party cookie for a year and sends the visitor back to the page", async () => {
    const POST = await routeWith({ GA4_MEASUREMENT_ID: "G-TEST123", META_PIXEL_ID: undefined });
    for (const choice of ["granted", "denied"]) {
      const answer = await post(POST, `choice=${choice}`);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/contact?from=ad");
      expect(answer.headers.get("set-cookie")).toBe(`consent=${choice}; Max-Age=31536000; Path=/; SameSite=Lax`);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
    // Without a Referer of this site: home.
    const answer = await post(POST, "choice=denied", { referer: "https://evil.example/x" });
    expect(answer.headers.get("location")).toBe("/");
  });

  it("refuses another site's post (it must not grant consent for a visitor), a missing Origin and anything but the two choices", async () => {
    const POST = await routeWith({ GA4_MEASUREMENT_ID: undefined, META_PIXEL_ID: "1234567890" });
    const refused = [
      await post(POST, "choice=granted", { origin: "https://evil.example" }),
      await post(POST, "choice=granted", { origin: "null" }),
      await post(POST, "choice=granted", { "sec-fetch-site": "cross-site" }),
      await post(POST, "choice=maybe"),
      await post(POST, "choice=granted", { "content-type": "application/json" }),
      await post(POST, `choice=granted&pad=${"x".repeat(2000)}`),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 400, 415, 413]);
    for (const answer of refused) expect(answer.headers.get("set-cookie")).toBeNull();
    const noOrigin = await POST(
      new Request(`${SITE}/api/consent`, {
        method: "POST",
        body: "choice=granted",
        headers: { "content-type": "application/x-www-form-urlencoded", referer: `${SITE}/` },
      }),
    );
    expect(noOrigin.status).toBe(403);
  });

  it("does not exist while no measurement is configured", async () => {
    const POST = await routeWith({ GA4_MEASUREMENT_ID: undefined, META_PIXEL_ID: undefined });
    const answer = await post(POST, "choice=granted");
    expect(answer.status).toBe(404);
    expect(answer.headers.get("set-cookie")).toBeNull();
  });
});
