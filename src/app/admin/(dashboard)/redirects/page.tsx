import { DashboardShell } from "@/components/admin/dashboard-nav";
import { LinkCheckSection } from "@/components/admin/link-check-section";
import { ImportRedirectsForm, RedirectForm, RemoveRedirectForm } from "@/components/admin/redirect-forms";
import { formatAdminDate } from "@/lib/format";
import { STATUS_LABELS } from "@/lib/schemas/redirects";
import type { RedirectStatus } from "@/lib/redirect-rules";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { listRedirects } from "@/server/redirects/data/redirects";
import { listNotFound, NOT_FOUND_KEEP_DAYS } from "@/server/redirects/data/not-found";
import { latestLinkCheck } from "@/server/seo/data/link-checks";

export const generateMetadata = () => screenMetadata("redirects");

/**
 * The site's redirects (docs/decisions/0091): old addresses the host answers before any page, with
 * how often each was followed. Add, edit and remove are plain forms, so the screen works without
 * JavaScript; each change answers at once.
 */
export default async function RedirectsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("redirects");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const [counts, rows, missing, links] = await Promise.all([navCounts(gate.screens), listRedirects(), listNotFound(), latestLinkCheck()]);
  const source = typeof raw.source === "string" && raw.source.startsWith("/") ? raw.source.slice(0, 2000) : undefined;
  return (
    <DashboardShell screens={gate.screens} current="redirects" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 grid gap-8">
        <section aria-labelledby="redirects-new" className="rounded-2xl border border-line bg-surface p-5">
          <h2 id="redirects-new" className="text-lg font-bold">
            Add a redirect
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            A renamed post gets its 301 by itself. Chains are flattened when saved, so every old address takes one hop; a loop is refused.
          </p>
          <div className="mt-4">
            <RedirectForm source={source} />
          </div>
        </section>
        <section aria-labelledby="redirects-list">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="redirects-list" className="text-lg font-bold">
              Redirects
            </h2>
            <a href="/admin/export/redirects" className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline" download>
              Export as CSV
            </a>
          </div>
          <details className="mt-3 rounded-2xl border border-line bg-surface p-4">
            <summary className="cursor-pointer text-sm font-semibold">Import from a CSV file</summary>
            <p className="mt-2 text-sm text-ink-soft">
              The export&apos;s columns, a redirect a row. A redirect from the same old address is replaced; a row the form would refuse, or a loop, refuses the
              whole file and nothing changes.
            </p>
            <div className="mt-3">
              <ImportRedirectsForm />
            </div>
          </details>
          {rows.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">No redirect yet.</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="redirects">
                <ColumnHeads names={["Old address", "New address", "Status", "Hits", "Last hit"]} />
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id} className="border-b border-line align-top" data-testid={`redirect-row-${r.source}`}>
                      <td className="py-2 pr-4 font-mono break-all">{r.source}</td>
                      <td className="py-2 pr-4 font-mono break-all">{r.target || "—"}</td>
                      <td className="py-2 pr-4">{STATUS_LABELS[r.status as RedirectStatus] ?? r.status}</td>
                      <td className="py-2 pr-4 tabular-nums">{r.hits}</td>
                      <td className="py-2 pr-4">{r.lastHitAt ? formatAdminDate(r.lastHitAt) : "Never"}</td>
                      <td className="py-2 pr-4">
                        <details>
                          <summary className="cursor-pointer font-semibold text-brand-700">Edit</summary>
                          <div className="mt-3 grid gap-3">
                            <RedirectForm redirect={{ id: r.id, source: r.source, target: r.target, status: r.status }} />
                            <RemoveRedirectForm redirect={{ id: r.id, source: r.source, target: r.target, status: r.status }} />
                          </div>
                        </details>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        <NotFoundSection rows={missing} />
        <LinkCheckSection report={links} />
      </div>
    </DashboardShell>
  );
}

/**
 * The 404 monitor (docs/decisions/0097): public addresses people asked for and did not find, the
 * most hit first, with where the last link from another site came from. "Create a redirect" fills
 * the form above with the address; once it redirects, it leaves this list.
 */
function NotFoundSection({ rows }: { rows: Awaited<ReturnType<typeof listNotFound>> }) {
  return (
    <section aria-labelledby="not-found" data-testid="not-found">
      <h2 id="not-found" className="text-lg font-bold">
        Addresses not found
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Pages of this site that visitors asked for and that answered &ldquo;Page not found&rdquo;, without bots or signed-in staff. Each address is kept{" "}
        {NOT_FOUND_KEEP_DAYS} days after it was last asked for; no visitor&apos;s details are kept.
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No visitor has met a missing page yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Addresses not found, the most asked for first</caption>
            <ColumnHeads names={["Address", "Hits", "From other sites", "Last linked from", "First seen", "Last seen"]} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.path} className="border-b border-line align-top" data-testid={`not-found-row-${r.path}`}>
                  <td className="py-2 pr-4 font-mono break-all">{r.path}</td>
                  <td className="py-2 pr-4 tabular-nums" data-testid="not-found-hits">
                    {r.hits}
                  </td>
                  <td className="py-2 pr-4 tabular-nums" data-testid="not-found-referred">
                    {r.referredHits}
                  </td>
                  <td className="py-2 pr-4 break-all">{r.referrerHost ?? "—"}</td>
                  <td className="py-2 pr-4">{formatAdminDate(r.firstSeenAt)}</td>
                  <td className="py-2 pr-4">{formatAdminDate(r.lastSeenAt)}</td>
                  <td className="py-2 pr-4">
                    <a href={`?source=${encodeURIComponent(r.path)}#redirects-new`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                      Create a redirect<span className="sr-only"> from {r.path}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A list's column heads, and the last column's (its row's actions) named for screen readers only. */
function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead>
      <tr className="border-b border-line">
        {[...names, ""].map((head) => (
          <th key={head} scope="col" className="py-2 pr-4">
            {head || <span className="sr-only">Actions</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
