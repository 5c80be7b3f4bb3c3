/**
 * Long loops over every match run a block at a time, each block one call of a small function.
 *
 * V8 optimizes a function once it has run enough. A loop that runs once per search over every
 * match is optimized only while it runs (on-stack replacement), and that code is not what the
 * next call of the function starts with: every search ran its long loops unoptimized again for
 * thousands of iterations until V8 had compiled them once more (`node --trace-opt` shows each
 * compile). A function called once per block is optimized as a whole during the first search and
 * kept for the next. On the 100k benchmark tree the second search's sort took 20–25 ms before and
 * ~11 ms after, its grouping 5 ms before and ~1 after.
 *
 * Each block's function holds its loop and nothing after it but a return: code after a loop that
 * has not run yet makes V8 throw the loop's compiled code away where the loop ends (seen with
 * `node --trace-deopt`).
 */

/** Long enough that a call per block costs nothing, short enough to be called many times. */
export const BLOCK_LENGTH = 2048;

/** Calls `run(from, to)` for each block of `[0, length)`, in order. */
export function inBlocks(length: number, run: (from: number, to: number) => void): void {
  for (let from = 0; from < length; from += BLOCK_LENGTH) {
    run(from, Math.min(from + BLOCK_LENGTH, length));
  }
}
