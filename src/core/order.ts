/**
 * The complete result's order: modification time, oldest first, over the whole result (not per
 * directory, which is what ripgrep 13's `--sort=modified` does), ties broken by the shown path.
 * Matches without a time (vanished, unreadable, skipped) are left out.
 *
 * The times are put in order by a radix sort on their bits (radixOrder.ts), which is linear and
 * stable, and only runs of equal times are then sorted with the path comparator. A comparator
 * call per comparison over the whole result was most of the sort's cost, and over a second at a
 * million matches (bench/).
 */

import { radixOrder } from './radixOrder';

/** The matches in order, and how many second listings of a file were left out. */
export interface Ordered {
  readonly order: Uint32Array;
  readonly repeated: number;
}

/**
 * Indexes of the matches with a time, sorted by (mtime, path), each file once: `sameMatch` tells
 * a file ripgrep listed twice. A directory changing during the walk can make readdir return an
 * entry twice (a file deleted and created again behind the cursor); both listings are the same
 * file, read for the same time, so they end up side by side in a run of equal times, where
 * they are looked for as each run is sorted.
 */
export function modifiedOrder(
  mtimes: Float64Array,
  comparePaths: (a: number, b: number) => number,
  sameMatch: (a: number, b: number) => boolean = () => false,
): Ordered {
  const order = radixOrder(mtimes);
  let firstRepeat = -1;
  // Runs of equal times are found one call per run, for the reason blocks.ts gives.
  for (let start = 0; start < order.length; ) {
    const end = endOfEqualTimes(order, mtimes, start);
    if (end - start > 1) {
      order.subarray(start, end).sort(comparePaths);
      if (firstRepeat === -1) {
        firstRepeat = repeatIn(order, start, end, sameMatch);
      }
    }
    start = end;
  }
  return firstRepeat === -1 ? { order, repeated: 0 } : withoutRepeats(order, mtimes, firstRepeat, sameMatch);
}

/** The position of the first match in `[start, end)` that repeats the one before it, or -1. */
function repeatIn(order: Uint32Array, start: number, end: number, sameMatch: (a: number, b: number) => boolean): number {
  for (let position = start + 1; position < end; position += 1) {
    if (sameMatch(order[position - 1], order[position])) {
      return position;
    }
  }
  return -1;
}

/**
 * The order with the repeat at `first` and every later one left out: each kept match moves down
 * over the dropped ones. Writes stay behind reads, so the pair compared is always as ordered.
 */
function withoutRepeats(order: Uint32Array, mtimes: Float64Array, first: number, sameMatch: (a: number, b: number) => boolean): Ordered {
  let kept = first;
  for (let position = first + 1; position < order.length; position += 1) {
    const match = order[position];
    const previous = order[position - 1];
    if (!(mtimes[match] === mtimes[previous] && sameMatch(previous, match))) {
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

/** Plain code-unit order, the same on every platform and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
