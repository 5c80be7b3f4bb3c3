/**
 * The 'adaptive' way: the calling thread while few listed names match, the stat pool once most
 * do (ownThreadStatMode in modifiedTimes.ts says where it is used).
 */

import type { RawName } from '../../names';
import type { ModifiedTimes, ModifiedTimesSummary } from '../modifiedTimes';
import { PooledModifiedTimes, type PoolOptions } from './pooled';
import { SyncModifiedTimes } from './sync';

/**
 * Share of listed names that must match before the stat pool takes over, and how many names are
 * listed before that share is trusted. Measured on 2 cores, medians of interleaved runs against
 * the pool from the start. The command line (`node dist/cli.js PATTERN` in each benchmark tree,
 * 11 runs): where 30% of the names match (100k) 586 ms against 658; where 90-100% match (wide,
 * concentrated) 540 and 783 against 544 and 759. The calling thread alone took 584 and 897 there
 * (15 runs): dense walks need the threads. The search thread (bench/engineWorker.ts, 7-9 runs):
 * 100k 692 ms against 776 in a fresh process, 467 against 515 in a warm one; concentrated 891
 * against 920 fresh, 593 against 562 warm (spread ±60 ms).
 */
const DENSE_SHARE = 0.5;
const FIRST_LOOK = 512;

export interface AdaptiveOptions {
  /** @default 512 */
  readonly firstLook?: number;
  /** For the pool, once it takes over. */
  readonly pool?: PoolOptions;
}

/**
 * The calling thread while matches are a minority of the names ripgrep lists, the stat pool from
 * the moment they are not. For a thread nothing else waits on, on a machine where ripgrep walks
 * with one thread: there a stat thread costs ~55 ms of CPU to start, and once running its work
 * and messages still take CPU from ripgrep and from the thread decoding its output. While at most
 * half of the names match, the calling thread keeps up with ripgrep on its own; when most match,
 * stat work outgrows the walk and threads pay off. Matches are added in order (0, 1, 2, …), so
 * the ones before the hand-over are the calling thread's and the rest the pool's.
 */
export class AdaptiveModifiedTimes implements ModifiedTimes {
  private readonly here: SyncModifiedTimes;
  private pooled: PooledModifiedTimes | undefined;
  private readonly firstLook: number;

  constructor(
    private readonly signal: AbortSignal | undefined,
    /** How many names ripgrep has listed so far, matching or not. */
    private readonly listed: () => number,
    private readonly options: AdaptiveOptions = {},
  ) {
    this.here = new SyncModifiedTimes(signal);
    this.firstLook = options.firstLook ?? FIRST_LOOK;
  }

  add(index: number, root: string, name: RawName): void {
    if (this.pooled === undefined && this.mostNamesMatch(index + 1)) {
      this.pooled = new PooledModifiedTimes(this.signal, this.options.pool);
    }
    (this.pooled ?? this.here).add(index, root, name);
  }

  async finish(): Promise<ModifiedTimesSummary> {
    const here = await this.here.finish();
    if (this.pooled === undefined) {
      return here;
    }
    const pooled = await this.pooled.finish();
    // The pool was given the last match, so its times cover every index; the calling thread's
    // are those of the matches before the hand-over.
    const { mtimes, inodes } = pooled;
    mtimes.set(here.mtimes);
    inodes.set(here.inodes);
    return {
      mtimes,
      inodes,
      vanished: here.vanished + pooled.vanished,
      unreadable: here.unreadable + pooled.unreadable,
      skipped: here.skipped + pooled.skipped,
    };
  }

  private mostNamesMatch(matched: number): boolean {
    const listed = this.listed();
    return listed >= this.firstLook && matched > listed * DENSE_SHARE;
  }
}
