import { readFileSync } from "node:fs";

/** The resident set size of a process in bytes, from /proc (Linux); null elsewhere. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match?.[1] ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the process's RSS every `everyMs` until stopped; returns the highest seen. */
export function sampleResident(pid: number | undefined, everyMs = 200) {
  let peak = residentBytes(pid);
  const timer = setInterval(() => {
    const now = residentBytes(pid);
    if (now !== null && (peak === null || now > peak)) peak = now;
  }, everyMs);
  return {
    stop(): number | null {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * CPU time the process has used so far, in milliseconds (user + system), from /proc (Linux);
 * null elsewhere. Linux counts it in clock ticks of 10 ms on every platform Node supports.
 */
export function cpuMilliseconds(pid: number | undefined): number | null {
  const ticks = pid === undefined ? null : cpuTicks(pid);
  return ticks === null ? null : ticks * 10;
}

/** CPU time the process has used so far, in clock ticks (user + system), from /proc. */
function cpuTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the process uses under a tenth of a CPU for 200 ms, at most `maxMs`: the requests
 * a warm-up left in flight are finished before the measured run starts.
 */
export async function waitUntilQuiet(pid: number | undefined, maxMs = 15_000) {
  if (pid === undefined) return;
  const deadline = Date.now() + maxMs;
  let before = cpuTicks(pid);
  while (before !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = cpuTicks(pid);
    if (after === null || after - before < 2) return;
    before = after;
  }
}
