/**
 * Reads the modification time of every match while ripgrep is still listing. A file that
 * vanished or turned into a directory since ripgrep listed it gets NaN and is counted; a
 * cancellation or a timeout leaves the rest unread (NOT_READ, a time after every other, see
 * statWays/record.ts) and counted apart, never thrown.
 * The size bound only ends the listing: the files held by then are still read (the signal given
 * here is the Stopper's nowSignal, which the bound leaves alone).
 *
 * Four ways to read them, measured against each other with the benchmark (bench/): 'pool'
 * sends batches to threads that use statSync (statPool.ts), the fastest on these machines and
 * never blocking the caller; 'sync' stats on the calling thread (fine on a thread nothing waits
 * on); 'adaptive' stats on the calling thread until most listed names turn out to match, then
 * uses the pool (for a search on a thread of its own on a small machine, see ownThreadStatMode);
 * 'async' uses libuv's pool one call at a time, whose cost on the calling thread is about twice a
 * statSync's. Each way is a file of statWays/.
 */

import type { RawName } from '../names';
import { walkerThreads } from '../ripgrep/args';
import { AdaptiveModifiedTimes } from './statWays/adaptive';
import { AsyncModifiedTimes } from './statWays/async';
import { PooledModifiedTimes } from './statWays/pooled';
import { SyncModifiedTimes } from './statWays/sync';

export interface ModifiedTimesSummary {
  /** Modification time in milliseconds per match index; NaN where none could be read, NOT_READ (statWays/record.ts) where a stop came first. */
  readonly mtimes: Float64Array;
  /**
   * The low 32 bits of each match's inode number where its time was read (0 elsewhere). Paths to
   * one file (links) share them and the time, which is how order/aliases.ts finds them; only a
   * hint there, which it checks, in 4 bytes a match instead of 8.
   */
  readonly inodes: Uint32Array;
  /** Files gone (or no longer files) by the time they were stat-ed. */
  readonly vanished: number;
  /** Files whose time could not be read for another reason (permissions, loops). */
  readonly unreadable: number;
  /** Files not stat-ed because the search was stopped first: still matches, with the time NOT_READ. */
  readonly skipped: number;
}

export interface ModifiedTimes {
  /** Reads (or queues) the time of `name` under `root` as match number `index` (0, 1, 2, …). */
  add(index: number, root: string, name: RawName): void;
  /** Resolves once every added file has been stat-ed, or skipped after a stop. */
  finish(): Promise<ModifiedTimesSummary>;
}

export type StatMode = 'pool' | 'sync' | 'adaptive' | 'async';

/**
 * The way for a search on a thread of its own (the command line's, the extension's search
 * thread), which may stat without keeping anything else waiting. 'adaptive' where ripgrep walks
 * with a single thread (machines of one or two cores, where it was measured); the pool where it
 * walks with more: ripgrep then lists names faster than one thread can decode them and read their
 * times, and the pool's threads start on cores that would otherwise wait.
 */
export function ownThreadStatMode(walkers: number = walkerThreads()): StatMode {
  return walkers === 1 ? 'adaptive' : 'pool';
}

/**
 * `listed` tells how many names ripgrep has printed so far. The 'adaptive' way needs it (without
 * it, it would read every time on the calling thread), so any call that may ask for that way
 * must pass it; the others do not read it.
 */
export function createModifiedTimes(mode: Exclude<StatMode, 'adaptive'>, signal?: AbortSignal): ModifiedTimes;
export function createModifiedTimes(mode: StatMode, signal: AbortSignal | undefined, listed: () => number): ModifiedTimes;
export function createModifiedTimes(mode: StatMode, signal?: AbortSignal, listed?: () => number): ModifiedTimes {
  switch (mode) {
    case 'pool':
      return new PooledModifiedTimes(signal);
    case 'sync':
      return new SyncModifiedTimes(signal);
    case 'adaptive':
      if (listed === undefined) {
        throw new Error("the 'adaptive' stat way needs the count of names listed");
      }
      return new AdaptiveModifiedTimes(signal, listed);
    case 'async':
      return new AsyncModifiedTimes(signal);
  }
}
