// The page's main-thread CPU time, read from the trace of a Lighthouse run (docs/benchmark.md, 2.). No
// imports, so that the unit test loads it without starting the bench.
//
// Why beside TBT: Lighthouse's simulated TBT multiplies each task's wall-clock duration by the phone's
// CPU slowdown (4). On two cores shared by Chromium's processes and Lighthouse itself, the page's main
// thread waits for a core for about half of each task, so the empty Next page alone measured a TBT of
// 177 to 524 ms within one run of five rounds. A task's thread time (the trace's `tdur`) counts only
// the time the thread ran: the same empty page measured 150-176 ms of main-thread CPU in those rounds.

/** The few fields of a Chromium trace event read here. */
export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Lighthouse's mobile preset slows the CPU this many times (simulated throttling); a task blocks input beyond 50 ms. */
export const CPU_SLOWDOWN = 4;
export const BLOCKING_THRESHOLD_MS = 50;

export interface MainThreadCpu {
  /** Thread time of every task on the page's main thread, from the trace's first to its last, in ms. */
  cpuMs: number;
  /** The longest of those tasks, in ms of thread time. */
  longestTaskMs: number;
  /**
   * TBT's formula on thread time: each task's thread time times the CPU slowdown, less 50 ms, summed
   * over the tasks that start at or after the first contentful paint, as TBT counts (all tasks when
   * the trace has no such paint): what the phone would be blocked for if the page's main thread had a
   * core to itself. Over the loopback the empty page's scripts can run before its first paint, which
   * makes its figure 0 in that round; the bench's ratio then leaves that round out.
   */
  cpuBlockingMs: number;
}

const round = (ms: number) => Math.round(ms);

/**
 * The page's main thread is the renderer main thread ("CrRendererMain") that ran the most: a run also
 * traces the about:blank renderer it navigated from, which runs a few milliseconds. Null when the trace
 * names no renderer main thread or its tasks carry no thread time.
 */
export function mainThreadCpu(events: readonly TraceEvent[]): MainThreadCpu | null {
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const tasksOf = (thread: TraceEvent) =>
    events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X" && e.name === "RunTask" && typeof e.tdur === "number");
  const cpuOf = (tasks: readonly TraceEvent[]) => tasks.reduce((sum, task) => sum + task.tdur! / 1000, 0);
  let best: TraceEvent[] = [];
  for (const thread of mains) {
    const tasks = tasksOf(thread);
    if (cpuOf(tasks) > cpuOf(best)) best = tasks;
  }
  if (best.length === 0) return null;
  // A task nested in another (a nested run loop) is counted in its parent's time already.
  const topLevel: TraceEvent[] = [];
  let outerEnd = -Infinity;
  for (const task of best.toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const end = task.ts + (task.dur ?? 0);
    if (task.ts >= outerEnd) {
      topLevel.push(task);
      outerEnd = end;
    }
  }
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === best[0]!.pid)?.ts ?? -Infinity;
  const blocking = topLevel
    .filter((task) => task.ts >= fcp)
    .reduce((sum, task) => sum + Math.max(0, (CPU_SLOWDOWN * task.tdur!) / 1000 - BLOCKING_THRESHOLD_MS), 0);
  return {
    cpuMs: round(cpuOf(topLevel)),
    longestTaskMs: round(Math.max(...topLevel.map((task) => task.tdur! / 1000))),
    cpuBlockingMs: round(blocking),
  };
}
