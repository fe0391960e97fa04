import "server-only";
import { asc, eq, inArray, like, or, sql } from "drizzle-orm";
import { LIMITS } from "@/lib/limits";
import { db, type Executor } from "../../kernel/db/client";
import { authors, blogPosts, caseStudies, media, testimonials, type Media } from "../../kernel/db/schema";

// The media library's rows and the content that shows its images (docs/decisions/0045); the rules
// (where an image counts as used, when a write is refused) are in src/server/media/media.ts.

/**
 * The posts, case studies (cover, logo), testimonials and authors whose image fields (or a post's body) contain one of
 * `urls`. Callers pass library URLs: 32 hex digits and an extension, nothing in them is a LIKE
 * wildcard. One after another: inside a transaction the three share its one connection.
 */
export async function mediaReferenceRows(urls: readonly string[], database: Executor = db()) {
  const posts = await database
    .select({ id: blogPosts.id, title: blogPosts.title, image: blogPosts.featuredImageUrl, content: blogPosts.content })
    .from(blogPosts)
    .where(or(...urls.map((u) => like(blogPosts.featuredImageUrl, `%${u}`)), ...urls.map((u) => like(blogPosts.content, `%${u}%`))));
  const studies = await database
    .select({ id: caseStudies.id, title: caseStudies.title, image: caseStudies.imageUrl, logo: caseStudies.logoUrl })
    .from(caseStudies)
    .where(or(...urls.map((u) => like(caseStudies.imageUrl, `%${u}`)), ...urls.map((u) => like(caseStudies.logoUrl, `%${u}`))));
  const people = await database
    .select({ id: testimonials.id, title: testimonials.clientName, image: testimonials.imageUrl })
    .from(testimonials)
    .where(or(...urls.map((u) => like(testimonials.imageUrl, `%${u}`))));
  const writers = await database
    .select({ id: authors.id, title: authors.name, image: authors.photoUrl })
    .from(authors)
    .where(or(...urls.map((u) => like(authors.photoUrl, `%${u}`))));
  return { posts, studies, people, writers };
}

/** Width and height of the library's images by storage name. */
export async function mediaSizes(names: readonly string[]): Promise<{ name: string; width: number; height: number }[]> {
  return db().select({ name: media.name, width: media.width, height: media.height }).from(media).where(inArray(media.name, [...names]));
}

export async function mediaById(id: string): Promise<Media | undefined> {
  return (await db().select().from(media).where(eq(media.id, id)))[0];
}

/**
 * Of `names`, those the library still holds, each row share-locked until `tx` ends so that a delete
 * waits for the write that uses it. Locked in one order, so that two writes sharing images cannot
 * wait on each other.
 */
export async function holdMediaRows(names: readonly string[], tx: Executor): Promise<Set<string>> {
  const held = await tx.select({ name: media.name }).from(media).where(inArray(media.name, [...names])).orderBy(asc(media.name)).for("share");
  return new Set(held.map((r) => r.name));
}

/** The library's row of a stored upload. */
export async function insertMedia(values: {
  name: string;
  originalName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  uploadedBy: string | null;
}): Promise<void> {
  await db().insert(media).values(values);
}

/**
 * Images of the library that have no default alt text yet take the one typed where they were placed
 * (`alts`, by storage name): the next writer who picks them is offered it. An image's own alt text,
 * once it has one, is never replaced from a post.
 */
export async function adoptAltTexts(alts: ReadonlyMap<string, string>, database: Executor = db()): Promise<void> {
  if (alts.size === 0) return;
  // One statement for every image of the post (a save, and each autosave, runs this).
  const rows = sql.join(
    [...alts].map(([name, alt]) => sql`(${name}::text, ${alt.slice(0, LIMITS.title)}::text)`),
    sql`, `,
  );
  await database.execute(
    sql`update ${media} set alt_text = placed.alt from (values ${rows}) as placed (name, alt) where ${media.name} = placed.name and ${media.altText} = ''`,
  );
}
