import { openApiDocument } from "@/server/integrations/openapi";

export const dynamic = "force-dynamic";

/** The API's OpenAPI 3.1 document (docs/decisions/0060): public, it describes what a key may do and holds no data. */
export async function GET() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
