import { serveApi, type ApiMethod } from "@/server/integrations/api-http";

export const dynamic = "force-dynamic";

// The REST API, version 1 (docs/decisions/0060; docs/integrations.md, "The API"): one dispatcher for
// every resource path, so that an unknown path or method gets the API's JSON error too.

type Context = { params: Promise<{ path: string[] }> };

const serve =
  (method: ApiMethod) =>
  async (request: Request, { params }: Context) =>
    serveApi(request, (await params).path, method);

export const GET = serve("GET");
export const POST = serve("POST");
export const PATCH = serve("PATCH");
export const PUT = serve("PUT");
export const DELETE = serve("DELETE");
