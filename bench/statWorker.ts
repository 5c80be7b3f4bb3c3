/**
 * A worker thread for bench/statStrategies.ts: stats each batch of paths it is sent with
 * fs.statSync and sends back their modification times (NaN where a path is gone), transferring
 * the array so nothing is copied back.
 */

import { statSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (batch: { id: number; paths: string[] }) => {
  const mtimes = new Float64Array(batch.paths.length);
  batch.paths.forEach((path, i) => {
    mtimes[i] = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Number.NaN;
  });
  parentPort?.postMessage({ id: batch.id, mtimes }, [mtimes.buffer]);
});
