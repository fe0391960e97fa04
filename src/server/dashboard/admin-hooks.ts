import "server-only";
import type { AdminTableDefinition } from "@/lib/admin-tables/definition";
import { authorsTable } from "@/lib/admin-tables/authors";
import { blogPostsTable } from "@/lib/admin-tables/blog-posts";
import { caseStudiesTable } from "@/lib/admin-tables/case-studies";
import { leadsTable } from "@/lib/admin-tables/leads";
import { messagesTable } from "@/lib/admin-tables/messages";
import { mediaTable } from "@/lib/admin-tables/media";
import { spamTable } from "@/lib/admin-tables/spam";
import { testimonialsTable } from "@/lib/admin-tables/testimonials";
import { paidPaiseOfLeads } from "../billing";
import type { Executor } from "../kernel/db/client";
import { createBlogPost, createCaseStudy, deleteBlogPost, previewBlogContent, updateBlogPost, updateCaseStudy, insertAuthor, updateAuthor } from "../content";
import { decorateMediaRows, deleteMedia } from "../media";
import type { SignedInUser } from "../kernel/session/auth-guard";
import { releaseSpam, decorateInboxRows, ownerRefusal, withLeadVisits, stageExists, stagesIn } from "../leads";
import { FieldError } from "../kernel/forms/form-action";
import { revalidateBlog, revalidateCaseStudies, revalidateTeam, revalidateTestimonials } from "../kernel/revalidate";

/**
 * What a table does beyond storing its schema's output (ADR 0024). The generic CRUD module
 * (data/admin-records.ts) calls these with its transaction (`tx`), in which it also writes the
 * activity row (ADR 0037): a hook writes with `tx` only. A table without an entry is stored as it is.
 */
export interface TableHooks {
  /** Replaces the plain insert; returns the new row's id. */
  create?: (data: Record<string, unknown>, tx: Executor, actor: SignedInUser) => Promise<{ id: string; afterCommit?: () => void }>;
  /** Replaces the plain update; null when the row no longer exists. */
  update?: (
    id: string,
    data: Record<string, unknown>,
    tx: Executor,
    actor: SignedInUser,
    /** `autosave`: sent by the writing room's autosave (docs/decisions/0075). */
    options: { autosave?: boolean },
  ) => Promise<{ afterCommit?: () => void } | null>;
  /** Replaces the plain delete; null when the row no longer exists, a sentence when it may not go. */
  remove?: (id: string, tx: Executor) => Promise<{ afterCommit?: () => void } | { refused: string } | null>;
  /** Adds what a list row shows beyond its columns (where an image is used); an export asks for less. */
  decorate?: (rows: Record<string, unknown>[], options: { forExport?: boolean }) => Promise<Record<string, unknown>[]>;
  /** Checks a create or update against other tables in its transaction; throws a FieldError to refuse. */
  check?: (data: Record<string, unknown>, tx: Executor) => Promise<void>;
  /** After every successful write: the public pages that show the table are refreshed. */
  afterWrite?: () => void;
  /** The table's row action (definition.rowAction); an error message, or null when done. */
  rowAction?: (id: string) => Promise<string | null>;
  /** The content field as it will be stored, for the dialog's preview. */
  preview?: (content: string) => Promise<string>;
  /**
   * The status filter's options when they are data (a lead's stages, docs/decisions/0067), read with
   * the caller's executor, in order; they replace the definition's `filter.options`.
   */
  statusOptions?: (executor: Executor) => Promise<Record<string, { label: string; value: string }>>;
}

type BlogData = Parameters<typeof createBlogPost>[0];
type CaseStudyInput = Parameters<typeof createCaseStudy>[0];

/**
 * Leads and messages: an owner must be a member of the lead desk; rows show their owner and person
 * (ADR 0050) and, in the list's dialog and on the record's page, the visit that led to them (ADR 0056).
 */
