import { serveApi } from "@/server/integrations/api-http";

export const dynamic = "force-dynamic";

// The REST API, version 1 (docs/decisions/0060; docs/integrations.md, "The API"): one dispatcher for
// every resource path, so that an unknown path or method gets the API's JSON error too. An API key,
// never a session, authorises a request (src/server/integrations/api-keys.ts).

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return serveApi(request, (await params).path, "GET");
}
export async function POST(request: Request, { params }: Context) {
  return serveApi(request, (await params).path, "POST");
}
export async function PATCH(request: Request, { params }: Context) {
  return serveApi(request, (await params).path, "PATCH");
}
export async function PUT(request: Request, { params }: Context) {
  return serveApi(request, (await params).path, "PUT");
}
export async function DELETE(request: Request, { params }: Context) {
  return serveApi(request, (await params).path, "DELETE");
}
