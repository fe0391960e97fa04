import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { ExperimentForm } from "@/components/admin/experiment-forms";
import { Badge } from "@/components/ui/badge";
import { EXPERIMENTS_DESK } from "@/lib/admin-tables/definition";
import { formatAdminDate } from "@/lib/format";
import { dashboardHref } from "@/lib/routes";
import { EXPERIMENT_GOAL_LABELS, EXPERIMENT_STATUS_LABELS, EXPERIMENT_TARGET_LABELS } from "@/lib/schemas/experiments";
import { navCounts, navSearch, openScreen, readSeen, screenMetadata, type SearchParams } from "@/app/admin/dashboard-gate";
import { listExperiments } from "@/server/experiments/data/manage";
import { targetPages } from "@/server/experiments/data/pages";
import { daysRun } from "@/server/experiments/data/results";

export const generateMetadata = () => screenMetadata("experiments");

const STATUS_TONES = { draft: "muted", running: "success", stopped: "neutral" } as const;

/**
 * The A/B experiments (docs/decisions/0104): each with its status, what it changes, its goal, when it
 * started and how many days it has run; the running one first. The content desk drafts a new one
 * here, in a plain form that works without JavaScript; each experiment's own page edits, starts,
 * stops and ships it and shows its results.
 */
export default async function ExperimentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("experiments");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const mayWrite = EXPERIMENTS_DESK.write.includes(gate.user.role);
  const [counts, rows, pages] = await Promise.all([navCounts(gate.screens), listExperiments(), mayWrite ? targetPages() : null]);
  const now = new Date();
  return (
    <DashboardShell screens={gate.screens} current="experiments" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 grid gap-8">
        <section aria-labelledby="experiments-list">
          <h2 id="experiments-list" className="text-lg font-bold">
            Experiments
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            One runs at a time. Each visitor sees one variant on every visit; a variant is judged on what its visitors sent afterwards.
          </p>
          {rows.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">No experiment yet.</p>
          ) : (
            <div className="mt-3 overflow-x-auto">
              <table className="w-full text-left text-sm" data-testid="experiments">
                <caption className="sr-only">Experiments, the running one first, then the newest</caption>
                <thead>
                  <tr className="border-b border-line">
                    {["Name", "Status", "Changes", "Goal", "Started", "Days run"].map((head) => (
                      <th key={head} scope="col" className="py-2 pr-4">
                        {head}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((e) => (
                    <tr key={e.id} className="border-b border-line align-top" data-testid={`experiment-row-${e.key}`}>
                      <td className="py-2 pr-4">
                        <Link href={`${dashboardHref("experiments")}/${e.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                          {e.name}
                        </Link>
                      </td>
                      <td className="py-2 pr-4">
                        <Badge tone={STATUS_TONES[e.status]}>{EXPERIMENT_STATUS_LABELS[e.status]}</Badge>
                        {e.shippedVariant !== null && <span className="ml-2 text-xs text-ink-soft">shipped {e.variants[e.shippedVariant]?.name}</span>}
                      </td>
                      <td className="py-2 pr-4">
                        {EXPERIMENT_TARGET_LABELS[e.target]}
                        {e.targetPath && <code className="ml-1 text-xs text-ink-soft">{e.targetPath}</code>}
                      </td>
                      <td className="py-2 pr-4">{EXPERIMENT_GOAL_LABELS[e.goal]}</td>
                      <td className="py-2 pr-4">{e.startedAt ? formatAdminDate(e.startedAt) : "Not yet"}</td>
                      <td className="py-2 pr-4 tabular-nums">{e.startedAt ? `${daysRun(e, now)} of ${e.minDays}` : `${e.minDays} planned`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
        {mayWrite && (
          <section aria-labelledby="experiments-new" className="rounded-2xl border border-line bg-surface p-5">
            <h2 id="experiments-new" className="text-lg font-bold">
              New experiment
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              A draft first: nothing changes on the site until it is started. Weights are relative shares; 50 and 50 split visitors evenly.
            </p>
            <div className="mt-4">
              <ExperimentForm pages={pages!} />
            </div>
          </section>
        )}
      </div>
    </DashboardShell>
  );
}
