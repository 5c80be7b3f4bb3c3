/**
 * Listing and stat run overlapped inside the engine, so the stage split alone cannot say what
 * each costs by itself. This measures them apart, on the compiled engine's own code:
 *
 * - listing alone: the real search with the stat stage swapped for one that only records each
 *   path (same ripgrep, same decoding and matching, nothing stat-ed);
 * - stat alone: the engine's own stat pool over exactly those paths;
 * - the same paths with a plain fs.statSync loop, the cheapest way Node can stat, to show how
 *   much of the stat cost is the pool's overhead rather than the kernel's.
 */

import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import type { createModifiedTimes as createModifiedTimesType, ModifiedTimes } from '../src/core/walk/modifiedTimes';
import type { joinName as joinNameType, RawName } from '../src/core/names';

export interface IsolatedCosts {
  readonly listingAloneMs: number;
  readonly statAloneMs: number;
  /** Main-thread busy time during the stat-alone run. */
  readonly statAloneMainThreadMs: number;
  readonly statSyncLoopMs: number;
  readonly paths: number;
}

/** The compiled module's exports, loaded at run time so the probe can swap one (types only here). */
interface ModifiedTimesModule {
  createModifiedTimes: typeof createModifiedTimesType;
}

export async function isolateListingAndStat(coreDirectory: string, search: () => Promise<unknown>): Promise<IsolatedCosts> {
  const load = createRequire(nodePath.join(coreDirectory, 'index.js'));
  const module = load('./walk/modifiedTimes') as ModifiedTimesModule;
  const { createModifiedTimes } = module;
  const { joinName } = load('./names') as { joinName: typeof joinNameType };

  // Listing alone: every match is recorded and given a time of 0 instead of being stat-ed.
  const listed: Array<{ readonly root: string; readonly name: RawName }> = [];
  module.createModifiedTimes = (): ModifiedTimes => {
    let count = 0;
    return {
      add(index, root, name) {
        listed.push({ root, name });
        count = Math.max(count, index + 1);
      },
      finish: () => Promise.resolve({ mtimes: new Float64Array(count), inodes: new Uint32Array(count), vanished: 0, unreadable: 0, skipped: 0 }),
    };
  };
  let listingAloneMs: number;
  try {
    const started = performance.now();
    await search();
    listingAloneMs = performance.now() - started;
  } finally {
    module.createModifiedTimes = createModifiedTimes;
  }

  // Stat alone: the engine's own way (the stat pool) over exactly those matches.
  const utilization = performance.eventLoopUtilization();
  let started = performance.now();
  const times = createModifiedTimes('pool');
  listed.forEach(({ root, name }, index) => times.add(index, root, name));
  await times.finish();
  const statAloneMs = performance.now() - started;
  const statAloneMainThreadMs = performance.eventLoopUtilization(utilization).active;

  started = performance.now();
  for (const { root, name } of listed) {
    statSync(joinName(root, name));
  }
  const statSyncLoopMs = performance.now() - started;

  return { listingAloneMs, statAloneMs, statAloneMainThreadMs, statSyncLoopMs, paths: listed.length };
}
