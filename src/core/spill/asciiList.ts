/**
 * The complete list as bytes, written in listing order instead of gathered in time order.
 *
 * Names lie in memory in the order ripgrep listed them; reading them in time order scatters the
 * reads over the heap, and that gather was most of the spill's time on dense trees. Here each
 * line's place in the list is worked out from the lengths alone (numbers side by side), and then
 * the names are read in listing order and each copied to its place. In the stage split of `npm
 * run bench` the spill went from 32 to 21 ms on the concentrated tree (60,000 paths; its lines
 * from 26 to 15), from 18 to 9 on wide (36,000; 13 to 7), when the list was written whole.
 *
 * A list of up to WHOLE_LIST_MAX_BYTES is written whole in one pass, into a buffer every list on
 * this thread shares and keeps; a longer one a window at a time, each window one pass over the
 * names, into a buffer of its own.
 *
 * Only for names that are ASCII (a character is a byte) and need no quoting, and for lists of up
 * to LISTING_ORDER_MAX_LINES; anything else is gathered as before (shownLines.ts).
 */

import { isAscii } from 'node:buffer';
import { inBlocks } from '../blocks';

/**
 * Lists longer than this are joined in time order instead (shownLines.ts): for a million
 * paths the copies and passes took longer than that (in-process searches of the 1m benchmark tree,
 * from the sort to the answer: 830-970 ms against 590-660), and the list was first held whole
 * here, which a million paths could not afford under the engine's memory bound.
 */
export const LISTING_ORDER_MAX_LINES = 250_000;
/** The list is handed out in chunks of whole multiples of this many lines. */
export const LINES_PER_STEP = 1024;
/**
 * The list is written a window of at least this many bytes at a time, into one buffer reused for
 * each, rather than held whole: the kernel hands a process each page of memory it has not touched
 * yet on first use, and on these machines that took ~9 ms for a fresh 2.7 MB buffer (13 µs a
 * page) against 0.02 ms to write to the same pages again. The whole concentrated benchmark tree's
 * list (60,000 lines, 2.6 MB) was ~640 such pages, more than half of those the steps after the
 * walk touched (`process.resourceUsage().minorPageFault` around them).
 */
export const LIST_WINDOW_BYTES = 256 * 1024;
/**
 * Each window is one pass over every match, so a list takes at most this many: a longer list
 * gets a larger window (750 KB for 250,000 paths of ~50 bytes).
 */
export const LIST_MAX_PASSES = 16;

/**
 * Lists up to this long are written whole, in one pass, into the shared buffer below. Each
 * window was one pass over every match: the concentrated benchmark tree's list (2.6 MB, 12
 * windows) took 9.2 ms in windows against 5.0 whole, 100k's (1.3 MB) 3.1 against 2.0 (medians of
 * 31, the buffer's pages already touched). The shared buffer is kept for the thread's life, so it
 * stays small enough to keep: 8 MB is 160,000 paths of ~50 bytes.
 */
export const WHOLE_LIST_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The buffer whole lists are written into, grown to the longest one yet, and the list it holds.
 * Kept between searches: the kernel hands out a page on its first touch (~2-17 µs here, see
 * LIST_WINDOW_BYTES), so a thread pays for the pages once rather than in every search. Lists on
 * one thread can be saved turn about (each yields between its chunks): a list whose bytes another
 * has written over since writes them once more, into a buffer of its own (wholeAsciiList).
 */
const wholeList: { bytes: Buffer; holder: object | undefined } = { bytes: Buffer.alloc(0), holder: undefined };

/** A match that is not in the list (it has no time, or repeats another). */
const NOT_LISTED = 0xffff_ffff;

export interface AsciiList {
  /** Where line `k * LINES_PER_STEP` starts, for each k; then the end of the list. */
  readonly stepStarts: Uint32Array;
  /** How many bytes one window holds: no chunk needs more unless one step does. */
  readonly windowBytes: number;
  /**
   * The list's bytes from `start` to `end`, two places where a step starts, in a buffer a later
   * call may write over; undefined from the first name on that turns out not to be ASCII.
   */
  bytes(start: number, end: number): Buffer | undefined;
}

/**
 * The lines `prefix + name + "\n"` of `order`'s matches, in that order, a window at a time;
 * undefined when a prefix is not ASCII.
 */
