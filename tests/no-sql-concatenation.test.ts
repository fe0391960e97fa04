import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The lint rule of eslint.config.mjs that keeps SQL from being built out of strings
// (docs/decisions/0015), run through ESLint's API on samples linted as if they were app files.

const root = path.resolve(import.meta.dirname, "..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, "eslint.config.mjs") });
});

const HEADER = `import { sql } from "drizzle-orm";
declare const db: { execute(q: unknown): Promise<unknown> };
declare const pool: { query(q: unknown, values?: unknown[]): Promise<unknown> };
declare const email: string;
declare const id: number;
`;

async function sqlProblems(code: string, file = "src/server/leads/data/sample.ts") {
  const [result] = await eslint.lintText(`${HEADER}${code}\nexport {};\n`, { filePath: path.join(root, file) });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal, "the sample parses").toEqual([]);
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax");
}

const BAD: Record<string, string> = {
  "sql.raw with a value": "await db.execute(sql.raw(`select * from users where email = '${email}'`));",
  "sql.raw of a constant": "await db.execute(sql`select now() - ${sql.raw(\"interval '1 day'\")}`);",
  "template literal to execute": "await db.execute(`select * from users where email = '${email}'` as never);",
  "concatenation to execute": 'await db.execute("delete from leads where id = " + id as never);',
  "template literal to pg query": "await pool.query(`select * from users where email = '${email}'`);",
  "concatenation to pg query": 'await pool.query("select * from users where email = \'" + email + "\'");',
  "query object with a built text": 'await pool.query({ text: "select * from users where id = " + id } as never);',
  "template literal to unsafe": "declare const client: { unsafe(q: string): Promise<unknown> };\nawait client.unsafe(`select ${id}`);",
};

const GOOD: Record<string, string> = {
  "sql tagged template with values": "await db.execute(sql`select * from users where email = ${email} and id = ${id}`);",
  "sql tagged template, multi-line": "await db.execute(sql`\n  delete from leads\n  where id = ${id}`);",
  "pg query with parameters": 'await pool.query("select * from users where email = $1", [email]);',
  "constant query text": 'await pool.query("select 1");',
  "template literal without a value": "await pool.query(`select 1`);",
  "string building elsewhere": 'const label = `user ${email}` + "!";\nvoid label;',
};

describe("the no-SQL-concatenation lint rule", () => {
  it("fires on every sample that builds SQL from strings", async () => {
    const missed: string[] = [];
    for (const [name, code] of Object.entries(BAD)) if ((await sqlProblems(code)).length === 0) missed.push(name);
    console.log(`no-SQL-concatenation rule: fired on ${Object.keys(BAD).length - missed.length}/${Object.keys(BAD).length} bad samples`);
    expect(missed).toEqual([]);
  });

  it("stays quiet on the sql tagged template and on parameterised queries", async () => {
    const flagged: string[] = [];
    for (const [name, code] of Object.entries(GOOD)) if ((await sqlProblems(code)).length > 0) flagged.push(name);
    console.log(`no-SQL-concatenation rule: ${flagged.length}/${Object.keys(GOOD).length} good samples flagged`);
    expect(flagged).toEqual([]);
  });

  it("allows sql.raw only in the table definitions (DDL constants), and the app's code passes", async () => {
    expect(await sqlProblems("export const c = sql`x <= ${sql.raw(String(10))}`;", "src/server/kernel/db/schema.ts")).toEqual([]);
    expect(await sqlProblems("export const c = sql`x <= ${sql.raw(String(10))}`;", "src/server/leads/data/leads.ts")).toHaveLength(1);
    const results = await eslint.lintFiles(["src/server", "scripts"]);
    const problems = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => `${path.relative(root, r.filePath)}:${m.line}`),
    );
    console.log(`no-SQL-concatenation rule: ${results.length} files of src/server and scripts linted, ${problems.length} problems`);
    expect(problems).toEqual([]);
    // ESLint over every server file: about 25 s alone, more beside another test file on two cores.
  }, 120_000);
});
