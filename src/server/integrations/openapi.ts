import "server-only";
import { z } from "zod";
import type { FieldSpec } from "@/lib/admin-tables/definition";
import { API_SCOPE_LABELS, API_SCOPES } from "@/lib/api-scopes";
import { PAID_RULE } from "@/lib/deal-value";
import { HERO_IMAGES, HOME_SECTION_ORDERS } from "@/lib/experiments";
import { EXPERIMENT_GOAL_LABELS, EXPERIMENT_STATUS_LABELS, EXPERIMENT_TARGET_LABELS } from "@/lib/schemas/experiments";
import { EXPERIMENT_READ_SCOPES } from "./api-experiments";
import { API_BODY_LIMIT_BYTES, apiEndpoints, EXPERIMENT_PATHS, type ApiMethod } from "./api-http";
import { listQuerySchema, type ApiResource } from "./api-records";
import { env } from "../kernel/env";
import { siteConfig } from "../kernel/site-config";

// The OpenAPI 3.1 document of /api/v1 (docs/decisions/0060), made from the dashboard forms' own Zod
// schemas (z.toJSONSchema on their input side, so limits and patterns are the forms'), adjusted where
// the API takes a JSON value for a form's text (a checkbox's true/false, a list, the metrics object,
// an ISO 8601 instant). Served at /api/v1/openapi.json and rendered at /api/v1/docs.

type JsonSchema = Record<string, unknown>;

const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()).replace(/s$/, "");

function fieldSchema(field: FieldSpec<Record<string, unknown>>, fromForm: JsonSchema | undefined): JsonSchema {
  const description = [field.label, typeof field.hint === "string" ? field.hint : null].filter(Boolean).join(". ");
  switch (field.control) {
    case "checkbox":
      return { type: "boolean", description };
    case "list":
      return {
        description: `${description}. A list of texts, or one text ${field.separator === "comma" ? "separated by commas" : "with one entry per line"}.`,
        oneOf: [{ type: "array", items: { type: "string" } }, { type: "string" }, { type: "null" }],
      };
    case "json":
      return {
        description: `${description}. An object of labels and short texts or numbers, or the same as JSON text.`,
        oneOf: [{ type: "object", additionalProperties: { type: ["string", "number"] } }, { type: "string" }, { type: "null" }],
      };
    case "datetime":
      return { type: ["string", "null"], format: "date-time", description: `${description}. An ISO 8601 instant with its offset, kept to the minute.` };
    case "date":
      return { type: ["string", "null"], format: "date", description };
    default: {
      const { default: _default, ...rest } = fromForm ?? { type: "string" };
      const required = field.required === true;
      return { ...rest, ...(required ? {} : { type: [rest.type ?? "string", "null"].flat() }), description };
    }
  }
}

/** The create body (`required` as the form requires), the change body (nothing required) and the resource as answered. */
function resourceSchemas(resource: ApiResource): { input: JsonSchema; patch: JsonSchema; output: JsonSchema } {
  const form = z.toJSONSchema(resource.definition.schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const fields = resource.definition.fields as readonly FieldSpec<Record<string, unknown>>[];
  const properties: Record<string, JsonSchema> = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f, form.properties?.[f.name])]));
  // A status whose options are data (a lead's stages, docs/decisions/0067): the built-in keys as examples.
  const filter = resource.definition.filter;
  const status = filter ? properties[filter.column] : undefined;
  if (filter && status && !("enum" in status))
    properties[filter.column] = {
      ...status,
      examples: Object.keys(filter.options),
      description: `A stage's key: ${Object.keys(filter.options).join(", ")}, or a stage the owner added (its key never changes when it is renamed).`,
    };
  const required = (form.required ?? []).filter((name) => !fields.some((f) => f.name === name && "derive" in f && f.derive));
  const output = {
    type: "object",
    properties: {
      id: { type: "string", format: "uuid" },
      createdAt: { type: "string", format: "date-time" },
      updatedAt: { type: "string", format: "date-time" },
      ...properties,
      ...(resource.definition.inbox
        ? {
            ownerEmail: { type: ["string", "null"], description: "The owner's e-mail address (read-only)." },
            firstContactedAt: { type: ["string", "null"], format: "date-time", description: "When the status first left New (read-only)." },
            attribution: { type: "object", description: "Where the visitor came from (read-only)." },
          }
        : {}),
      ...(resource.name === "leads"
        ? {
            paidPaise: {
              type: "integer",
              minimum: 0,
              description: `What the deal's paid invoices total, in paise, GST included (read-only; 0 when none). ${PAID_RULE}`,
            },
          }
        : {}),
    },
    required: ["id", "createdAt"],
    additionalProperties: true,
  };
  return {
    input: { type: "object", properties, required, additionalProperties: false },
    patch: { type: "object", properties, additionalProperties: false, minProperties: 1 },
    output,
  };
}

