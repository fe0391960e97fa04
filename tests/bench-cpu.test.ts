import { describe, expect, it } from "vitest";
import { BLOCKING_THRESHOLD_MS, CPU_SLOWDOWN, mainThreadCpu, type TraceEvent } from "../scripts/bench-cpu.ts";

// scripts/bench-cpu.ts: the page's main-thread CPU time that `npm run bench` reads from each Lighthouse
// run's trace, beside TBT, which on a shared machine counts the time the thread waited for a core.

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: "thread_name", ph: "M", pid, tid, ts: 0, args: { name } });
/** A task from `startMs` lasting `wallMs` on the clock, of which the thread ran `cpuMs`. */
const task = (pid: number, tid: number, startMs: number, wallMs: number, cpuMs: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  pid,
  tid,
  ts: startMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

describe("the main thread's CPU time in a trace", () => {
  it("counts the thread time of the page's renderer main thread, not its wall-clock time", () => {
    const events = [thread(1, 1, "CrRendererMain"), task(1, 1, 0, 30, 10), task(1, 1, 100, 200, 90)];
    expect(mainThreadCpu(events)).toEqual({
      cpuMs: 100,
      longestTaskMs: 90,
      // 4 x 10 - 50 < 0: not blocking; 4 x 90 - 50 = 310.
      cpuBlockingMs: CPU_SLOWDOWN * 90 - BLOCKING_THRESHOLD_MS,
    });
  });

  it("reads the renderer that ran the most, not the about:blank one nor other threads or processes", () => {
    const events = [
      thread(1, 1, "CrRendererMain"),
      task(1, 1, 0, 5, 4),
      thread(2, 7, "CrRendererMain"),
      thread(2, 8, "Compositor"),
      task(2, 7, 10, 40, 30),
      task(2, 8, 10, 400, 400),
      thread(3, 3, "CrBrowserMain"),
      task(3, 3, 0, 900, 900),
    ];
    expect(mainThreadCpu(events)?.cpuMs).toBe(30);
  });

  it("counts a task nested in another once, within its parent", () => {
    const events = [thread(1, 1, "CrRendererMain"), task(1, 1, 0, 100, 80), task(1, 1, 20, 30, 25), task(1, 1, 200, 10, 10)];
    expect(mainThreadCpu(events)).toMatchObject({ cpuMs: 90, longestTaskMs: 80 });
  });

  it("counts blocking only from the first contentful paint, as TBT does", () => {
    const events = [
      thread(1, 1, "CrRendererMain"),
      task(1, 1, 0, 60, 60),
      { name: "firstContentfulPaint", ph: "I", pid: 1, tid: 1, ts: 100_000 },
      task(1, 1, 150, 40, 20),
    ];
    expect(mainThreadCpu(events)).toEqual({ cpuMs: 80, longestTaskMs: 60, cpuBlockingMs: CPU_SLOWDOWN * 20 - BLOCKING_THRESHOLD_MS });
    // Another renderer's first paint (the about:blank one) does not open the window.
    const elsewhere = events.map((e) => (e.name === "firstContentfulPaint" ? { ...e, pid: 2 } : e));
    expect(mainThreadCpu(elsewhere)?.cpuBlockingMs).toBe(CPU_SLOWDOWN * 60 - BLOCKING_THRESHOLD_MS + (CPU_SLOWDOWN * 20 - BLOCKING_THRESHOLD_MS));
  });

  it("gives nothing for a trace without a renderer main thread or without thread times", () => {
    expect(mainThreadCpu([])).toBeNull();
    expect(mainThreadCpu([thread(1, 1, "CrRendererMain"), { ...task(1, 1, 0, 10, 10), tdur: undefined }])).toBeNull();
  });
});
