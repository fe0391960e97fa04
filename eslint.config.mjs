import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { moduleBoundaries } from "./eslint/module-boundaries.mjs";

/**
 * No SQL built from strings (docs/decisions/0015): values reach the database only as
 * parameters of drizzle's `sql` tagged template (or the query builder). Refused: `sql.raw(...)`,
 * and a template literal with `${...}` or a `+` concatenation given to `.execute()`, `.query()`
 * or `.unsafe()` (drizzle, pg, PGlite), directly or as the `text` of a query object.
 * tests/no-sql-concatenation.test.ts proves the rule fires on such code and not on `sql```.
 */
const QUERY_CALL = "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(execute|query|unsafe)$/]";
// An argument of such a call, also behind a type assertion (`... as never`, `...!`, `satisfies`).
const WRAPPER = ":matches(TSAsExpression, TSSatisfiesExpression, TSNonNullExpression, TSTypeAssertion)";
const argument = (node) => `${QUERY_CALL} > ${node}.arguments, ${QUERY_CALL} > ${WRAPPER}.arguments > ${node}`;
const BUILT_STRING = ":matches(TemplateLiteral[expressions.length>0], BinaryExpression[operator='+'])";
const SQL_RAW = {
  selector: "CallExpression[callee.type='MemberExpression'][callee.object.name='sql'][callee.property.name='raw']",
  message: "sql.raw() puts a string into SQL unescaped: write the value as ${value} inside sql`...` so that it is sent as a parameter.",
};
const BUILT_QUERIES = [
  {
    selector: argument(BUILT_STRING),
    message:
      "A query built from strings (template literal or +): use drizzle's sql`...` tag (values become parameters) or pass the values as parameters ($1, [value]).",
  },
  {
    selector: [`${QUERY_CALL} > ObjectExpression.arguments`, `${QUERY_CALL} > ${WRAPPER}.arguments > ObjectExpression`]
      .map((object) => `${object} > Property[key.name='text'] > ${BUILT_STRING}`)
      .join(", "),
    message: "A query text built from strings: pass the values as parameters ($1, values: [value]).",
  },
];

/**
 * Only the data layer opens the database (docs/decisions/0054, 0088): a module outside a `data/`
 * folder of src/server (each feature's and each kernel part's queries) and src/server/kernel/db/
 * may not import the database client (`@/server/kernel/db/client` or a relative `db/client`
 * path), so every query of the app is a named function of a data module. A type-only import
 * (`import type { Executor }`) is allowed: a type runs no query. The schema's table objects are not
 * refused: without the client they cannot run a query, and its constants and row types are shared
 * with the pages. tests/data-layer-imports.test.ts proves the rule fires outside data/ and not inside it.
 */
const DATABASE_CLIENT_ONLY_IN_DATA_LAYER = {
  files: ["src/**/*.ts", "src/**/*.tsx", "host/**/*.ts"],
  ignores: ["src/server/**/data/**", "src/server/kernel/db/**"],
  rules: {
    "@typescript-eslint/no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            regex: "(^|/)db/client(\\.ts)?$",
            allowTypeImports: true,
            message:
              "Only the data layer opens the database (docs/decisions/0054): put the query in a function of the feature's data/ folder and call that. `import type` stays allowed.",
          },
        ],
      },
    ],
  },
};

const config = [
  ...next,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "data/**", "drizzle/**", "next-env.d.ts", "test-results/**", "playwright-report/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-syntax": ["error", SQL_RAW, ...BUILT_QUERIES],
    },
  },
  {
    // Table definitions: CHECK constraints are DDL, which takes no parameters; the raw parts are
    // constants of this file (LIMITS, enum values, the slug pattern), never input.
    files: ["src/server/kernel/db/schema.ts"],
    rules: { "no-restricted-syntax": ["error", ...BUILT_QUERIES] },
  },
  DATABASE_CLIENT_ONLY_IN_DATA_LAYER,
  {
    // The module layout (eslint/module-boundaries.mjs, docs/decisions/0088): the kernel imports no
    // feature, a feature reaches another only through its index.ts and only along the declared
    // dependencies, lib stays out of the server, the server out of components; and no file
    // imports itself round through others (type-only imports aside: they run nothing).
    files: ["src/**/*.ts", "src/**/*.tsx"],
    plugins: { modules: moduleBoundaries },
    rules: {
      "modules/module-boundaries": "error",
      "modules/no-import-cycle": "error",
    },
  },
];
export default config;
