/**
 * The complete result's order: modification time, oldest first, over the whole result (not per
 * directory, which is what ripgrep 13's `--sort=modified` does), ties broken by the shown path.
 * Matches without a time (vanished, unreadable) are left out; those a stop left unread have a
 * time after every other (NOT_READ), so they come last, by path.
 *
 * The times are put in order by a radix sort on their bits (radixOrder.ts), which is linear and
 * stable, and only runs of equal times are then sorted by path (nameSort.ts, where a run lies in
 * one scope). A comparator call per comparison over the whole result was most of the sort's cost,
 * and over a second at a million matches (bench/).
 */

import { BLOCK_LENGTH } from '../blocks';
import { compareSameText, nameText, sameName, type RawName } from '../names';
import { addSharingInodes } from './aliases';
import { sortByName } from './nameSort';
import { radixOrder } from './radixOrder';

/** What ties are ordered by: each match's name and scope, and each scope's shown prefix. */
export interface ShownPaths {
  readonly names: readonly RawName[];
  readonly scopeOf: ArrayLike<number>;
  /** By scope: what the shown path puts before the name ('' or ending in '/'). */
  readonly prefixes: readonly string[];
}

/** The matches in order, and how many second listings of a file were left out. */
export interface Ordered {
  readonly order: Uint32Array;
  readonly repeated: number;
  /** Matches sharing a time and an inode number with another (aliases.ts), when inodes were given. */
  readonly sharingInode: readonly number[];
}

const NO_PATHS: ShownPaths = { names: [], scopeOf: [], prefixes: [] };

/**
 * The paths whose runs are being sorted, for byShownPath. Set only for the length of one
 * modifiedOrder call, which never waits, so no other search can see it.
 *
 * The comparator is one function for every search rather than a closure over each search's
 * arrays: V8 compiled a closure made for one search for that search alone, so a search began its
 * 40,000 comparisons unoptimized, and the repeat test, also once a closure, was inlined into the
 * loop over the runs and made a full collection throw that loop's compiled code away. With the
 * loop also run in blocks, the sort row of the 100k benchmark tree's stage split went from
 * 14–19 ms to 8–10 ms (`npm run bench -- --only 100k`).
 */
let sorting: ShownPaths = NO_PATHS;

/**
 * Indexes of the matches with a time, sorted by (mtime, shown path), each file once. A directory
 * changing during the walk can make readdir return an entry twice (a file deleted and created
 * again behind the cursor); both listings are the same file (same scope, same name byte for
 * byte), read for the same time, so they end up side by side in a run of equal times, where
 * they are looked for as each run is sorted.
 */
export function modifiedOrder(mtimes: Float64Array, paths: ShownPaths, inodes?: Uint32Array): Ordered {
  const pass: RunsPass = { order: radixOrder(mtimes), mtimes, paths, inodes, sharingInode: [], firstRepeat: -1 };
  const { order } = pass;
  sorting = paths;
  try {
    // A block at a time, for the reason blocks.ts gives.
    for (let from = 0; from < order.length; ) {
      from = sortRunsStartingIn(pass, from, Math.min(from + BLOCK_LENGTH, order.length));
    }
  } finally {
    sorting = NO_PATHS;
  }
  const { firstRepeat, sharingInode } = pass;
  return { ...(firstRepeat === -1 ? { order, repeated: 0 } : withoutRepeats(order, mtimes, firstRepeat, paths)), sharingInode };
}

/** One modifiedOrder call's pass over the runs of equal times. */
interface RunsPass {
  readonly order: Uint32Array;
  readonly mtimes: Float64Array;
  readonly paths: ShownPaths;
  readonly inodes: Uint32Array | undefined;
  readonly sharingInode: number[];
  /** The position of the first file listed twice found so far, or -1. */
  firstRepeat: number;
}

/**
 * Sorts each run of equal times that starts in `[from, to)`, the last one to its end even past
 * `to`, and returns the position after it. Until a repeat is found, each sorted run is looked at
 * for one; with inode numbers, each is looked at for matches sharing one (aliases.ts).
 */
function sortRunsStartingIn(pass: RunsPass, from: number, to: number): number {
  const { order, mtimes, paths, inodes } = pass;
  let start = from;
  while (start < to) {
    const end = endOfEqualTimes(order, mtimes, start);
    if (end - start > 1) {
      const run = order.subarray(start, end);
      sortRun(run, paths);
      if (inodes !== undefined) {
        addSharingInodes(run, inodes, pass.sharingInode);
      }
      if (pass.firstRepeat === -1) {
        pass.firstRepeat = repeatIn(order, start, end, paths);
      }
    }
    start = end;
  }
  return start;
}

