import { apiDocsHtml } from "@/server/integrations/api-docs-html";

export const dynamic = "force-dynamic";

/** The API's reference as a readable page, made from the OpenAPI document (docs/decisions/0060). */
export async function GET() {
  return new Response(apiDocsHtml(), { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=300" } });
}
