import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { ExperimentForm, ShipExperimentForm, StartExperimentForm, StopExperimentForm } from "@/components/admin/experiment-forms";
import { Badge } from "@/components/ui/badge";
import { EXPERIMENTS_DESK } from "@/lib/admin-tables/definition";
import { formatAdminDate, formatCount, formatRupees } from "@/lib/format";
import { dashboardHref } from "@/lib/routes";
import { COPY_FIELDS, copyValueLabel, EXPERIMENT_GOAL_LABELS, EXPERIMENT_STATUS_LABELS, EXPERIMENT_TARGET_LABELS } from "@/lib/schemas/experiments";
import { navCounts, openScreen } from "@/app/admin/dashboard-gate";
import { getExperiment } from "@/server/experiments/data/manage";
import { targetPages } from "@/server/experiments/data/pages";
import { loadExperimentResults, type ExperimentResults, type Verdict } from "@/server/experiments/data/results";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const percent = (share: number | null, digits = 1) => (share === null ? "—" : `${(share * 100).toFixed(digits)} %`);

/**
 * One experiment (docs/decisions/0104): its draft's form while a draft, Start, Stop and Ship as plain
 * forms (each works without JavaScript), and its results: per variant the visitors, what they sent,
 * the goal's rate with its 95 % interval, the chance to beat the control and the expected loss, with
 * the warnings that withhold a winner read first.
 */
