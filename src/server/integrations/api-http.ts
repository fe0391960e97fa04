import "server-only";
import { errorFields, log } from "../kernel/log";
import { readBodyText } from "../kernel/read-body";
import { caseStudiesResource, postsResource, publishPost, testimonialsResource } from "./api-content";
import { ApiError, apiErrorBody, notFound } from "./api-errors";
import { authenticateApiKey, type ApiKeyPrincipal } from "./api-keys";
import { experimentWithResults, listExperimentsForKey } from "./api-experiments";
import { leadsResource, messagesResource } from "./api-leads";
import { createResource, deleteResource, getResource, listResource, requireScope, updateResource, type ApiResource, type ListQuery } from "./api-records";

// The HTTP side of /api/v1 (docs/decisions/0060): the path to an endpoint, then in this order the
// method (405), the key (401, 429), the scope (403), the body's type (415) and size (413) and JSON
// (400), then the service function. Every refusal has the one error shape (api-errors.ts).

/** The most a request body may hold: host/request-guards.ts holds /api/v1/ bodies to the same (a post's 200,000 characters, as JSON). */
export const API_BODY_LIMIT_BYTES = 1024 * 1024;

export const API_RESOURCES: readonly ApiResource[] = [postsResource, caseStudiesResource, testimonialsResource, leadsResource, messagesResource];

export type ApiMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

interface Handler {
  scope: "read" | "write";
  body?: true;
  run: (key: ApiKeyPrincipal, ctx: { id?: string; body?: unknown; query: ListQuery; headers: Headers }) => Promise<Response>;
}

const json = (value: unknown, status = 200, headers: Record<string, string> = {}) =>
  Response.json(value, { status, headers: { "Cache-Control": "no-store", ...headers } });

/**
 * The experiments' endpoints (read only, docs/decisions/0104): no dashboard table stands behind them,
 * so they check their own scopes (either desk's read scope) in their service functions.
 */
export const EXPERIMENT_PATHS = ["/experiments", "/experiments/{id}"] as const;

function experimentEndpoints(segments: readonly string[]): { resource: null; handlers: Partial<Record<ApiMethod, Handler>> } | null {
  if (segments.length === 1)
    return { resource: null, handlers: { GET: { scope: "read", run: async (key, c) => json(await listExperimentsForKey(key, c.headers)) } } };
  if (segments.length === 2)
    return { resource: null, handlers: { GET: { scope: "read", run: async (key, c) => json({ data: await experimentWithResults(key, c.id!, c.headers) }) } } };
  return null;
}

/** The endpoints of a path: method to handler, or null when the path names none. */
function endpointsOf(segments: readonly string[]): { resource: ApiResource | null; handlers: Partial<Record<ApiMethod, Handler>> } | null {
  if (segments[0] === "experiments") return experimentEndpoints(segments);
  const resource = API_RESOURCES.find((r) => r.name === segments[0]);
  if (!resource) return null;
  if (segments.length === 1) {
    return {
      resource,
      handlers: {
        GET: { scope: "read", run: async (key, c) => json(await listResource(resource, key, c.query, c.headers)) },
        POST: {
          scope: "write",
          body: true,
          run: async (key, c) => {
            const created = await createResource(resource, key, c.body, c.headers);
            return json({ data: created }, 201, { Location: `/api/v1/${resource.name}/${String(created.id)}` });
          },
        },
      },
    };
  }
  if (segments.length === 2) {
    return {
      resource,
      handlers: {
        GET: { scope: "read", run: async (key, c) => json({ data: await getResource(resource, key, c.id!, c.headers) }) },
        PATCH: { scope: "write", body: true, run: async (key, c) => json({ data: await updateResource(resource, key, c.id!, c.body, c.headers) }) },
        ...(resource.canDelete
          ? {
              DELETE: {
                scope: "write",
                run: async (key, c) => {
                  await deleteResource(resource, key, c.id!, c.headers);
                  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
                },
              } satisfies Handler,
            }
          : {}),
      },
    };
  }
  if (segments.length === 3 && resource === postsResource && segments[2] === "publish") {
    return { resource, handlers: { POST: { scope: "write", run: async (key, c) => json({ data: await publishPost(key, c.id!, c.headers) }) } } };
  }
  return null;
}

