import "server-only";
import { z } from "zod";
import { fieldText, type AdminTableDefinition, type FieldSpec } from "@/lib/admin-tables/definition";
import type { ApiScope } from "@/lib/api-scopes";
import { fieldErrors } from "@/lib/schemas/lead-forms";
import { toSiteDateTimeInput } from "@/lib/site-time";
import { unstorableFields } from "@/lib/text-safety";
import { AccessDeniedError } from "../kernel/session/auth-guard";
import { changeRecordStatus, createRecord, deleteRecord, listRecordsAfter, readRecord, statusOptionsOf, updateRecord } from "../dashboard";
import { FieldError } from "../kernel/forms/form-action";
import { ApiError, invalid, notFound } from "./api-errors";
import { hasScope, withApiKeyActivity, type ApiKeyPrincipal } from "./api-keys";

// The REST API's service functions for one dashboard table (docs/decisions/0060): plain functions of
// (key, input) that the route handlers (src/app/api/v1) and any other caller use alike. Input is
// validated by the table's own Zod schema, the dashboard form's (src/lib/admin-tables), after it is
// turned into the text the form would send; writes go through the dashboard's data functions
// (src/server/dashboard/data/admin-records.ts) in the key's activity scope, so the activity trail, the refresh
// of public pages and every hook happen exactly as from the dashboard.

export interface ApiResource {
  /** The path segment: /api/v1/<name>. */
  name: string;
  definition: AdminTableDefinition;
  scopes: { read: ApiScope; write: ApiScope };
  /** Stored columns that are not part of the resource (internal keys). */
  hidden: readonly string[];
  /** Read-only columns added to the resource (the owner's address). */
  extra?: readonly string[];
  canDelete: boolean;
  /** Read-only figures derived from the stored columns, added to what is shown (a lead's deal value). */
  derived?: (row: Record<string, unknown>) => Record<string, unknown>;
}

/** The largest page; a larger `limit` is served as this. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

// ---- Reading ---------------------------------------------------------------------------------

export function requireScope(key: ApiKeyPrincipal, scope: ApiScope): void {
  if (!hasScope(key, scope)) throw new ApiError(403, "insufficient_scope", `This API key lacks the scope ${scope}.`);
}

/** A resource as the API shows it: the stored columns minus internal ones, dates as ISO 8601. */
export function present(resource: ApiResource, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keep = new Set(resource.extra ?? []);
  for (const [key, value] of Object.entries(row)) {
    if (resource.hidden.includes(key)) continue;
    if (["person", "visit"].includes(key) && !keep.has(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return resource.derived ? { ...out, ...resource.derived(row) } : out;
}

const CURSOR = z.object({ t: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/), i: z.uuid() });

export const encodeCursor = (next: { createdAt: string; id: string }) => Buffer.from(JSON.stringify({ t: next.createdAt, i: next.id })).toString("base64url");

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const parsed = CURSOR.parse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    return { createdAt: parsed.t, id: parsed.i };
  } catch {
    throw invalid({ cursor: "This cursor is not one this API gave; start again without it." });
  }
}

export interface ListQuery {
  limit?: string | number;
  cursor?: string;
  status?: string;
  updated_since?: string;
  q?: string;
}

