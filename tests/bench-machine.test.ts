import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { cpuAccount, groupGone, parsePidStat, parseProcStat, readSnapshot, treeTicks } from "../scripts/bench-machine.ts";

// scripts/bench-machine.ts: how `npm run bench` tells the CPU time its own processes used from what
// other programs used while Lighthouse measured (the "quiet" line of its Budgets block).

const onLinux = fs.existsSync("/proc/stat");

describe("the bench's account of the machine's CPU time", () => {
  it("reads the machine's busy and total ticks from /proc/stat", () => {
    const text = "cpu  100 5 40 800 20 3 2 10 7 0\ncpu0 50 2 20 400 10 1 1 5 3 0\nintr 1 2 3\n";
    // busy: user 100 + nice 5 + system 40 + irq 3 + softirq 2 + steal 10; idle 800 and iowait 20 are not.
    expect(parseProcStat(text)).toEqual({ busy: 160, total: 980 });
    expect(parseProcStat("intr 1 2 3\n")).toBeNull();
    expect(parseProcStat("cpu  100 5 40\n")).toBeNull();
  });

  it("reads a process's parent and CPU ticks after its name, whatever the name holds", () => {
    const fields = (pid: number, name: string, ppid: number, [utime, stime, cutime, cstime]: number[]) =>
      `${pid} (${name}) S ${ppid} ${pid} ${pid} 0 -1 4194560 300 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 100 0 0`;
    expect(parsePidStat(fields(42, "chromium", 7, [10, 5, 3, 2]))).toEqual({ pid: 42, ppid: 7, state: "S", pgrp: 42, ticks: 20 });
    // A name with spaces and a ") (" in it: the fields are counted from the last parenthesis.
    expect(parsePidStat(fields(43, "Web Content) (S 1 2", 42, [1, 1, 0, 0]))).toEqual({ pid: 43, ppid: 42, state: "S", pgrp: 43, ticks: 2 });
    expect(parsePidStat("garbage")).toBeNull();
  });

  it("adds up a process and every live descendant, and nothing outside its tree", () => {
    const processes = [
      { pid: 1, ppid: 0, ticks: 1000 },
      { pid: 10, ppid: 1, ticks: 50 }, // the bench
      { pid: 11, ppid: 10, ticks: 30 }, // a server it started
      { pid: 12, ppid: 10, ticks: 20 }, // Chromium
      { pid: 13, ppid: 12, ticks: 200 }, // its renderer
      { pid: 20, ppid: 1, ticks: 400 }, // another program
      { pid: 21, ppid: 20, ticks: 90 },
    ];
    expect(treeTicks(processes, 10)).toBe(300);
    expect(treeTicks(processes, 99)).toBe(0);
    // A Chromium killed a moment ago: its main process has ended and its children are going to init,
    // with their time; only the main process's own stays in the tree (the bench reaps it).
    const killed = processes.map((p) => (p.pid === 12 ? { ...p, state: "Z" } : p));
    expect(treeTicks(killed, 10)).toBe(100);
  });

  it.skipIf(!onLinux)("counts a child's CPU time in the bench's own tree once the child has ended", () => {
    const before = readSnapshot(process.pid)!;
    // A child that uses 300 ms of CPU (its own count, whatever else the machine runs) and reports what
    // it used; spawnSync reaps it before returning.
    const burn = "let u = process.cpuUsage(); while (u.user + u.system < 300_000) u = process.cpuUsage(); console.log(Math.round((u.user + u.system) / 1000))";
    const child = spawnSync(process.execPath, ["-e", burn], { encoding: "utf8" });
    const after = readSnapshot(process.pid)!;
    const childMs = Number(child.stdout.trim());
    expect(childMs).toBeGreaterThanOrEqual(300);
    // Clock ticks of 10 ms (USER_HZ 100); a tick of rounding on each side.
    const oursMs = (after.ours - before.ours) * 10;
    expect(oursMs).toBeGreaterThanOrEqual(childMs - 20);
    expect(after.busy - before.busy).toBeGreaterThanOrEqual(after.ours - before.ours - 2);
  });

  it.skipIf(!onLinux)("gives shares of the machine that add up to at most all of it, and none without a span", () => {
    const account = cpuAccount();
    expect(account.shares()).toBeNull();
    const span = account.begin();
    // 100 ms of this process's own CPU time, however busy the machine is.
    const start = process.cpuUsage();
    for (let used = process.cpuUsage(start); used.user + used.system < 100_000; used = process.cpuUsage(start));
    account.end(span);
    const shares = account.shares()!;
    expect(shares.bench).toBeGreaterThan(0);
    expect(shares.other).toBeGreaterThanOrEqual(0);
    expect(shares.bench + shares.other).toBeLessThanOrEqual(1);
    // A span whose start could not be read leaves no figure rather than a wrong one.
    account.end(null);
    expect(account.shares()).toBeNull();
  });

  it.skipIf(!onLinux)("waits until a killed process group's every process has gone, and says when they outlast the wait", async () => {
    // A group leader with two children of its own, as chrome-launcher starts Chromium.
    const leader = spawn("sh", ["-c", "sleep 30 & sleep 30 & wait"], { detached: true, stdio: "ignore" });
    const pgid = leader.pid!;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await groupGone(pgid, 100)).toBe(false);
    process.kill(-pgid, "SIGKILL");
    expect(await groupGone(pgid)).toBe(true);
  });
});
