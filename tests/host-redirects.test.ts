import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInvalidationChannel } from "../host/invalidation.ts";
import { createRedirectLayer, isRedirectChange } from "../host/redirects.ts";
import { REDIRECTS_TAG } from "@/server/kernel/bridge";
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
  store: () => ({ load: async () => rules, recordHits: async (hits) => void batches.push(hits), recordNotFound: async () => {} }),
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

// Two processes on one PostgreSQL (docs/decisions/0032): a change saved in one reaches the other's
// table through the invalidation channel within a second. Skipped on the embedded database, which
// has one process and no channel.
const url = process.env.DATABASE_URL?.trim();
describe.skipIf(!url)("two processes", () => {
  it("a change published by one is answered by the other within a second", async () => {
    let shared: RedirectRule[] = [];
    const store = () => ({ load: async () => shared, recordHits: async () => {}, recordNotFound: async () => {} });
    const [one, other] = [createRedirectLayer({ store }), createRedirectLayer({ store })];
    const states: boolean[] = [];
    const channels = ["kinetic-redirects-a", "kinetic-redirects-b"].map((applicationName, i) =>
      startInvalidationChannel({
        connectionString: url!,
        applicationName,
        onRemote: (message) => {
          if (isRedirectChange(message)) void (i === 0 ? one : other).reload();
        },
        onState: (listening) => void states.push(listening),
      }),
    );
    try {
      await until(() => channels.every((c) => c.listening));
      await Promise.all([one.reload(), other.reload()]);
      const visit = (layer: typeof one) => {
        const res = { statusCode: 200, setHeader: () => {}, end: () => {} } as unknown as http.ServerResponse;
        return layer.answer({ method: "GET", url: "/moved-elsewhere" } as http.IncomingMessage, res) ? res.statusCode : 200;
      };
      expect(visit(other)).toBe(200);
      // What redirectsChanged() does in the saving process: reload its own table, publish the tag.
      shared = [{ id: 9, source: "/moved-elsewhere", target: "/services", status: 301 }];
      await one.reload();
      channels[0]!.publish([REDIRECTS_TAG], undefined);
      const started = Date.now();
      await until(() => visit(other) === 301, 1_000);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(visit(one)).toBe(301);
    } finally {
      await Promise.all([...channels.map((c) => c.stop()), one.stop(), other.stop()]);
    }
  });
});

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}