export interface ListAnswer {
  data: Record<string, unknown>[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
}

/**
 * The list parameters, checked: 422 with a message per parameter. `statuses`: the table's status
 * options as they are now (a lead's stages are data, docs/decisions/0067); without it, the
 * definition's (the OpenAPI document names the built-in ones).
 */
export function listQuerySchema(resource: ApiResource, statuses: readonly string[] = Object.keys(resource.definition.filter?.options ?? {})) {
  return z.object({
    limit: z.coerce
      .number({ error: `Enter limit as a whole number from 1 to ${MAX_PAGE_SIZE}.` })
      .int(`Enter limit as a whole number from 1 to ${MAX_PAGE_SIZE}.`)
      .min(1, `Enter limit as a whole number from 1 to ${MAX_PAGE_SIZE}.`)
      .transform((n) => Math.min(n, MAX_PAGE_SIZE))
      .default(DEFAULT_PAGE_SIZE)
      .describe(`Rows per page, ${DEFAULT_PAGE_SIZE} by default; more than ${MAX_PAGE_SIZE} is served as ${MAX_PAGE_SIZE}.`),
    cursor: z.string().max(400, "This cursor is not one this API gave; start again without it.").optional().describe("The next_cursor of the previous page."),
    ...(statuses.length > 0
      ? {
          status: z
            .enum(statuses as [string, ...string[]], { error: `Choose a status: ${statuses.join(", ")}.` })
            .optional()
            .describe("Only rows with this status."),
        }
      : {}),
    updated_since: z.iso
      .datetime({ offset: true, error: "Enter updated_since as an ISO 8601 date and time with its offset, e.g. 2026-12-01T09:30:00Z." })
      .optional()
      .describe("Only rows changed at or after this instant (ISO 8601)."),
    q: z
      .string()
      .max(200, "Search must be at most 200 characters.")
      .optional()
      .describe("Search text, matched anywhere in the fields the dashboard's search covers."),
  });
}

export async function listResource(resource: ApiResource, key: ApiKeyPrincipal, query: ListQuery, headers: Headers | null = null): Promise<ListAnswer> {
  requireScope(key, resource.scopes.read);
  const statuses = resource.definition.filter ? Object.keys(await statusOptionsOf(resource.definition)) : [];
  const parsed = listQuerySchema(resource, statuses).safeParse(query);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error), "Some parameters need your attention.");
  const params = parsed.data as { limit: number; cursor?: string; status?: string; updated_since?: string; q?: string };
  const page = await withApiKeyActivity(key, headers, () =>
    listRecordsAfter<Record<string, unknown>>(resource.definition, {
      limit: params.limit,
      q: params.q,
      status: params.status,
      updatedSince: params.updated_since ? new Date(params.updated_since) : undefined,
      after: params.cursor ? decodeCursor(params.cursor) : undefined,
    }),
  );
  return { data: page.rows.map((r) => present(resource, r)), next_cursor: page.next ? encodeCursor(page.next) : null };
}

const ID = z.uuid();

async function readById(resource: ApiResource, id: string): Promise<Record<string, unknown>> {
  if (!ID.safeParse(id).success) throw notFound(resource.definition.noun.one);
  const row = await readRecord(resource.definition, id);
  if (!row) throw notFound(resource.definition.noun.one);
  return row;
}

export async function getResource(resource: ApiResource, key: ApiKeyPrincipal, id: string, headers: Headers | null = null): Promise<Record<string, unknown>> {
  requireScope(key, resource.scopes.read);
  return present(resource, await withApiKeyActivity(key, headers, () => readById(resource, id)));
}

// ---- Writing ---------------------------------------------------------------------------------

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A JSON value as the text the dashboard form's field would send, or the message why it cannot be one. */
function formText(field: FieldSpec<Record<string, unknown>>, value: unknown): { text: string } | { error: string } {
  if (value === null) return { text: "" };
  switch (field.control) {
    case "checkbox":
      if (typeof value === "boolean") return { text: value ? "on" : "" };
      return { error: `${field.label}: send true or false.` };
    case "list":
      if (typeof value === "string") return { text: value };
      if (Array.isArray(value) && value.every((v) => typeof v === "string")) return { text: value.join(field.separator === "comma" ? "," : "\n") };
      return { error: `${field.label}: send a list of texts.` };
    case "json":
      if (typeof value === "string") return { text: value };
      if (typeof value === "object" && !Array.isArray(value)) return { text: JSON.stringify(value) };
      return { error: `${field.label}: send an object of labels and values.` };
    case "datetime":
      // An instant with its offset (ISO 8601) becomes the site's wall-clock time the form takes.
      if (typeof value === "string")
        return { text: ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? toSiteDateTimeInput(new Date(value)) : value };
      return { error: `${field.label}: send an ISO 8601 date and time, e.g. 2026-12-01T09:30:00+05:30.` };
    default:
      if (typeof value === "string") return { text: value };
      if (typeof value === "number" && Number.isFinite(value)) return { text: String(value) };
      return { error: `${field.label}: send text.` };
  }
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError(422, "validation_failed", "Send a JSON object of fields.");
  return body as Record<string, unknown>;
}

/**
 * The form's values: `base` (the stored record's, or a new record's initial ones) with the sent
 * fields over them, each as the form's text. Unknown fields are refused by name.
 */
