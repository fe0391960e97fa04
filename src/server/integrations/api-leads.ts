import "server-only";
import { leadsTable } from "@/lib/admin-tables/leads";
import { messagesTable } from "@/lib/admin-tables/messages";
import { dealValueWithSource } from "@/lib/deal-value";
import type { ApiKeyPrincipal } from "./api-keys";
import { createResource, getResource, listResource, updateResource, type ApiResource, type ListAnswer, type ListQuery } from "./api-records";

// The lead desk's inbox through the API (docs/decisions/0060): leads and contact messages, read with
// leads:read, created and changed (status, owner, follow-up day, notes, and the sender's fields the
// dialog edits) with leads:write. Nothing is deleted through the API. The form's idempotency key and
// the visitor id stay internal; ownerEmail is the owner's address (read-only).

const LEAD_SCOPES = { read: "leads:read", write: "leads:write" } as const;
const INTERNAL = ["submissionKey", "visitorId"] as const;

/**
 * A lead's `dealValue` as every screen shows it (src/lib/deal-value.ts): the entered value, else the
 * chosen package's price; `dealValueFrom` says which ("set" on the lead, "package", or null with no value).
 * Writing `dealValue` sets the entered value; null clears it (the package's price then applies).
 */
function leadFigures(row: Record<string, unknown>): Record<string, unknown> {
  const value = dealValueWithSource(row as { dealValue?: number | null; service?: string | null; package?: string | null });
  return { dealValue: value?.value ?? null, dealValueFrom: value?.source ?? null };
}

export const leadsResource: ApiResource = {
  name: "leads",
  definition: leadsTable,
  scopes: LEAD_SCOPES,
  hidden: INTERNAL,
  canDelete: false,
  derived: leadFigures,
};
export const messagesResource: ApiResource = { name: "contact-messages", definition: messagesTable, scopes: LEAD_SCOPES, hidden: INTERNAL, canDelete: false };

type Row = Record<string, unknown>;

/** Leads, newest first: `status`, `updated_since`, `q` (search) and cursor pages. */
export const listLeads = (key: ApiKeyPrincipal, query: ListQuery = {}, headers?: Headers | null): Promise<ListAnswer> =>
  listResource(leadsResource, key, query, headers);
/** The first page of leads whose name, e-mail, mobile, website, challenge or notes contain `q`. */
export const searchLeads = (key: ApiKeyPrincipal, q: string, limit = 20, headers?: Headers | null): Promise<ListAnswer> =>
  listResource(leadsResource, key, { q, limit }, headers);
export const getLead = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<Row> => getResource(leadsResource, key, id, headers);
export const createLead = (key: ApiKeyPrincipal, input: unknown, headers?: Headers | null): Promise<Row> => createResource(leadsResource, key, input, headers);
/** Changes the fields sent: `{ status }` alone is the list's status change; owner (`ownerId`), `followUpOn`, `notes`... as the dialog. */
export const updateLead = (key: ApiKeyPrincipal, id: string, input: unknown, headers?: Headers | null): Promise<Row> =>
  updateResource(leadsResource, key, id, input, headers);

export const listContactMessages = (key: ApiKeyPrincipal, query: ListQuery = {}, headers?: Headers | null): Promise<ListAnswer> =>
  listResource(messagesResource, key, query, headers);
export const getContactMessage = (key: ApiKeyPrincipal, id: string, headers?: Headers | null): Promise<Row> => getResource(messagesResource, key, id, headers);
export const createContactMessage = (key: ApiKeyPrincipal, input: unknown, headers?: Headers | null): Promise<Row> =>
  createResource(messagesResource, key, input, headers);
export const updateContactMessage = (key: ApiKeyPrincipal, id: string, input: unknown, headers?: Headers | null): Promise<Row> =>
  updateResource(messagesResource, key, id, input, headers);
