/**
 * What ripgrep's sieve of names saves (src/core/ripgrep/nameFilter.ts): the engine in-process on
 * one benchmark tree, with the stat pool (the stat way that lets ripgrep sieve, and a search's own
 * way on machines of three cores or more), with and without the sieve, interleaved, each after a
 * warm-up search:
 *
 *   node out/bench/sieve.js [TREE] [PATTERN] [--runs N]     (default: 100k and its pattern)
 *
 * "without" replaces the compiled nameFilterArgs with one that adds nothing, as stages.ts times
 * the compiled stages in place. Uses the cached trees in .bench-cache/trees (run the benchmark
 * once first; the 1m tree with `--huge`).
 */

import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { glob, VSCODE_DEFAULT_RULES } from '../src/core';
import { median } from './summary';
import { PROJECT_ROOT } from './tools';
import { treeNamed } from './trees';

interface NameFilterModule {
  nameFilterArgs: (requiredSuffix: string | undefined) => string[];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '7' } } });
  const treeName = positionals[0] ?? '100k';
  const pattern = positionals[1] ?? treeNamed(treeName).pattern;
  const root = nodePath.join(PROJECT_ROOT, '.bench-cache', 'trees', treeName);
  const { rgPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  const spillDirectory = mkdtempSync(nodePath.join(os.tmpdir(), 'workspace-glob-sieve-'));
  const load = createRequire(nodePath.join(__dirname, '..', 'src', 'core', 'index.js'));
  const nameFilter = load('./ripgrep/nameFilter') as NameFilterModule;
  const sieve = nameFilter.nameFilterArgs;
  const noSieve = (): string[] => [];

  let total = -1;
  const searchMs = async (withSieve: boolean): Promise<number> => {
    nameFilter.nameFilterArgs = withSieve ? sieve : noSieve;
    const started = performance.now();
    const result = await glob({ pattern }, [{ name: treeName, path: root }], { ripgrepPath: rgPath, rules: VSCODE_DEFAULT_RULES, statMode: 'pool', spillDirectory });
    const elapsed = performance.now() - started;
    if (total !== -1 && result.total !== total) {
      throw new Error(`the two searches disagree: ${total} and ${result.total} matches`);
    }
    total = result.total;
    return elapsed;
  };

  try {
    await searchMs(true);
    await searchMs(false);
    const times = { with: [] as number[], without: [] as number[] };
    for (let run = 0; run < Number(values.runs); run += 1) {
      // Alternate which goes first, so neither always follows the other.
      for (const withSieve of run % 2 === 0 ? [true, false] : [false, true]) {
        times[withSieve ? 'with' : 'without'].push(await searchMs(withSieve));
      }
    }
    const withMs = median(times.with);
    const withoutMs = median(times.without);
    console.log(`${treeName}, "${pattern}", ${total.toLocaleString('en-US')} ${total === 1 ? 'match' : 'matches'}, stat pool, medians of ${values.runs} interleaved runs:`);
    console.log(`  ripgrep sieves names: ${withMs.toFixed(0)} ms`);
    console.log(`  every name listed:    ${withoutMs.toFixed(0)} ms (${(withoutMs / withMs).toFixed(2)}×)`);
  } finally {
    rmSync(spillDirectory, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
