import type { OrganizationLeaf, PersonLeaf } from "schema-dts";

/**
 * An author's profile as the article shows it (docs/decisions/0069): the byline's photo, the author
 * box's links and the JSON-LD `author`. Pure: the profile is read by src/server/content/data/authors.ts.
 */

export interface PublicAuthor {
  name: string;
  role: string | null;
  bio: string | null;
  photoUrl: string | null;
  linkedinUrl: string | null;
  xUrl: string | null;
  websiteUrl: string | null;
}

/** The profile's links in the order the author box lists them, each named by its visible word. */
export function authorLinks(author: PublicAuthor): { label: string; href: string }[] {
  return [
    { label: "LinkedIn", href: author.linkedinUrl },
    { label: "X", href: author.xUrl },
    { label: "Website", href: author.websiteUrl },
  ].filter((link): link is { label: string; href: string } => Boolean(link.href));
}

/** schema.org's types (schema-dts), narrowed to the name every author carries. */
export type JsonLdAuthor = (PersonLeaf | OrganizationLeaf) & { name: string };

/**
 * schema.org's `author` of an article: the profile as a Person (name, jobTitle, image, url, sameAs);
 * the team's byline (`organisationName`) as the Organization; any other name as a Person by name only.
 * `absolute` makes a site path (an uploaded photo) a full address.
 */
export function authorJsonLd(
  authorName: string,
  author: PublicAuthor | null,
  site: { url: string; organisationName: string },
  absolute: (pathOrUrl: string) => string,
): JsonLdAuthor {
  if (!author) {
    return authorName === site.organisationName ? { "@type": "Organization", name: authorName, url: site.url } : { "@type": "Person", name: authorName };
  }
  const sameAs = [author.linkedinUrl, author.xUrl, author.websiteUrl].filter((u): u is string => Boolean(u));
  // Their own site first: the page about them; else the first profile elsewhere.
  const url = author.websiteUrl ?? sameAs[0];
  return {
    "@type": "Person",
    name: author.name,
    ...(author.role ? { jobTitle: author.role } : {}),
    ...(author.photoUrl ? { image: absolute(author.photoUrl) } : {}),
    ...(url ? { url } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}
