import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the lint configuration, without types
import { dependencyLoop, FEATURE_DEPENDENCIES } from "../eslint/module-boundaries.mjs";

// The module layout's lint rules (eslint/module-boundaries.mjs, docs/decisions/0088): a small tree
// of sample files is written to a folder of its own and linted with the project's own
// eslint.config.mjs, so what is tested is the configuration as `npm run lint` uses it (its file
// globs included), each refusal on the file that should have it and on no other.

const root = path.resolve(import.meta.dirname, "..");
let tree: string;
let messages: Map<string, string[]>;

const FILES: Record<string, string> = {
  "src/server/kernel/env.ts": "export const env = 1;\n",
  "src/server/kernel/uses-feature.ts": 'import { x } from "../leads";\nexport const y = x;\n',
  "src/server/kernel/uses-root.ts": 'import { start } from "../boot";\nexport const y = start;\n',
  "src/server/kernel/type-of-feature.ts": 'import type { X } from "../leads/data/x";\nexport type Y = X;\n',
  "src/server/boot.ts": 'import { x } from "./leads";\nimport { env } from "./kernel/env";\nexport const start = x + env;\n',
  "src/server/leads/index.ts": 'export * from "./data/x";\n',
  "src/server/leads/data/x.ts": "export const x = 1;\nexport type X = number;\n",
  "src/server/leads/uses-root.ts": 'import { start } from "../boot";\nexport const y = start;\n',
  "src/server/leads/uses-view.tsx": 'import { Button } from "@/components/button";\nexport const y = Button;\n',
  "src/server/dashboard/through-entry.ts": 'import { x } from "../leads";\nimport { env } from "../kernel/env";\nexport const y = x + env;\n',
  "src/server/dashboard/alias-entry.ts": 'import { x } from "@/server/leads";\nexport const y = x;\n',
  "src/server/dashboard/inside.ts": 'import { x } from "../leads/data/x";\nexport const y = x;\n',
  "src/server/dashboard/inside-re-export.ts": 'export { x } from "@/server/leads/data/x";\n',
  "src/server/dashboard/type-inside.ts": 'import type { X } from "../leads/data/x";\nexport type Y = X;\n',
  "src/server/analytics/undeclared.ts": 'import { x } from "../leads";\nexport const y = x;\n',
  "src/server/analytics/lazy-undeclared.ts": 'export const load = () => import("../leads");\n',
  "src/server/widgets/thing.ts": 'import { env } from "../kernel/env";\nexport const y = env;\n',
  "src/lib/uses-server.ts": 'import { x } from "@/server/leads";\nexport const y = x;\n',
  "src/lib/type-of-server.ts": 'import type { X } from "@/server/leads/data/x";\nexport type Y = X;\n',
  "src/components/button.tsx": "export const Button = () => null;\n",
  "src/server/leads/cycle-a.ts": 'import { b } from "./cycle-b";\nexport const a = () => b;\n',
  "src/server/leads/cycle-b.ts": 'import { c } from "./cycle-c";\nexport const b = () => c;\n',
  "src/server/leads/cycle-c.ts": 'import { a } from "./cycle-a";\nexport const c = () => a;\n',
  "src/server/leads/typed-a.ts": 'import type { B } from "./typed-b";\nexport type A = B | 1;\n',
  "src/server/leads/typed-b.ts": 'import { type A } from "./typed-a";\nexport type B = A | 2;\nexport const b = 2;\n',
  "src/server/leads/self.ts": 'import { me } from "./self";\nexport const me = () => me;\n',
};

beforeAll(async () => {
  tree = fs.mkdtempSync(path.join(os.tmpdir(), "module-boundaries-"));
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
  const eslint = new ESLint({ cwd: tree, overrideConfigFile: path.join(root, "eslint.config.mjs") });
  const results = await eslint.lintFiles(Object.keys(FILES));
  messages = new Map(
    results.map((r) => [
      path.relative(tree, r.filePath).split(path.sep).join("/"),
      r.messages.filter((m) => m.fatal || m.ruleId?.startsWith("modules/")).map((m) => `${m.ruleId ?? "fatal"}: ${m.message}`),
    ]),
  );
}, 60_000);

afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

const refusedFor = (file: string) => messages.get(file) ?? [];

