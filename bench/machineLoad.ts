/**
 * How much of the machine something other than the benchmark used while a tree was measured.
 * On a 2-core machine one busy neighbour (a test suite, a build) slows the candidates unevenly,
 * and the load average cannot tell that apart from the benchmark's own processes. So this takes
 * the machine's busy CPU time from /proc/stat and subtracts the runner's own and its waited-for
 * children's (every candidate process): what remains is other work. Hypervisor steal (time the
 * VM wanted a CPU and did not get one) is reported too. Linux only; elsewhere it says nothing.
 */

import { readFileSync } from 'node:fs';
import { childrenCpuMs, ownCpuMs } from './processStats';

const USER_HZ = 100;

interface Reading {
  readonly atMs: number;
  /** Busy CPU time of the whole machine (user, nice, system, irq, softirq), ms. */
  readonly machineBusyMs: number;
  readonly stealMs: number;
  /** This process and its waited-for children, ms. */
  readonly oursMs: number;
}

export interface ForeignLoad {
  /** Other processes' average CPU use during the interval, in cores. */
  readonly otherCores: number;
  /** Hypervisor steal, in cores. */
  readonly stealCores: number;
}

export function readLoad(): Reading | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    const children = childrenCpuMs();
    if (children === undefined) {
      return undefined;
    }
    return {
      atMs: performance.now(),
      machineBusyMs: ((user + nice + system + irq + softirq) * 1000) / USER_HZ,
      stealMs: ((steal ?? 0) * 1000) / USER_HZ,
      oursMs: ownCpuMs() + children,
    };
  } catch {
    return undefined;
  }
}

export function foreignLoadBetween(start: Reading | undefined, end: Reading | undefined): ForeignLoad | undefined {
  if (!start || !end || end.atMs <= start.atMs) {
    return undefined;
  }
  const elapsed = end.atMs - start.atMs;
  const other = end.machineBusyMs - start.machineBusyMs - (end.oursMs - start.oursMs);
  return { otherCores: Math.max(0, other) / elapsed, stealCores: (end.stealMs - start.stealMs) / elapsed };
}
