/**
 * The engine in-process, on its search thread as the extension runs it, against other builds of
 * it on one benchmark tree: each search in a fresh process after a warm-up search (the
 * benchmark's in-process candidate, engineWorker.ts), the builds taking turns, one further along
 * each round:
 *
 *   node out/bench/against.js TREE DIR... [--runs N] [--pattern P] [--stages]     (default: 12 runs, the tree's pattern)
 *
 * With --stages, each search runs on the main thread with the stage probes of its own build
 * (stages.ts) instead, and the median of each stage is printed by build: for a change to one
 * stage, a few milliseconds that the whole search's noise would hide.
 *
 * DIR is another checkout's root, compiled there (`npx tsc -p .`), for instance a `git worktree`
 * of an earlier commit with this checkout's node_modules linked in. Prints each build's median
 * wall time, and the median and worst of the calling thread's longest event-loop block. For a
 * change whose effect is smaller than the ±25% that runs move between each other, this is the
 * comparison to trust: both builds meet the same machine. Uses the cached trees in
 * .bench-cache/trees (run the benchmark once first; the 1m tree with `--huge`).
 */

import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { parseArgs } from 'node:util';
import { runEngineWorker } from './engineRun';
import { median } from './summary';
import { PROJECT_ROOT } from './tools';
import { treeNamed } from './trees';

interface Build {
  readonly label: string;
  readonly engineWorker: string;
  readonly wallMs: number[];
  readonly loopMs: number[];
  /** By stage, each search's milliseconds (--stages). */
  readonly stageMs: Map<string, number[]>;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '12' }, pattern: { type: 'string' }, stages: { type: 'boolean', default: false } } });
  const [treeName, ...others] = positionals;
  if (treeName === undefined || others.length === 0) {
    throw new Error('usage: node out/bench/against.js TREE DIR... [--runs N] [--pattern P] [--stages]');
  }
  const builds: Build[] = [PROJECT_ROOT, ...others].map((root, index) => ({
    label: index === 0 ? 'this build' : root,
    engineWorker: nodePath.join(nodePath.resolve(root), 'out', 'bench', 'engineWorker.js'),
    wallMs: [],
    loopMs: [],
    stageMs: new Map<string, number[]>(),
  }));
  const { rgPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  const spillDirectory = mkdtempSync(nodePath.join(os.tmpdir(), 'workspace-glob-against-'));
  const config = {
    root: nodePath.join(PROJECT_ROOT, '.bench-cache', 'trees', treeName),
    pattern: values.pattern ?? treeNamed(treeName).pattern,
    ripgrepPath: rgPath,
    spillDirectory,
    // The probes see the stages only where the search runs: on the worker's main thread.
    ...(values.stages ? { stages: true } : { thread: true }),
  };
  try {
    const runs = Number(values.runs);
    for (let run = 0; run < runs; run += 1) {
      for (let turn = 0; turn < builds.length; turn += 1) {
        const build = builds[(turn + run) % builds.length];
        const report = await runEngineWorker(build.engineWorker, config);
        build.wallMs.push(report.wallMs);
        build.loopMs.push(report.eventLoopMaxMs);
        for (const [stage, ms] of Object.entries(report.stages ?? {})) {
          build.stageMs.set(stage, [...(build.stageMs.get(stage) ?? []), ms]);
        }
      }
      process.stderr.write(`${treeName}: round ${run + 1} of ${runs}\n`);
    }
  } finally {
    rmSync(spillDirectory, { recursive: true, force: true });
  }
  console.log(`${treeName}, \`${config.pattern}\`, ${values.runs} runs each, alternated: median wall; calling thread's longest event-loop block, median (worst)`);
  for (const { label, wallMs, loopMs } of builds) {
    console.log(`  ${label}: ${(median(wallMs) / 1000).toFixed(3)} s; ${median(loopMs).toFixed(0)} ms (${Math.max(...loopMs).toFixed(0)} ms)`);
  }
  if (values.stages) {
    console.log(`\nStages, median ms (${builds.map(({ label }) => label).join(' | ')}):`);
    for (const stage of builds[0].stageMs.keys()) {
      console.log(`  ${stage.trim()}: ${builds.map(({ stageMs }) => medianOrDash(stageMs.get(stage))).join(' | ')}`);
    }
  }
}

function medianOrDash(values: readonly number[] | undefined): string {
  return values && values.length > 0 ? median(values).toFixed(1) : '-';
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
