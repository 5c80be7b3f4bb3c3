/**
 * Reads the modification time of every match while ripgrep is still listing, so listing and
 * stat-ing overlap. At most `concurrency` stats are in flight (libuv runs them on its thread
 * pool). A file that vanished or turned into a directory since ripgrep listed it gets NaN and is
 * counted; stopping leaves the rest unread (NaN as well) and counted apart, never thrown.
 */

import { stat } from 'node:fs';

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

/** Enough to keep libuv's four threads busy while the main thread decodes output. */
const DEFAULT_CONCURRENCY = 64;

export class ModifiedTimes {
  private mtimes = new Float64Array(1024);
  private readonly queue: Array<string | Buffer> = [];
  private queueIndexes: number[] = [];
  private queueHead = 0;
  private inFlight = 0;
  private added = 0;
  private vanished = 0;
  private unreadable = 0;
  private skipped = 0;
  private closed = false;
  private settle: (() => void) | undefined;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly concurrency = DEFAULT_CONCURRENCY,
  ) {}

  /** Queues the file at `absolutePath` as match number `index` (indexes are 0, 1, 2, …). */
  add(index: number, absolutePath: string | Buffer): void {
    if (index >= this.mtimes.length) {
      const grown = new Float64Array(Math.max(this.mtimes.length * 2, index + 1));
      grown.set(this.mtimes);
      this.mtimes = grown;
    }
    this.mtimes[index] = Number.NaN;
    this.added = Math.max(this.added, index + 1);
    this.queue.push(absolutePath);
    this.queueIndexes.push(index);
    this.pump();
  }

  /** Resolves once every queued file has been stat-ed, or skipped after a stop. */
  finish(): Promise<ModifiedTimesSummary> {
    this.closed = true;
    return new Promise((resolve) => {
      this.settle = () =>
        resolve({
          mtimes: this.mtimes.subarray(0, this.added),
          vanished: this.vanished,
          unreadable: this.unreadable,
          skipped: this.skipped,
        });
      this.pump();
    });
  }

  private pump(): void {
    if (this.signal?.aborted) {
      this.skipped += this.queue.length - this.queueHead;
      this.queue.length = 0;
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
        if (error) {
          const code = error.code;
          if (code === 'ENOENT' || code === 'ENOTDIR') {
            this.vanished += 1;
          } else {
            this.unreadable += 1;
          }
        } else if (stats.isDirectory()) {
          this.vanished += 1;
        } else {
          this.mtimes[index] = stats.mtimeMs;
        }
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
