import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { sampleAuthors } from "@/content/samples";
import { db, type Executor } from "../../kernel/db/client";
import { databaseError } from "../../kernel/db/errors";
import type { PublicAuthor } from "@/lib/authors";
import { authors, blogPosts } from "../../kernel/db/schema";
import { FieldError } from "../../kernel/forms/form-action";
import { errorFields, log } from "../../kernel/log";

// The blog's authors (docs/decisions/0069): a post names its author by text, and the profile with
// that name (case and outer spaces aside, as the unique index authors_name_key compares them) is
// the one its article shows.

const PUBLIC_COLUMNS = {
  name: authors.name,
  role: authors.role,
  bio: authors.bio,
  photoUrl: authors.photoUrl,
  linkedinUrl: authors.linkedinUrl,
  xUrl: authors.xUrl,
  websiteUrl: authors.websiteUrl,
};

/** A person as the team page, home's team section and a service page show them (docs/decisions/0103). */
export interface TeamMember {
  name: string;
  role: string | null;
  teamLine: string | null;
  photoUrl: string | null;
  leadsService: string | null;
}

const TEAM_COLUMNS = {
  name: authors.name,
  role: authors.role,
  teamLine: authors.teamLine,
  photoUrl: authors.photoUrl,
  leadsService: authors.leadsService,
};

/** The sample people, as a fresh install has them: what the pages show when the database cannot be read. */
function sampleTeam(): TeamMember[] {
  return [...sampleAuthors]
    .sort((a, b) => a.teamPosition - b.teamPosition || a.name.localeCompare(b.name))
    .map((a) => ({ name: a.name, role: a.role, teamLine: a.teamLine, photoUrl: null, leadsService: a.leadsService }));
}

/**
 * Everyone shown on the team page, by their position then their name; only profiles ticked "Show on
 * the team page" (an author who is a guest writer is not on the team). The samples when the read fails.
 */
export async function listTeam(): Promise<TeamMember[]> {
  try {
    return await db().select(TEAM_COLUMNS).from(authors).where(eq(authors.onTeamPage, true)).orderBy(asc(authors.teamPosition), asc(authors.name));
  } catch (error) {
    log("error", "team unavailable; showing the sample people", errorFields(error));
    return sampleTeam();
  }
}

/**
 * The person on the team who leads a service (its page names them), or null when nobody does. Two
 * who say they lead it: the first on the team page. The sample's when the read fails.
 */
export async function serviceStrategist(serviceSlug: string): Promise<TeamMember | null> {
  try {
    const [row] = await db()
      .select(TEAM_COLUMNS)
      .from(authors)
      .where(and(eq(authors.onTeamPage, true), eq(authors.leadsService, serviceSlug)))
      .orderBy(asc(authors.teamPosition), asc(authors.name))
      .limit(1);
    return row ?? null;
  } catch (error) {
    log("error", "service strategist unavailable; showing the sample's", errorFields(error));
    return sampleTeam().find((m) => m.leadsService === serviceSlug) ?? null;
  }
}

/** The key two spellings of one name share: what authors_name_key indexes. */
export const authorKey = (name: string): string => name.trim().toLowerCase();

/**
 * The profile of a post's author, or null when the name has none (the article keeps a plain
 * byline). Without the database, the sample profile of that name, as the pages' other fallbacks do.
 */
export async function authorByName(name: string): Promise<PublicAuthor | null> {
  try {
    const [row] = await db()
      .select(PUBLIC_COLUMNS)
      .from(authors)
      .where(eq(sql`lower(btrim(${authors.name}))`, authorKey(name)))
      .limit(1);
    return row ?? null;
  } catch (error) {
    log("error", "author profile unavailable; showing the sample's", errorFields(error));
    const sample = sampleAuthors.find((a) => authorKey(a.name) === authorKey(name));
    return sample ? { name: sample.name, role: sample.role, bio: sample.bio, photoUrl: null, linkedinUrl: null, xUrl: null, websiteUrl: null } : null;
  }
}

const TAKEN = "Another author already has this name. Edit that profile instead.";

/** A second profile for one name would leave its posts two to choose from: refused beside the name. */
async function refuseTakenName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (databaseError(error)?.code === "23505") throw new FieldError({ name: TAKEN }, "Name already used");
    throw error;
  }
}

/** The dashboard's create (src/server/dashboard/admin-hooks.ts), in the caller's transaction. */
export async function insertAuthor(data: Record<string, unknown>, tx: Executor): Promise<string> {
  const [row] = await refuseTakenName(() =>
    tx
      .insert(authors)
      .values(data as typeof authors.$inferInsert)
      .returning({ id: authors.id }),
  );
  return row!.id;
}

/**
 * The dashboard's update; false when the row is gone. A new name is also written on every post that
 * named the author by the old one, so that renaming a profile keeps its posts (their byline follows;
 * the time they were last edited does not move).
 */
export async function updateAuthor(id: string, data: Record<string, unknown>, tx: Executor): Promise<boolean> {
  const [before] = await tx.select({ name: authors.name }).from(authors).where(eq(authors.id, id)).for("update");
  if (!before) return false;
  const rows = await refuseTakenName(() =>
    tx
      .update(authors)
      .set(data as Partial<typeof authors.$inferInsert>)
      .where(eq(authors.id, id))
      .returning({ id: authors.id, name: authors.name }),
  );
  const after = rows[0];
  if (!after) return false;
  if (after.name !== before.name) {
    await tx
      .update(blogPosts)
      .set({ authorName: after.name, updatedAt: sql`${blogPosts.updatedAt}` })
      .where(eq(sql`lower(btrim(${blogPosts.authorName}))`, authorKey(before.name)));
  }
  return true;
}
