// What else the machine ran while the bench's Lighthouse runs measured (docs/benchmark.md, 2.). TBT is
// wall-clock time, so any other process on the cores lengthens the page's tasks. The load average
// cannot tell that apart from the bench's own work: one Lighthouse run's Chromium, the servers and
// Lighthouse keep two cores at a load of 2-4 with nothing else running. Linux's /proc can: the
// machine's busy CPU time (/proc/stat) less the CPU time of the bench's own process tree
// (/proc/<pid>/stat of every live descendant, which also holds its reaped children's). Elsewhere (no
// /proc) there is no such figure and the bench falls back to the load average.
import fs from "node:fs";

/** CPU time of the whole machine, in clock ticks summed over its cores. */
export interface CpuTicks {
  busy: number;
  total: number;
}

/** The "cpu" line of /proc/stat: busy is user, nice, system, irq, softirq and steal (guest time is already in user and nice). */
export function parseProcStat(text: string): CpuTicks | null {
  const line = text.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return null;
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const fields = [user, nice, system, idle, iowait, irq, softirq, steal];
  if (fields.some((n) => n === undefined || !Number.isFinite(n))) return null;
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, total: busy + idle! + iowait! };
}

export interface ProcessTicks {
  pid: number;
  ppid: number;
  /** "R", "S", "D", "Z" (ended, not yet reaped)... */
  state?: string;
  /** The process group. */
  pgrp?: number;
  /** utime + stime + cutime + cstime: the process's own CPU time and its reaped children's. */
  ticks: number;
}

/** One /proc/<pid>/stat. The command name is in parentheses and may hold spaces and parentheses: fields are read after the last ")". */
export function parsePidStat(text: string): ProcessTicks | null {
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const pid = Number(text.slice(0, text.indexOf(" ")));
  // After the name: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
  const rest = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const ppid = Number(rest[1]);
  const ticks = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
  if (![pid, ppid, ticks].every(Number.isFinite)) return null;
  return { pid, ppid, state: rest[0], pgrp: Number(rest[2]), ticks };
}

/**
 * The CPU ticks of `root` and every descendant of it. Not below a zombie: its parent will reap it,
 * and its time with it, but what is still listed under it is on its way to init (a killed Chromium's
 * main process is listed as ended while its other threads are still being torn down, and its children
 * with it until they are).
 */
export function treeTicks(processes: readonly ProcessTicks[], root: number): number {
  const children = new Map<number, ProcessTicks[]>();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const stack = processes.filter((p) => p.pid === root);
  let sum = 0;
  for (let p = stack.pop(); p; p = stack.pop()) {
    sum += p.ticks;
    if (p.state !== "Z") stack.push(...(children.get(p.pid) ?? []));
  }
  return sum;
}

export interface Snapshot extends CpuTicks {
  /** The ticks of `root`'s process tree. */
  ours: number;
}

/** Every process /proc lists now. */
function listProcesses(): ProcessTicks[] {
  return fs
    .readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const p = parsePidStat(fs.readFileSync(`/proc/${name}/stat`, "utf8"));
        return p ? [p] : [];
      } catch {
        return []; // it ended while the list was read
      }
    });
}

/** The machine's CPU ticks and those of `root`'s tree now; null without /proc. */
export function readSnapshot(root: number): Snapshot | null {
  try {
    const cpu = parseProcStat(fs.readFileSync("/proc/stat", "utf8"));
    if (!cpu) return null;
    return { ...cpu, ours: treeTicks(listProcesses(), root) };
  } catch {
    return null; // no /proc: not Linux
  }
}

/** Shares of the machine's CPU time (all cores) over the measured spans. */
export interface CpuShares {
  /** The bench's own processes: Lighthouse, the Chromium it drives, the servers it started. */
  bench: number;
  /** Everything else, steal time of a virtual machine's host included. */
  other: number;
}

/**
 * The live processes of a process group (a Chromium chrome-launcher started, which leads its own
 * group). A zombie counts as ended: it runs no more, and what may still be listed under it is
 * skipped by `treeTicks`.
 */
function groupMembers(pgid: number): number {
  return listProcesses().filter((p) => p.pgrp === pgid && p.state !== "Z").length;
}

/**
 * Waits until every process of the group `pgid` has ended, at most `timeoutMs`. A killed Chromium's
 * processes leave the bench's tree for init, which reaps them: a span begun while they were still
 * in it would count them at its start and not at its end, and take their CPU time for another program's.
 */
export async function groupGone(pgid: number, timeoutMs = 5_000): Promise<boolean> {
  if (!fs.existsSync("/proc/stat")) return true;
  const deadline = Date.now() + timeoutMs;
  while (groupMembers(pgid) > 0) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * Adds up the machine's CPU time over spans the bench marks: `begin()` before a Chromium is started
 * and `end()` before it is killed (killed, its processes no longer belong to the bench's tree, and
 * what they used would be counted as another program's), the next `begin()` once they have gone
 * (`groupGone`).
 */
export function cpuAccount(root = process.pid) {
  let busy = 0;
  let total = 0;
  let ours = 0;
  let complete = true;
  return {
    begin: (): Snapshot | null => readSnapshot(root),
    end(start: Snapshot | null): void {
      const now = readSnapshot(root);
      if (!start || !now) {
        complete = false;
        return;
      }
      busy += now.busy - start.busy;
      total += now.total - start.total;
      ours += now.ours - start.ours;
    },
    /** Null where there is no /proc, or a span could not be read. */
    shares(): CpuShares | null {
      if (!complete || total <= 0) return null;
      return { bench: Math.min(ours, busy) / total, other: Math.max(0, busy - ours) / total };
    },
  };
}

export type CpuAccount = ReturnType<typeof cpuAccount>;
