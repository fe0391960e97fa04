import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StartedPglite } from "@/server/kernel/db/pglite-start.ts";

// The values the Node server and the app's bundles share live in src/server/kernel/bridge.ts
// (docs/decisions/0026). Next may evaluate a module once per bundle: two copies of the bridge
// must see one state, and nothing else may keep process-wide state on globalThis.

type Bridge = typeof import("@/server/kernel/bridge.ts");
async function freshCopy(): Promise<Bridge> {
  vi.resetModules();
  return import("@/server/kernel/bridge.ts");
}

afterEach(async () => {
  const bridge = await freshCopy();
  bridge.setPageCacheInvalidator(undefined);
});

describe("the bridge", () => {
  it("is one state for every copy of the module", async () => {
    const a = await freshCopy();
    const b = await freshCopy();
    expect(a).not.toBe(b);
    let emptied = 0;
    a.setPageCacheInvalidator(() => emptied++);
    b.invalidatePageCache();
    expect(emptied).toBe(1);
    expect(b.requestContext).toBe(a.requestContext);
    a.requestContext.run({ requestId: "copy-1" }, () => expect(b.currentRequestId()).toBe("copy-1"));
    expect(b.currentRequestId()).toBeUndefined();
  });

  it("hands the prestarted database thread over once, and only for its own folder", async () => {
    const a = await freshCopy();
    const started = { dataDir: "/data/pglite", release: () => {} } as unknown as StartedPglite;
    a.setPglitePrestart(started);
    const b = await freshCopy();
    expect(b.takePglitePrestart("/elsewhere/pglite")).toBeUndefined();
    expect(b.takePglitePrestart("/data/pglite")).toBe(started);
    expect(a.takePglitePrestart("/data/pglite")).toBeUndefined();
  });

  it("runs the shutdown steps the app registered, each when called, and nothing when it registered none", async () => {
    const a = await freshCopy();
    await expect(a.stopAppTimedWork()).resolves.toBeUndefined();
    await expect(a.shutdownApp()).resolves.toBeUndefined();
    const order: string[] = [];
    a.setAppShutdown({ stopTimedWork: async () => void order.push("timed work stopped"), close: async () => void order.push("app stopped") });
    const b = await freshCopy();
    await b.stopAppTimedWork();
    expect(order).toEqual(["timed work stopped"]);
    await b.shutdownApp();
    expect(order).toEqual(["timed work stopped", "app stopped"]);
  });
});

describe("process-wide state", () => {
  it("is reached through the bridge only: no other server file reads or writes globalThis", () => {
    const roots = ["src", "scripts"];
    const files = roots.flatMap((root) => fs.readdirSync(root, { recursive: true, encoding: "utf8" }).map((f) => path.join(root, f)));
    // Code that reads or writes a property of globalThis (a mention inside a regular expression or a
    // comment, as in the script allow-list's pattern of Turbopack's bootstrap, is not a use).
    const stateUse = /^(?!\s*(\/\/|\*)).*\bglobalThis\s*(\.|\[|as\b|\)|;|,)/m;
    const users = files.filter(
      (f) =>
        /\.(ts|tsx|mjs|js)$/.test(f) &&
        !f.endsWith(".d.mts") &&
        !f.includes(".test.") &&
        stateUse.test(fs.readFileSync(f, "utf8").replace(/\/(?:\\.|[^/\n])+\/[gimsuy]*/g, "")),
    );
    expect(users.sort()).toEqual([path.join("src", "server", "kernel", "bridge.ts")]);
  });
});
