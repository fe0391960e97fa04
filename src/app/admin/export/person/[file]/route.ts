import { toCsv } from "@/lib/csv";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { log } from "@/server/kernel/log";
import { exportPerson } from "@/server/people/people";

export const dynamic = "force-dynamic";

const FILE = /^([0-9a-f]{32})\.(json|csv)$/;

/**
 * Every row that names one person (their right of access, docs/decisions/0068), as
 * /admin/export/person/<key>.json (the rows by table, as stored) or .csv (one line per value: table,
 * row, column, value). The lead desk's readers; each export is recorded in the activity trail.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const match = FILE.exec((await params).file);
  if (!match) return new Response("Not found", { status: 404 });
  const [, key, format] = match as unknown as [string, string, "json" | "csv"];
  let data: Awaited<ReturnType<typeof exportPerson>>;
  try {
    data = await exportPerson(key, format);
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  if (!data) return new Response("Not found", { status: 404 });
  log("info", "people: a person's data exported", { event: "person.export", format });
  const exportedAt = new Date().toISOString();
  const headers = {
    "Content-Disposition": `attachment; filename="person-${key}-${exportedAt.slice(0, 10)}.${format}"`,
    "Cache-Control": "no-store",
  };
  if (format === "json") {
    return new Response(JSON.stringify({ exportedAt, tables: data }, null, 2), { headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  }
  const lines: unknown[][] = [];
  for (const [table, rows] of Object.entries(data) as [string, Record<string, unknown>[]][]) {
    rows.forEach((row, index) => {
      const id = typeof row.id === "string" || typeof row.id === "number" ? String(row.id) : String(index + 1);
      for (const [column, value] of Object.entries(row)) lines.push([table, id, column, value]);
    });
  }
  return new Response(toCsv(["Table", "Row", "Column", "Value"], lines), { headers: { ...headers, "Content-Type": "text/csv; charset=utf-8" } });
}
