import { expect, test } from "./fixtures";

/**
 * The page cache in front of Next (host/html-documents.ts, docs/decisions/0011) on the real
 * server: once a page is cached, the requests Next answers differently still get Next's answer.
 * Freshness after admin edits is proved by admin.spec.ts (case studies, testimonials: a cached
 * page is reloaded after the edit) and blog.spec.ts; the cache's rules one by one by
 * tests/page-cache.test.ts.
 */
test.describe("page cache", () => {
  test("a cached page still answers RSC and prefetch requests with Next's payload, not the document", async ({ request }) => {
    // A legal page: no edit in the dashboard renews it (About does, when a person on the team changes).
    await request.get("/privacy");
    const cached = await request.get("/privacy");
    expect(cached.headers()["content-type"]).toMatch(/^text\/html/);
    expect(cached.headers()["x-nextjs-cache"]).toBe("HIT");
    const variants: Record<string, string>[] = [{ rsc: "1" }, { rsc: "1", "next-router-prefetch": "1" }];
    for (const headers of variants) {
      const payload = await request.get("/privacy", { headers });
      expect(payload.status()).toBe(200);
      expect(payload.headers()["content-type"], JSON.stringify(headers)).toMatch(/^text\/x-component/);
      expect(await payload.text()).not.toContain("<!DOCTYPE html>");
    }
  });

  test("a filtered blog view is never the cached listing, and the listing never a filtered view", async ({ request }) => {
    await request.get("/blog");
    const listing = await (await request.get("/blog")).text();
    const filtered = await request.get("/blog?tag=SEO");
    expect(filtered.headers()["cache-control"]).toContain("no-store");
    const filteredHtml = await filtered.text();
    expect(filteredHtml).not.toBe(listing);
    expect(filteredHtml).toContain('name="robots" content="noindex, follow"');
    const again = await (await request.get("/blog")).text();
    expect(again).not.toContain('name="robots" content="noindex, follow"');
  });

  test("If-None-Match with the page's ETag answers 304 without a body, HEAD without a body", async ({ request }) => {
    await request.get("/terms");
    const page = await request.get("/terms");
    const etag = page.headers().etag;
    expect(etag).toBeTruthy();
    const revalidated = await request.get("/terms", { headers: { "if-none-match": etag! } });
    expect(revalidated.status()).toBe(304);
    expect(await revalidated.body()).toHaveLength(0);
    const head = await request.head("/terms");
    expect(head.status()).toBe(200);
    expect(head.headers()["content-security-policy"]).toBe(page.headers()["content-security-policy"]);
  });
});
