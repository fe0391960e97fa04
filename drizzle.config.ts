import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from the schema; the app applies them itself at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/kernel/db/schema.ts",
  out: "./drizzle",
  casing: undefined,
});
