import { checkDatabase } from "@/server/kernel/db/health";

export const dynamic = "force-dynamic";

export async function GET() {
  const database = await checkDatabase();
  return Response.json({ status: database.ok ? "ok" : "unavailable", database }, { status: database.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
