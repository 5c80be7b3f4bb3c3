/**
 * The page over the cap: round-robin across top-level entries (SPEC §2). Every entry gets one slot
 * before any gets a second; exhausted entries drop out; within an entry the complete result's
 * order is kept; entries take turns in order of first appearance. With several workspace
 * folders the turns go first across folders, then across each folder's entries. A flat result
 * (every path its own entry) therefore equals the head.
 *
 * Linear in the number of items, whatever the number of entries, and pure: it sees only group
 * numbers, never paths.
 */

import { BLOCK_LENGTH } from '../blocks';

export interface Grouping {
  /** For each item of the complete result, in order: its entry (dense, numbered by first appearance). */
  readonly entryOf: Uint32Array;
  /** For each entry: its folder (dense, numbered by first appearance). */
  readonly folderOf: Uint32Array;
  /** For each entry: how many items it holds (grouping counts them anyway). */
  readonly counts: Uint32Array;
}

/** Positions (into the complete result) chosen for a page of at most `slots`, in pick order. */
export function roundRobinPage(grouping: Grouping, slots: number): number[] {
  const { folderOf } = grouping;
  const entryCount = folderOf.length;
  const buckets = bucketByEntry(grouping, slots);

  const entriesByFolder: number[][] = [];
  for (let entry = 0; entry < entryCount; entry += 1) {
    (entriesByFolder[folderOf[entry]] ??= []).push(entry);
  }
  const folders = entriesByFolder.map((entries) => new Turns(entries, (entry, round) => buckets.item(entry, round)));
  const acrossFolders = new Turns(
    folders.map((_, folder) => folder),
    (folder) => folders[folder].next(),
  );

  const page: number[] = [];
  while (page.length < slots) {
    const position = acrossFolders.next();
    if (position === EXHAUSTED) {
      break;
    }
    page.push(position);
  }
  return page;
}

/**
 * Whether a page of distinct positions is the head of the complete result: every position below
 * the page's length. A round-robin page is the head whenever the turns happen to pick the oldest
 * files, as they always do for a flat result and for a result under one entry.
 */
export function isHead(page: readonly number[]): boolean {
  return page.every((position) => position < page.length);
}

/**
 * The page in printed order: grouped by folder, then by entry (each in order of first
 * appearance), in the complete result's order within an entry.
 */
export function groupedForPrinting(page: readonly number[], grouping: Grouping): number[] {
  const { entryOf, folderOf } = grouping;
  return [...page].sort(
    (a, b) => folderOf[entryOf[a]] - folderOf[entryOf[b]] || entryOf[a] - entryOf[b] || a - b,
  );
}

const EXHAUSTED = -1;

/**
 * Round-robin over members that each yield a sequence: members take turns in the given order,
 * a member that yields nothing drops out. `draw(member, round)` returns the member's next item or
 * EXHAUSTED; each member is visited once per round it still had something, so the total work is
 * linear in what is drawn.
 */
class Turns {
  private current: number[];
  private following: number[] = [];
  private position = 0;
  private round = 0;

  constructor(
    members: number[],
    private readonly draw: (member: number, round: number) => number,
  ) {
    this.current = members;
  }

  next(): number {
    for (;;) {
      if (this.position >= this.current.length) {
        if (this.following.length === 0) {
          return EXHAUSTED;
        }
        this.current = this.following;
        this.following = [];
        this.position = 0;
        this.round += 1;
      }
      const member = this.current[this.position];
      this.position += 1;
      const item = this.draw(member, this.round);
      if (item !== EXHAUSTED) {
        this.following.push(member);
        return item;
      }
    }
  }
}

/**
 * Items grouped by entry with a counting sort: `item(entry, k)` is the entry's k-th item. An entry
 * gives a page at most one item a turn, so at most `slots` of its items: only those are kept, and
 * the pass over the items ends once every entry has them. Bucketing every item took 22 ms of an
 * in-process search of the 1m benchmark tree, 1 ms now (24 entries: 2,400 items kept, not a
 * million).
 */
function bucketByEntry({ entryOf, counts }: Grouping, slots: number): { item(entry: number, k: number): number } {
  const starts = new Uint32Array(counts.length + 1);
  for (let entry = 0; entry < counts.length; entry += 1) {
    starts[entry + 1] = starts[entry] + Math.min(counts[entry], slots);
  }
  const items = new Uint32Array(starts[counts.length]);
  const filled = starts.slice(0, starts.length - 1);
  // In blocks, as blocks.ts explains.
  let left = items.length;
  for (let from = 0; left > 0 && from < entryOf.length; from += BLOCK_LENGTH) {
    left = fillBuckets(entryOf, from, Math.min(from + BLOCK_LENGTH, entryOf.length), starts, filled, items, left);
  }
  return {
    item: (entry, k) => (starts[entry] + k < starts[entry + 1] ? items[starts[entry] + k] : EXHAUSTED),
  };
}

/**
 * Each item from `from` to `to` into its entry's bucket while it has room, at the entry's next
 * free place in `filled`; returns how much room is left in all.
 */
function fillBuckets(entryOf: Uint32Array, from: number, to: number, starts: Uint32Array, filled: Uint32Array, items: Uint32Array, room: number): number {
  let left = room;
  for (let i = from; i < to; i += 1) {
    const entry = entryOf[i];
    if (filled[entry] < starts[entry + 1]) {
      items[filled[entry]] = i;
      filled[entry] += 1;
      left -= 1;
    }
  }
  return left;
}
