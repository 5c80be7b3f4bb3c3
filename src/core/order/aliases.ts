/**
 * Paths of the result that lead to a file another of its paths leads to: a file reached through
 * a symbolic link (followed, as VS Code's search follows them by default), a hard link or a
 * directory mounted in two places (a bind mount: one device and inode) is listed once per path,
 * as VS Code lists it, and the footer says how many such second paths there are, so that a count
 * of paths is not read as a count of files.
 *
 * Two paths to one file read the same time, so they lie in one run of equal times of the order;
 * only those runs are looked at (as order.ts sorts each), and in them only matches whose inode
 * numbers agree in their low 32 bits, all the stat stage keeps (modifiedTimes.ts). That says
 * nothing of the device either, so each such match is stat-ed again for its exact (device, inode)
 * pair, and only equal pairs count. A tree with no link costs a look at each run's inode numbers.
 */

import { statSync } from 'node:fs';

/**
 * Adds to `sharing` the matches of `run`, a run of equal times, that share an inode number with
 * another match of it. order.ts calls it for each run as it sorts it, where the times are read
 * anyway: a pass of its own read them again, out of order (42 ms for a million random times).
 * What is left is a read of each tied match's inode number, out of order too: 30-70 ms for a
 * million random times of which 60% are tied, on a busy machine (a script calling modifiedOrder
 * with and without inode numbers); copying short runs or comparing them pair by pair made no
 * difference to it.
 */
export function addSharingInodes(run: Uint32Array, inodes: Uint32Array, sharing: number[]): void {
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
        sharing.push(match);
      }
    }
  }
}

/**
 * How many of `sharing` (addSharingInodes) lead to a file one before them leads to as well, by
 * its exact (device, inode) pair. `pathOf` gives the path to stat a match by; a path seen before
 * (one file listed twice, which order.ts leaves out of the order) is not counted.
 */
export function aliasCount(sharing: readonly number[], pathOf: (match: number) => string | Buffer): number {
  const files = new Set<string>();
  const paths = new Set<string>();
  let aliases = 0;
  for (const match of sharing) {
    const path = pathOf(match);
    const pathKey = typeof path === 'string' ? `s${path}` : `b${path.toString('hex')}`;
    if (paths.has(pathKey)) {
      continue;
    }
    paths.add(pathKey);
    let identity: string;
    try {
      const stats = statSync(path, { bigint: true, throwIfNoEntry: false });
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
