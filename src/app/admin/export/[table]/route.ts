import { toCsv } from "@/lib/csv";
import { AccessDeniedError } from "@/server/auth-guard";
import { exportMessages } from "@/server/data/contact-messages";
import { exportLeads } from "@/server/data/leads";
import type { Attribution } from "@/server/db/schema";
import { log } from "@/server/log";

export const dynamic = "force-dynamic";

function touch(a: Attribution, which: "first_touch" | "last_touch") {
  const t = a[which] ?? {};
  return [t.utm_source, t.utm_medium, t.utm_campaign, t.utm_term, t.utm_content, t.referrer, t.landing_page];
}
const TOUCH_HEADERS = (label: string) =>
  ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "referrer", "landing_page"].map((h) => `${label} ${h}`);

/** CSV of the current filter (search and status) of leads or messages; admins only. */
export async function GET(request: Request, { params }: { params: Promise<{ table: string }> }) {
  const { table } = await params;
  const url = new URL(request.url);
  const filter = { q: url.searchParams.get("q") ?? undefined, status: url.searchParams.get("status") ?? undefined };
  let csv: string;
  try {
    if (table === "leads") {
      const rows = await exportLeads(filter);
      csv = toCsv(
        ["Created", "Name", "Email", "Mobile", "Website", "Monthly revenue", "Growth challenge", "Status", "Notes", ...TOUCH_HEADERS("First touch"), ...TOUCH_HEADERS("Last touch"), "Form page"],
        rows.map((r) => [r.createdAt, r.name, r.email, r.mobileNumber, r.websiteUrl, r.monthlyRevenue, r.growthChallenge, r.status, r.notes, ...touch(r.attribution, "first_touch"), ...touch(r.attribution, "last_touch"), r.attribution.form_page]),
      );
    } else if (table === "messages") {
      const rows = await exportMessages(filter);
      csv = toCsv(
        ["Created", "Name", "Email", "Mobile", "Company", "Message", "Status", "Notes", ...TOUCH_HEADERS("First touch"), ...TOUCH_HEADERS("Last touch"), "Form page"],
        rows.map((r) => [r.createdAt, r.name, r.email, r.mobileNumber, r.company, r.message, r.status, r.notes, ...touch(r.attribution, "first_touch"), ...touch(r.attribution, "last_touch"), r.attribution.form_page]),
      );
    } else {
      return new Response("Not found", { status: 404 });
    }
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  log("info", "csv export", { table });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${table}-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
