import { invoicePdfForStaff, pdfResponse } from "@/server/billing";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";

export const dynamic = "force-dynamic";

/** An issued invoice as a PDF (docs/decisions/0109), for the roles that read the lead desk. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let document: Awaited<ReturnType<typeof invoicePdfForStaff>>;
  try {
    document = await invoicePdfForStaff(id);
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  if (!document) return new Response("Not found", { status: 404 });
  return pdfResponse(document);
}
