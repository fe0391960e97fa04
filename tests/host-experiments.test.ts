import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EXPERIMENT_COOKIE, createExperimentLayer, experimentExposure, isExperimentChange, makePrivate, underExperiment } from "../host/experiments.ts";
import { chooseVariant } from "@/server/experiments";
import { EXPERIMENTS_TAG, type RunningExperiment } from "@/server/kernel/bridge";
import { VARIANT_HEADER } from "@/lib/experiments";
import { visitorDigest } from "@/server/analytics/visitor-id";

// The host's experiment layer (host/experiments.ts, docs/decisions/0107) on a real HTTP server: what
// Next is told (the variant header), what is counted (the exposure), and what a shared cache is told.
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
let running: RunningExperiment | null = null;
const layer = createExperimentLayer({
  store: () => ({
    loadRunning: async () => running,
    // The analytics' id of the day stands in as the digest itself: the assignment is a function of it.
    visitorId: async (digest) => digest,
  }),
});

interface Seen {
  variantHeader: string | null;
  exposure: { key: string; variant: number } | null;
  under: boolean;
}
let seen: Seen[] = [];
const server = http.createServer((req, res) => {
  void layer.assign(req, res).then(() => {
    seen.push({ variantHeader: (req.headers[VARIANT_HEADER] as string | undefined) ?? null, exposure: experimentExposure(req), under: underExperiment(req) });
    res.setHeader("Content-Type", "text/html");
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60");
    if (underExperiment(req)) makePrivate(res);
    res.end("page");
  });
});
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());
beforeEach(() => {
  seen = [];
});

async function start(experiment: RunningExperiment | null) {
  running = experiment;
  await layer.reload();
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { accept: "text/html", "user-agent": BROWSER, "x-forwarded-for": "203.0.113.9", ...headers } });

const HERO: RunningExperiment = { key: "1a2b3c4d", target: "home-hero", path: null, trafficPercent: 100, weights: [1, 1] };

