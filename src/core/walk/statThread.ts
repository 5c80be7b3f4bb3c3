/**
 * A thread of the stat pool (statPool.ts): it reads modification times of batches of files with
 * statSync and sends them back as typed arrays. On these machines a stat costs several
 * microseconds in the kernel, so two such threads take half the wall time of one.
 */

import { statSync, type Stats } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { batchPaths, mayRead, statOutcome, StatOutcome, type StatBatch, type StatBatchResult } from './statPool';

const port = parentPort;
if (!port) {
  throw new Error('statThread runs only as a worker thread');
}

port.on('message', (batch: StatBatch) => {
  const paths = batchPaths(batch);
  const mtimes = new Float64Array(paths.length);
  const inodes = new Uint32Array(paths.length);
  const outcomes = new Uint8Array(paths.length);
  paths.forEach((path, i) => {
    // A stopped search waits for every batch it sent: past the few reads it still allows, the
    // files queued here come back at once, unread, instead of costing it their stat time (two
    // seconds of it at a million).
    if (!mayRead(batch.stop)) {
      outcomes[i] = StatOutcome.Skipped;
      return;
    }
    let stats: Stats | undefined;
    try {
      stats = statSync(path, { throwIfNoEntry: false });
    } catch (error) {
      outcomes[i] = statOutcome(error as NodeJS.ErrnoException, undefined);
      return;
    }
    outcomes[i] = statOutcome(null, stats);
    if (stats && outcomes[i] === StatOutcome.Read) {
      mtimes[i] = stats.mtimeMs;
      inodes[i] = stats.ino;
    }
  });
  const result: StatBatchResult = { id: batch.id, mtimes, inodes, outcomes };
  port.postMessage(result, [mtimes.buffer, inodes.buffer, outcomes.buffer]);
});
