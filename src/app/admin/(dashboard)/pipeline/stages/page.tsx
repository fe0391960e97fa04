import Link from "next/link";
import { notFound } from "next/navigation";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { AddStageForm, StageControls, type StageRow } from "@/components/admin/stage-forms";
import { buttonVariants } from "@/components/ui/button";
import { CUSTOM_STAGES_MAX } from "@/lib/limits";
import { navCounts, navSearch, openScreen, readSeen, type SearchParams } from "@/app/admin/dashboard-gate";
import { STAGE_EDITORS, leadsPerStage, listLeadStages } from "@/server/leads/data/lead-stages";

export const metadata = { title: "Pipeline stages" };

/** The owner's stages of the pipeline (docs/decisions/0067): the built-ins stay, custom ones are added, renamed, moved, removed. */
export default async function StagesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("pipeline");
  if (gate.kind === "denied") return gate.page;
  // Only the owner edits stages; for anyone else this address is not found, like a screen they may not read.
  if (!STAGE_EDITORS.includes(gate.user.role)) notFound();
  const raw = await searchParams;
  const [counts, stages, perStage] = await Promise.all([navCounts(gate.screens), listLeadStages(), leadsPerStage()]);
  const rows: StageRow[] = stages.map((s) => ({ key: s.key, name: s.name, builtin: s.builtin, count: perStage[s.key] ?? 0 }));
  return (
    <DashboardShell screens={gate.screens} current="pipeline" title="Pipeline stages" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
        <Link href="/admin/pipeline" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Back to the board
        </Link>
      </div>
      <p className="mt-2 max-w-2xl text-sm text-ink-soft">
        New, Contacted, Qualified, Won and Lost are built in: they keep their names and order, since the API, webhooks and exports use them. Add up to{" "}
        {CUSTOM_STAGES_MAX} stages of your own between them; a lead moved out of New into any of them counts as contacted.
      </p>
      <section aria-labelledby="add-stage" className="mt-6 max-w-3xl rounded-card border border-line bg-surface p-5">
        <h2 id="add-stage" className="mb-3 text-base font-bold">
          Add a stage
        </h2>
        <AddStageForm stages={rows} />
      </section>
      <ol className="mt-6 grid max-w-3xl gap-3" aria-label="Stages in the board's order">
        {rows.map((stage, i) => (
          <li key={stage.key} className="rounded-card border border-line bg-surface p-4">
            <p className="font-semibold">
              {stage.name}{" "}
              <span className="text-sm font-normal text-ink-soft">
                · {stage.count} {stage.count === 1 ? "lead" : "leads"} · key {stage.key}
              </span>
              {stage.builtin && <span className="ml-2 rounded-full bg-canvas px-2 py-0.5 text-xs text-ink-soft">Built in</span>}
            </p>
            {!stage.builtin && <StageControls stage={stage} stages={rows} first={i <= 1} last={i === rows.length - 1} />}
          </li>
        ))}
      </ol>
    </DashboardShell>
  );
}
