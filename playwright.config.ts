import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { TEST_CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./e2e/chromium";
import { SECURITY_ONLY_SPECS } from "./e2e/security/own-specs";
import { E2E_OWNERS } from "./e2e/test-accounts";
import { E2E_RAZORPAY } from "./e2e/razorpay";

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A second server on the same build whose database is unreachable: the fallback paths (home's samples, the built-in case study, an empty blog listing). */
export const FALLBACK_URL = `http://127.0.0.1:${PORT + 1}`;

// One fresh embedded database per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));

export default defineConfig({
  testDir: "e2e",
  // The security suite's own specs (e2e/security/own-specs.ts) run in `npm run test:security`, which
  // sets SECURITY_SUITE; the headers and CSP specs run with everything else.
  testIgnore: process.env.SECURITY_SUITE ? [] : SECURITY_ONLY_SPECS.map((spec) => `**/${spec.replace(/^e2e\//, "")}`),
  // A test's time limit guards against a hang, it measures nothing. On CI's two cores, two workers'
  // Chromiums and the server share the machine, and a dashboard test of many steps was seen to pass
  // 30 s there; the limit is doubled on CI so that only a hang fails.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: ".test-reports/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    // Recording a trace (a DOM snapshot and a screenshot at every step) costs every test its CPU even
    // when it is thrown away; on CI a failed test runs again, and that retry is the one recorded.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? TEST_CHROMIUM_PATH,
      args: TEST_CHROMIUM_ARGS,
    },
  },
  // A test tagged @site-wide changes what every visitor meets (public sign-up closed from the Team
  // screen, a post published on /blog that the blog's tests would count): it runs after all the
  // others, one at a time, so that no other test meets the change.
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } }, grepInvert: /@site-wide/ },
    {
      name: "site-wide",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      grep: /@site-wide/,
      dependencies: ["desktop"],
      workers: 1,
    },
  ],
  // The security suite's specs use the main server or start their own: neither the fake payment
  // provider nor the fallback server is started for them (two server start-ups fewer on two cores).
  webServer: [
    {
      command: "node host/start.ts",
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      // One access-log line per request (docs/decisions/0015) would bury the results: warnings and errors still show.
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        SKIP_BUILD: "1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        SITE_URL: BASE_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        // Forms: a person needs a second, not three, in these tests.
        FORM_MIN_FILL_SECONDS: "1",
        // Each test gives itself its own client address through X-Forwarded-For (e2e/helpers.ts).
        TRUST_PROXY: "1",
        // The whole suite sends hundreds of forms within the hour, and some tests expect their
        // acknowledgement: the overall hourly limit (ADR 0042) is proved in tests/lead-acknowledgement.test.ts.
        FORM_ACKNOWLEDGEMENT_HOURLY_LIMIT: "1000000",
        ADMIN_EMAILS: E2E_OWNERS.join(","),
        // e2e/calendar.spec.ts connects a member's calendar to a Radicale it starts on 127.0.0.1.
        CALENDAR_ALLOW_PRIVATE_TARGETS: "true",
        // The link checker's requests to other sites: none from the tests (tests/link-checker.test.ts points them at local servers).
        LINK_CHECK_EXTERNAL: "false",
        // Proposals and invoices need the agency's GST particulars (docs/decisions/0106); a GSTIN whose check character is right.
        BILLING_LEGAL_NAME: "Kinetic Growth Marketing Private Limited",
        BILLING_ADDRESS: "401, Example Towers\\nAndheri East, Mumbai 400069",
        BILLING_GSTIN: "27AAPFU0939F1ZV",
        BILLING_SIGNATORY: "Asha Menon, Director",
        // Payment links through the local fake of Razorpay below; the webhook's secret signs the test's events.
        RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId,
        RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret,
        RAZORPAY_WEBHOOK_SECRET: E2E_RAZORPAY.webhookSecret,
        RAZORPAY_API_BASE: `http://127.0.0.1:${PORT + 8}`,
      },
    },
    ...(process.env.SECURITY_SUITE ? [] : paymentAndFallbackServers()),
  ],
});

type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, readonly unknown[]>[number];

/** The local fake of Razorpay's API (proposals' payment links) and the server whose database is unreachable (the fallback paths). */
function paymentAndFallbackServers(): WebServer[] {
  return [
    {
      command: "node e2e/fake-razorpay-server.ts",
      // E2E_PORT + 2 belongs to the shutdown spec's own server; + 8 is free in every spec.
      port: PORT + 8,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_RAZORPAY_PORT: String(PORT + 8), RAZORPAY_KEY_ID: E2E_RAZORPAY.keyId, RAZORPAY_KEY_SECRET: E2E_RAZORPAY.keySecret },
    },
    {
      command: "node host/start.ts",
      // Its /api/health answers 503 by design; /about answers with its sample team when the database fails.
      url: `${FALLBACK_URL}/about`,
      timeout: 120_000,
      reuseExistingServer: false,
      // One access-log line per request (docs/decisions/0015) would bury the results: warnings and errors still show.
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: String(PORT + 1),
        SKIP_BUILD: "1",
        // Nothing listens on port 9: every query fails at once with ECONNREFUSED.
        DATABASE_URL: "postgres://postgres@127.0.0.1:9/unreachable",
        SITE_URL: FALLBACK_URL,
        NEXT_TELEMETRY_DISABLED: "1",
        // Both servers run from one .next folder, and Next keeps rendered pages on disk there
        // (.next/server/route-cache): without this the fallback server would serve the main
        // server's cached pages (and the other way round). Next's own test switch turns its page
        // cache off for this process only, so every request here renders afresh.
        NEXT_PRIVATE_TEST_PROXY: "true",
      },
    },
  ];
}
