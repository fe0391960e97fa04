// The public pages' budget in `npm run bench` (docs/benchmark.md, 2.): which routes are over it, and
// the "Budgets" block printed after the Lighthouse tables. No imports, so that the unit test loads
// it without starting the bench.

/** A route's median TBT at most this many times the empty Next page's (each round's ratio, median). */
export const TBT_RATIO_BUDGET = 1.2;
/** A route's median LCP at most this, in ms. */
export const LCP_BUDGET_MS = 1000;

/** What the budget reads of a Lighthouse row: "-" when the empty page's TBT was 0 in every round. */
export interface BudgetRow {
  route: string;
  lcpMs: number;
  tbtRatio?: number | "-";
  /** TBT's formula on the main thread's CPU time, over the empty page's (scripts/bench-cpu.ts). */
  cpuBlockingRatio?: number | "-";
}

export interface OverBudget {
  route: string;
  /** Each exceeded budget with the route's figure, e.g. "TBT 1.35 x the empty page's". */
  reasons: string[];
}

/** The 1-minute load average over the Lighthouse phase: at its start and end, the highest sampled between runs. */
export interface LoadDuring {
  start: number;
  end: number;
  max: number;
  cores: number;
  /**
   * Shares of the machine's CPU time while the runs measured (scripts/bench-machine.ts): the bench's
   * own processes and everything else. Absent where it cannot be read (no /proc).
   */
  cpu?: { bench: number; other: number };
}

/**
 * The most of the machine's CPU time other processes may use while the runs measure for the machine
 * to count as quiet (docs/decisions/0121). An idle machine's own services used 0.5 % of two cores
 * over ten seconds and 0.9 % during the bench's runs; one program busy on one core was 45 %.
 */
export const QUIET_OTHER_SHARE = 0.1;

/**
 * How Lighthouse slowed the page: "simulate" takes the trace at full speed and computes the slow phone's
 * figures from it; "devtools" loads the page slowed and measures it as it ran. The LCP budget is a
 * simulated figure: a devtools LCP includes the slowed network's transfer of every byte before the
 * paint (about two seconds for our pages, whose style sheet and document the empty page does not
 * have, against its 0.8), so under devtools only the TBT ratio is judged.
 */
export type Throttling = "simulate" | "devtools";

/** The routes over the TBT ratio or (simulated runs only) the LCP budget, in the rows' order, each with its figures. */
export function overBudget(rows: readonly BudgetRow[], throttling: Throttling = "simulate"): OverBudget[] {
  return rows.flatMap((row) => {
    const reasons = [
      ...(typeof row.tbtRatio === "number" && row.tbtRatio > TBT_RATIO_BUDGET ? [`TBT ${row.tbtRatio} x the empty page's`] : []),
      ...(throttling === "simulate" && row.lcpMs > LCP_BUDGET_MS ? [`LCP ${row.lcpMs} ms`] : []),
    ];
    return reasons.length ? [{ route: row.route, reasons }] : [];
  });
}

/**
 * The "Budgets" block's lines: the routes over budget by name, or that all are within it; the routes
 * whose TBT could not be compared; and whether the machine was quiet while the runs measured.
 */
export function budgetReport(rows: readonly BudgetRow[], load: LoadDuring, throttling: Throttling = "simulate"): string[] {
  const over = overBudget(rows, throttling);
  const unjudged = rows.filter((row) => typeof row.tbtRatio !== "number").map((row) => row.route);
  const rule =
    throttling === "simulate"
      ? `TBT at most ${TBT_RATIO_BUDGET} x the empty page's, LCP at most ${LCP_BUDGET_MS / 1000} s`
      : `TBT at most ${TBT_RATIO_BUDGET} x the empty page's; LCP not judged under devtools throttling, which counts the slowed network`;
  return [
    "Budgets",
    over.length ? `${over.length} of ${rows.length} routes over budget (${rule}):` : `All routes within budget (${rule}), ${rows.length} routes.`,
    ...over.map((row) => `  ${row.route}: ${row.reasons.join(", ")}`),
    ...(unjudged.length ? [`TBT not compared (the empty page's TBT was 0 ms in every round): ${unjudged.join(", ")}`] : []),
    ...cpuLines(rows),
    quietLine(load),
  ];
}

/**
 * Whether the machine did anything but the bench while it measured, without which a busy machine, not
 * the page, sets TBT. From the CPU time other processes used where it is known; otherwise from the load
 * average, which counts the bench's own Chromium and servers too and so is rarely below the core count.
 */
function quietLine(load: LoadDuring): string {
  const average = `1 min load average: ${load.start} at the start, ${load.max} at most, ${load.end} at the end`;
  if (load.cpu) {
    const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
    return (
      `These figures are only meaningful on a machine doing nothing else: while the runs measured, other processes used ` +
      `${percent(load.cpu.other)} of its CPU time, the bench's own (Lighthouse, Chromium, the servers) ${percent(load.cpu.bench)} (${average}). ` +
      (load.cpu.other <= QUIET_OTHER_SHARE
        ? `Quiet (others at most ${percent(QUIET_OTHER_SHARE)}).`
        : `Not quiet (others over ${percent(QUIET_OTHER_SHARE)}): read TBT from a quieter run.`)
    );
  }
  return (
    `These figures are only meaningful when the load average stayed below the core count (${load.cores}): ` +
    (load.max < load.cores
      ? `it did (1 min: ${load.start} at the start, ${load.max} at most, ${load.end} at the end).`
      : `it did not (1 min: ${load.start} at the start, ${load.max} at most, ${load.end} at the end); read TBT from a quieter run.`)
  );
}

/**
 * The same ratio on the main thread's CPU time (scripts/bench-cpu.ts), which a busy machine does not
 * inflate: the routes over it with their figures, or that all are within it. Nothing when the rows have
 * no such ratio (a run without the empty page).
 */
function cpuLines(rows: readonly BudgetRow[]): string[] {
  const judged = rows.filter((row): row is BudgetRow & { cpuBlockingRatio: number } => typeof row.cpuBlockingRatio === "number");
  if (judged.length === 0) return [];
  const over = judged.filter((row) => row.cpuBlockingRatio > TBT_RATIO_BUDGET);
  const rule = `TBT's formula on the main thread's CPU time, at most ${TBT_RATIO_BUDGET} x the empty page's`;
  return over.length
    ? [`${over.length} of ${judged.length} routes over it on CPU time (${rule}): ${over.map((row) => `${row.route} ${row.cpuBlockingRatio} x`).join(", ")}`]
    : [`All ${judged.length} routes within it on CPU time (${rule}).`];
}
