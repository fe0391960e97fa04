import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The lint rule of eslint.config.mjs that keeps the database client inside the data layer
// (docs/decisions/0054): samples are linted through ESLint's API as if they were files at the
// given paths, so the rule's file globs are what is tested, not a copy of them.

const root = path.resolve(import.meta.dirname, "..");
const RULE = "@typescript-eslint/no-restricted-imports";
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.mjs") });
});

async function refusals(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  expect(
    result!.messages.filter((m) => m.fatal),
    "the sample parses",
  ).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

const USES_THE_CLIENT = {
  alias: 'import { db } from "@/server/kernel/db/client";\nexport const rows = () => db().execute("select 1" as never);',
  relative: 'import { db } from "../db/client";\nexport const rows = () => db();',
  "relative with its extension": 'import { getDatabase } from "../../server/db/client.ts";\nexport const handle = getDatabase;',
  "a value beside a type": 'import { db, type Executor } from "../db/client";\nexport const run = (e: Executor = db()) => e;',
  "a re-export": 'export { db } from "@/server/kernel/db/client";',
};

describe("the data-layer import rule", () => {
  it("refuses the database client in modules outside a data/ folder of src/server and src/server/kernel/db/", async () => {
    const places = [
      "src/server/kernel/session/sample.ts",
      "src/server/leads/sample.ts",
      "src/server/sample.ts",
      "src/app/sample/page.tsx",
      "src/lib/sample.ts",
      "host/sample.ts",
    ];
    const found: Record<string, string[]> = {};
    for (const file of places) {
      for (const [name, code] of Object.entries(USES_THE_CLIENT)) found[`${name} in ${file}`] = await refusals(code, file);
    }
    const missed = Object.keys(found).filter((sample) => found[sample]!.length === 0);
    expect(missed).toEqual([]);
    // Each refusal says where the query goes instead.
    expect(
      Object.values(found)
        .flat()
        .filter((message) => !message.includes("Only the data layer opens the database")),
    ).toEqual([]);
  });

  it("allows the client in the data layer and the database's own modules", async () => {
    for (const file of ["src/server/leads/data/sample.ts", "src/server/kernel/session/data/sample.ts", "src/server/kernel/db/sample.ts"]) {
      for (const code of Object.values(USES_THE_CLIENT)) expect(await refusals(code, file)).toEqual([]);
    }
  });

  it("allows a type-only import of the client anywhere", async () => {
    const typeOnly = [
      'import type { Executor } from "../db/client";\nexport type Run = (e: Executor) => void;',
      'import { type DatabaseHandle } from "@/server/kernel/db/client";\nexport type Handle = DatabaseHandle;',
    ];
    for (const code of typeOnly) expect(await refusals(code, "src/server/kernel/session/sample.ts")).toEqual([]);
  });

  it("leaves other db/ modules and the schema alone", async () => {
    const code =
      'import { prepareAppDatabase } from "../db/prepare";\nimport { DEFAULT_AUTHOR_NAME } from "@/server/kernel/db/schema";\nexport const x = [prepareAppDatabase, DEFAULT_AUTHOR_NAME];';
    expect(await refusals(code, "src/server/sample.ts")).toEqual([]);
  });
});
