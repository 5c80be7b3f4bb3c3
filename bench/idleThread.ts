/**
 * What keeping a search thread saves (src/core/worker/searchThreads.ts). Searches one benchmark
 * tree as the extension does, on the search threads: first on a new thread, then right after on
 * the same thread, then after each idle time given once on the thread kept all along and once on
 * a new thread in a fresh process (what the next call would get had the thread ended), one right
 * after the other, in turns first: whichever goes first after an idle time also finds the
 * machine's caches cooled. Prints each search's time and the process's resident memory before
 * it (what the idle thread holds):
 *
 *   node out/bench/idleThread.js [TREE] [--idle 120,240]     (TREE: a bench tree name, default 100k)
 *
 * Each idle time is waited out in full, so this takes as long as their sum. Uses the cached trees
 * in .bench-cache/trees (run the benchmark once first).
 */

import { execFileSync } from 'node:child_process';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_RESULTS, resolveRequest, searchGlobInWorker, VSCODE_DEFAULT_RULES } from '../src/core';
import { LAST_IDLE_MS } from '../src/core/worker/searchThreads';
import { PROJECT_ROOT } from './tools';
import { treeNamed } from './trees';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { idle: { type: 'string', default: '70' }, 'new-thread-only': { type: 'boolean', default: false } },
  });
  const treeName = positionals[0] ?? '100k';
  const spec = treeNamed(treeName);
  const idleSeconds = values.idle.split(',').map(Number);
  // Past LAST_IDLE_MS the kept thread has ended, and "the kept thread" would be a new one.
  if (idleSeconds.some((seconds) => !Number.isFinite(seconds) || seconds < 0 || seconds * 1000 >= LAST_IDLE_MS)) {
    throw new Error(`--idle takes seconds below ${LAST_IDLE_MS / 1000}, separated by commas, not ${JSON.stringify(values.idle)}`);
  }
  const root = nodePath.join(PROJECT_ROOT, '.bench-cache', 'trees', treeName);
  // ripgrep 15 as the benchmark finds it (tools.ts).
  const { rgPath: ripgrepPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  const spillDirectory = nodePath.join(PROJECT_ROOT, '.bench-cache', 'spill');
  const folders = [{ name: treeName, path: root }];

  const timedSearch = async (): Promise<number> => {
    const request = await resolveRequest({ pattern: spec.pattern }, { folders, ripgrepPath });
    const started = performance.now();
    const done = await searchGlobInWorker(request, { ripgrepPath, spillDirectory, rules: VSCODE_DEFAULT_RULES });
    try {
      await done.page(DEFAULT_MAX_RESULTS);
    } finally {
      done.dispose();
    }
    return performance.now() - started;
  };
  if (values['new-thread-only']) {
    process.stdout.write(`${(await timedSearch()).toFixed(0)}\n`);
    return;
  }
  const row = (label: string, ms: number | string, residentMb?: number): void => {
    process.stdout.write(`| ${label} | ${typeof ms === 'number' ? ms.toFixed(0) : ms} | ${residentMb?.toFixed(0) ?? ''} |\n`);
  };
  const search = async (label: string): Promise<void> => {
    const residentMb = process.memoryUsage().rss / 2 ** 20;
    row(label, await timedSearch(), residentMb);
  };

  process.stdout.write(`Searches of ${treeName} (\`${spec.pattern}\`) on the search threads, one process\n\n`);
  process.stdout.write('| search | ms | resident MiB before |\n| --- | ---: | ---: |\n');
  await search('first, on a new thread');
  await search('right after, same thread');
  const newThread = (label: string): void => {
    row(label, execFileSync(process.execPath, [__filename, treeName, '--new-thread-only'], { encoding: 'utf8' }).trim());
  };
  for (const [turn, seconds] of idleSeconds.entries()) {
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    if (turn % 2 === 0) {
      await search(`after ${seconds} s idle, kept thread`);
      newThread('then a new thread, fresh process');
    } else {
      newThread(`after ${seconds} s idle, a new thread, fresh process`);
      await search('then the kept thread');
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
