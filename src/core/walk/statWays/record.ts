/**
 * What every stat way keeps: each match's time (NaN until read, or when it cannot be) and inode
 * number, and the counts of files gone, unreadable and skipped. The signal a way is given says
 * "read no more": a cancellation or a timeout, never the size bound, after which the files held
 * are still read (the Stopper's nowSignal).
 */

import type { Stats } from 'node:fs';
import { withRoomFor } from '../../growable';
import type { ModifiedTimesSummary } from '../modifiedTimes';
import { statOutcome, StatOutcome } from '../statPool';

/**
 * The time of a match found but not read before a stop: later than any real time, so the order
 * puts such matches after all the others, by path (order.ts). They stay in the result: a stop
 * while times are read leaves files ripgrep listed, and an answer without them (and their
 * top-level entries) would say less than the search found.
 */
export const NOT_READ = Number.POSITIVE_INFINITY;

/** The times and counts every way shares. */
export class TimesRecord {
  mtimes = new Float64Array(1024);
  inodes = new Uint32Array(1024);
  added = 0;
  vanished = 0;
  unreadable = 0;
  skipped = 0;

  /**
   * Makes room for match `index`, with no time yet, and says whether to read its time: not once
   * the search has stopped; the match is then counted as skipped.
   */
  admit(index: number, signal: AbortSignal | undefined): boolean {
    this.mtimes = withRoomFor(this.mtimes, index);
    this.inodes = withRoomFor(this.inodes, index);
    this.mtimes[index] = Number.NaN;
    this.added = Math.max(this.added, index + 1);
    if (signal?.aborted) {
      this.skip(index);
      return false;
    }
    return true;
  }

  /** Match `index`, admitted, is left unread after a stop: counted, and given NOT_READ. */
  skip(index: number): void {
    this.mtimes[index] = NOT_READ;
    this.skipped += 1;
  }

  setOutcome(index: number, outcome: number, mtime: number, inode: number): void {
    if (outcome === StatOutcome.Read) {
      this.mtimes[index] = mtime;
      this.inodes[index] = inode;
    } else if (outcome === StatOutcome.Vanished) {
      this.vanished += 1;
    } else if (outcome === StatOutcome.Skipped) {
      this.skip(index);
    } else {
      this.unreadable += 1;
    }
  }

  set(index: number, error: NodeJS.ErrnoException | null, stats: Stats | undefined): void {
    this.setOutcome(index, statOutcome(error, stats), stats?.mtimeMs ?? 0, stats?.ino ?? 0);
  }

  summary(): ModifiedTimesSummary {
    return { mtimes: this.mtimes.subarray(0, this.added), inodes: this.inodes.subarray(0, this.added), vanished: this.vanished, unreadable: this.unreadable, skipped: this.skipped };
  }
}
