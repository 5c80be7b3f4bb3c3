/**
 * Evidence for choosing the stat pipeline (issue 4: "pick the pipeline by measurement, not by
 * belief"). Lists a tree's matching files once with ripgrep, then stats exactly those paths in
 * several ways, each after a warm-up pass, and prints wall time, main-thread busy time and the
 * longest event-loop block of each:
 *
 *   node out/bench/statStrategies.js [TREE] [--runs N]     (TREE: a bench tree name, default 100k)
 *
 * - the engine's three ways (modifiedTimes.ts): 'pool', the one a search uses; 'sync'; 'async';
 * - a plain fs.statSync loop on the main thread: Node's cheapest stat, but it blocks;
 * - fs.statSync in 1 and 2 worker threads, fed batches of paths: off the main thread.
 *
 * Each way is timed warm: a stat thread's start (about 60 ms, paid by the first search of a
 * process) is not in these figures; the command line's figure in `npm run bench` has it.
 *
 * Uses the cached trees in .bench-cache/trees (run the benchmark once first).
 */

import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import * as nodePath from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createModifiedTimes, type ModifiedTimes } from '../src/core/walk/modifiedTimes';
import { median } from './summary';
import { PROJECT_ROOT } from './tools';
import { treeNamed } from './trees';

interface Strategy {
  readonly name: string;
  run(): Promise<void>;
}

interface Figures {
  readonly wallMs: number;
  readonly mainThreadMs: number;
  readonly loopMaxMs: number;
}

const BATCH = 1024;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '3' } } });
  const treeName = positionals[0] ?? '100k';
  const root = nodePath.join(PROJECT_ROOT, '.bench-cache', 'trees', treeName);
  const { pattern } = treeNamed(treeName);
  const { rgPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  const listing = execFileSync(rgPath, ['--files', '--null', '-g', pattern], { cwd: root, maxBuffer: 1 << 30 });
  const names = listing.toString('utf8').split('\0').filter((name) => name !== '');
  const paths = names.map((name) => nodePath.join(root, name));

  // The engine's ways take each match as (index, walk root, name relative to it).
  const engineWay = (create: () => ModifiedTimes) => async (): Promise<void> => {
    const times = create();
    names.forEach((name, index) => times.add(index, root, name));
    await times.finish();
  };

  const strategies: Strategy[] = [
    { name: "engine 'pool': batches of 512 on the stat pool's threads", run: engineWay(() => createModifiedTimes('pool')) },
    { name: "engine 'sync': statSync on the calling thread (blocks)", run: engineWay(() => createModifiedTimes('sync')) },
    { name: "engine 'async': fs.stat on libuv's pool, 64 in flight", run: engineWay(() => createModifiedTimes('async')) },
    {
      name: 'a plain fs.statSync loop on the main thread (blocks)',
      async run() {
        for (const path of paths) {
          statSync(path);
        }
      },
    },
    { name: 'fs.statSync in 1 worker thread, batches of 1,024', run: () => inWorkers(paths, 1) },
    { name: 'fs.statSync in 2 worker threads, batches of 1,024', run: () => inWorkers(paths, 2) },
  ];

  const runs = Number(values.runs);
  process.stdout.write(`${paths.length.toLocaleString('en-US')} paths matching ${pattern} in ${treeName}; UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}; median of ${runs} runs after a warm-up\n\n`);
  process.stdout.write('| strategy | wall ms | main thread busy ms | longest block ms |\n| --- | ---: | ---: | ---: |\n');
  for (const strategy of strategies) {
    await strategy.run();
    const figures: Figures[] = [];
    for (let run = 0; run < runs; run += 1) {
      figures.push(await measure(() => strategy.run()));
    }
    const pick = (key: keyof Figures): string => median(figures.map((figure) => figure[key])).toFixed(0);
    process.stdout.write(`| ${strategy.name} | ${pick('wallMs')} | ${pick('mainThreadMs')} | ${pick('loopMaxMs')} |\n`);
  }
}

async function measure(run: () => Promise<void>): Promise<Figures> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const utilization = performance.eventLoopUtilization();
  loop.enable();
  // The monitor records the gap between two of its timer ticks, so the first tick must come
  // before the work does, or a block at the very start would go unrecorded.
  await new Promise((resolve) => setTimeout(resolve, 10));
  const started = performance.now();
  await run();
  const wallMs = performance.now() - started;
  // A block at the very end is only recorded when the monitor's timer next fires: let it.
  await new Promise((resolve) => setTimeout(resolve, 10));
  loop.disable();
  return { wallMs, mainThreadMs: performance.eventLoopUtilization(utilization).active, loopMaxMs: loop.count > 0 ? loop.max / 1e6 : 0 };
}

/** Stats `paths` in `count` worker threads, each kept two batches ahead. */
async function inWorkers(paths: readonly string[], count: number): Promise<void> {
  const workers = Array.from({ length: count }, () => new Worker(nodePath.join(__dirname, 'statWorker.js')));
  const mtimes = new Float64Array(paths.length);
  let next = 0;
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0;
            const send = (): void => {
              while (inFlight < 2 && next < paths.length) {
                const id = next;
                next += BATCH;
                inFlight += 1;
                worker.postMessage({ id, paths: paths.slice(id, id + BATCH) });
              }
              if (inFlight === 0) {
                resolve();
              }
            };
            worker.on('message', (reply: { id: number; mtimes: Float64Array }) => {
              mtimes.set(reply.mtimes, reply.id);
              inFlight -= 1;
              send();
            });
            worker.once('error', reject);
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