function formValues(resource: ApiResource, body: Record<string, unknown>, base: Record<string, unknown> | null): Record<string, string> {
  const fields = resource.definition.fields as readonly FieldSpec<Record<string, unknown>>[];
  const errors: Record<string, string> = {};
  for (const name of Object.keys(body)) {
    if (!fields.some((f) => f.name === name)) errors[name] = `Unknown field. The fields are: ${fields.map((f) => f.name).join(", ")}.`;
  }
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (Object.hasOwn(body, field.name)) {
      const text = formText(field, body[field.name]);
      if ("error" in text) errors[field.name] = text.error;
      else values[field.name] = text.text;
    } else values[field.name] = fieldText(field, base);
  }
  // A new record's field that follows another (a post's slug from its title), as the form fills it in;
  // one the save makes itself is left to it, so that a second record of one title is numbered, not refused.
  if (!base) {
    for (const field of fields) {
      if ("derive" in field && field.derive && !field.derive.madeBySave && !Object.hasOwn(body, field.name) && values[field.derive.from])
        values[field.name] = field.derive.with(values[field.derive.from]!);
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return values;
}

/** The schema's output for these values, or 422 with the form's messages (text that cannot be stored first, as the form does). */
function parseForm(resource: ApiResource, values: Record<string, string>): Record<string, unknown> {
  const unstorable = unstorableFields(values);
  if (Object.keys(unstorable).length > 0) throw invalid(unstorable);
  const parsed = resource.definition.schema.safeParse(values);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/** The data layer's refusals as the API's: a field message (422), or no access (403). */
async function asApi<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof FieldError) throw new ApiError(422, "validation_failed", error.message, error.fields);
    if (error instanceof AccessDeniedError) throw new ApiError(403, "forbidden", "This API key may not do this.");
    throw error;
  }
}

export async function createResource(
  resource: ApiResource,
  key: ApiKeyPrincipal,
  input: unknown,
  headers: Headers | null = null,
): Promise<Record<string, unknown>> {
  requireScope(key, resource.scopes.write);
  const data = parseForm(resource, formValues(resource, asObject(input), null));
  return withApiKeyActivity(key, headers, () =>
    asApi(async () => {
      const id = await createRecord(resource.definition, data);
      return present(resource, await readById(resource, id));
    }),
  );
}

/**
 * Changes the fields sent and keeps the others. An inbox record's status alone takes the path of
 * the list's status menu (an activity row "status"); anything else the dialog's save.
 */
export async function updateResource(
  resource: ApiResource,
  key: ApiKeyPrincipal,
  id: string,
  input: unknown,
  headers: Headers | null = null,
): Promise<Record<string, unknown>> {
  requireScope(key, resource.scopes.write);
  const body = asObject(input);
  return withApiKeyActivity(key, headers, () =>
    asApi(async () => {
      const before = await readById(resource, id);
      const filter = resource.definition.filter;
      if (resource.definition.inbox && filter && Object.keys(body).length === 1 && Object.hasOwn(body, filter.column)) {
        const status = body[filter.column];
        const shape = (resource.definition.schema as unknown as z.ZodObject).shape[filter.column] as z.ZodType | undefined;
        const checked = shape?.safeParse(typeof status === "string" ? status : undefined);
        if (typeof status !== "string" || !checked?.success) {
          throw invalid({ [filter.column]: checked && !checked.success ? fieldErrors(checked.error).form! : "Choose a status." });
        }
        const outcome = await changeRecordStatus(resource.definition, id, status);
        if (outcome.kind === "unknown") throw invalid({ [filter.column]: "Choose a status." });
        if (outcome.kind !== "done") throw notFound(resource.definition.noun.one);
      } else {
        const data = parseForm(resource, formValues(resource, body, before));
        if (!(await updateRecord(resource.definition, id, data))) throw notFound(resource.definition.noun.one);
      }
      return present(resource, await readById(resource, id));
    }),
  );
}

export async function deleteResource(resource: ApiResource, key: ApiKeyPrincipal, id: string, headers: Headers | null = null): Promise<void> {
  requireScope(key, resource.scopes.write);
  if (!resource.canDelete) throw new ApiError(405, "method_not_allowed", `${resource.definition.noun.many} are not deleted through the API.`);
  if (!ID.safeParse(id).success) throw notFound(resource.definition.noun.one);
  await withApiKeyActivity(key, headers, () =>
    asApi(async () => {
      const outcome = await deleteRecord(resource.definition, id);
      if (typeof outcome === "object") throw new ApiError(409, "conflict", outcome.refused);
      if (!outcome) throw notFound(resource.definition.noun.one);
    }),
  );
}
