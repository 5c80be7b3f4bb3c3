/**
 * Reduces a V8 CPU profile (.cpuprofile) to the functions that took the most self time, so the
 * report can say what dominates without opening a profiler UI. The raw profile is kept next to
 * the cache for anyone who wants the full picture (Chrome DevTools or VS Code open it).
 */

import * as nodePath from 'node:path';

/** The parts of V8's Profiler.Profile this reads. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }>;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface HotFunction {
  /** `functionName (file:line)`, or V8's own labels such as `(garbage collector)`. */
  readonly name: string;
  readonly selfMs: number;
}

export function summariseCpuProfile(profile: CpuProfile, top: number): HotFunction[] {
  const labelOf = new Map<number, string>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? ` (${nodePath.basename(url)}:${lineNumber + 1})` : '';
    labelOf.set(node.id, `${functionName || '(anonymous)'}${where}`);
  }
  const selfUs = new Map<string, number>();
  // timeDeltas[i] is the time between sample i-1 and sample i; it is charged to sample i.
  profile.samples.forEach((id, i) => {
    const label = labelOf.get(id) ?? '?';
    selfUs.set(label, (selfUs.get(label) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return [...selfUs]
    .filter(([label]) => label !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, selfMs: us / 1000 }));
}
