import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUpTestDatabase } from "./helpers/test-db";

// The dashboard's actions through the one wrapper (src/server/kernel/forms/form-action.ts), on a real database.
// The role check is proven end-to-end (e2e/access-matrix.spec.ts); here it lets the admin through.
let requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
vi.mock("next/headers", () => ({ headers: async () => requestHeaders }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("@/server/kernel/session/auth-guard", () => ({
  requireRole: async () => ({ id: "test-admin", email: "admin@test.example", name: "Admin", emailVerified: true }),
  AccessDeniedError: class extends Error {},
}));
const logged: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
vi.mock("@/server/kernel/log", async (original) => ({
  ...(await original<typeof import("@/server/kernel/log")>()),
  log: (level: string, msg: string, fields: Record<string, unknown> = {}) => logged.push({ level, msg, fields }),
}));

const { saveRecord, deleteRecord } = await import("@/server/dashboard/admin-actions");
const { CONTENT_EMPTY_MESSAGE } = await import("@/server/content/data/blog-posts-admin");

const handle = setUpTestDatabase();

/** A valid dialog for each table, and the SQL table behind it. */
const TABLES = [
  { id: "leads", sqlTable: "leads", noun: "lead", form: { name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210" } },
  {
    id: "messages",
    sqlTable: "contact_messages",
    noun: "contact message",
    form: { name: "Asha Rao", email: "asha@example.com", mobileNumber: "9876543210", message: "Call me." },
  },
  { id: "case-studies", sqlTable: "case_studies", noun: "case study", form: { title: "Doubling repeat orders", companyName: "GlowLab" } },
  {
    id: "testimonials",
    sqlTable: "testimonials",
    noun: "testimonial",
    form: { clientName: "Asha Rao", company: "GlowLab", content: "Great work.", rating: "5" },
  },
  { id: "posts", sqlTable: "blog_posts", noun: "blog post", form: { title: "A post", slug: "a-post-actions", content: "<p>Hello.</p>", authorName: "Team" } },
] as const;

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
};
const rows = async (table: string) => (await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]!.n;
const firstId = async (table: string) =>
  (await handle.db.execute<{ id: string }>(sql`select id from ${sql.identifier(table)} order by created_at limit 1`)).rows[0]!.id;

/** What no answer may carry: SQL, a constraint's or table's name, a stack. */
const LEAKS = /\b(insert|update|delete|select)\b.*\b(into|set|from)\b|constraint|forced_failure|violates|_valid\b|\bat .*:\d+|node_modules|\.ts\b/i;

beforeEach(() => {
  logged.length = 0;
  requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
});

describe("admin saves", () => {
  it("create, update and delete each table through its definition", async () => {
    for (const table of TABLES) {
      const before = await rows(table.sqlTable);
      const created = await saveRecord(table.id, null, formOf(table.form));
      expect(created.status, `${table.id}: ${created.message}`).toBe("success");
      expect(await rows(table.sqlTable)).toBe(before + 1);
      const id = await firstId(table.sqlTable);
      const updated = await saveRecord(table.id, id, formOf(table.form));
      expect(updated.status, table.id).toBe("success");
      const deleted = await deleteRecord(table.id, id);
      expect(deleted).toMatchObject({ status: "success", message: `${table.noun[0]!.toUpperCase()}${table.noun.slice(1)} deleted successfully.` });
      expect(await rows(table.sqlTable)).toBe(before);
    }
  });

  it("a database error in any save answers a fixed text and logs the details", async () => {
    let figures = 0;
    for (const table of TABLES) {
      // One row to update, then every write to the table fails in the database itself.
      await saveRecord(table.id, null, formOf({ ...table.form, ...("slug" in table.form ? { slug: "forced-failure-row" } : {}) }));
      const id = await firstId(table.sqlTable);
      await handle.db.execute(sql`alter table ${sql.identifier(table.sqlTable)} add constraint forced_failure check (false) not valid`);
      try {
        const form = { ...table.form, ...("slug" in table.form ? { slug: "forced-failure-new" } : {}) };
        for (const answer of [
          await saveRecord(table.id, null, formOf(form)),
          await saveRecord(table.id, id, formOf({ ...form, slug: "forced-failure-row" })),
        ]) {
          expect(answer).toMatchObject({ status: "error", title: "Error", message: `Failed to save ${table.noun}. Please try again.` });
          expect(JSON.stringify(answer)).not.toMatch(LEAKS);
          figures++;
        }
        const details = logged.filter((l) => l.msg === "admin save failed" && l.fields.table === table.id);
        expect(details, table.id).toHaveLength(2);
        expect(JSON.stringify(details[0]!.fields)).toContain("forced_failure");
      } finally {
        await handle.db.execute(sql`alter table ${sql.identifier(table.sqlTable)} drop constraint forced_failure`);
      }
      logged.length = 0;
    }
    console.log(`${figures} saves failed in the database (5 tables, create and update): every answer a fixed text, no SQL`);
  });

  it("blog content that sanitises to nothing: a message beside the field, nothing saved, details logged", async () => {
    const before = await rows("blog_posts");
    for (const content of ["<script>alert(1)</script>", '<iframe src="https://evil.example"></iframe>', "<p> </p><style>p{}</style>"]) {
      const answer = await saveRecord("posts", null, formOf({ title: "Empty", slug: "empty-after-sanitising", content, authorName: "Team" }));
      expect(answer).toMatchObject({ status: "invalid", fieldErrors: { content: CONTENT_EMPTY_MESSAGE } });
      expect(JSON.stringify(answer)).not.toMatch(LEAKS);
    }
    expect(await rows("blog_posts")).toBe(before);
    const refusals = logged.filter((l) => l.msg === "admin save failed: refused");
    expect(refusals).toHaveLength(3);
    expect(refusals[0]!.fields).toMatchObject({ table: "posts", fields: ["content"], reason: CONTENT_EMPTY_MESSAGE });
    expect(CONTENT_EMPTY_MESSAGE).toBe("Content is empty after removing unsafe markup.");
  });

  it("a taken slug is a field error, with the server's words in the toast", async () => {
    const form = { title: "Slug owner", slug: "taken-slug-actions", content: "Text.", authorName: "Team" };
    expect((await saveRecord("posts", null, formOf(form))).status).toBe("success");
    const again = await saveRecord("posts", null, formOf({ ...form, title: "Another" }));
    expect(again).toMatchObject({
      status: "invalid",
      title: "Error",
      message: 'The slug "taken-slug-actions" is already used by another post.',
      fieldErrors: { slug: "This slug is already used by another post. Choose another." },
    });
  });

  it("refuses a foreign or null Origin, an unknown table and a malformed id without touching the database", async () => {
    const before = await rows("leads");
    requestHeaders = new Headers({ host: "localhost:3000", origin: "null" });
    expect(await saveRecord("leads", null, formOf(TABLES[0].form))).toMatchObject({ status: "refused" });
    requestHeaders = new Headers({ host: "localhost:3000", origin: "https://evil.example" });
    expect(await deleteRecord("leads", "00000000-0000-4000-8000-000000000000")).toMatchObject({ status: "refused" });
    requestHeaders = new Headers({ host: "localhost:3000", origin: "http://localhost:3000" });
    expect(await saveRecord("profiles", null, formOf({}))).toMatchObject({ status: "error" });
    expect(await saveRecord("leads", "1; drop table leads", formOf(TABLES[0].form))).toMatchObject({ message: "Failed to save lead. Please try again." });
    expect(await rows("leads")).toBe(before);
  });
});
