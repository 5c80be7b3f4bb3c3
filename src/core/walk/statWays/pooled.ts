/**
 * The 'pool' way: batches of files stat-ed on the stat pool's threads (statPool.ts), the fastest
 * on these machines and never blocking the caller.
 */

import type { RawName } from '../../names';
import type { ModifiedTimes, ModifiedTimesSummary } from '../modifiedTimes';
import { raiseStop, statBatchAsync, statPool, stopFlag, type StatBatch, type StatBatchResult } from '../statPool';
import { TimesRecord } from './record';

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
  private readonly record = new TimesRecord();
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
    this.raiseStop = () => raiseStop(this.stop, readAfterStop);
    signal?.addEventListener('abort', this.raiseStop, { once: true });
  }

  add(index: number, root: string, name: RawName): void {
    if (!this.record.admit(index, this.signal)) {
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
    if (this.signal?.aborted && this.batch) {
      for (const index of this.batch.indexes) {
        this.record.skip(index);
      }
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
      batch.indexes.forEach((index, i) => this.record.setOutcome(index, result.outcomes[i], result.mtimes[i], result.inodes[i]));
    };
    this.pending.push(
      this.submit(message)
        .catch(() => statBatchAsync(message))
        .then(take),
    );
  }
}
