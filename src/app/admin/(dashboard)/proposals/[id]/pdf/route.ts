import { pdfResponse } from "@/server/billing";
import { proposalPdfForStaff } from "@/server/proposals";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";

export const dynamic = "force-dynamic";

/** A sent proposal as a PDF (docs/decisions/0108), for the roles that read the lead desk. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  let file: Awaited<ReturnType<typeof proposalPdfForStaff>>;
  try {
    file = await proposalPdfForStaff(id);
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  if (!file) return new Response("Not found", { status: 404 });
  return pdfResponse(file);
}
