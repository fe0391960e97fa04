import Link from "next/link";
import { DashboardShell } from "@/components/admin/dashboard-nav";
import { PipelineBoard } from "@/components/admin/pipeline-board";
import { DEAL_VALUE_RULE } from "@/lib/deal-value";
import { AnswerBox } from "@/components/ui/answer-box";
import { buttonVariants } from "@/components/ui/button";
import { formatRupees } from "@/lib/format";
import { BOARD_SERVICES, boardQuery, readBoardFilters } from "@/lib/pipeline";
import { dashboardHref } from "@/lib/routes";
import { MOVE_RESULTS, moveAnswer, type MoveResult } from "@/server/pipeline/pipeline-answers";
import { navCounts, navSearch, one, openScreen, readSeen, type SearchParams } from "@/app/admin/dashboard-gate";
import { listDeskMembers } from "@/server/leads/data/follow-up";
import { STAGE_EDITORS } from "@/server/leads/data/lead-stages";
import { loadBoard } from "@/server/pipeline/data/pipeline";
import { MemberOptions } from "@/components/admin/member-options";

export const metadata = { title: "Pipeline" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const field = "min-h-11 rounded-xl border border-line bg-surface px-3 font-normal";

/** The pipeline board (docs/decisions/0067): a column per stage, filters like the lead list, moves by drag, keyboard or form. */
export default async function PipelinePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const gate = await openScreen("pipeline");
  if (gate.kind === "denied") return gate.page;
  const raw = await searchParams;
  const filters = readBoardFilters(raw);
  const [counts, board, members] = await Promise.all([navCounts(gate.screens), loadBoard(filters), listDeskMembers()]);
  // The answer to a move made without JavaScript, written from its code (never text from the address).
  const result = one(raw.result);
  const movedId = one(raw.moved);
  const answer = (MOVE_RESULTS as readonly string[]).includes(result ?? "")
    ? await moveAnswer(result as MoveResult, movedId && UUID.test(movedId) ? movedId : "")
    : null;
  const query = boardQuery(filters);
  return (
    <DashboardShell screens={gate.screens} current="pipeline" counts={counts} q={navSearch(raw)} seen={readSeen(raw)}>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
        <p className="text-sm text-ink-soft" role="status">
          {board.count} {board.count === 1 ? "lead" : "leads"} · {formatRupees(board.total)} in all ·{" "}
          {formatRupees(board.columns.filter((c) => c.open).reduce((n, c) => n + c.total, 0))} open
          <span className="block text-xs" data-testid="deal-value-rule">
            {DEAL_VALUE_RULE}
          </span>
        </p>
        {STAGE_EDITORS.includes(gate.user.role) && (
          <Link href="/admin/pipeline/stages" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Edit stages
          </Link>
        )}
      </div>
      <form method="get" action={dashboardHref("pipeline")} className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label="Filter the board">
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-semibold">
          Search leads
          <input type="search" name="q" defaultValue={filters.q} maxLength={200} className={`${field} w-full`} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Owner
          <select name="owner" defaultValue={filters.owner ?? ""} className={field}>
            <option value="">Everyone</option>
            <option value="me">Mine</option>
            <option value="none">Nobody (unassigned)</option>
            <MemberOptions members={members} />
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Service
          <select name="service" defaultValue={filters.service ?? ""} className={field}>
            <option value="">Any</option>
            {BOARD_SERVICES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Arrived from
          <input type="date" name="from" defaultValue={filters.from} min="2000-01-01" max="2100-12-31" className={field} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          to
          <input type="date" name="to" defaultValue={filters.to} min="2000-01-01" max="2100-12-31" className={field} />
        </label>
        <button type="submit" className={buttonVariants({ variant: "outline" })}>
          Apply
        </button>
      </form>
      {answer && <AnswerBox state={answer} className="mt-4" />}
      <PipelineBoard columns={board.columns} query={query} today={board.today} />
    </DashboardShell>
  );
}
