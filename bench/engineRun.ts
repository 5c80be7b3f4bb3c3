/**
 * Starts bench/engineWorker.js for one sample and returns its report. The worker measures
 * itself, so nothing here is timed.
 */

import { execFile } from 'node:child_process';
import type { WorkerConfig, WorkerReport } from './engineWorker';

export function runEngineWorker(workerPath: string, config: WorkerConfig): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', workerPath, JSON.stringify(config)],
      { maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`engine worker failed: ${stderr.trim() || error.message}`));
          return;
        }
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as WorkerReport);
      },
    );
  });
}
