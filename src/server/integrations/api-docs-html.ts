import "server-only";
import { openApiDocument } from "./openapi";

// The API's reference as one server-rendered HTML page (/api/v1/docs, docs/decisions/0060), read from
// the OpenAPI document itself: no script, no style sheet from elsewhere (the site's policy allows
// neither), so it reads the same in any browser and in a terminal browser.

/** The OpenAPI document as read here: the parts this page shows. */
type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  description?: string;
  schema?: Json;
}
interface Operation {
  operationId: string;
  summary: string;
  "x-required-scope": string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { description: string }>;
}
interface Document {
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: { apiKey: { description: string } } };
}

const escape = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function typeText(schema: Json | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return String(schema.$ref).split("/").pop()!;
  if (schema.oneOf) return (schema.oneOf as Json[]).map(typeText).join(" | ");
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : String(schema.type ?? "any");
  return schema.type === "array" ? `${typeText(schema.items as Json)}[]` : schema.format ? `${type} (${String(schema.format)})` : type;
}

function limits(schema: Json): string {
  const parts: string[] = [];
  if (schema.minLength !== undefined) parts.push(`at least ${String(schema.minLength)} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${String(schema.maxLength)} characters`);
  if (schema.minimum !== undefined) parts.push(`from ${String(schema.minimum)}`);
  if (schema.maximum !== undefined) parts.push(`to ${String(schema.maximum)}`);
  if (schema.pattern) parts.push(`matches ${String(schema.pattern)}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}

function propertiesTable(schema: Json): string {
  const required = new Set<string>((schema.required as string[] | undefined) ?? []);
  const rows = Object.entries((schema.properties ?? {}) as Record<string, Json>)
    .map(
      ([name, p]) =>
        `<tr><td><code>${escape(name)}</code>${required.has(name) ? " (required)" : ""}</td><td><code>${escape(typeText(p))}</code></td><td>${escape(limits(p))}</td><td>${escape(p.description)}</td></tr>`,
    )
    .join("");
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Limits</th><th scope="col">Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function apiDocsHtml(): string {
  const doc = openApiDocument() as unknown as Document;
  const sections: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      const body = op.requestBody?.content["application/json"]?.schema.$ref;
      const responses = Object.entries(op.responses)
        .map(([status, r]) => `<li><code>${escape(status)}</code> ${escape(r.description)}</li>`)
        .join("");
      sections.push(`<section id="${escape(op.operationId)}">
<h3><code>${escape(method.toUpperCase())} /api/v1${escape(path)}</code></h3>
<p>${escape(op.summary)}. Scope: <code>${escape(op["x-required-scope"])}</code>.</p>
${
  params.length
    ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Meaning</th></tr></thead><tbody>${params
        .map(
          (p) =>
            `<tr><td><code>${escape(p.name)}</code></td><td>${escape(p.in)}</td><td><code>${escape(typeText(p.schema))}</code></td><td>${escape(p.description ?? limits(p.schema ?? {}))}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : ""
}
${body ? `<p>Body: <a href="#schema-${escape(body.split("/").pop())}"><code>${escape(body.split("/").pop())}</code></a> (application/json).</p>` : ""}
<h4>Answers</h4><ul>${responses}</ul>
</section>`);
    }
  }
  const schemas = Object.entries(doc.components.schemas)
    .map(([name, schema]) => `<section id="schema-${escape(name)}"><h3><code>${escape(name)}</code></h3>${propertiesTable(schema)}</section>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(doc.info.title)} reference</title></head>
<body>
<main>
<h1>${escape(doc.info.title)}, version ${escape(doc.info.version)}</h1>
<p>${escape(doc.info.description)}</p>
<p>Base address: <code>${escape(doc.servers[0]?.url)}</code>. Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a> (OpenAPI 3.1).</p>
<h2>Scopes</h2>
<p>${escape(doc.components.securitySchemes.apiKey.description)}</p>
<h2>Endpoints</h2>
${sections.join("\n")}
<h2>Schemas</h2>
${schemas}
</main>
</body>
</html>
`;
}
