/**
 * Paths of the result that lead to a file another of its paths leads to: a file reached through
 * a symbolic link (followed, as VS Code's search follows them by default) or a hard link is
 * listed once per path, as VS Code lists it, and the footer says how many such second paths
 * there are, so that a count of paths is not read as a count of files.
 *
 * Two paths to one file read the same time, so they lie in one run of equal times of the order;
 * only those runs are looked at, and in them only matches whose inode numbers agree in their low 32
 * bits, all the stat stage keeps (modifiedTimes.ts). That says nothing of the device either, so
 * each such match is stat-ed again for its exact (device, inode) pair, and only equal pairs count. A tree with no link costs a
 * pass over the order and a sort of each run's inode numbers.
 */

import { statSync } from 'node:fs';
import { BLOCK_LENGTH } from '../blocks';

/**
 * How many of the ordered matches lead to a file an earlier one of them leads to as well.
 * `pathOf` gives the path to stat a match by.
 */
export function aliasCount(order: Uint32Array, mtimes: Float64Array, inodes: Uint32Array, pathOf: (match: number) => string | Buffer): number {
  const candidates: number[] = [];
  // A block at a time, for the reason blocks.ts gives.
  for (let from = 0; from < order.length; ) {
    from = candidatesInRunsStartingIn(order, mtimes, inodes, from, Math.min(from + BLOCK_LENGTH, order.length), candidates);
  }
  return candidates.length === 0 ? 0 : confirmedAliases(candidates, pathOf);
}

/**
 * Adds to `candidates` the matches of each run of equal times starting in `[from, to)` that share
 * an inode number with another match of the run; returns the position after the last run.
 */
function candidatesInRunsStartingIn(order: Uint32Array, mtimes: Float64Array, inodes: Uint32Array, from: number, to: number, candidates: number[]): number {
  let start = from;
  while (start < to) {
    const time = mtimes[order[start]];
    let end = start + 1;
    while (end < order.length && mtimes[order[end]] === time) {
      end += 1;
    }
    if (end - start > 1) {
      addSharingInodes(order.subarray(start, end), inodes, candidates);
    }
    start = end;
  }
  return start;
}

function addSharingInodes(run: Uint32Array, inodes: Uint32Array, candidates: number[]): void {
  const sorted = new Uint32Array(run.length);
  for (let i = 0; i < run.length; i += 1) {
    sorted[i] = inodes[run[i]];
  }
  sorted.sort();
  let shared: Set<number> | undefined;
  for (let i = 1; i < sorted.length; i += 1) {
    // 0 is no number: a time that was not read, or a file system that gives none (a number whose
    // low bits are all 0 is taken for one too: such a file's second path goes unsaid).
    if (sorted[i] === sorted[i - 1] && sorted[i] !== 0) {
      (shared ??= new Set()).add(sorted[i]);
    }
  }
  if (shared !== undefined) {
    for (const match of run) {
      if (shared.has(inodes[match])) {
        candidates.push(match);
      }
    }
  }
}

/** How many of `candidates` have the exact (device, inode) pair of one before them. */
function confirmedAliases(candidates: readonly number[], pathOf: (match: number) => string | Buffer): number {
  const files = new Set<string>();
  let aliases = 0;
  for (const match of candidates) {
    let identity: string;
    try {
      const stats = statSync(pathOf(match), { bigint: true, throwIfNoEntry: false });
      if (stats === undefined) {
        continue;
      }
      identity = `${stats.dev}:${stats.ino}`;
    } catch {
      // Unreadable now: nothing is said of it.
      continue;
    }
    if (files.has(identity)) {
      aliases += 1;
    } else {
      files.add(identity);
    }
  }
  return aliases;
}
