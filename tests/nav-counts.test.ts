import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The role checks are proven end-to-end (e2e/access-matrix.spec.ts); here they let every call through.
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "test-owner", email: "owner@test.example", name: "Owner", emailVerified: true }),
  getViewer: async () => ({ kind: "anonymous" }),
  AccessDeniedError: class extends Error {},
}));

const { navCounts } = await import("@/app/admin/dashboard-gate");
const { dashboardScreens } = await import("@/lib/admin-tables/screens");

const handle = setUpTestDatabase();

beforeAll(async () => {
  await handle.db.execute(sql`
    insert into leads (name, email, mobile_number, monthly_revenue, growth_challenge)
    values ('Asha', 'asha@example.com', '+919876500001', '10L-50L/month', 'Rising CAC'),
           ('Ravi', 'ravi@example.com', '+919876500002', '10L-50L/month', 'Rising CAC'),
           ('Xyz Traders', 'xyz@example.com', '+919876500003', '10L-50L/month', 'Rising CAC')`);
});

describe("the dashboard navigation's badges", () => {
  // navCounts takes no search: a page cannot pass the screen's ?q= to the badges.
  it("count each table's records", async () => {
    const screens = dashboardScreens("owner");
    const counts = await navCounts(screens);
    expect(counts.leads).toBe(3);
    const tables = screens.filter((s) => s.table).map((s) => s.id);
    expect(Object.keys(counts).sort()).toEqual([...tables].sort());
  });
});