const ERROR_RESPONSES: Record<string, string> = {
  "400": "The body is not valid JSON.",
  "401": "No key, or a key that is unknown, expired or revoked.",
  "403": "The key lacks the scope this operation needs.",
  "404": "No such record or endpoint.",
  "405": "The path does not take this method (see the Allow header).",
  "413": `The body is larger than ${API_BODY_LIMIT_BYTES / 1024 / 1024} MB.`,
  "415": "The body is not sent as application/json.",
  "422": "Some fields or parameters are invalid; `fields` names each with the dashboard form's message.",
  "429": "The key made more requests this minute than its limit; see Retry-After.",
};

const rateSummary = {
  type: "object",
  description:
    "The goal's rate: visitors who reached it at least once after their first exposure, out of the variant's visitors, with its 95 % credible interval.",
  properties: {
    visitors: { type: "integer" },
    conversions: { type: "integer" },
    rate: { type: ["number", "null"] },
    lower: { type: "number" },
    upper: { type: "number" },
  },
};

/** The experiments' schemas: what they tested, and the results as the dashboard shows them. */
function experimentSchemas(): Record<string, JsonSchema> {
  const variant = {
    type: "object",
    properties: {
      name: { type: "string" },
      weight: { type: "number", description: "Relative share of the experiment's visitors." },
      copy: {
        type: "object",
        description: "What the variant changes; the control's is empty.",
        properties: {
          headline: { type: "string" },
          subheadline: { type: "string" },
          ctaText: { type: "string" },
          ctaHref: { type: "string" },
          heroImage: { type: "string", enum: Object.keys(HERO_IMAGES), description: "The home hero's image, by name (home page hero only)." },
          sectionOrder: { type: "string", enum: Object.keys(HOME_SECTION_ORDERS), description: "Home's sections in a named order (home page hero only)." },
        },
      },
    },
  };
  return {
    Experiment: {
      type: "object",
      required: ["id", "key", "name", "status", "variants"],
      properties: {
        id: { type: "string", format: "uuid" },
        key: { type: "string", pattern: "^[0-9a-f]{8}$", description: "The experiment's hashing seed, never changed." },
        name: { type: "string" },
        target: { type: "string", enum: Object.keys(EXPERIMENT_TARGET_LABELS) },
        targetPath: {
          type: ["string", "null"],
          description: "The one page a service-hero, case-study-hero or article-heading experiment runs on (/services/seo); null for the others.",
        },
        goal: { type: "string", enum: Object.keys(EXPERIMENT_GOAL_LABELS) },
        status: { type: "string", enum: Object.keys(EXPERIMENT_STATUS_LABELS) },
        trafficPercent: { type: "integer", minimum: 1, maximum: 100 },
        minDays: { type: "integer", minimum: 1, maximum: 365, description: "No winner is called before it has run this many days." },
        variants: { type: "array", items: variant, description: "The control first." },
        startedAt: { type: ["string", "null"], format: "date-time" },
        stoppedAt: { type: ["string", "null"], format: "date-time" },
        shippedVariant: { type: ["integer", "null"], description: "The variant whose copy became the page's own." },
        createdAt: { type: "string", format: "date-time" },
        updatedAt: { type: "string", format: "date-time" },
      },
    },
    ExperimentResults: {
      type: "object",
      properties: {
        goal: { type: "string", enum: Object.keys(EXPERIMENT_GOAL_LABELS) },
        variants: {
          type: "array",
          items: {
            type: "object",
            properties: {
              index: { type: "integer" },
              name: { type: "string" },
              weight: { type: "number" },
              visitors: { type: "integer", description: "Distinct visitor ids (a day's) of the page views that showed the variant." },
              leads: { type: "object", properties: { freeAudit: { type: "integer" }, contact: { type: "integer" } } },
              bookedCalls: { type: "integer" },
              qualified: { type: "integer" },
              won: { type: "integer" },
              wonValue: { type: "integer", description: "Rupees, by the lead desk's rule for a deal's value." },
              goal: rateSummary,
              comparison: {
                type: ["object", "null"],
                description: "Against the control (null for the control).",
                properties: { chanceToBeatControl: { type: "number" }, expectedLoss: { type: "number" } },
              },
            },
          },
        },
        sampleRatio: { type: "object", description: "The chi-squared check of the split against the weights; a mismatch withholds any winner." },
        crossovers: { type: "integer", description: "Visitors seen in more than one variant, left out of the figures." },
        daysRun: { type: "integer" },
        minDays: { type: "integer" },
        verdict: { type: "object", description: '{ "kind": "winner", "variant" }, { "kind": "control" } or { "kind": "none", "reason" }.' },
        warnings: { type: "array", items: { type: "string" } },
      },
    },
  };
}

