/**
 * Sorts a run of matches by their names in code-unit order (what `<` on strings does), equal
 * names by match index: the order a stable comparator sort gives, without a comparator.
 *
 * Runs of equal times are what is left to sort after the radix sort of the times (order.ts), and
 * in a tree unpacked from an archive they are thousands long. A comparator call per comparison
 * cost 120-180 ns there (a call from V8's sort into JavaScript, and two string comparisons);
 * this is a multikey quicksort (Bentley and Sedgewick), which partitions by one code unit at a
 * time and reads each with an inlined charCodeAt. Both ways sorting the same searches' runs in
 * one process, alternately first (medians of 10): the whole sort took 38 against 46 ms on the
 * concentrated benchmark tree (six runs of ~6,300), 5.8 against 7.2 ms on the 100k tree. The
 * stage split's sort row moved the same way, within its noise. Partitioning by three code units
 * at a time (one number per name) measured no better.
 */

/** Below this many, a range is finished by insertion sort. */
const INSERTION_LENGTH = 16;

/** Pending ranges: (from, to, depth) triples, kept between calls so a sort allocates nothing. */
let pending = new Int32Array(3 * 64);

/**
 * Sorts `run` (match indexes) by `names[match]`, equal names by match index, and returns true;
 * or returns false, with `run` in some order, once partitioning has read more code units than
 * `budget`. A quicksort can be led into quadratic time by names laid out against its choice of
 * pivots, and names can come from anyone; the caller then sorts with a comparator instead, whose
 * worst case is n log n comparisons. The default budget is a few times what partitioning reads
 * when every name is told apart by its length plus a balanced split per level.
 */
export function sortByName(run: Uint32Array, names: readonly string[], budget = partitioningBudget(run, names)): boolean {
  let left = budget;
  let top = pushRange(0, 0, run.length, 0);
  while (top > 0) {
    top -= 3;
    const from = pending[top];
    const to = pending[top + 1];
    const depth = pending[top + 2];
    left -= to - from;
    if (left < 0) {
      return false;
    }
    top = sortRange(run, names, from, to, depth, top);
  }
  return true;
}

/** How many code units partitioning the run may read: 4 × (names' lengths + n log2 n). */
function partitioningBudget(run: Uint32Array, names: readonly string[]): number {
  let units = 0;
  for (const match of run) {
    units += names[match].length + 1;
  }
  return 4 * (units + run.length * Math.ceil(Math.log2(run.length + 1)));
}

/**
 * Sorts `[from, to)`, whose names are known to agree before code unit `depth`: partitions it by
 * that code unit into less, equal and greater, pushes the outer two, and goes on with the equal
 * part one code unit deeper, until what is left is short or every name in it has ended.
 * Returns the top of `pending` after the ranges it pushed (from `top`).
 */
function sortRange(run: Uint32Array, names: readonly string[], from: number, to: number, depth: number, top: number): number {
  let low = from;
  let high = to;
  let at = depth;
  let stacked = top;
  while (high - low > INSERTION_LENGTH) {
    const pivot = medianOfThree(charAt(names, run[low], at), charAt(names, run[(low + high) >>> 1], at), charAt(names, run[high - 1], at));
    // Three-way partition: [low, less) below the pivot, [less, more] equal, (more, high) above.
    let less = low;
    let more = high - 1;
    for (let position = low; position <= more; ) {
      const match = run[position];
      const code = charAt(names, match, at);
      if (code < pivot) {
        run[position] = run[less];
        run[less] = match;
        less += 1;
        position += 1;
      } else if (code > pivot) {
        run[position] = run[more];
        run[more] = match;
        more -= 1;
      } else {
        position += 1;
      }
    }
    if (less - low > 1) {
      stacked = pushRange(stacked, low, less, at);
    }
    if (high - (more + 1) > 1) {
      stacked = pushRange(stacked, more + 1, high, at);
    }
    if (pivot === -1) {
      // Every name in the middle ended here: they are equal, and go by match index.
      run.subarray(less, more + 1).sort();
      return stacked;
    }
    low = less;
    high = more + 1;
    at += 1;
  }
  insertionSort(run, names, low, high);
  return stacked;
}

/** The code unit at `at` of the match's name, or -1 past its end (a shorter name sorts first). */
function charAt(names: readonly string[], match: number, at: number): number {
  const name = names[match];
  return at < name.length ? name.charCodeAt(at) : -1;
}

function medianOfThree(a: number, b: number, c: number): number {
  if (a < b) {
    return b < c ? b : a < c ? c : a;
  }
  return a < c ? a : b < c ? c : b;
}

/** Insertion sort of a short range by whole names, equal names by match index. */
function insertionSort(run: Uint32Array, names: readonly string[], from: number, to: number): void {
  for (let position = from + 1; position < to; position += 1) {
    const match = run[position];
    const name = names[match];
    let before = position - 1;
    while (before >= from && comesAfter(names[run[before]], run[before], name, match)) {
      run[before + 1] = run[before];
      before -= 1;
    }
    run[before + 1] = match;
  }
}

function comesAfter(name: string, match: number, other: string, otherMatch: number): boolean {
  return name > other || (name === other && match > otherMatch);
}

/** Pushes a range at `top` of `pending`, growing it when full; returns the new top. */
function pushRange(top: number, from: number, to: number, depth: number): number {
  if (top + 3 > pending.length) {
    const grown = new Int32Array(pending.length * 2);
    grown.set(pending);
    pending = grown;
  }
  pending[top] = from;
  pending[top + 1] = to;
  pending[top + 2] = depth;
  return top + 3;
}
