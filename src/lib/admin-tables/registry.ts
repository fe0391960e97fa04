import type { AdminTableDefinition } from "./definition";
import { authorsTable } from "./authors";
import { blogPostsTable } from "./blog-posts";
import { caseStudiesTable } from "./case-studies";
import { leadsTable } from "./leads";
import { mediaTable } from "./media";
import { messagesTable } from "./messages";
import { spamTable } from "./spam";
import { testimonialsTable } from "./testimonials";

/** The dashboard's tables in the sidebar's order (docs/decisions/0072). Adding one: a definition here and a migration (ADR 0024). */
export const ADMIN_TABLES: readonly AdminTableDefinition[] = [
  leadsTable,
  messagesTable,
  spamTable,
  blogPostsTable,
  caseStudiesTable,
  testimonialsTable,
  authorsTable,
  mediaTable,
];

export function adminTable(id: string): AdminTableDefinition | undefined {
  return ADMIN_TABLES.find((t) => t.id === id);
}
