import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The role check is proven end-to-end (e2e/access-matrix.spec.ts); here it lets every call through.
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "test-admin", email: "admin@test.example", name: "Admin", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));

const { countRecords, listRecords } = await import("@/server/dashboard/data/admin-records");
const { leadsTable } = await import("@/lib/admin-tables/leads");
type ListParams = import("@/server/kernel/db/admin-list").ListParams;
type Lead = import("@/server/kernel/db/schema").Lead;
const listLeadsForAdmin = (params: ListParams) => listRecords<Lead>(leadsTable, params);
const countLeadsForAdmin = (params: ListParams) => countRecords(leadsTable, params);
const { PAGE_SIZE, containsPattern } = await import("@/server/kernel/db/admin-list");

const handle = setUpTestDatabase();
const ROWS = 10_000;

beforeAll(async () => {
  // 10,000 leads, one a minute, with a few to find.
  await handle.db.execute(sql`
    insert into leads (name, email, mobile_number, monthly_revenue, growth_challenge, status, created_at)
    select 'Lead ' || g,
           'lead' || g || '@example.com',
           '+91987654' || lpad((g % 10000)::text, 4, '0'),
           '10L-50L/month',
           case when g % 1000 = 0 then 'Needle in 100% of cases_' else 'Rising CAC' end,
           (array['new','contacted','qualified','won','lost'])[1 + g % 5],
           timestamptz '2026-01-01' + (g || ' minutes')::interval
    from generate_series(1, ${ROWS}) g`);
});

describe(`admin lists with ${ROWS.toLocaleString("en-IN")} rows`, () => {
  it("pages newest first with the total, and stays quick", async () => {
    const started = performance.now();
    const first = await listLeadsForAdmin({ page: 1 });
    const last = await listLeadsForAdmin({ page: 400 });
    const ms = performance.now() - started;
    console.log(`first and last page of ${ROWS} leads on ${handle.label}: ${ms.toFixed(0)} ms for both`);
    expect(first.total).toBe(ROWS);
    expect(first.pageCount).toBe(ROWS / PAGE_SIZE);
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.rows[0]!.name).toBe(`Lead ${ROWS}`);
    expect(last.page).toBe(400);
    expect(last.rows.at(-1)!.name).toBe("Lead 1");
  });

  it("searches (wildcards taken literally), filters by status and sorts", async () => {
    const started = performance.now();
    const found = await listLeadsForAdmin({ q: "100% of cases_" });
    console.log(`search over ${ROWS} leads: ${(performance.now() - started).toFixed(0)} ms`);
    expect(found.total).toBe(10);
    expect(await countLeadsForAdmin({ q: "needle", status: "new" })).toBe(10); // g % 1000 = 0 → g % 5 = 0 → 'new'
    expect(await countLeadsForAdmin({ q: "%" })).toBe(10);
    const won = await listLeadsForAdmin({ status: "won", sort: "name", dir: "asc" });
    expect(won.total).toBe(ROWS / 5);
    const names = won.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort());
    // An unknown sort or a page past the end falls back safely.
    const odd = await listLeadsForAdmin({ sort: "password; drop table leads", page: 99_999 });
    expect(odd.page).toBe(odd.pageCount);
  });

  it("escapes LIKE wildcards", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
