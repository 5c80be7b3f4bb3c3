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
 * Those stats are made a thousand at a time, with a turn of the event loop between, so a stop ends them.
 */

import { statSync } from 'node:fs';
import { nextTurn } from '../nextTurn';

/**
 * Adds to `sharing` the matches of `run`, a run of equal times, that share an inode number with
 * another match of it. order.ts calls it for each run as it sorts it, where the times are read
 * anyway: a pass of its own read them again, out of order (42 ms for a million random times).
 * What is left is a read of each tied match's inode number, out of order too: 30-70 ms for a
 * million random times of which 60% are tied, on a busy machine (a script calling modifiedOrder
 * with and without inode numbers); copying short runs or comparing them pair by pair made no
 * difference to it. Repeats are found in a hash table of the run's numbers (linear) rather than
 * by sorting a copy of them: the 1m benchmark tree's runs took 6.9 ms against 12.0, the
 * concentrated tree's 0.9 against 1.8 (a script timing both over each tree's runs, one match in a
 * thousand given its neighbour's number, medians of 9 and 31).
 */
export function addSharingInodes(run: Uint32Array, inodes: Uint32Array, sharing: number[]): void {
  const table = emptyTable(run.length);
  const mask = table.length - 1;
  // The top bits of the product: they depend on every bit of the number (the low ones on the low bits only).
  const shift = Math.clz32(table.length) + 1;
  let shared: Set<number> | undefined;
  for (const match of run) {
    const inode = inodes[match];
    // 0 is no number: a time that was not read, or a file system that gives none (a number whose
    // low bits are all 0 is taken for one too: such a file's second path goes unsaid).
    if (inode === 0) {
      continue;
    }
    // Open addressing, the slot from a multiplicative hash, the next free one on a collision.
    for (let slot = Math.imul(inode, HASH_MULTIPLIER) >>> shift; ; slot = (slot + 1) & mask) {
      if (table[slot] === 0) {
        table[slot] = inode;
        break;
      }
      if (table[slot] === inode) {
        (shared ??= new Set()).add(inode);
        break;
      }
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

/** Knuth's multiplicative hash constant (2^32 divided by the golden ratio), which spreads consecutive inode numbers. */
const HASH_MULTIPLIER = 0x9e37_79b1;

/** The hash table every run reuses: slots are inode numbers, 0 for a free one. */
let inodeTable = new Uint32Array(16);

/** The table cleared, a power of two at least twice `numbers` long, so that probes stay short. */
function emptyTable(numbers: number): Uint32Array {
  let size = 16;
  while (size < 2 * numbers) {
    size *= 2;
  }
  if (inodeTable.length < size) {
    inodeTable = new Uint32Array(size);
    return inodeTable;
  }
  const table = inodeTable.subarray(0, size);
  table.fill(0);
  return table;
}

/** How a second path leads to a file, as the footer and the complete list say it. */
export const HOW_PATHS_SHARE_A_FILE = '(by a symbolic or hard link, or a directory mounted in two places)';

/** How many distinct files a result's paths are. */
export interface DistinctFiles {
  readonly count: number;
  /** True where some paths were not compared (a stop came first): then there may be fewer. */
  readonly atMost: boolean;
}

/**
 * How many distinct files `total` paths are, where `aliases` of them lead to a file another
 * leads to as well, or a stop left `uncompared` sharing an inode number before they were compared;
 * undefined where neither is so, each path being a file of its own as far as is known. A path
 * whose time was not read (`unread`) was never compared either, so then the count is an upper
 * bound. The footer, the complete list's header and its tab all count them so.
 */
export function distinctFiles(paths: { readonly total: number; readonly aliases: number; readonly uncompared: number; readonly unread: number }): DistinctFiles | undefined {
  const { total, aliases, uncompared, unread } = paths;
  if (aliases === 0 && uncompared === 0) {
    return undefined;
  }
  return { count: total - aliases, atMost: unread > 0 || uncompared > 0 };
}

/**
 * What a count of the result's paths calls them: "path" where some lead (or may lead) to one file
 * (`distinct` from distinctFiles), so that "6 files match" is not said of 6 paths that are 3
 * files; "file" where each path is a file of its own. Every count of them (the footer's lines,
 * the complete list's header, its tab) says it so.
 */
export function countedAs(distinct: DistinctFiles | undefined): 'path' | 'file' {
  return distinct === undefined ? 'file' : 'path';
}

/**
 * Stats between two looks at the stop signal: a few milliseconds of them (~2.3 µs each on an idle
 * machine, several times that on a busy one). Done in one go, 200,000 paths to one tree through a
 * followed link took 0.5-2 s that no cancellation or time limit could end, and held the thread.
 */
const STATS_PER_TURN = 1_000;

export interface AliasCount {
  /** Matches of `sharing` that lead to a file one before them leads to as well. */
  readonly aliases: number;
  /** Matches of `sharing` a stop left before they were compared: any of them may lead to such a file too. */
  readonly uncompared: number;
}

/**
 * How many of `sharing` (addSharingInodes) lead to a file one before them leads to as well, by
 * its exact (device, inode) pair. `pathOf` gives the path to stat a match by; a path seen before
 * (one file listed twice, which order.ts leaves out of the order) is not counted. A stop (`signal`)
 * ends it between two turns of STATS_PER_TURN, as it ends the rest of the search.
 */
export async function aliasCount(sharing: readonly number[], pathOf: (match: number) => string | Buffer, signal?: AbortSignal): Promise<AliasCount> {
  const seen: SeenFiles = { files: new Set(), paths: new Set() };
  let aliases = 0;
  for (let from = 0; from < sharing.length; from += STATS_PER_TURN) {
    if (from > 0) {
      await nextTurn();
    }
    if (signal?.aborted) {
      return { aliases, uncompared: sharing.length - from };
    }
    aliases += aliasesIn(sharing, from, Math.min(from + STATS_PER_TURN, sharing.length), pathOf, seen);
  }
  return { aliases, uncompared: 0 };
}

/** The files and the paths met so far, by identity and by path. */
interface SeenFiles {
  readonly files: Set<string>;
  readonly paths: Set<string>;
}

/** The matches of `sharing[from, to)` that lead to a file met before, adding those that do not to `seen`. */
function aliasesIn(sharing: readonly number[], from: number, to: number, pathOf: (match: number) => string | Buffer, seen: SeenFiles): number {
  let aliases = 0;
  for (let i = from; i < to; i += 1) {
    const path = pathOf(sharing[i]);
    const pathKey = typeof path === 'string' ? `s${path}` : `b${path.toString('hex')}`;
    if (seen.paths.has(pathKey)) {
      continue;
    }
    seen.paths.add(pathKey);
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
    if (seen.files.has(identity)) {
      aliases += 1;
    } else {
      seen.files.add(identity);
    }
  }
  return aliases;
}
