import { toCsv } from "@/lib/csv";
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from "@/lib/newsletter";
import { AccessDeniedError } from "@/server/kernel/session/auth-guard";
import { log } from "@/server/kernel/log";
import { exportSubscribersForDashboard } from "@/server/newsletter/subscribe";

export const dynamic = "force-dynamic";

/** CSV of the subscribers screen's current filter (e-mail search, topic, status); owners, admins and editors. */
export async function GET(request: Request) {
  const url = new URL(request.url);
  const status = url.searchParams.get("status") ?? "";
  const filter = {
    q: url.searchParams.get("email")?.trim().slice(0, 254) || undefined,
    topic: url.searchParams.get("topic")?.slice(0, 100) || undefined,
    status: (SUBSCRIBER_STATUSES as readonly string[]).includes(status) ? (status as SubscriberStatus) : undefined,
  };
  let csv: string;
  try {
    const rows = await exportSubscribersForDashboard(filter);
    csv = toCsv(
      ["Email", "Status", "Paused", "Topics", "Source", "Signed up", "Confirmed", "Unsubscribed", "Suppressed", "Suppression reason"],
      rows.map((r) => [
        r.email,
        r.status,
        r.paused ? "yes" : "no",
        r.topics.join("; "),
        r.source,
        r.createdAt,
        r.confirmedAt,
        r.unsubscribedAt,
        r.suppressedAt,
        r.suppressedReason ?? "",
      ]),
    );
  } catch (error) {
    if (error instanceof AccessDeniedError) return new Response(error.message, { status: error.reason === "anonymous" ? 401 : 403 });
    throw error;
  }
  log("info", "csv export", { table: "newsletter_subscribers" });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
