import os from "node:os";
import path from "node:path";

// Tests never write secrets or mail into the working tree.
process.env.DATA_DIR ??= path.join(os.tmpdir(), `vitest-data-${process.pid}`);
process.env.BETTER_AUTH_SECRET ??= "test-secret-that-is-long-enough-for-better-auth-0123456789";
process.env.ADMIN_EMAILS ??= "boss@test.example,boss-unverified@test.example";
process.env.SITE_URL ??= "http://localhost:3999";
// The link checker asks no other site (a test that points it at a local server turns it on).
process.env.LINK_CHECK_EXTERNAL ??= "false";
