/**
 * The search thread's lowered priority (threadPriority.ts) stays its own: the rest of the process,
 * libuv's shared thread pool included, keeps the priority it had. Run in a fresh Node process,
 * where no thread has started the pool yet.
 */

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const MODULE = path.resolve(__dirname, '../../src/core/worker/threadPriority.js');

/** Lowers a worker thread, which then reads a file (the process's first asynchronous file call); prints every thread left's niceness. */
const SCRIPT = `
const { Worker } = require('node:worker_threads');
const fs = require('node:fs');
const worker = new Worker(\`require(\${JSON.stringify(${JSON.stringify(MODULE)})}).yieldToOtherThreads(); require('node:fs').readFile(__filename, () => undefined);\`, { eval: true });
worker.on('exit', () => {
  fs.readFile(__filename, () => {
    const niceness = fs.readdirSync('/proc/self/task').map((task) => {
      const stat = fs.readFileSync('/proc/self/task/' + task + '/stat', 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    process.stdout.write(JSON.stringify(niceness));
  });
});
`;

describe('the search thread priority', () => {
  it('leaves the threads of the rest of the process, the file-call pool too, as they were', function () {
    if (process.platform !== 'linux') {
      this.skip();
    }
    const run = spawnSync(process.execPath, ['-e', SCRIPT], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const niceness = JSON.parse(run.stdout) as number[];
    // The main thread, V8's helpers and libuv's four pool threads at least.
    assert.ok(niceness.length >= 6, run.stdout);
    assert.deepEqual(
      niceness.filter((value) => value !== niceness[0]),
      [],
      run.stdout,
    );
  });
});
