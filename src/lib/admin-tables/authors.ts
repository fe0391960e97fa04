import type { Author } from "@/server/kernel/db/schema";
import { LIMITS } from "../limits";
import { AuthorSchema } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

/**
 * The blog's authors (docs/decisions/0069): a post's "Author name" that matches a profile's name
 * gets its photo, role, bio and links on the article and in its JSON-LD.
 */
export const authorsTable = defineTable<Author>({
  id: "authors",
  table: "authors",
  label: "Authors",
  noun: { one: "author", many: "authors", title: "Author" },
  access: CONTENT_DESK,
  schema: AuthorSchema,
  search: ["name", "role", "bio"],
  sorts: {
    name: { column: "name", label: "Name" },
    created_at: { column: "createdAt", label: "Date" },
  },
  defaultSort: "name",
  fields: [
    {
      name: "name",
      label: "Name",
      control: "text",
      required: true,
      max: LIMITS.personName,
      half: true,
      hint: "As the posts' “Author name” spells it: those posts show this profile. Renaming it renames their byline too.",
    },
    { name: "role", label: "Role", control: "text", max: LIMITS.role, half: true, placeholder: "Head of Performance Marketing" },
    { name: "bio", label: "Short bio", control: "textarea", rows: 3, max: LIMITS.authorBio, hint: "Shown in the box under each of their articles." },
    { name: "photoUrl", label: "Photo", control: "image" },
    { name: "linkedinUrl", label: "LinkedIn", control: "url", max: LIMITS.url, half: true, placeholder: "https://www.linkedin.com/in/..." },
    { name: "xUrl", label: "X", control: "url", max: LIMITS.url, half: true, placeholder: "https://x.com/..." },
    { name: "websiteUrl", label: "Website", control: "url", max: LIMITS.url, placeholder: "https://..." },
  ],
  summary: (r) => ({
    title: r.name,
    badges: [],
    line: [r.role ?? "No role yet"],
    detail: r.bio ?? undefined,
    clampDetail: true,
  }),
});
