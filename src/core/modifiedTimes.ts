/**
 * Reads the modification time of every match while ripgrep is still listing. A file that
 * vanished or turned into a directory since ripgrep listed it gets NaN and is counted; a
 * cancellation or a timeout leaves the rest unread (NaN as well) and counted apart, never thrown.
 * The size bound only ends the listing: the files held by then are still read.
 *
 * Four ways to read them, measured against each other with the benchmark (bench/): 'pool'
 * sends batches to threads that use statSync (statPool.ts), the fastest on these machines and
 * never blocking the caller; 'sync' stats on the calling thread (fine on a thread nothing waits
 * on); 'adaptive' stats on the calling thread until most listed names turn out to match, then
 * uses the pool (for a search on a thread of its own on a small machine, see ownThreadStatMode);
 * 'async' uses libuv's pool one call at a time, whose cost on the calling thread is about twice a
 * statSync's.
 */

import { stat, statSync, type Stats } from 'node:fs';
import { joinName, type RawName } from './names';
import { walkerThreads } from './ripgrep/args';
import type { StopReason } from './stopper';
import { raiseStop, statBatchAsync, statOutcome, statPool, StatOutcome, stopFlag, type StatBatch, type StatBatchResult } from './statPool';

export interface ModifiedTimesSummary {
  /** Modification time in milliseconds per match index; NaN where none could be read. */
  readonly mtimes: Float64Array;
  /** Files gone (or no longer files) by the time they were stat-ed. */
  readonly vanished: number;
  /** Files whose time could not be read for another reason (permissions, loops). */
  readonly unreadable: number;
  /** Files not stat-ed because the search was stopped first. */
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

/** `listed` tells how many names ripgrep has printed so far, for the 'adaptive' way. */
export function createModifiedTimes(mode: StatMode, signal?: AbortSignal, listed: () => number = () => 0): ModifiedTimes {
  switch (mode) {
    case 'pool':
      return new PooledModifiedTimes(signal);
    case 'sync':
      return new SyncModifiedTimes(signal);
    case 'adaptive':
      return new AdaptiveModifiedTimes(signal, listed);
    case 'async':
      return new AsyncModifiedTimes(signal);
  }
}

const SIZE_BOUND: StopReason = 'limit';

/**
 * Whether a stop means "now": a cancellation or a timeout. Every way skips what is added after
 * any stop, but the size bound only ends the listing: the files held by then are still read.
 */
function stopsNow(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && signal.reason !== SIZE_BOUND;
}

/** The times and counts every way shares. */
class Record {
  mtimes = new Float64Array(1024);
  added = 0;
  vanished = 0;
  unreadable = 0;
  skipped = 0;

  reserve(index: number): void {
    if (index >= this.mtimes.length) {
      const grown = new Float64Array(Math.max(this.mtimes.length * 2, index + 1));
      grown.set(this.mtimes);
      this.mtimes = grown;
    }
    this.mtimes[index] = Number.NaN;
    this.added = Math.max(this.added, index + 1);
  }

  setOutcome(index: number, outcome: number, mtime: number): void {
    if (outcome === StatOutcome.Read) {
      this.mtimes[index] = mtime;
    } else if (outcome === StatOutcome.Vanished) {
      this.vanished += 1;
    } else if (outcome === StatOutcome.Skipped) {
      this.skipped += 1;
    } else {
      this.unreadable += 1;
    }
  }

  set(index: number, error: NodeJS.ErrnoException | null, stats: Stats | undefined): void {
    this.setOutcome(index, statOutcome(error, stats), stats?.mtimeMs ?? 0);
  }

  summary(): ModifiedTimesSummary {
    return { mtimes: this.mtimes.subarray(0, this.added), vanished: this.vanished, unreadable: this.unreadable, skipped: this.skipped };
  }
}

/**
 * Files per batch for the pool: big enough that messages cost little, small enough that the
 * threads start while ripgrep is still listing.
 */
const DEFAULT_BATCH = 512;

/** Hands a batch to a thread and resolves with its times; the stat pool unless a test holds them. */
export type SubmitBatch = (batch: Omit<StatBatch, 'id'>) => Promise<StatBatchResult>;

export interface PoolOptions {
  /** @default 512 */
  readonly batchSize?: number;
  /** @default the stat pool */
  readonly submit?: SubmitBatch;
  /** Files the threads may still read after a cancellation or a timeout. @default 8192 */
  readonly readAfterStop?: number;
}

const toStatPool: SubmitBatch = (batch) => statPool().submit(batch);

/**
 * Files the threads still read after a stop, when that many are queued: about 30-60 ms of stat
 * work here (~7 µs a stat, two threads), so a search stopped early still lists what it had
 * found, while a stopped search of a million files does not wait two seconds for its backlog
 * (bench/stopLatency.ts).
 */
const READ_AFTER_STOP = 8_192;

/**
 * Batches of files stat-ed on the stat pool's threads; the caller only collects typed arrays.
 * A stop reaches the threads through a flag every batch shares (statPool.ts stopFlag).
 */
export class PooledModifiedTimes implements ModifiedTimes {
  private readonly record = new Record();
  private batch: { root: string; names: string[]; indexes: number[]; bytes: Array<{ at: number; name: Uint8Array }> } | undefined;
  private readonly pending: Array<Promise<void>> = [];
  private readonly batchSize: number;
  private readonly submit: SubmitBatch;
  private readonly stop = stopFlag();
  private readonly raiseStop: () => void;

