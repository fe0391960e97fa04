import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedirectLayer } from "../host/redirects.ts";
import type { RedirectRule } from "@/lib/redirect-rules";

// The host's redirect layer (host/redirects.ts, docs/decisions/0091) on a real HTTP server: the
// answers a visitor's browser gets, a reload picking up a change, and hits written in batches.
let rules: RedirectRule[] = [
  { id: 1, source: "/old-page", target: "/new-page", status: 301 },
  { id: 2, source: "/old-blog/*", target: "/blog/*", status: 308 },
  { id: 3, source: "/retired", target: "", status: 410 },
];
const batches: { id: number; count: number; at: Date }[][] = [];
const layer = createRedirectLayer({
  store: () => ({ load: async () => rules, recordHits: async (hits) => void batches.push(hits) }),
  intervalMs: 60_000,
});
const server = http.createServer((req, res) => {
  if (layer.answer(req, res)) return;
  res.end("page");
});
let base = "";

beforeAll(async () => {
  await layer.reload();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await layer.stop();
  server.close();
});

const get = (path: string, method = "GET") => fetch(`${base}${path}`, { redirect: "manual", method });

describe("the host's redirects", () => {
  it("answers an exact path with its status and Location, the query string kept", async () => {
    const answer = await get("/old-page?utm_source=mail");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/new-page?utm_source=mail");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("answers a folder's rule with the rest of the path, and a gone page with 410", async () => {
    const folder = await get("/old-blog/some-post");
    expect(folder.status).toBe(308);
    expect(folder.headers.get("location")).toBe("/blog/some-post");
    const gone = await get("/retired");
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("<h1>Gone</h1>");
  });

  it("leaves other paths and other methods to the page", async () => {
    expect((await get("/new-page")).status).toBe(200);
    expect((await get("/old-page", "POST")).status).toBe(200);
  });

  it("sees a change on reload, and writes the hits counted so far in one batch", async () => {
    rules = [...rules, { id: 4, source: "/fresh", target: "https://example.com/", status: 302 }];
    await layer.reload();
    expect((await get("/fresh")).headers.get("location")).toBe("https://example.com/");
    await layer.flush();
    batches.length = 0;
    await get("/old-page");
    await get("/old-page");
    await get("/fresh");
    await layer.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map(({ id, count }) => ({ id, count })).sort((a, b) => a.id - b.id)).toEqual([
      { id: 1, count: 2 },
      { id: 4, count: 1 },
    ]);
  });
});
