import "server-only";
import { parse } from "csv-parse/sync";
import { toCsv } from "@/lib/csv";
import type { RedirectRule } from "@/lib/redirect-rules";
import { RedirectSchema } from "@/lib/schemas/redirects";
import type { RedirectListRow } from "./data/redirects";

// The Redirects screen's CSV (docs/decisions/0091): the export is the list as it stands, and the
// import takes the same columns back (only the old address is required beside the new one; the
// status defaults to 301), so a table moved from another site or edited in a spreadsheet comes in
// whole. Every row is checked by the form's own rules; one bad row refuses the file with the rows
// named, and nothing is saved.

export const IMPORT_MAX_BYTES = 512 * 1024;
export const IMPORT_MAX_ROWS = 5_000;
/** At most this many row errors are named in the answer; the rest are counted. */
const ERRORS_NAMED = 8;

export const EXPORT_HEADER = ["Old address", "New address", "Status", "Hits", "Last hit"];

export function redirectsCsv(rows: readonly RedirectListRow[]): string {
  return toCsv(
    EXPORT_HEADER,
    rows.map((r) => [r.source, r.target, r.status, r.hits, r.lastHitAt]),
  );
}

const COLUMN_NAMES: Record<"source" | "target" | "status", readonly string[]> = {
  source: ["old address", "source", "from", "old url", "old"],
  target: ["new address", "target", "to", "destination", "new url", "new"],
  status: ["status", "code", "type"],
};

export type ImportResult = { ok: true; rules: RedirectRule[] } | { ok: false; message: string };

/** The file's rows as redirect rules, or the reason it is refused (in words for the person importing it). */
export function parseRedirectsCsv(text: string): ImportResult {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    return { ok: false, message: `This is not a CSV file we can read: ${(error as Error).message.split("\n")[0]}` };
  }
  if (records.length === 0) return { ok: false, message: "The file is empty: it needs a header row (Old address, New address, Status) and a row a redirect." };
  const header = records[0]!.map((h) => h.toLowerCase());
  const column = (name: keyof typeof COLUMN_NAMES) => header.findIndex((h) => COLUMN_NAMES[name].includes(h));
  const [source, target, status] = [column("source"), column("target"), column("status")];
  if (source === -1 || target === -1) {
    return { ok: false, message: "The first row must name the columns: Old address and New address (and Status, else every row is a 301)." };
  }
  const rows = records.slice(1);
  if (rows.length === 0) return { ok: false, message: "The file has a header but no redirect under it." };
  if (rows.length > IMPORT_MAX_ROWS) return { ok: false, message: `The file has ${rows.length} redirects; at most ${IMPORT_MAX_ROWS} are imported at once.` };
  const errors: string[] = [];
  const rules: RedirectRule[] = [];
  const seen = new Map<string, number>();
  rows.forEach((cells, i) => {
    const line = i + 2;
    // Our own export writes a leading apostrophe before a cell that starts like a formula: taken off again.
    const cell = (at: number) => (at === -1 ? "" : (cells[at] ?? "").replace(/^'(?=[=+\-@])/, ""));
    const parsed = RedirectSchema.safeParse({ source: cell(source), target: cell(target), status: cell(status) || "301" });
    if (!parsed.success) {
      errors.push(`Row ${line}: ${parsed.error.issues[0]!.message}`);
      return;
    }
    const earlier = seen.get(parsed.data.source);
    if (earlier !== undefined) {
      errors.push(`Row ${line}: ${parsed.data.source} is already redirected by row ${earlier}.`);
      return;
    }
    seen.set(parsed.data.source, line);
    rules.push({ source: parsed.data.source, target: parsed.data.target, status: parsed.data.status });
  });
  if (errors.length > 0) {
    const more = errors.length > ERRORS_NAMED ? ` And ${errors.length - ERRORS_NAMED} more.` : "";
    return {
      ok: false,
      message: `Nothing was imported: ${errors.length} row${errors.length === 1 ? "" : "s"} need${errors.length === 1 ? "s" : ""} a change. ${errors.slice(0, ERRORS_NAMED).join(" ")}${more}`,
    };
  }
  return { ok: true, rules };
}