export function asciiList(order: Uint32Array, names: readonly string[], scopeOf: ArrayLike<number>, prefixes: readonly string[]): AsciiList | undefined {
  const prefixBytes = prefixes.map((prefix) => Buffer.from(prefix));
  if (!prefixBytes.every((prefix) => isAscii(prefix))) {
    return undefined;
  }
  const placeOf = new Uint32Array(names.length).fill(NOT_LISTED);
  const steps = Math.ceil(order.length / LINES_PER_STEP);
  const stepStarts = new Uint32Array(steps + 1);
  let end = 0;
  inBlocks(order.length, (from, to) => {
    end = placeLines(order, names, scopeOf, prefixBytes, placeOf, stepStarts, from, to, end);
  });
  stepStarts[steps] = end;
  if (end <= WHOLE_LIST_MAX_BYTES) {
    return wholeAsciiList(names, scopeOf, prefixBytes, placeOf, stepStarts, end);
  }
  const windowBytes = Math.max(LIST_WINDOW_BYTES, Math.ceil(end / LIST_MAX_PASSES));
  let window = Buffer.alloc(0);
  // The stretch of the list the window holds.
  let filledFrom = 0;
  let filledTo = 0;
  let ascii = true;
  return {
    stepStarts,
    windowBytes,
    bytes: (start, stop) => {
      if (start < filledFrom || stop > filledTo) {
        // The steps from `start` on that fit in a window, `stop` at least.
        const fillTo = Math.max(stop, lastStepStartUpTo(stepStarts, start + windowBytes));
        if (window.length < fillTo - start) {
          window = Buffer.allocUnsafe(fillTo - start);
        }
        inBlocks(names.length, (from, to) => {
          ascii &&= copyLines(names, scopeOf, prefixBytes, placeOf, window, start, fillTo, from, to);
        });
        filledFrom = start;
        filledTo = fillTo;
      }
      return ascii ? window.subarray(start - filledFrom, stop - filledFrom) : undefined;
    },
  };
}

/**
 * The list of `end` bytes written whole into the shared buffer on the first call; once another
 * list has used that since, once more into a buffer of its own. Written into the shared one again
 * instead, two lists saved turn about wrote each other's bytes over for every chunk: two lists of
 * 150,000 paths (6.5 MB) saved side by side took 90 ms that way, 104 in windows and 50 with a
 * buffer of its own for the list that lost the shared one (a script calling saveSpill for both at
 * once, medians of 7; one list alone took 20 ms, 46 in windows).
 */
function wholeAsciiList(
  names: readonly string[],
  scopeOf: ArrayLike<number>,
  prefixBytes: readonly Buffer[],
  placeOf: Uint32Array,
  stepStarts: Uint32Array,
  end: number,
): AsciiList {
  const holder = {};
  let own: Buffer | undefined;
  let written = false;
  let ascii = true;
  return {
    stepStarts,
    windowBytes: end,
    bytes: (start, stop) => {
      if (ascii && own === undefined && wholeList.holder !== holder) {
        let target: Buffer;
        if (written) {
          target = own = Buffer.allocUnsafe(end);
        } else {
          if (wholeList.bytes.length < end) {
            wholeList.bytes = Buffer.allocUnsafe(end);
          }
          wholeList.holder = holder;
          target = wholeList.bytes;
        }
        written = true;
        inBlocks(names.length, (from, to) => {
          ascii &&= copyLines(names, scopeOf, prefixBytes, placeOf, target, 0, end, from, to);
        });
      }
      return ascii ? (own ?? wholeList.bytes).subarray(start, stop) : undefined;
    },
  };
}

/** The largest of the (ascending) step starts that is at most `limit`. */
function lastStepStartUpTo(stepStarts: Uint32Array, limit: number): number {
  let low = 0;
  let high = stepStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (stepStarts[middle] <= limit) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return stepStarts[low];
}

/**
 * Gives each match at positions `from` to `to` of the order its line's place, from `start` on;
 * returns where the next line starts. Reads a name's length only, which lies in the string's
 * header, not its characters.
 */
function placeLines(
  order: Uint32Array,
  names: readonly string[],
  scopeOf: ArrayLike<number>,
  prefixBytes: readonly Buffer[],
  placeOf: Uint32Array,
  stepStarts: Uint32Array,
  from: number,
  to: number,
  start: number,
): number {
  let place = start;
  for (let position = from; position < to; position += 1) {
    if (position % LINES_PER_STEP === 0) {
      stepStarts[position / LINES_PER_STEP] = place;
    }
    const match = order[position];
    placeOf[match] = place;
    place += prefixBytes[scopeOf[match]].length + names[match].length + 1;
  }
  return place;
}

/**
 * Copies the lines of matches `from` to `to` (listing order) that lie from `start` to `stop` in the
 * list to their places in `window`, which holds that stretch; false at a character that is not
 * ASCII. A match not listed has a place past any list's end.
 */
function copyLines(
  names: readonly string[],
  scopeOf: ArrayLike<number>,
  prefixBytes: readonly Buffer[],
  placeOf: Uint32Array,
  window: Buffer,
  start: number,
  stop: number,
  from: number,
  to: number,
): boolean {
  for (let match = from; match < to; match += 1) {
    const place = placeOf[match];
    if (place < start || place >= stop) {
      continue;
    }
    let at = place - start;
    for (const byte of prefixBytes[scopeOf[match]]) {
      window[at] = byte;
      at += 1;
    }
    const name = names[match];
    for (let i = 0; i < name.length; i += 1) {
      const code = name.charCodeAt(i);
      if (code > 0x7f) {
        return false;
      }
      window[at] = code;
      at += 1;
    }
    window[at] = 0x0a;
  }
  return true;
}