  constructor(
    private readonly signal?: AbortSignal,
    { batchSize = DEFAULT_BATCH, submit = toStatPool, readAfterStop = READ_AFTER_STOP }: PoolOptions = {},
  ) {
    this.batchSize = batchSize;
    this.submit = submit;
    this.raiseStop = () => {
      if (stopsNow(this.signal)) {
        raiseStop(this.stop, readAfterStop);
      }
    };
    signal?.addEventListener('abort', this.raiseStop, { once: true });
  }

  add(index: number, root: string, name: RawName): void {
    this.record.reserve(index);
    if (this.signal?.aborted) {
      this.record.skipped += 1;
      return;
    }
    if (this.batch && this.batch.root !== root) {
      this.send();
    }
    this.batch ??= { root, names: [], indexes: [], bytes: [] };
    if (typeof name === 'string') {
      this.batch.names.push(name);
    } else {
      this.batch.bytes.push({ at: this.batch.names.length, name });
      this.batch.names.push('');
    }
    this.batch.indexes.push(index);
    if (this.batch.names.length >= this.batchSize) {
      this.send();
    }
  }

  async finish(): Promise<ModifiedTimesSummary> {
    if (stopsNow(this.signal) && this.batch) {
      this.record.skipped += this.batch.names.length;
      this.batch = undefined;
    }
    this.send();
    try {
      await Promise.all(this.pending);
    } finally {
      this.signal?.removeEventListener('abort', this.raiseStop);
    }
    return this.record.summary();
  }

  private send(): void {
    const batch = this.batch;
    this.batch = undefined;
    if (!batch || batch.names.length === 0) {
      return;
    }
    // One string crosses to the thread far more cheaply than an array of short ones.
    const message: Omit<StatBatch, 'id'> = { root: batch.root, names: batch.names.join('\0'), bytes: batch.bytes, stop: this.stop };
    const take = (result: StatBatchResult): void => {
      batch.indexes.forEach((index, i) => this.record.setOutcome(index, result.outcomes[i], result.mtimes[i]));
    };
    this.pending.push(
      this.submit(message)
        .catch(() => statBatchAsync(message))
        .then(take),
    );
  }
}

/** Each file stat-ed at once, on the calling thread. */
export class SyncModifiedTimes implements ModifiedTimes {
  private readonly record = new Record();

  constructor(private readonly signal?: AbortSignal) {}

  add(index: number, root: string, name: RawName): void {
    this.record.reserve(index);
    if (this.signal?.aborted) {
      this.record.skipped += 1;
      return;
    }
    let stats: Stats | undefined;
    try {
      stats = statSync(joinName(root, name), { throwIfNoEntry: false });
    } catch (error) {
      this.record.set(index, error as NodeJS.ErrnoException, undefined);
      return;
    }
    this.record.set(index, null, stats);
  }

  finish(): Promise<ModifiedTimesSummary> {
    return Promise.resolve(this.record.summary());
  }
}

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
    const mtimes = pooled.mtimes;
    mtimes.set(here.mtimes);
    return {
      mtimes,
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

/** Enough to keep libuv's four threads busy while the calling thread decodes output. */
const DEFAULT_CONCURRENCY = 64;

/** At most `concurrency` stats in flight on libuv's pool; the calling thread never waits. */
export class AsyncModifiedTimes implements ModifiedTimes {
  private readonly record = new Record();
  private queue: Array<string | Buffer> = [];
  private queueIndexes: number[] = [];
  private queueHead = 0;
  private inFlight = 0;
  private closed = false;
  private settle: (() => void) | undefined;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly concurrency = DEFAULT_CONCURRENCY,
  ) {}

  add(index: number, root: string, name: RawName): void {
    this.record.reserve(index);
    if (this.signal?.aborted) {
      this.record.skipped += 1;
      return;
    }
    this.queue.push(joinName(root, name));
    this.queueIndexes.push(index);
    this.pump();
  }

  finish(): Promise<ModifiedTimesSummary> {
    this.closed = true;
    return new Promise((resolve) => {
      this.settle = () => resolve(this.record.summary());
      this.pump();
    });
  }

  private pump(): void {
    if (stopsNow(this.signal)) {
      this.record.skipped += this.queue.length - this.queueHead;
      this.queue = [];
      this.queueIndexes = [];
      this.queueHead = 0;
    }
    while (this.inFlight < this.concurrency && this.queueHead < this.queue.length) {
      const path = this.queue[this.queueHead];
      const index = this.queueIndexes[this.queueHead];
      this.queueHead += 1;
      this.inFlight += 1;
      stat(path, (error, stats) => {
        this.inFlight -= 1;
        this.record.set(index, error, stats);
        this.pump();
      });
    }
    if (this.queueHead > 4096 && this.queueHead * 2 > this.queue.length) {
      // Drop the consumed front so a million queued paths are not all kept until the end.
      this.queue.splice(0, this.queueHead);
      this.queueIndexes.splice(0, this.queueHead);
      this.queueHead = 0;
    }
    if (this.closed && this.inFlight === 0 && this.queueHead >= this.queue.length) {
      this.settle?.();
      this.settle = undefined;
    }
  }
}
