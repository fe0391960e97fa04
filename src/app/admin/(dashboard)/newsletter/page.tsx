import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { NewSendForms } from "@/components/admin/newsletter-forms";
import { SEND_STATUS_LABELS } from "@/lib/newsletter";
import { formatAdminDate } from "@/lib/format";
import { dashboardHref } from "@/lib/routes";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { listSends, postsToSend } from "@/server/newsletter/data/newsletter-sends";

export const generateMetadata = () => screenMetadata("newsletter");

/** The newsletter's sends, newest first, and the two ways to start one (docs/newsletter.md). */
export default async function NewsletterPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("newsletter");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const [counts, sends, posts] = await Promise.all([navCounts(gate.screens), listSends(), postsToSend()]);
  return (
    <DashboardShell screens={gate.screens} current="newsletter" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 grid gap-8">
        <section aria-labelledby="newsletter-new" className="rounded-2xl border border-line bg-surface p-5">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="newsletter-new" className="text-lg font-bold">
              Start a letter
            </h2>
            <Link href={`${dashboardHref("newsletter")}/subscribers`} className="text-sm font-semibold text-brand-700 hover:underline">
              Subscribers
            </Link>
          </div>
          <div className="mt-4">
            <NewSendForms posts={posts} />
          </div>
        </section>
        <section aria-labelledby="newsletter-sends">
          <h2 id="newsletter-sends" className="text-lg font-bold">
            Letters
          </h2>
          {sends.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">No letter yet.</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="sends">
                <thead>
                  <tr className="border-b border-line">
                    <th scope="col" className="py-2 pr-4">
                      Subject
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Status
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Progress
                    </th>
                    <th scope="col" className="py-2 pr-4">
                      Date
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {sends.map((s) => (
                    <tr key={s.id} className="border-b border-line">
                      <td className="py-2 pr-4">
                        <Link href={`${dashboardHref("newsletter")}/${s.id}`} className="font-semibold text-brand-700 hover:underline">
                          {s.subject}
                        </Link>
                        {s.postId && <span className="ml-2 text-xs text-muted">post</span>}
                      </td>
                      <td className="py-2 pr-4">{SEND_STATUS_LABELS[s.status]}</td>
                      <td className="py-2 pr-4">{s.total > 0 ? `${s.sent} of ${s.total} sent${s.failed ? `, ${s.failed} failed` : ""}` : "—"}</td>
                      <td className="py-2 pr-4">{formatAdminDate(s.finishedAt ?? s.startedAt ?? s.scheduledAt ?? s.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </DashboardShell>
  );
}
