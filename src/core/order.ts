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

/** Indexes of the matches with a time, sorted by (mtime, path). */
export function modifiedOrder(mtimes: Float64Array, comparePaths: (a: number, b: number) => number): Uint32Array {
  const { order, low, high } = radixOrder(mtimes);
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    while (end < order.length && low[end] === low[start] && high[end] === high[start]) {
      end += 1;
    }
    if (end - start > 1) {
      order.subarray(start, end).sort(comparePaths);
    }
    start = end;
  }
  return order;
}

/** 11-bit digits: six passes over 64 bits, and few enough buckets that writes stay in cache. */
const DIGIT_BITS = 11;
const DIGIT_VALUES = 1 << DIGIT_BITS;
const DIGIT_MASK = DIGIT_VALUES - 1;
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Matches in order, each with its time's bits as two unsigned halves that sort as the time does. */
interface Keyed {
  order: Uint32Array;
  low: Uint32Array;
  high: Uint32Array;
}

/**
 * The matches with a time (not NaN), in time order (equal times keep index order), with their keys.
 * Each pass reads the keys in sequence and carries them along with the indexes, so no pass
 * reads memory at random.
 */
function radixOrder(mtimes: Float64Array): Keyed {
  let keyed = keyedMatches(mtimes);
  let spare: Keyed = { order: new Uint32Array(keyed.order.length), low: new Uint32Array(keyed.order.length), high: new Uint32Array(keyed.order.length) };
  const starts = new Uint32Array(DIGIT_VALUES + 1);
  for (const half of ['low', 'high'] as const) {
    for (let shift = 0; shift < 32; shift += DIGIT_BITS) {
      if (digitStarts(keyed[half], shift, starts)) {
        distribute(keyed, spare, keyed[half], shift, starts);
        [keyed, spare] = [spare, keyed];
      }
    }
  }
  return keyed;
}

function keyedMatches(mtimes: Float64Array): Keyed {
  let kept = 0;
  for (const mtime of mtimes) {
    if (!Number.isNaN(mtime)) {
      kept += 1;
    }
  }
  const order = new Uint32Array(kept);
  const times = new Float64Array(kept);
  let next = 0;
  for (let match = 0; match < mtimes.length; match += 1) {
    if (!Number.isNaN(mtimes[match])) {
      order[next] = match;
      // + 0 turns -0 into 0: the same time, other bits.
      times[next] = mtimes[match] + 0;
      next += 1;
    }
  }
  const bits = new Uint32Array(times.buffer);
  const [lowAt, highAt] = LITTLE_ENDIAN ? [0, 1] : [1, 0];
  const low = new Uint32Array(kept);
  const high = new Uint32Array(kept);
  for (let i = 0; i < kept; i += 1) {
    // A positive double's bits sort as its value once the sign bit is set; a negative one's
    // once all its bits are flipped.
    const highBits = bits[2 * i + highAt];
    const negative = (highBits & 0x8000_0000) !== 0;
    high[i] = negative ? ~highBits >>> 0 : (highBits | 0x8000_0000) >>> 0;
    low[i] = negative ? ~bits[2 * i + lowAt] >>> 0 : bits[2 * i + lowAt];
  }
  return { order, low, high };
}

/**
 * The first position of each digit's keys, in `starts`. False when every key has the same digit
 * (the high bits of times from one era): that pass would order nothing.
 */
function digitStarts(keys: Uint32Array, shift: number, starts: Uint32Array): boolean {
  starts.fill(0);
  for (const key of keys) {
    starts[((key >>> shift) & DIGIT_MASK) + 1] += 1;
  }
  if (keys.length === 0 || starts.includes(keys.length)) {
    return false;
  }
  for (let digit = 0; digit < DIGIT_VALUES; digit += 1) {
    starts[digit + 1] += starts[digit];
  }
  return true;
}

/** One stable pass: each match, with its key, to the next free place of its digit. */
function distribute(from: Keyed, into: Keyed, keys: Uint32Array, shift: number, starts: Uint32Array): void {
  for (let i = 0; i < keys.length; i += 1) {
    const to = starts[(keys[i] >>> shift) & DIGIT_MASK];
    starts[(keys[i] >>> shift) & DIGIT_MASK] = to + 1;
    into.order[to] = from.order[i];
    into.low[to] = from.low[i];
    into.high[to] = from.high[i];
  }
}

/** Plain code-unit order, the same on every platform and locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