const INBOX_HOOKS: TableHooks = {
  decorate: async (rows, options) => {
    const decorated = await decorateInboxRows(rows, options);
    return options.forExport ? decorated : withLeadVisits(decorated);
  },
  check: async (data, tx) => {
    const refused = await ownerRefusal(data.ownerId, tx);
    if (refused) throw new FieldError({ ownerId: refused });
  },
};

/**
 * Leads: the inbox's hooks, and a status is one of the stages (docs/decisions/0067). Each row also
 * carries `paidPaise`, what its invoices have been paid (billing's one rule, docs/decisions/0109), so
 * the API, the MCP tools and the export show paid beside the won deal value.
 */
const LEAD_HOOKS: TableHooks = {
  ...INBOX_HOOKS,
  decorate: async (rows, options) => {
    const decorated = await INBOX_HOOKS.decorate!(rows, options);
    const paid = await paidPaiseOfLeads(decorated.map((row) => String(row.id)));
    return decorated.map((row) => ({ ...row, paidPaise: paid.get(String(row.id)) ?? 0 }));
  },
  check: async (data, tx) => {
    await INBOX_HOOKS.check!(data, tx);
    if (typeof data.status === "string" && !(await stageExists(data.status, tx)))
      throw new FieldError({ status: "Choose a status: this stage no longer exists." });
  },
  statusOptions: async (executor) => Object.fromEntries((await stagesIn(executor)).map((s) => [s.key, { label: s.name, value: s.key }])),
};

const HOOKS: Record<string, TableHooks> = {
  [leadsTable.id]: LEAD_HOOKS,
  [messagesTable.id]: INBOX_HOOKS,
  // "Not spam": stored as a lead or message with its notification, then gone from the Spam view.
  [spamTable.id]: {
    rowAction: async (id) => {
      const released = await releaseSpam(id);
      return released.ok ? null : released.message;
    },
  },
  // Each study has its own address (docs/decisions/0103): a slug made from the title when none is
  // given, one already taken refused, and a published study's old address kept as a redirect.
  [caseStudiesTable.id]: {
    create: async (data, tx) => ({ id: (await createCaseStudy(data as CaseStudyInput, tx)).id }),
    update: async (id, data, tx, actor) => ((await updateCaseStudy(id, data as CaseStudyInput, tx, actor)) ? {} : null),
    afterWrite: revalidateCaseStudies,
  },
  [testimonialsTable.id]: { afterWrite: revalidateTestimonials },
  // Sanitised before it is stored, every save kept as a revision (ADR 0039), an old slug kept as a redirect, every blog page refreshed.
  [blogPostsTable.id]: {
    // The pages are refreshed once the transaction has committed.
    create: async (data, tx, actor) => {
      const created = await createBlogPost(data as BlogData, { actor }, tx);
      return { id: created.id, afterCommit: () => revalidateBlog([created.slug]) };
    },
    update: async (id, data, tx, actor, { autosave }) => {
      const updated = await updateBlogPost(id, data as BlogData, { actor, autosave }, tx);
      return updated && { afterCommit: () => revalidateBlog(updated.slugs) };
    },
    remove: async (id, tx) => {
      const row = await deleteBlogPost(id, tx);
      return row && { afterCommit: () => revalidateBlog([row.slug]) };
    },
    preview: previewBlogContent,
  },
  // A name is one profile (refused beside the field when taken); every article may show it, and the
  // team page, home and the service pages show those on the team (docs/decisions/0103).
  [authorsTable.id]: {
    create: async (data, tx) => ({ id: await insertAuthor(data, tx) }),
    update: async (id, data, tx) => ((await updateAuthor(id, data, tx)) ? {} : null),
    afterWrite: () => {
      revalidateBlog([]);
      revalidateTeam();
    },
  },
  // Listed with where each image is used; one in use is not deleted (the answer names its uses).
  [mediaTable.id]: { decorate: decorateMediaRows, remove: deleteMedia },
};

export function hooksFor(definition: AdminTableDefinition): TableHooks {
  return HOOKS[definition.id] ?? {};
}
