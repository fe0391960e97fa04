import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { log } from "@/server/kernel/log";
import { listRedirects } from "@/server/redirects/data/redirects";
import { redirectsCsv } from "@/server/redirects/redirect-csv";

export const dynamic = "force-dynamic";

/** The redirect table as CSV (the content desk's readers): the columns the import takes back. */
export async function GET() {
  let csv: string;
  try {
    csv = redirectsCsv(await listRedirects());
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  log("info", "csv export", { table: "redirects" });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="redirects-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