export default async function ExperimentPage({ params }: { params: Promise<{ id: string }> }) {
  const gate = await openScreen("experiments");
  if (gate.kind === "denied") return gate.page;
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const [counts, experiment] = await Promise.all([navCounts(gate.screens), getExperiment(id)]);
  if (!experiment) notFound();
  const mayWrite = EXPERIMENTS_DESK.write.includes(gate.user.role);
  const [results, pages] = await Promise.all([loadExperimentResults(experiment), experiment.status === "draft" && mayWrite ? targetPages() : null]);
  const challengers = experiment.variants.slice(1).map((v, i) => ({ index: i + 1, name: v.name }));
  return (
    <DashboardShell screens={gate.screens} current="experiments" counts={counts}>
      <div className="mt-6 grid gap-8">
        <div>
          <Link href={dashboardHref("experiments")} className="text-sm font-semibold text-brand-700 hover:underline">
            ← All experiments
          </Link>
          <h2 className="mt-2 text-xl font-bold">{experiment.name}</h2>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-soft" data-testid="experiment-status">
            <Badge tone={experiment.status === "running" ? "success" : experiment.status === "draft" ? "muted" : "neutral"}>
              {EXPERIMENT_STATUS_LABELS[experiment.status]}
            </Badge>
            <span>
              {EXPERIMENT_TARGET_LABELS[experiment.target]}
              {experiment.targetPath && (
                <>
                  {" "}
                  <code>{experiment.targetPath}</code>
                </>
              )}{" "}
              · goal: {EXPERIMENT_GOAL_LABELS[experiment.goal]} · {experiment.trafficPercent} % of visitors · key <code>{experiment.key}</code>
            </span>
            {experiment.startedAt && <span>· started {formatAdminDate(experiment.startedAt)}</span>}
            {experiment.stoppedAt && <span>· stopped {formatAdminDate(experiment.stoppedAt)}</span>}
            {experiment.shippedVariant !== null && <span>· shipped {experiment.variants[experiment.shippedVariant]?.name}</span>}
          </p>
          {mayWrite && (
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {experiment.status === "draft" && <StartExperimentForm id={experiment.id} name={experiment.name} />}
              {experiment.status === "running" && <StopExperimentForm id={experiment.id} name={experiment.name} />}
              {experiment.status === "stopped" && experiment.shippedVariant === null && (
                <ShipExperimentForm
                  id={experiment.id}
                  variants={challengers}
                  suggested={results.verdict.kind === "winner" ? results.verdict.variant : undefined}
                />
              )}
            </div>
          )}
        </div>

        {experiment.status !== "draft" && <ResultsSection results={results} />}

        <section aria-labelledby="experiment-variants">
          <h3 id="experiment-variants" className="font-bold">
            Variants
          </h3>
          {pages ? (
            <div className="mt-3 rounded-2xl border border-line bg-surface p-5">
              <ExperimentForm
                experiment={{
                  id: experiment.id,
                  name: experiment.name,
                  target: experiment.target,
                  targetPath: experiment.targetPath,
                  goal: experiment.goal,
                  trafficPercent: experiment.trafficPercent,
                  minDays: experiment.minDays,
                  variants: experiment.variants,
                }}
                pages={pages}
              />
            </div>
          ) : (
            <>
              {experiment.status === "draft" ? null : (
                <p className="mt-1 text-sm text-ink-soft">
                  Fixed since it started: changing a weight or the copy would move visitors between variants and mix two tests in one result.
                </p>
              )}
              <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                {experiment.variants.map((v, index) => (
                  <li key={index} className="rounded-2xl border border-line bg-surface p-4 text-sm">
                    <p className="font-semibold">
                      {v.name} <span className="font-normal text-ink-soft">· weight {v.weight}</span>
                    </p>
                    {index === 0 ? (
                      <p className="mt-1 text-ink-soft">The page as it is.</p>
                    ) : (
                      <dl className="mt-2 grid gap-1">
                        {COPY_FIELDS.filter((f) => v.copy[f.key]).map((f) => (
                          <div key={f.key}>
                            <dt className="inline text-ink-soft">{f.label}: </dt>
                            <dd className="inline">{copyValueLabel(f.key, v.copy[f.key]!)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </DashboardShell>
  );
}

function verdictText(verdict: Verdict, results: ExperimentResults): string {
  if (verdict.kind === "winner") return `${results.variants[verdict.variant]?.name} beats the control.`;
  if (verdict.kind === "control") return "The control beats every variant: the page as it is wins.";
  return {
    "sample-ratio": "No winner: the split is broken (see above).",
    "too-early": `No winner yet: it has run ${results.daysRun} of its ${results.minDays} days.`,
    "no-visitors": "No winner yet: a variant has no visitor.",
    undecided: "No clear winner yet: no variant is 95 % likely to beat the control, nor the control all of them.",
    draft: "Not started.",
  }[verdict.reason];
}

/** The results table: one row per variant, the control first. */
function ResultsSection({ results }: { results: ExperimentResults }) {
  const heads = [
    "Variant",
    "Visitors",
    "Free-audit leads",
    "Contact messages",
    "Booked calls",
    "Qualified",
    "Won",
    "Won value",
    "Goal rate (95 % interval)",
    "Chance to beat control",
    "Expected loss",
  ];
  return (
    <section aria-labelledby="experiment-results" data-testid="experiment-results">
      <h3 id="experiment-results" className="font-bold">
        Results
      </h3>
      {results.warnings.length > 0 && (
        <ul className="mt-3 grid gap-2" aria-label="Warnings">
          {results.warnings.map((w) => (
            <li key={w} role="note" className="rounded-xl border border-accent-300 bg-accent-300/20 px-3 py-2 text-sm">
              {w}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm font-semibold" data-testid="experiment-verdict">
        {verdictText(results.verdict, results)}
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Results per variant, the control first</caption>
          <thead>
            <tr className="border-b border-line">
              {heads.map((head) => (
                <th key={head} scope="col" className="py-2 pr-4">
                  {head}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {results.variants.map((v) => (
              <tr key={v.index} className="border-b border-line align-top" data-testid={`variant-result-${v.index}`}>
                <th scope="row" className="py-2 pr-4 font-semibold">
                  {v.name}
                </th>
                <td className="py-2 pr-4 tabular-nums">{formatCount(v.visitors)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatCount(v.leads.freeAudit)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatCount(v.leads.contact)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatCount(v.bookedCalls)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatCount(v.qualified)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatCount(v.won)}</td>
                <td className="py-2 pr-4 tabular-nums">{formatRupees(v.wonValue)}</td>
                <td className="py-2 pr-4 tabular-nums">
                  {percent(v.goal.rate, 2)}{" "}
                  <span className="text-ink-soft">
                    ({percent(v.goal.lower)} to {percent(v.goal.upper)})
                  </span>
                </td>
                <td className="py-2 pr-4 tabular-nums">{v.comparison ? percent(v.comparison.chanceToBeatControl) : "—"}</td>
                <td className="py-2 pr-4 tabular-nums">{v.comparison ? `${(v.comparison.expectedLoss * 100).toFixed(3)} pts` : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted">
        Visitors are counted per day (the analytics&apos; visitor id changes daily). The goal rate is the share of visitors who reached the goal at least once
        after first seeing their variant; the expected loss is the rate given up, on average, by shipping the variant if it is in fact worse.
      </p>
    </section>
  );
}
