import { adminTable } from "@/lib/admin-tables/registry";
import { toCsv } from "@/lib/csv";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { exportRecords } from "@/server/dashboard/data/admin-records";
import { log } from "@/server/kernel/log";

export const dynamic = "force-dynamic";

/** CSV of the current filter (search and status) of a table whose definition has CSV columns; readers of that table only. */
export async function GET(request: Request, { params }: { params: Promise<{ table: string }> }) {
  const { table: id } = await params;
  const table = adminTable(id);
  if (!table?.csv) return new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const filter = { q: url.searchParams.get("q") ?? undefined, status: url.searchParams.get("status") ?? undefined };
  let csv: string;
  try {
    const rows = await exportRecords(table, filter);
    const columns = table.csv as readonly { header: string; value: (row: (typeof rows)[number]) => unknown }[];
    csv = toCsv(
      columns.map((c) => c.header),
      rows.map((row) => columns.map((c) => c.value(row))),
    );
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  log("info", "csv export", { table: id });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${id}-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
