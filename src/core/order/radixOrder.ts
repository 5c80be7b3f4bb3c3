/**
 * Matches in order of their modification times, by a radix sort on the times' bits: linear and
 * stable, so equal times keep the order the matches were listed in (order.ts then sorts each run
 * of equal times by path). A positive double's bits sort as the number does once the sign bit is
 * set, a negative one's once all its bits are flipped. Matches without a time (NaN) are left out.
 */

import { inBlocks } from '../blocks';

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
 * at 16 bytes per match. How many keys each digit value has does not depend on the order
 * the keys are in, so every digit's counts are taken in the one pass that reads the times.
 */
export function radixOrder(mtimes: Float64Array): Uint32Array {
  const { keyed, counts } = lowKeyed(mtimes);
  let current = keyed;
  let spare: Keyed = { order: new Uint32Array(current.order.length), keys: new Uint32Array(current.order.length) };
  for (const half of [0, 1]) {
    if (half === 1) {
      carryHighHalves(current, mtimes);
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
 * The matches with a time, in index order, each with the low half of its time's bits, and how
 * many keys have each value of each digit (both halves, digit by digit). A positive double's bits
 * sort as its value once the sign bit is set, a negative one's once all its bits are flipped.
 */
function lowKeyed(mtimes: Float64Array): { keyed: Keyed; counts: Uint32Array } {
  // Sized for every match and cut to those with a time after, rather than counted first: one
  // pass fewer, and a time is missing only for the rare file that vanished or could not be read.
  const order = new Uint32Array(mtimes.length);
  const keys = new Uint32Array(mtimes.length);
  const counts = new Uint32Array(2 * DIGITS * DIGIT_VALUES);
  let kept = 0;
  inBlocks(mtimes.length, (from, to) => {
    kept = fillKeys(mtimes, from, to, kept, order, keys, counts);
  });
  return { keyed: { order: order.subarray(0, kept), keys: keys.subarray(0, kept) }, counts };
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
  counts: Uint32Array,
): number {
  let next = kept;
  for (let match = from; match < to; match += 1) {
    if (Number.isNaN(mtimes[match])) {
      continue;
    }
    const high = highKey(mtimes[match]);
    // highKey left the time's bits in TIME_BITS; a negative time's high key has its top bit clear.
    const low = high < 0x8000_0000 ? ~TIME_BITS[LOW_AT] >>> 0 : TIME_BITS[LOW_AT];
    order[next] = match;
    keys[next] = low;
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

/**
 * Replaces each carried key with the high half of its match's time, read again from the times
 * rather than kept per match from the first pass: on these machines each page of fresh memory
 * costs ~17 µs on its first write, and 4 bytes more per match were ~60 more pages on the
 * concentrated benchmark tree, more than reading its 60,000 times again at random.
 */
function carryHighHalves(keyed: Keyed, mtimes: Float64Array): void {
  inBlocks(keyed.order.length, (from, to) => carryHighHalvesOf(keyed, mtimes, from, to));
}

function carryHighHalvesOf({ order, keys }: Keyed, mtimes: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i += 1) {
    keys[i] = highKey(mtimes[order[i]]);
  }
}

/**
 * The high half of a time's bits as a key that sorts as the time does: the sign bit set for a
 * positive time, every bit flipped for a negative one. Leaves the time's bits in TIME_BITS.
 */
function highKey(time: number): number {
  // + 0 turns -0 into 0: the same time, other bits.
  TIME[0] = time + 0;
  const high = TIME_BITS[HIGH_AT];
  return (high & 0x8000_0000) !== 0 ? ~high >>> 0 : (high | 0x8000_0000) >>> 0;
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