/**
 * Sorts a run of equal times by shown path. Where every match of the run lies in one scope (one
 * shown prefix) and every name is text of at most RADIX_NAME_MAX code units, as in nearly every
 * run, the names alone decide, and nameSort.ts orders them without a comparator: the concentrated
 * benchmark tree's order (38,000 of its 60,000 matches on six times) took 11.1 ms against 15.6
 * with byShownPath for every run (medians of `node out/bench/order.js concentrated --runs 31
 * --against DIR`). Otherwise, byShownPath.
 */
function sortRun(run: Uint32Array, paths: ShownPaths): void {
  if (radixSortable(run, paths)) {
    sortByName(run, paths.names as readonly string[]);
  } else {
    run.sort(byShownPath);
  }
}

/**
 * Past this length, names sharing most of it are read faster by the comparator's string
 * comparison than a few characters at a time: 20,000 names of ~1,000 code units sharing all but
 * the last ten took 78 ms in nameSort against 60 with the comparator; at ~400 the two took as
 * long (a script timing both on such names, medians of nine).
 */
const RADIX_NAME_MAX = 256;

function radixSortable(run: Uint32Array, { names, scopeOf }: ShownPaths): boolean {
  const scope = scopeOf[run[0]];
  for (const match of run) {
    const name = names[match];
    if (scopeOf[match] !== scope || typeof name !== 'string' || name.length > RADIX_NAME_MAX) {
      return false;
    }
  }
  return true;
}

/**
 * Compares two matches' shown paths: the names alone when they share a scope (and prefix). Equal
 * shown paths are told apart by scope, then by name (byte names can read the same as others):
 * that way each file's listings end up next to each other, where modifiedOrder looks for a file
 * listed twice.
 */
function byShownPath(a: number, b: number): number {
  const { names, scopeOf, prefixes } = sorting;
  if (scopeOf[a] === scopeOf[b]) {
    return compareText(nameText(names[a]), nameText(names[b])) || compareSameText(names[a], names[b]);
  }
  return compareText(prefixes[scopeOf[a]] + nameText(names[a]), prefixes[scopeOf[b]] + nameText(names[b])) || scopeOf[a] - scopeOf[b];
}

/** Whether two matches are one file listed twice: the same scope and the same name. */
function sameFile(paths: ShownPaths, a: number, b: number): boolean {
  return paths.scopeOf[a] === paths.scopeOf[b] && sameName(paths.names[a], paths.names[b]);
}

/** The position of the first match in `[start, end)` that repeats the one before it, or -1. */
function repeatIn(order: Uint32Array, start: number, end: number, paths: ShownPaths): number {
  for (let position = start + 1; position < end; position += 1) {
    if (sameFile(paths, order[position - 1], order[position])) {
      return position;
    }
  }
  return -1;
}

/**
 * The order with the repeat at `first` and every later one left out: each kept match moves down
 * over the dropped ones. Writes stay behind reads, so the pair compared is always as ordered.
 */
function withoutRepeats(order: Uint32Array, mtimes: Float64Array, first: number, paths: ShownPaths): Omit<Ordered, 'sharingInode'> {
  let kept = first;
  for (let position = first + 1; position < order.length; position += 1) {
    const match = order[position];
    const previous = order[position - 1];
    if (!(mtimes[match] === mtimes[previous] && sameFile(paths, previous, match))) {
      order[kept] = match;
      kept += 1;
    }
  }
  return { order: order.subarray(0, kept), repeated: order.length - kept };
}

/** The position after the run of equal times that starts at `start`. */
function endOfEqualTimes(order: Uint32Array, mtimes: Float64Array, start: number): number {
  const time = mtimes[order[start]];
  let end = start + 1;
  while (end < order.length && mtimes[order[end]] === time) {
    end += 1;
  }
  return end;
}

/**
 * Plain code-unit order, the same on every platform and locale. The second test is `===`, not
 * `>`: `>` would scan again the prefix `<` has just scanned, where `===` returns at once for texts
 * of different lengths, as most paths are; tied paths share long directory prefixes. The
 * concentrated benchmark tree's order took 14.1 and 24.8 ms against 15.9 and 27.6 with `>` (two
 * runs of `node out/bench/order.js concentrated --runs 61 --against` the build before).
 */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a === b ? 0 : 1;
}