/** The experiments' paths: read with either desk's read scope. */
function experimentPaths(errorRef: (description: string) => JsonSchema): Record<string, Record<string, JsonSchema>> {
  const scope = EXPERIMENT_READ_SCOPES.join(" or ");
  const base = { tags: ["experiments"], security: EXPERIMENT_READ_SCOPES.map((s) => ({ apiKey: [s] })), "x-required-scope": scope };
  const errors = (codes: string[]) => Object.fromEntries(["401", "403", "405", "429", ...codes].map((c) => [c, errorRef(ERROR_RESPONSES[c]!)]));
  const [list, item] = EXPERIMENT_PATHS;
  return {
    [list]: {
      get: {
        ...base,
        operationId: "listExperiments",
        summary: "List the A/B experiments, the running one first, then the newest",
        responses: {
          "200": {
            description: "Every experiment",
            content: {
              "application/json": {
                schema: { type: "object", required: ["data"], properties: { data: { type: "array", items: { $ref: "#/components/schemas/Experiment" } } } },
              },
            },
          },
          ...errors([]),
        },
      },
    },
    [item]: {
      get: {
        ...base,
        operationId: "getExperiment",
        summary: "Read an experiment with its results as they stand",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        responses: {
          "200": {
            description: "The experiment and its results",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["data"],
                  properties: {
                    data: {
                      allOf: [
                        { $ref: "#/components/schemas/Experiment" },
                        { type: "object", properties: { results: { $ref: "#/components/schemas/ExperimentResults" } } },
                      ],
                    },
                  },
                },
              },
            },
          },
          ...errors(["404"]),
        },
      },
    },
  };
}

