/**
 * The (mtime, path) order alone (src/core/order/order.ts) on each benchmark tree's matches, and, with
 * `--against`, another build's order on the same input, interleaved in one process:
 *
 *   node out/bench/order.js [TREE...] [--runs N] [--against DIR]     (default: 100k, wide, concentrated)
 *
 * DIR is another checkout's compiled output (its `out/`, after `npx tsc -p .` there), for
 * instance a `git worktree` of an earlier commit. The matches are listed as the engine lists them
 * on this machine (ripgrep's `--files --null` with the engine's walker threads and the tree's
 * pattern), each file stat-ed once. Both orders must agree; the first call of each is reported
 * apart, since the command line sorts once per process, with its code not yet optimized. Uses the
 * cached trees in .bench-cache/trees (run the benchmark once first; the 1m tree with `--huge`).
 */

import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as nodePath from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { walkerThreads } from '../src/core/ripgrep/args';
import { decodeName, nameText, type RawName } from '../src/core/names';
import type { modifiedOrder, ShownPaths } from '../src/core/order/order';
import { median } from './summary';
import { PROJECT_ROOT } from './tools';
import { treeNamed } from './trees';

type Order = typeof modifiedOrder;

interface Candidate {
  readonly label: string;
  readonly order: Order;
  readonly times: number[];
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: 'string', default: '21' }, against: { type: 'string' } } });
  const runs = Number(values.runs);
  const { rgPath } = (await import('@vscode/ripgrep')) as { rgPath: string };
  for (const treeName of positionals.length > 0 ? positionals : ['100k', 'wide', 'concentrated']) {
    const candidates: Candidate[] = [{ label: 'this build', order: orderIn(nodePath.join(__dirname, '..')), times: [] }];
    if (values.against !== undefined) {
      candidates.push({ label: values.against, order: orderIn(nodePath.resolve(values.against)), times: [] });
    }
    const names = listed(rgPath, treeName);
    const paths: ShownPaths = { names, scopeOf: new Uint8Array(names.length), prefixes: [''] };
    const mtimes = Float64Array.from(names, (name) => statSync(nodePath.join(rootOf(treeName), nameText(name))).mtimeMs);
    let expected: Uint32Array | undefined;
    for (let run = 0; run < runs; run += 1) {
      // Alternate which goes first, so neither always follows the other.
      for (const candidate of run % 2 === 0 ? candidates : [...candidates].reverse()) {
        const started = performance.now();
        const { order } = candidate.order(mtimes, paths);
        candidate.times.push(performance.now() - started);
        expected ??= order;
        if (order.length !== expected.length || order.some((match, position) => match !== expected?.[position])) {
          throw new Error(`${candidate.label} orders ${treeName} differently`);
        }
      }
    }
    console.log(`${treeName}: ${names.length.toLocaleString('en-US')} matches, ${tiedShare(mtimes)} of them sharing a time; ms, first call and median of ${runs} interleaved runs:`);
    for (const { label, times } of candidates) {
      console.log(`  ${label}: first ${times[0].toFixed(1)}, median ${median(times).toFixed(1)}`);
    }
  }
}

function orderIn(outDirectory: string): Order {
  const load = createRequire(nodePath.join(outDirectory, 'src', 'core', 'index.js'));
  // Builds from before the engine's modules were grouped in folders kept it at src/core/order.
  for (const module of ['./order/order', './order']) {
    try {
      return (load(module) as { modifiedOrder: Order }).modifiedOrder;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') {
        throw error;
      }
    }
  }
  throw new Error(`no order module in ${outDirectory}`);
}

function rootOf(treeName: string): string {
  return nodePath.join(PROJECT_ROOT, '.bench-cache', 'trees', treeName);
}

/** The tree's matches in the order ripgrep lists them for the engine. */
function listed(rgPath: string, treeName: string): RawName[] {
  const args = ['--files', '--null', '--hidden', '--threads', String(walkerThreads()), '--glob', treeNamed(treeName).pattern];
  const output = execFileSync(rgPath, args, { cwd: rootOf(treeName), maxBuffer: 1 << 30 });
  // Each name decoded on its own, as the engine does: a name split off one big string is a slice
  // of it, which V8 compares more slowly than a string of its own, and which once made a change
  // look 35% faster here than it was in the engine.
  const names: RawName[] = [];
  for (let start = 0, end = output.indexOf(0); end !== -1; start = end + 1, end = output.indexOf(0, start)) {
    names.push(decodeName(output, start, end));
  }
  return names;
}

function tiedShare(mtimes: Float64Array): string {
  const counts = new Map<number, number>();
  for (const time of mtimes) {
    counts.set(time, (counts.get(time) ?? 0) + 1);
  }
  const tied = [...counts.values()].filter((count) => count > 1).reduce((sum, count) => sum + count, 0);
  return `${Math.round((100 * tied) / mtimes.length)}%`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
