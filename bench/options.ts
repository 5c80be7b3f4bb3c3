/**
 * The runner's command line: `node out/bench/run.js [--runs N] [--huge] [--only TREE] [--profile]`
 * (through npm: `npm run bench -- --huge`).
 */

import { parseArgs } from 'node:util';
import { TREES, type TreeSpec } from './trees';

export interface BenchOptions {
  /** Timed samples per candidate (after one warm-up round), or undefined for each tree's default. */
  readonly runs: number | undefined;
  readonly trees: readonly TreeSpec[];
  /** Also record a CPU profile of the engine on each tree and list its hottest functions. */
  readonly profile: boolean;
}

export const USAGE = `usage: npm run bench -- [--runs N] [--huge] [--only TREE] [--profile]

  --runs N      timed runs per candidate, interleaved (default 5, and 3 on the 1m tree; one
                warm-up round comes first)
  --huge        also run the 1,000,000-file tree (generated once: 1-2 minutes, 1M inodes, ~180 MB)
  --only TREE   run one tree: ${TREES.map((tree) => tree.name).join(', ')}
  --profile     also profile the engine (V8 sampling profiler) and list its hottest functions`;

const DEFAULT_RUNS = 5;
/** A run of every candidate on the million-file tree takes about two minutes. */
const DEFAULT_HUGE_RUNS = 3;

/** Timed runs for `tree`: what --runs says, else the tree's default. */
export function runsFor(options: BenchOptions, tree: TreeSpec): number {
  return options.runs ?? (tree.huge ? DEFAULT_HUGE_RUNS : DEFAULT_RUNS);
}

export function parseOptions(argv: readonly string[]): BenchOptions | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: {
        runs: { type: 'string' },
        huge: { type: 'boolean', default: false },
        only: { type: 'string' },
        profile: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return (error as Error).message;
  }
  const { values } = parsed;
  if (values.help) {
    return '';
  }
  const runs = values.runs === undefined ? undefined : Number(values.runs);
  if (runs !== undefined && (!Number.isInteger(runs) || runs < 1)) {
    return `--runs needs a positive whole number, not ${JSON.stringify(values.runs)}`;
  }
  let trees: TreeSpec[];
  if (values.only !== undefined) {
    const tree = TREES.find((spec) => spec.name === values.only);
    if (!tree) {
      return `--only: no tree named ${JSON.stringify(values.only)}`;
    }
    trees = [tree];
  } else {
    trees = TREES.filter((spec) => !spec.huge || values.huge);
  }
  return { runs, trees, profile: values.profile };
}
