import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      // "server-only" throws outside React's server build; in tests it is an empty module.
      "server-only": path.resolve(import.meta.dirname, "src/test/empty-module.ts"),
    },
  },
  test: {
    environment: "node",
    setupFiles: ["tests/setup-env.ts"],
    // One migrated embedded database per run, copied for each test file's (tests/global-setup.ts).
    globalSetup: ["tests/global-setup.ts"],
    include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default in a run is one worker fewer than the cores: one on a two-core machine, where
    // the files then run one after another while much of their time is spent waiting (the embedded
    // database's own thread, the job queue's polling, a minute's cron tick). With two, the cores were
    // still idle 13 % of the run (tests/queue.test.ts waits up to 75 s for a minute to turn); three
    // took the whole run on two quiet cores from 480 s to 420 s (docs/testing.md).
    maxWorkers: 3,
  },
});
