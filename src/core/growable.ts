/**
 * Per-match typed arrays grow as matches are listed, doubling, so that a million matches cost
 * a few copies rather than a JavaScript array of numbers (8-16 bytes a match more).
 */

type PerMatch = Float64Array | Uint32Array;

/** `array` when `index` fits in it, else a copy at least twice as long. */
export function withRoomFor<T extends PerMatch>(array: T, index: number): T {
  if (index < array.length) {
    return array;
  }
  const grown = new (array.constructor as new (length: number) => T)(Math.max(array.length * 2, index + 1));
  grown.set(array);
  return grown;
}
