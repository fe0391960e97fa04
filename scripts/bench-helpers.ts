// What the benchmark scripts share (scripts/bench.mjs, bench-proxy.mjs, bench-analytics.mjs,
// analytics-data.ts): a PostgreSQL database of their own, and the tables they print.
import crypto from "node:crypto";
import pg from "pg";

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * Creates `<prefix>_<random hex>` on the server of `adminUrl` (whose own database is left alone) and
 * returns its address; `drop()` removes it, closing its connections. Throws when the server does not
 * answer within 3 s.
 */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  if (!/^[a-z_]+$/.test(prefix)) throw new Error(`a database name prefix is lower-case letters and _: ${prefix}`);
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    // eslint-disable-next-line no-restricted-syntax -- an identifier (checked prefix and random hex, made here) cannot be a query parameter
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
      await again.connect();
      try {
        // eslint-disable-next-line no-restricted-syntax -- as for create database above
        await again.query(`drop database if exists ${name} with (force)`);
      } finally {
        await again.end().catch(() => {});
      }
    },
  };
}

/** Prints `rows` as a Markdown table under `title`; `columns` are [key, heading] pairs, a missing value is "-". */
export function printTable(title: string, rows: Record<string, unknown>[], columns: [string, string][]): void {
  const widths = columns.map(([key, head]) => Math.max(head.length, ...rows.map((r) => String(r[key] ?? "-").length)));
  const line = (cells: unknown[]) => `| ${cells.map((c, i) => String(c).padEnd(widths[i]!)).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(columns.map(([, head]) => head)));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(columns.map(([key]) => row[key] ?? "-")));
}
