import type { Author } from "@/server/kernel/db/schema";
import { services } from "@/content/services";
import { DEFAULT_TEAM_POSITION, LIMITS } from "../limits";
import { AuthorSchema } from "../schemas/admin";
import { CONTENT_DESK, defineTable } from "./definition";

/**
 * The blog's authors (docs/decisions/0069): a post's "Author name" that matches a profile's name
 * gets its photo, role, bio and links on the article and in its JSON-LD. The same people are the
 * team: a profile ticked "Show on the team page" is on /team and the home page, and the one who
 * leads a service is named on its page (docs/decisions/0103).
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
    team_position: { column: "teamPosition", label: "Team page order" },
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
    { name: "onTeamPage", label: "Show on the team page (and the home page's team section)", control: "checkbox" },
    {
      name: "teamPosition",
      label: "Position on the team page",
      control: "text",
      initial: String(DEFAULT_TEAM_POSITION),
      hint: "1 is first; people with the same position are listed by name.",
      half: true,
    },
    {
      name: "leadsService",
      label: "Leads the service",
      control: "select",
      options: [{ value: "", label: "None" }, ...services.map((s) => ({ value: s.slug, label: s.title }))],
      hint: "Named on that service's page as its strategist.",
      half: true,
    },
    {
      name: "teamLine",
      label: "Team page line",
      control: "text",
      max: LIMITS.teamLine,
      placeholder: "Turns ad spend into profitable growth for D2C brands.",
      hint: "One line under the name and role on the team page.",
    },
  ],
  summary: (r) => ({
    title: r.name,
    badges: r.onTeamPage ? [{ label: "On the team page" }] : [],
    line: [r.role ?? "No role yet"],
    detail: r.bio ?? undefined,
    clampDetail: true,
  }),
});