describe("the host's experiment layer", () => {
  it("takes away a variant header a client sent, with or without an experiment", async () => {
    await start(null);
    await get("/", { [VARIANT_HEADER]: "1a2b3c4d-1" });
    await start(HERO);
    await get("/about", { [VARIANT_HEADER]: "1a2b3c4d-1" });
    expect(seen.map((s) => s.variantHeader)).toEqual([null, null]);
    expect(seen.map((s) => s.under)).toEqual([false, false]);
  });

  it("gives each visitor the variant the hash gives them, names only a variant to Next, and counts the control too", async () => {
    await start(HERO);
    const host = new URL(base).host;
    for (let i = 0; i < 40; i++) {
      const agent = `${BROWSER} visitor/${i}`;
      const answer = await get("/", { "user-agent": agent });
      expect(answer.headers.get("cache-control")).toBe("private, no-cache");
      const expected = chooseVariant({ seed: HERO.key, coverage: 1, weights: HERO.weights }, visitorDigest(host, "203.0.113.9", agent));
      const last = seen.at(-1)!;
      expect(last.exposure).toEqual({ key: HERO.key, variant: expected });
      expect(last.variantHeader).toBe(expected! > 0 ? `${HERO.key}-${expected}` : null);
    }
    const variants = new Set(seen.map((s) => s.exposure?.variant));
    expect(variants).toEqual(new Set([0, 1])); // 40 visitors of a 50/50 split: both are seen
  });

  it("gives one visitor the same variant on every request", async () => {
    await start(HERO);
    for (let i = 0; i < 5; i++) await get("/", { "user-agent": `${BROWSER} same` });
    expect(new Set(seen.map((s) => JSON.stringify(s.exposure))).size).toBe(1);
  });

  it("shows bots, signed-in staff, visitors who opted out and preview links the control, uncounted, and keeps their answer private", async () => {
    await start({ ...HERO, target: "header-cta" });
    const cases: [string, Record<string, string>][] = [
      ["/", { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }],
      ["/", { "user-agent": `${BROWSER} HeadlessChrome` }],
      ["/", { cookie: "kg.session_token=abc" }],
      ["/", { "sec-gpc": "1" }],
    ];
    for (const [path, headers] of cases) {
      const answer = await get(path, headers);
      expect(answer.headers.get("cache-control")).toBe("private, no-cache");
    }
    await get("/preview/some-token");
    expect(seen.map((s) => [s.variantHeader, s.exposure])).toEqual(cases.map(() => [null, null]).concat([[null, null]]));
    expect(seen.map((s) => s.under)).toEqual([true, true, true, true, false]);
  });

  it("leaves pages the experiment is not on alone: the hero is home's only, the header's on every page", async () => {
    await start(HERO);
    const about = await get("/about");
    expect(about.headers.get("cache-control")).toContain("public");
    await start({ ...HERO, target: "header-cta" });
    await get("/about");
    await get("/api/health");
    await get("/logo.png");
    expect(seen.map((s) => s.under)).toEqual([false, true, false, false]);
  });

  it("runs a page target's experiment on its one page only: the service it names, not another service", async () => {
    await start({ ...HERO, target: "service-hero", path: "/services/seo" });
    await get("/services/seo");
    await get("/services/seo/");
    await get("/services/seo?from=home");
    await get("/services/performance-marketing");
    await get("/");
    expect(seen.map((s) => s.under)).toEqual([true, true, true, false, false]);
    expect(seen[0]!.exposure?.key).toBe(HERO.key);
    // A page target without its page (a row the table's check would refuse) shows nowhere.
    await start({ ...HERO, target: "article-heading", path: null });
    await get("/blog/some-article");
    expect(seen.at(-1)!.under).toBe(false);
  });

  it("runs the free-audit opening's experiment on /free-audit, a package's link to it included", async () => {
    await start({ ...HERO, target: "free-audit-hero" });
    await get("/free-audit");
    await get("/free-audit?service=seo&package=Growth");
    await get("/");
    expect(seen.map((s) => s.under)).toEqual([true, true, false]);
  });

  it("counts none outside the experiment's share of traffic", async () => {
    await start({ ...HERO, trafficPercent: 1 });
    for (let i = 0; i < 30; i++) await get("/", { "user-agent": `${BROWSER} share/${i}` });
    const counted = seen.filter((s) => s.exposure).length;
    expect(counted).toBeLessThan(5);
    expect(seen.every((s) => s.under)).toBe(true);
  });

  it("keeps a consenting visitor's variant in a first-party cookie, and assigns by it", async () => {
    await start(HERO);
    const first = await get("/", { cookie: "consent=granted" });
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${EXPERIMENT_COOKIE}=[0-9a-f]{32}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly$`));
    const id = /=([0-9a-f]{32})/.exec(cookie)![1]!;
    const expected = chooseVariant({ seed: HERO.key, coverage: 1, weights: HERO.weights }, id);
    // Another address and agent the next day: the cookie decides.
    const again = await get("/", {
      cookie: `consent=granted; ${EXPERIMENT_COOKIE}=${id}`,
      "user-agent": `${BROWSER} elsewhere`,
      "x-forwarded-for": "198.51.100.7",
    });
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(seen.map((s) => s.exposure?.variant)).toEqual([expected, expected]);
    // Without consent no cookie is set.
    const plain = await get("/", { cookie: "consent=denied" });
    expect(plain.headers.get("set-cookie")).toBeNull();
  });

  it("names the variants' locale segments and hears another process's change", async () => {
    await start({ ...HERO, weights: [2, 1, 1] });
    expect(layer.segments()).toEqual(["en-IN~1a2b3c4d-1", "en-IN~1a2b3c4d-2"]);
    await start(null);
    expect(layer.segments()).toEqual([]);
    expect(isExperimentChange({ tags: [EXPERIMENTS_TAG] })).toBe(true);
    expect(isExperimentChange({ tags: ["other"] })).toBe(false);
  });
});
