import type { z } from "zod";
import type { FieldErrors } from "../form-state";
import { toSiteDateTimeInput } from "../site-time";

/**
 * One dashboard table, described as data (ADR 0024): the generic list (src/app/admin/(dashboard)/[table]/page.tsx and
 * src/components/admin/admin-list.tsx), dialog (record-form.tsx, record-fields.tsx), CRUD module
 * (src/server/dashboard/data/admin-records.ts), actions (src/server/dashboard/admin-actions.ts) and CSV export read
 * everything they need from here. A table with behaviour of its own (the blog's sanitising, slug
 * redirects and preview) adds hooks in src/server/dashboard/admin-hooks.ts. This module is imported by the
 * browser too: types only from the database schema, no server code.
 */

/**
 * Who may work in the dashboard (docs/decisions/0034): each role is a set of desks. An account
 * without one of these roles ("user" in profiles.role) opens nothing.
 */
export const STAFF_ROLES = ["owner", "admin", "editor", "sales"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = { owner: "Owner", admin: "Admin", editor: "Editor", sales: "Sales" };

export interface TableAccess {
  read: readonly StaffRole[];
  write: readonly StaffRole[];
}

const desk = (...roles: StaffRole[]): TableAccess => ({ read: roles, write: roles });

/** Who works on the published content (posts, case studies, testimonials, media). */
export const CONTENT_DESK: TableAccess = desk("owner", "admin", "editor");

/** Who works on what visitors send (leads, messages, the overview). */
export const LEAD_DESK: TableAccess = desk("owner", "admin", "sales");

/**
 * Who works on the A/B experiments (docs/decisions/0104): the content desk writes them, since a
 * shipped winner becomes the page's copy; the lead desk's sales reads them too, since they are judged
 * on its leads.
 */
export const EXPERIMENTS_DESK: TableAccess = { read: ["owner", "admin", "editor", "sales"], write: CONTENT_DESK.write };

/** Who runs the team: members, invitations, the sign-up switch, settings and the activity trail (ADR 0037). */
export const TEAM_DESK: TableAccess = desk("owner", "admin");

/** A member of the lead desk as the owner menu offers them (ADR 0050). */
export interface DeskMember {
  id: string;
  label: string;
}

export interface FieldOption {
  value: string;
  label: string;
}

interface FieldBase<Row> {
  /** The form field's name: the Zod schema's key and the row's column key. */
  name: keyof Row & string;
  label: string;
  required?: boolean;
  /** A short text under the control; a function follows the field's current value (counters). */
  hint?: string | ((value: string) => string);
  /** Laid out in two columns with the neighbouring half-width fields. */
  half?: boolean;
  /**
   * An example the empty control shows (its placeholder): never saved, never published. Where a
   * field once had a default written into public text, the default lives here instead (ADR 0069).
   */
  placeholder?: string;
}

export type FieldSpec<Row> = FieldBase<Row> &
  (
    | {
        control: "text" | "email" | "tel" | "url";
        max?: number;
        /** For a new record. */
        initial?: string;
        /** Follows another field (made from it) until the admin edits this one. */
        derive?: {
          from: keyof Row & string;
          with: (value: string) => string;
          /** Left empty, the save makes it itself, numbered when taken (a case study's slug): the API then sends it empty. */
          madeBySave?: true;
        };
      }
    | { control: "textarea"; max?: number; rows?: number; mono?: boolean; initial?: string }
    /** A list kept as text: comma-separated or one per line. */
    | { control: "list"; separator: "comma" | "line"; rows?: number; initial?: readonly string[] }
    | { control: "json"; rows?: number }
    | {
        control: "select";
        options: readonly FieldOption[];
        initial?: string;
        /** A stored value the options do not list (older data), shown with this label; null hides it. */
        unlisted?: (value: string) => string | null;
      }
    | { control: "checkbox"; initial?: boolean }
    | { control: "image" }
    /** A date and time entered and shown in the site's time zone (src/lib/site-time.ts). */
    | { control: "datetime" }
    /** A calendar day (a follow-up date). */
    | { control: "date" }
    /** A member of the lead desk, or nobody: the options come from the team (ADR 0050). */
    | { control: "member" }
    /** Blog content: HTML or text, with a server-made preview (the table's `preview` hook). */
    | { control: "html"; rows?: number }
  );

/** A piece of a list row's summary line. */
/** A part of a row's line: text, an address to write to, a rating, or a file to download under its own name. */
export type SummaryPart = string | { mailto: string } | { tel: string } | { stars: number } | { href: string; download: string };

export interface RowSummary {
  title: string;
  /** Beside the title, in normal weight. */
  note?: string;
  badges?: { label: string; tone?: "accent" | "success" | "muted" }[];
  line?: SummaryPart[];
  detail?: string;
  clampDetail?: boolean;
  /** A small picture before the text (the media library). */
  thumbnail?: { src: string; alt: string };
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

export interface AdminTableDefinition<Row extends { id: string; createdAt: Date } = { id: string; createdAt: Date }> {
  /** The table's id: its screen's address (/admin/<id>, docs/decisions/0052) and the export path (/admin/export/<id>). */
  id: string;
  /** The table's export name in src/server/kernel/db/schema.ts. */
  table: string;
  label: string;
  noun: { one: string; many: string; title: string };
  access: TableAccess;
  schema: z.ZodType<Record<string, unknown>>;
  /** Columns searched with ILIKE. */
  search: readonly (keyof Row & string)[];
  /** URL sort key to column; those with a label are offered in the sort menu. */
  sorts: Record<
    string,
    { column: keyof Row & string; label?: string; /** Rows with the same value (any case) are listed as one group under a heading. */ group?: boolean }
  >;
  defaultSort: string;
  /** The status filter: URL value to label and the stored value it matches. */
  filter?: { column: keyof Row & string; options: Record<string, { label: string; value: string | boolean }> };
  /** Inbox tables: rows since the last visit are marked new, and the status is changed in the list. */
  inbox?: boolean;
  /** False when rows come from elsewhere (the media library's come from uploads): no "Add". */
  canCreate?: boolean;
  fields: readonly FieldSpec<Row>[];
  /** Rows are not added or edited here, only reviewed and deleted (the Spam view). */
  readOnly?: boolean;
  /** One action on a row besides edit and delete, done by the table's `rowAction` hook (src/server/dashboard/admin-hooks.ts). */
  rowAction?: { label: string; done: string };
  /**
   * Blocks beside the fields: the visitor's attribution (read-only, when editing), the search and
   * social preview, a draft's preview links (when editing) (docs/decisions/0047), every submission
   * from the same address (when editing an inbox row, ADR 0050), the visit that led to an inbox row
   * (read-only, when editing, docs/decisions/0056).
   */
  extras?: readonly ("attribution" | "seo" | "preview-links" | "person" | "visit")[];
  wide?: boolean;
  /**
   * Records are written full screen on addresses of their own (src/lib/routes.ts writingRoomHref,
   * docs/decisions/0071), not in the list's dialog: blog posts.
   */
  writingRoom?: boolean;
  /** Every save is kept as a revision with a History dialog (blog posts, docs/decisions/0039). */
  history?: boolean;
  summary: (row: Row) => RowSummary;
  csv?: readonly CsvColumn<Row>[];
  /** Success toasts that differ from "<Noun> created successfully." */
  messages?: { created?: string; updated?: string };
  /** A toast of its own for some invalid forms (the case study's "Invalid JSON"); else the generic one. */
  invalidToast?: (errors: FieldErrors) => { title: string; message: string } | null;
}

/** Keeps the row type with its definition while the registry holds them all as one type. */
export function defineTable<Row extends { id: string; createdAt: Date }>(definition: AdminTableDefinition<Row>): AdminTableDefinition {
  return definition as unknown as AdminTableDefinition;
}

/**
 * The hidden fields of a record form that name its table and, when editing, its record and the
 * version it was opened at (its last write's time): a save over a newer version is refused.
 */
/** `autosave` ("1") marks a save the writing room's autosave sent, not the writer's own Save (docs/decisions/0075). */
export const RECORD_FORM_FIELDS = { table: "recordTable", id: "recordId", version: "recordVersion", autosave: "recordAutosave" } as const;
/** The writing room's hidden field that says its script runs (it then moves to a new post's address itself). */
export const ROOM_SCRIPT_FIELD = "roomScript";
/** The field of a list row's form that names its change: "status", "delete" or "row-action". */
export const ROW_INTENT_FIELD = "intent";

export const capitalise = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

export function savedMessage(table: AdminTableDefinition, isNew: boolean): string {
  const custom = isNew ? table.messages?.created : table.messages?.updated;
  return custom ?? `${capitalise(table.noun.one)} ${isNew ? "created" : "updated"} successfully.`;
}

export const saveFailedMessage = (table: AdminTableDefinition): string => `Failed to save ${table.noun.one}. Please try again.`;
export const deleteFailedMessage = (table: AdminTableDefinition): string => `Failed to delete ${table.noun.one}. Please try again.`;

export const GENERIC_INVALID = { title: "Please check the form", message: "Some fields need your attention." } as const;

export function invalidToast(table: AdminTableDefinition, errors: FieldErrors): { title: string; message: string } {
  return table.invalidToast?.(errors) ?? GENERIC_INVALID;
}

/** The form's text for a stored value. */
export function fieldText<Row>(field: FieldSpec<Row>, record: Row | null): string {
  const value = record ? (record as Record<string, unknown>)[field.name] : undefined;
  if (record === null || value === undefined) {
    if (field.control === "list") return (field.initial ?? []).join(field.separator === "comma" ? ", " : "\n");
    if (field.control === "json") return "{}";
    return "initial" in field && typeof field.initial === "string" ? field.initial : "";
  }
  if (value === null) return "";
  if (field.control === "list") return (value as string[]).join(field.separator === "comma" ? ", " : "\n");
  if (field.control === "json") return JSON.stringify(value, null, 2);
  if (field.control === "datetime") return toSiteDateTimeInput(new Date(value as Date | string));
  return String(value);
}

/** Select options from a value-to-label map. */
export const optionsOf = (labels: Record<string, string>): FieldOption[] => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A status filter whose URL values are the stored values. */
export const filterOf = (labels: Record<string, string>): Record<string, { label: string; value: string }> =>
  Object.fromEntries(Object.entries(labels).map(([value, label]) => [value, { label, value }]));