describe("the module layout's lint rules", () => {
  it("lint every sample (none fails to parse)", () => {
    expect([...messages.keys()].sort()).toEqual(Object.keys(FILES).sort());
    for (const list of messages.values()) expect(list.filter((m) => m.startsWith("fatal"))).toEqual([]);
  });

  it("refuse the kernel importing a feature or the composition root, not a type", () => {
    expect(refusedFor("src/server/kernel/uses-feature.ts")).toEqual([expect.stringContaining("The kernel imports no feature")]);
    expect(refusedFor("src/server/kernel/uses-root.ts")).toEqual([expect.stringContaining("The kernel imports no file of src/server's root")]);
    expect(refusedFor("src/server/kernel/type-of-feature.ts")).toEqual([]);
  });

  it("refuse a feature reaching into another's inside, allow its public entry", () => {
    expect(refusedFor("src/server/dashboard/inside.ts")).toEqual([expect.stringContaining("is inside the leads feature")]);
    expect(refusedFor("src/server/dashboard/inside-re-export.ts")).toEqual([expect.stringContaining("is inside the leads feature")]);
    expect(refusedFor("src/server/dashboard/through-entry.ts")).toEqual([]);
    expect(refusedFor("src/server/dashboard/alias-entry.ts")).toEqual([]);
    expect(refusedFor("src/server/dashboard/type-inside.ts")).toEqual([]);
  });

  it("refuse a feature using one it has not declared, dynamic imports included", () => {
    expect(refusedFor("src/server/analytics/undeclared.ts")).toEqual([expect.stringContaining("The analytics feature may not use leads")]);
    expect(refusedFor("src/server/analytics/lazy-undeclared.ts")).toEqual([expect.stringContaining("The analytics feature may not use leads")]);
    expect(refusedFor("src/server/widgets/thing.ts")).toEqual([expect.stringContaining("src/server/widgets/ is not a declared feature")]);
  });

  it("refuse a feature importing the composition root; the root composes", () => {
    expect(refusedFor("src/server/leads/uses-root.ts")).toEqual([expect.stringContaining("A feature imports no file of src/server's root")]);
    expect(refusedFor("src/server/boot.ts")).toEqual([]);
  });

  it("keep lib out of the server and the server out of components", () => {
    expect(refusedFor("src/lib/uses-server.ts")).toEqual([expect.stringContaining("src/lib is safe in the browser")]);
    expect(refusedFor("src/lib/type-of-server.ts")).toEqual([]);
    expect(refusedFor("src/server/leads/uses-view.tsx")).toEqual([expect.stringContaining("The server imports no component or page")]);
  });

  it("refuse every file of an import cycle, naming the cycle; type-only imports make none", () => {
    expect(refusedFor("src/server/leads/cycle-a.ts")).toEqual([
      "modules/no-import-cycle: This file imports itself round: src/server/leads/cycle-a.ts -> src/server/leads/cycle-b.ts -> src/server/leads/cycle-c.ts -> src/server/leads/cycle-a.ts. Move the shared part down into a module both can import, or pass it in.",
    ]);
    expect(refusedFor("src/server/leads/cycle-b.ts")).toEqual([
      expect.stringContaining("cycle-b.ts -> src/server/leads/cycle-c.ts -> src/server/leads/cycle-a.ts -> src/server/leads/cycle-b.ts"),
    ]);
    expect(refusedFor("src/server/leads/cycle-c.ts")).toHaveLength(1);
    expect(refusedFor("src/server/leads/self.ts")).toEqual([expect.stringContaining("self.ts -> src/server/leads/self.ts")]);
    expect(refusedFor("src/server/leads/typed-a.ts")).toEqual([]);
    expect(refusedFor("src/server/leads/typed-b.ts")).toEqual([]);
  });

  it("keep the declared feature dependencies free of loops, and would find one", () => {
    expect(dependencyLoop(FEATURE_DEPENDENCIES)).toBeNull();
    // media -> people -> newsletter -> content -> media
    const loop = dependencyLoop({ ...FEATURE_DEPENDENCIES, media: ["people"] }) as string[];
    expect(loop[0]).toBe(loop.at(-1));
    expect(loop).toEqual(expect.arrayContaining(["media", "people", "newsletter", "content"]));
    expect(dependencyLoop({ a: ["b"], b: ["c"], c: ["a"] })).toEqual(["a", "b", "c", "a"]);
  });

  it("declare every feature folder of src/server", () => {
    const folders = fs
      .readdirSync(path.join(root, "src/server"), { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name !== "kernel")
      .map((e) => e.name);
    expect(folders.sort()).toEqual(Object.keys(FEATURE_DEPENDENCIES).sort());
  });
});
