/**
 * Matches in order of their modification times, by a radix sort on the times' bits: linear and
 * stable, so equal times keep the order the matches were listed in (order.ts then sorts each run
 * of equal times by path). A positive double's bits sort as the number does once the sign bit is
 * set, a negative one's once all its bits are flipped. Matches without a time (NaN) are left out.
 */

import { inBlocks } from './blocks';

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
export function radixOrder(mtimes: Float64Array): Uint32Array {
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
