/**
 * Listing and stat run overlapped inside the engine, so the stage split alone cannot say what
 * each costs by itself. This measures them apart, on the compiled engine's own code:
 *
 * - listing alone: the real search with the stat stage's `add` swapped for one that only records
 *   the path (same ripgrep, same decoding and matching, nothing stat-ed);
 * - stat alone: the engine's own ModifiedTimes over exactly those paths;
 * - the same paths with a plain fs.statSync loop, the cheapest way Node can stat, to show how
 *   much of the stat cost is the per-request overhead of async fs calls rather than the kernel.
 */

import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';

export interface IsolatedCosts {
  readonly listingAloneMs: number;
  readonly statAloneMs: number;
  /** Main-thread busy time during the stat-alone run. */
  readonly statAloneMainThreadMs: number;
  readonly statSyncLoopMs: number;
  readonly paths: number;
}

interface ModifiedTimesModule {
  readonly ModifiedTimes: {
    new (signal?: AbortSignal): { add(index: number, path: string | Buffer): void; finish(): Promise<unknown> };
    readonly prototype: { add(index: number, path: string | Buffer): void };
  };
}

export async function isolateListingAndStat(coreDirectory: string, search: () => Promise<unknown>): Promise<IsolatedCosts> {
  const load = createRequire(nodePath.join(coreDirectory, 'index.js'));
  const { ModifiedTimes } = load('./modifiedTimes') as ModifiedTimesModule;

  const paths: Array<string | Buffer> = [];
  const originalAdd = ModifiedTimes.prototype.add;
  ModifiedTimes.prototype.add = function (_index: number, path: string | Buffer): void {
    paths.push(path);
  };
  let listingAloneMs: number;
  try {
    const started = performance.now();
    await search();
    listingAloneMs = performance.now() - started;
  } finally {
    ModifiedTimes.prototype.add = originalAdd;
  }

  const utilization = performance.eventLoopUtilization();
  let started = performance.now();
  const times = new ModifiedTimes();
  paths.forEach((path, index) => times.add(index, path));
  await times.finish();
  const statAloneMs = performance.now() - started;
  const statAloneMainThreadMs = performance.eventLoopUtilization(utilization).active;

  started = performance.now();
  for (const path of paths) {
    statSync(path);
  }
  const statSyncLoopMs = performance.now() - started;

  return { listingAloneMs, statAloneMs, statAloneMainThreadMs, statSyncLoopMs, paths: paths.length };
}
