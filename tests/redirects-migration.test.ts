import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";

// Migration 0025 (docs/decisions/0091): the renamed posts' old addresses kept in blog_slug_redirects
// become rows of the redirect table, and that table goes. Run on a database migrated to 0024 first.
const DRIZZLE = path.resolve(import.meta.dirname, "../drizzle");
const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0024-"));
afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

it("moves the old slugs into redirects and drops blog_slug_redirects", async () => {
  fs.cpSync(DRIZZLE, before, { recursive: true });
  const journalPath = path.join(before, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 25);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  const { rows } = await client.query<{ id: string }>(
    "insert into blog_posts (title, slug, content, published) values ('Moved', 'moved-now', '<p>Body</p>', true) returning id",
  );
  await client.query("insert into blog_slug_redirects (old_slug, post_id) values ('moved-before', $1), ('moved-earlier', $1)", [rows[0]!.id]);

  await migrate(db, { migrationsFolder: DRIZZLE });
  const moved = await client.query<{ source: string; target: string; status: number }>("select source, target, status from redirects order by source");
  expect(moved.rows).toEqual([
    { source: "/blog/moved-before", target: "/blog/moved-now", status: 301 },
    { source: "/blog/moved-earlier", target: "/blog/moved-now", status: 301 },
  ]);
  expect((await client.query("select 1 from information_schema.tables where table_name = 'blog_slug_redirects'")).rows).toEqual([]);
  await client.close();
});
