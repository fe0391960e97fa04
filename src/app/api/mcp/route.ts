import { authenticateApiKey } from "@/server/integrations/api-keys";
import { mcpHandler } from "@/server/integrations/mcp";

export const dynamic = "force-dynamic";

/**
 * The MCP server over Streamable HTTP (docs/decisions/0061). The API key is checked before the
 * protocol sees the request: no key, a revoked or expired one, or one over its rate limit is answered
 * here with the API's error shape and a Bearer challenge, and no server is built.
 */
async function serve(request: Request): Promise<Response> {
  const auth = await authenticateApiKey(request.headers);
  if (!auth.ok) {
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (auth.status === 401) headers["WWW-Authenticate"] = `Bearer realm="mcp", error="invalid_token"`;
    if (auth.retryAfterSeconds !== undefined) headers["Retry-After"] = String(auth.retryAfterSeconds);
    return Response.json({ error: { code: auth.code, message: auth.message } }, { status: auth.status, headers });
  }
  const { key } = auth;
  // Each tool runs as the key (src/server/integrations/mcp-results.ts): the dashboard's role checks
  // answer for it and the activity trail names it.
  return mcpHandler.fetch(request, { authInfo: { token: "", clientId: key.id, scopes: [...key.scopes], extra: { key } } });
}

export const POST = serve;
export const GET = serve;
export const DELETE = serve;