export function openApiDocument(): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: "object",
      required: ["error"],
      properties: {
        error: {
          type: "object",
          required: ["code", "message"],
          properties: {
            code: { type: "string", examples: ["validation_failed"] },
            message: { type: "string" },
            fields: { type: "object", additionalProperties: { type: "string" }, description: "A message per invalid field or parameter." },
          },
        },
      },
    },
  };
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const errorRef = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
  for (const endpoint of apiEndpoints()) {
    const { resource } = endpoint;
    const name = pascal(resource.name);
    if (!schemas[name]) {
      const made = resourceSchemas(resource);
      schemas[name] = made.output;
      schemas[`${name}Input`] = made.input;
      schemas[`${name}Patch`] = made.patch;
    }
    const noun = resource.definition.noun;
    const one = { "application/json": { schema: { type: "object", required: ["data"], properties: { data: { $ref: `#/components/schemas/${name}` } } } } };
    const idParameter = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
    const operations: Record<string, JsonSchema> = {};
    for (const method of endpoint.methods) {
      const scope = endpoint.scope[method]!;
      const base = { tags: [resource.name], security: [{ apiKey: [scope] }], "x-required-scope": scope };
      const errors = (codes: string[]) => Object.fromEntries(codes.map((c) => [c, errorRef(ERROR_RESPONSES[c]!)]));
      const op = (spec: JsonSchema, codes: string[]) => ({
        ...base,
        ...spec,
        responses: { ...(spec.responses as JsonSchema), ...errors(["401", "403", "405", "429", ...codes]) },
      });
      const kind = endpoint.path.endsWith("/publish") ? "publish" : endpoint.path.endsWith("{id}") ? "item" : "collection";
      const m = method.toLowerCase() as Lowercase<ApiMethod>;
      if (kind === "collection" && method === "GET") {
        const query = z.toJSONSchema(listQuerySchema(resource), { io: "input", unrepresentable: "any" }) as { properties: Record<string, JsonSchema> };
        operations[m] = op(
          {
            operationId: `list${name}s`,
            summary: `List ${noun.many}, newest first`,
            parameters: Object.entries(query.properties).map(([param, schema]) => ({
              name: param,
              in: "query",
              required: false,
              description: schema.description,
              schema,
            })),
            responses: {
              "200": {
                description: `A page of ${noun.many}`,
                content: {
                  "application/json": {
                    schema: {
                      type: "object",
                      required: ["data", "next_cursor"],
                      properties: { data: { type: "array", items: { $ref: `#/components/schemas/${name}` } }, next_cursor: { type: ["string", "null"] } },
                    },
                  },
                },
              },
            },
          },
          ["422"],
        );
      } else if (kind === "collection" && method === "POST") {
        operations[m] = op(
          {
            operationId: `create${name}`,
            summary: `Create a ${noun.one}`,
            requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${name}Input` } } } },
            responses: { "201": { description: `The ${noun.one} as stored`, content: one } },
          },
          ["400", "413", "415", "422"],
        );
      } else if (kind === "item" && method === "GET") {
        operations[m] = op(
          {
            operationId: `get${name}`,
            summary: `Read a ${noun.one}`,
            parameters: [idParameter],
            responses: { "200": { description: `The ${noun.one}`, content: one } },
          },
          ["404"],
        );
      } else if (kind === "item" && method === "PATCH") {
        operations[m] = op(
          {
            operationId: `update${name}`,
            summary: `Change a ${noun.one}: the fields sent, the others kept`,
            parameters: [idParameter],
            requestBody: { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${name}Patch` } } } },
            responses: { "200": { description: `The ${noun.one} as stored`, content: one } },
          },
          ["400", "404", "413", "415", "422"],
        );
      } else if (kind === "item" && method === "DELETE") {
        operations[m] = op(
          { operationId: `delete${name}`, summary: `Delete a ${noun.one}`, parameters: [idParameter], responses: { "204": { description: "Deleted" } } },
          ["404"],
        );
      } else if (kind === "publish") {
        operations[m] = op(
          {
            operationId: "publishPost",
            summary: "Publish a post now",
            parameters: [idParameter],
            responses: { "200": { description: "The post as stored", content: one } },
          },
          ["404", "422"],
        );
      }
    }
    paths[endpoint.path] = operations;
  }
  Object.assign(schemas, experimentSchemas());
  Object.assign(paths, experimentPaths(errorRef));
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteConfig().name} API`,
      version: "1",
      description: `Posts, case studies, testimonials, leads and contact messages; the A/B experiments and their results, read only. Authenticate with an API key made on the dashboard's API keys screen: Authorization: Bearer kg_live_... . Each key has scopes (${API_SCOPES.join(", ")}) and may make ${env().API_RATE_LIMIT} requests a minute. Every error is { "error": { "code", "message", "fields"? } }.`,
    },
    servers: [{ url: `${siteConfig().url}/api/v1` }],
    security: [{ apiKey: [] }],
    components: {
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "kg_live_<43 characters>",
          description: `An API key. Scopes: ${API_SCOPES.map((s) => `${s} (${API_SCOPE_LABELS[s]})`).join("; ")}.`,
        },
      },
      schemas,
    },
    paths,
  };
}
