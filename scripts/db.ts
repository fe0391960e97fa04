// `npm run db:migrate` and `npm run db:seed`, on DATABASE_URL or the embedded database;
// `npm run db:backup [file]` and `npm run db:restore <file>` for the embedded database.
// On the embedded database they refuse, with the owner's pid, while a server holds it.
import path from "node:path";
import { backupPglite, restorePglite } from "../src/server/kernel/db/backup";
import { openConfiguredDatabase } from "../src/server/kernel/db/client";
import { DatabaseLockedError } from "../src/server/kernel/db/lock.ts";
import { seedSampleContent } from "../src/server/kernel/db/seed";

function embeddedDataDir(): string {
  if (process.env.DATABASE_URL) {
    console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with psql (docs/operations.md).");
    process.exit(2);
  }
  return path.join(process.env.DATA_DIR?.trim() || "./data", "pglite");
}

async function main(command: string | undefined, file: string | undefined) {
  if (command === "backup") {
    const target = file ?? path.join("backups", `pglite-${new Date().toISOString().replace(/[:.]/g, "-")}.tgz`);
    const { bytes } = backupPglite(embeddedDataDir(), target);
    console.log(`Backup written: ${target} (${bytes} bytes).`);
    return;
  }
  if (command === "restore") {
    if (!file) {
      console.error("usage: npm run db:restore -- <backup.tgz>");
      process.exit(2);
    }
    const { keptAs } = restorePglite(embeddedDataDir(), file);
    console.log(`Restored ${file}.${keptAs ? ` The database it replaced is kept in ${keptAs}.` : ""}`);
    return;
  }
  if (command !== "migrate" && command !== "seed") {
    console.error("usage: tsx scripts/db.ts migrate|seed|backup [file]|restore <file>");
    process.exit(2);
  }
  const handle = openConfiguredDatabase();
  try {
    await handle.migrate();
    if (command === "migrate") {
      console.log(`Migrations applied (${handle.kind}).`);
    } else {
      const report = await seedSampleContent(handle.db);
      console.log(
        `Sample content (${handle.kind}): ${report.authors} authors, ${report.blogPosts} blog posts, ${report.caseStudies} case studies, ${report.testimonials} testimonials added.`,
      );
    }
  } finally {
    await handle.close();
  }
}

main(process.argv[2], process.argv[3]).catch((error: unknown) => {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
