/**
 * The complete list as bytes, written in listing order instead of gathered in time order.
 *
 * Names lie in memory in the order ripgrep listed them; reading them in time order scatters the
 * reads over the heap, and that gather was most of the spill's time on dense trees. Here each
 * line's place in the list is worked out from the lengths alone (numbers side by side), and then
 * the names are read in listing order, each copied to its place. In the stage split of `npm run
 * bench` the spill went from 32 to 21 ms on the concentrated tree (60,000 paths; its lines from 26
 * to 15), from 18 to 9 on wide (36,000; 13 to 7).
 *
 * Only for names that are ASCII (a character is a byte) and need no quoting, and for lists short
 * enough to hold whole at once; anything else is gathered as before (shownLines.ts).
 */

import { isAscii } from 'node:buffer';
import { inBlocks } from './blocks';

/**
 * Lists longer than this are gathered a chunk at a time as before: a list held whole costs its
 * size at once (about 50 bytes a path), which a million paths cannot afford under the engine's
 * memory bound (300 bytes a path, issue 4), and the gather's share is smaller there anyway.
 */
export const WHOLE_LIST_MAX_LINES = 250_000;
/** The list is handed out in chunks of whole multiples of this many lines. */
export const LINES_PER_STEP = 4096;

/** A match that is not in the list (it has no time, or repeats another). */
const NOT_LISTED = 0xffff_ffff;

export interface AsciiList {
  readonly bytes: Buffer;
  /** Where line `k * LINES_PER_STEP` starts, for each k; then the end of the list. */
  readonly stepStarts: Uint32Array;
}

/**
 * The lines `prefix + name + "\n"` of `order`'s matches, in that order; undefined as soon as a
 * name or prefix turns out not to be ASCII.
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
  const bytes = Buffer.allocUnsafe(end);
  let ascii = true;
  inBlocks(names.length, (from, to) => {
    ascii &&= copyLines(names, scopeOf, prefixBytes, placeOf, bytes, from, to);
  });
  return ascii ? { bytes, stepStarts } : undefined;
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

/** Copies the lines of matches `from` to `to` (listing order) to their places; false at a character that is not ASCII. */
function copyLines(
  names: readonly string[],
  scopeOf: ArrayLike<number>,
  prefixBytes: readonly Buffer[],
  placeOf: Uint32Array,
  bytes: Buffer,
  from: number,
  to: number,
): boolean {
  for (let match = from; match < to; match += 1) {
    let at = placeOf[match];
    if (at === NOT_LISTED) {
      continue;
    }
    for (const byte of prefixBytes[scopeOf[match]]) {
      bytes[at] = byte;
      at += 1;
    }
    const name = names[match];
    for (let i = 0; i < name.length; i += 1) {
      const code = name.charCodeAt(i);
      if (code > 0x7f) {
        return false;
      }
      bytes[at] = code;
      at += 1;
    }
    bytes[at] = 0x0a;
  }
  return true;
}
