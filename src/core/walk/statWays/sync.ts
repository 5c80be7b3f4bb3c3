/** The 'sync' way: statSync on the calling thread, for a thread nothing else waits on. */

import { statSync, type Stats } from 'node:fs';
import { joinName, type RawName } from '../../names';
import type { ModifiedTimes, ModifiedTimesSummary } from '../modifiedTimes';
import { TimesRecord } from './record';

/** Each file stat-ed at once, on the calling thread. */
export class SyncModifiedTimes implements ModifiedTimes {
  private readonly record = new TimesRecord();

  constructor(private readonly signal?: AbortSignal) {}

  add(index: number, root: string, name: RawName): void {
    if (!this.record.admit(index, this.signal)) {
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
