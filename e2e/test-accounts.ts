/**
 * The accounts the shared end-to-end server makes owners when they verify their address
 * (its ADMIN_EMAILS, set in playwright.config.ts). Each spec that signs an owner in uses its own
 * address from this list, so that specs running in parallel never share a session or a sign-in limit.
 */
export const E2E_OWNERS = [
  "admin@e2e.test",
  "admin-unverified@e2e.test",
  "first-admin@e2e.test",
  "dash@e2e.test",
  "matrix@e2e.test",
  "csp@e2e.test",
  "csp-inject@e2e.test",
  "xss@e2e.test",
  "refuse@e2e.test",
  "media@e2e.test",
  "team-owner@e2e.test",
  "activity@e2e.test",
  "studio@e2e.test",
  "schedule@e2e.test",
  "og@e2e.test",
  "preview@e2e.test",
  "overview@e2e.test",
  "follow@e2e.test",
  "records@e2e.test",
  "analytics@e2e.test",
  "lead-visit@e2e.test",
  "api-keys@e2e.test",
  "mcp@e2e.test",
  "hooks@e2e.test",
  "subscribers@e2e.test",
  "people@e2e.test",
  "calendar@e2e.test",
  "pipeline@e2e.test",
  "booking@e2e.test",
  "shell@e2e.test",
  "proof@e2e.test",
  "room@e2e.test",
] as const;
