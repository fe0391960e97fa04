import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { log } from "@/server/kernel/log";
import { subscriberDataForDashboard } from "@/server/newsletter/subscribe";

export const dynamic = "force-dynamic";

/**
 * One person's data as JSON (their right of access, docs/decisions/0064): their subscriber row,
 * every copy of a send made for them and every click of theirs. Owners, admins and editors.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let data: Awaited<ReturnType<typeof subscriberDataForDashboard>>;
  try {
    data = await subscriberDataForDashboard(id);
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  if (!data) return new Response("Not found", { status: 404 });
  log("info", "newsletter: a person's data exported", { event: "newsletter.data-export" });
  return new Response(JSON.stringify({ exportedAt: new Date().toISOString(), ...data }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscriber-${data.subscriber.id}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
