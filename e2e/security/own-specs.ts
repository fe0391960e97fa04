/**
 * The specs of e2e/security that only `npm run test:security` runs: the hostile-input suite (minutes:
 * hundreds of submissions), the specs that start servers of their own (SIGTERM, logs, integrity,
 * request limits, load and faults: kill -9, outages, object storage, several servers, the dev
 * server), and the script-injection spec (dozens of page loads). The other specs of the folder
 * (headers and CSP, the sign-in limit, refused input) run with everything else in `npm test` too.
 */
export const SECURITY_ONLY_SPECS = [
  "hostile-input",
  "shutdown",
  "load",
  "kill",
  "outage",
  "logs",
  "integrity",
  "csp-injection",
  "request-limits",
  "object-storage",
  "several-servers",
  "two-factor-required",
  "passkeys",
  "dev-server",
  "auth-first-request",
].map((name) => `e2e/security/${name}.spec.ts`);
