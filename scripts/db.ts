// `npm run db:migrate` and `npm run db:seed`, on DATABASE_URL or the embedded database.
// On the embedded database they refuse, with the owner's pid, while a server holds it.
import { openConfiguredDatabase } from "../src/server/db/client";
import { DatabaseLockedError } from "../src/server/db/lock";
import { seedSampleContent } from "../src/server/db/seed";

async function main(command: string | undefined) {
  if (command !== "migrate" && command !== "seed") {
    console.error("usage: tsx scripts/db.ts migrate|seed");
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
        `Sample content (${handle.kind}): ${report.blogPosts} blog posts, ${report.caseStudies} case studies, ${report.testimonials} testimonials added.`,
      );
    }
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
