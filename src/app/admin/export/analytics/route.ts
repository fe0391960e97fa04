import { toCsv } from "@/lib/csv";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { analyticsCsvRows, analyticsQuery, loadAnalytics } from "@/server/analytics/data/analytics-report";
import { log } from "@/server/kernel/log";

export const dynamic = "force-dynamic";

/** The Analytics screen's figures for its period and filters, as CSV (the lead desk's readers only). */
export async function GET(request: Request) {
  const { days, filters } = analyticsQuery(new URL(request.url).searchParams);
  let csv: string;
  try {
    csv = toCsv(["Section", "Item", "Measure", "Value"], analyticsCsvRows(await loadAnalytics(days, filters)));
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  log("info", "csv export", { table: "analytics" });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="analytics-${new Date().toISOString().slice(0, 10)}-${days}d.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
