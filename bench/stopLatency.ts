/**
 * How long a stopped search takes to answer (issue 4 and SPEC: a cancelled or timed-out search
 * says what it found so far). Runs the engine in-process on a cached benchmark tree and stops it
 * at the moment ripgrep ends, when the most files are still waiting for their times, then
 * prints the time from the stop to the answer and what the answer holds:
 *
 *   node out/bench/stopLatency.js [TREE] [--runs N]     (TREE: a bench tree name, default 1m)
 *
 * The answer still orders and saves what was read, so part of the time is that work; the rest
 * is waiting for stats that were already under way. Uses the cached trees in .bench-cache/trees
 * (run the benchmark once first; `npm run bench -- --huge` builds the 1m tree).
 */

import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { glob, VSCODE_DEFAULT_RULES } from '../src/core';
import { ownThreadStatMode } from '../src/core/walk/modifiedTimes';
import { PROJECT_ROOT } from './tools';
import { treeNamed } from './trees';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '3' } } });
  const treeName = positionals[0] ?? '1m';
  const spec = treeNamed(treeName);
  const root = nodePath.join(PROJECT_ROOT, '.bench-cache', 'trees', treeName);
  // ripgrep 15 as the benchmark finds it (tools.ts).
  const { rgPath: ripgrepPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  const spillDirectory = nodePath.join(PROJECT_ROOT, '.bench-cache', 'spill');

  process.stdout.write(`Stopping a search of ${treeName} (\`${spec.pattern}\`) as ripgrep ends\n\n`);
  process.stdout.write('| run | stop → answer ms | matches listed | read | left unread |\n| ---: | ---: | ---: | ---: | ---: |\n');
  for (let run = 1; run <= Number(values.runs); run += 1) {
    const controller = new AbortController();
    let stoppedAt = 0;
    let listed = 0;
    const result = await glob({ pattern: spec.pattern }, [{ name: treeName, path: root }], {
      ripgrepPath,
      spillDirectory,
      rules: VSCODE_DEFAULT_RULES,
      // Read times as the search thread does.
      statMode: ownThreadStatMode(),
      signal: controller.signal,
      onRipgrep: (event) => {
        if (event.phase === 'end') {
          listed = event.matched ?? 0;
          stoppedAt = performance.now();
          controller.abort();
        }
      },
    });
    const answeredMs = performance.now() - stoppedAt;
    const count = (n: number): string => n.toLocaleString('en-US');
    process.stdout.write(`| ${run} | ${answeredMs.toFixed(0)} | ${count(listed)} | ${count(result.total - result.unread)} | ${count(result.unread)} |\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
