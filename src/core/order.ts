/**
 * The complete result's order: modification time, oldest first, over the whole result (not per
 * directory, which is what ripgrep 13's `--sort=modified` does), ties broken by the shown path.
 * Matches without a time (vanished, unreadable, skipped) are left out.
 *
 * The times are put in order with a radix sort on their bits (a positive double's bits sort as
 * the number does; a negative one's are flipped), which is linear and stable, and only runs of
 * equal times are then sorted with the path comparator. A comparator call per comparison over
 * the whole result was most of the sort's cost, and over a second at a million matches (bench/).
 */

import { inBlocks } from './blocks';

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

/** 11-bit digits: three passes per 32-bit half, and few enough buckets that writes stay in cache. */
const DIGIT_BITS = 11;
const DIGIT_VALUES = 1 << DIGIT_BITS;
const DIGIT_MASK = DIGIT_VALUES - 1;
/** Digits per 32-bit half: shifts 0, 11 and 22. */
const DIGITS = 3;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** One time at a time, seen as its two 32-bit halves. */
const TIME = new Float64Array(1);
const TIME_BITS = new Uint32Array(TIME.buffer);
const LOW_AT = LITTLE_ENDIAN ? 0 : 1;
const HIGH_AT = 1 - LOW_AT;

/** Matches in an order, each with a 32-bit key carried beside it. */
interface Keyed {
  order: Uint32Array;
  keys: Uint32Array;
}

/**
 * The matches with a time (not NaN), in time order; equal times keep index order. Each pass
 * reads keys in sequence and carries them along with the indexes, so no pass reads memory at
 * random; only one half of each time's bits is carried at a time, which keeps the extra memory
 * at about 20 bytes per match. How many keys each digit value has does not depend on the order
 * the keys are in, so every digit's counts are taken in the one pass that reads the times.
 */
function radixOrder(mtimes: Float64Array): Uint32Array {
  const { keyed, highOf, counts } = lowKeyed(mtimes);
  let current = keyed;
  let spare: Keyed = { order: new Uint32Array(current.order.length), keys: new Uint32Array(current.order.length) };
  for (const half of [0, 1]) {
    if (half === 1) {
      carryHighHalves(current, highOf);
    }
    for (let digit = 0; digit < DIGITS; digit += 1) {
      const starts = counts.subarray((half * DIGITS + digit) * DIGIT_VALUES, (half * DIGITS + digit + 1) * DIGIT_VALUES);
      if (countsToStarts(starts, current.order.length)) {
        distribute(current, spare, digit * DIGIT_BITS, starts);
        [current, spare] = [spare, current];
      }
    }
  }
  return current.order;
}

/**
 * The matches with a time, in index order, each with the low half of its time's bits; the high
 * half per match; and how many keys have each value of each digit (both halves, digit by digit).
 * A positive double's bits sort as its value once the sign bit is set, a negative one's once all
 * its bits are flipped.
 */
function lowKeyed(mtimes: Float64Array): { keyed: Keyed; highOf: Uint32Array; counts: Uint32Array } {
  // Sized for every match and cut to those with a time after, rather than counted first: one
  // pass fewer, and a time is missing only for the rare file that vanished or could not be read.
  const order = new Uint32Array(mtimes.length);
  const keys = new Uint32Array(mtimes.length);
  const highOf = new Uint32Array(mtimes.length);
  const counts = new Uint32Array(2 * DIGITS * DIGIT_VALUES);
  let kept = 0;
  inBlocks(mtimes.length, (from, to) => {
    kept = fillKeys(mtimes, from, to, kept, order, keys, highOf, counts);
  });
  return { keyed: { order: order.subarray(0, kept), keys: keys.subarray(0, kept) }, highOf, counts };
}

/**
 * lowKeyed's pass over the matches from `from` to `to`, of which `kept` before `from` had a time;
 * returns how many have one up to `to`.
 */
function fillKeys(
  mtimes: Float64Array,
  from: number,
  to: number,
  kept: number,
  order: Uint32Array,
  keys: Uint32Array,
  highOf: Uint32Array,
  counts: Uint32Array,
): number {
  let next = kept;
  for (let match = from; match < to; match += 1) {
    if (Number.isNaN(mtimes[match])) {
      continue;
    }
    // + 0 turns -0 into 0: the same time, other bits.
    TIME[0] = mtimes[match] + 0;
    const negative = (TIME_BITS[HIGH_AT] & 0x8000_0000) !== 0;
    const low = negative ? ~TIME_BITS[LOW_AT] >>> 0 : TIME_BITS[LOW_AT];
    const high = negative ? ~TIME_BITS[HIGH_AT] >>> 0 : (TIME_BITS[HIGH_AT] | 0x8000_0000) >>> 0;
    order[next] = match;
    keys[next] = low;
    highOf[match] = high;
    counts[low & DIGIT_MASK] += 1;
    counts[DIGIT_VALUES + ((low >>> DIGIT_BITS) & DIGIT_MASK)] += 1;
    counts[2 * DIGIT_VALUES + (low >>> (2 * DIGIT_BITS))] += 1;
    counts[3 * DIGIT_VALUES + (high & DIGIT_MASK)] += 1;
    counts[4 * DIGIT_VALUES + ((high >>> DIGIT_BITS) & DIGIT_MASK)] += 1;
    counts[5 * DIGIT_VALUES + (high >>> (2 * DIGIT_BITS))] += 1;
    next += 1;
  }
  return next;
}

/**
 * Turns one digit's counts into the first position of each value, in place. False when every key
 * has the same value (the high bits of times from one era, the low bits of whole seconds): that
 * pass would order nothing.
 */
function countsToStarts(counts: Uint32Array, keys: number): boolean {
  let start = 0;
  for (let value = 0; value < DIGIT_VALUES; value += 1) {
    const count = counts[value];
    if (count === keys) {
      return false;
    }
    counts[value] = start;
    start += count;
  }
  return true;
}

/** Replaces each carried key with the high half of its match's time. */
function carryHighHalves(keyed: Keyed, highOf: Uint32Array): void {
  inBlocks(keyed.order.length, (from, to) => carryHighHalvesOf(keyed, highOf, from, to));
}

function carryHighHalvesOf({ order, keys }: Keyed, highOf: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i += 1) {
    keys[i] = highOf[order[i]];
  }
}

/** One stable pass: each match, with its key, to the next free place of its digit. */
function distribute(from: Keyed, into: Keyed, shift: number, starts: Uint32Array): void {
  for (let i = 0; i < from.keys.length; i += 1) {
    const digit = (from.keys[i] >>> shift) & DIGIT_MASK;
    const to = starts[digit];
    starts[digit] = to + 1;
    into.order[to] = from.order[i];
    into.keys[to] = from.keys[i];
  }
}

/** Plain code-unit order, the same on every platform and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