/** Every path template and its methods, for the OpenAPI document and the tests. */
export function apiEndpoints(): { path: string; resource: ApiResource; methods: ApiMethod[]; scope: Record<string, string> }[] {
  const out: { path: string; resource: ApiResource; methods: ApiMethod[]; scope: Record<string, string> }[] = [];
  for (const resource of API_RESOURCES) {
    for (const [path, segments] of [
      [`/${resource.name}`, [resource.name]],
      [`/${resource.name}/{id}`, [resource.name, "x"]],
      ...(resource === postsResource ? [[`/${resource.name}/{id}/publish`, [resource.name, "x", "publish"]] as const] : []),
    ] as const) {
      const handlers = endpointsOf(segments)!.handlers;
      const methods = Object.keys(handlers) as ApiMethod[];
      out.push({ path, resource, methods, scope: Object.fromEntries(methods.map((m) => [m, resource.scopes[handlers[m]!.scope]])) });
    }
  }
  return out;
}

function errorResponse(error: ApiError): Response {
  return json(apiErrorBody(error), error.status, error.headers);
}

async function readJson(request: Request): Promise<unknown> {
  const [typePart, ...params] = (request.headers.get("content-type") ?? "").split(";");
  const type = typePart!.trim().toLowerCase();
  if (type !== "application/json") throw new ApiError(415, "unsupported_media_type", "Send the body as JSON, with Content-Type: application/json.");
  // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read as UTF-8 and stored as
  // other text than was meant, so it is refused rather than guessed at.
  const charset = params
    .map((p) => p.trim().split("="))
    .find(([name]) => name!.trim().toLowerCase() === "charset")?.[1]
    ?.trim()
    .replace(/^"(.*)"$/, "$1")
    .toLowerCase();
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8")
    throw new ApiError(415, "unsupported_media_type", `Send the body as UTF-8 JSON; charset=${charset} is not accepted.`);
  const text = await readBodyText(request, API_BODY_LIMIT_BYTES);
  if (text === null)
    throw new ApiError(413, "payload_too_large", `The body is larger than ${API_BODY_LIMIT_BYTES / 1024 / 1024} MB, the most this API accepts.`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, "invalid_json", "The body is not valid JSON.");
  }
}

/** Answers one request to /api/v1/<segments>. */
export async function serveApi(request: Request, segments: readonly string[], method: ApiMethod): Promise<Response> {
  try {
    const endpoints = endpointsOf(segments);
    if (!endpoints) throw notFound("endpoint");
    const handler = endpoints.handlers[method];
    const allow = Object.keys(endpoints.handlers).join(", ");
    if (!handler) throw new ApiError(405, "method_not_allowed", `${method} is not allowed here; this path takes ${allow}.`, undefined, { Allow: allow });
    const auth = await authenticateApiKey(request.headers);
    if (!auth.ok) {
      const headers: Record<string, string> =
        auth.status === 401 ? { "WWW-Authenticate": 'Bearer realm="api"' } : auth.retryAfterSeconds ? { "Retry-After": String(auth.retryAfterSeconds) } : {};
      throw new ApiError(auth.status, auth.code, auth.message, undefined, headers);
    }
    if (endpoints.resource) requireScope(auth.key, endpoints.resource.scopes[handler.scope]);
    const body = handler.body ? await readJson(request) : undefined;
    const query = Object.fromEntries(new URL(request.url).searchParams) as ListQuery;
    return await handler.run(auth.key, { id: segments[1], body, query, headers: request.headers });
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    log("error", "api request failed", { method, path: `/api/v1/${segments.join("/")}`, ...errorFields(error) });
    return errorResponse(new ApiError(500, "internal_error", "Something went wrong on our side."));
  }
}
