/**
 * The 'async' way: fs.stat on libuv's pool, a bounded number in flight. It never blocks the
 * caller, but costs it about twice a statSync's time per file, so the pool is preferred.
 */

import { stat } from 'node:fs';
import { joinName, type RawName } from '../../names';
import type { ModifiedTimes, ModifiedTimesSummary } from '../modifiedTimes';
import { TimesRecord } from './record';

/** Enough to keep libuv's four threads busy while the calling thread decodes output. */
const DEFAULT_CONCURRENCY = 64;

/** At most `concurrency` stats in flight on libuv's pool; the calling thread never waits. */
export class AsyncModifiedTimes implements ModifiedTimes {
  private readonly record = new TimesRecord();
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
    if (!this.record.admit(index, this.signal)) {
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
    if (this.signal?.aborted) {
      for (let at = this.queueHead; at < this.queue.length; at += 1) {
        this.record.skip(this.queueIndexes[at]);
      }
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
