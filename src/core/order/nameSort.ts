/**
 * Sorts a run of matches by name, in code-unit order (as `<` orders strings), without a
 * comparator: a three-way radix quicksort on the names' characters (Bentley and Sedgewick's
 * multikey quicksort), three characters at a time. Each step reads those characters of each name
 * in a part of the run, so a directory prefix the names share is read once per name, where a
 * comparison sort compared it again in each of its n log n comparisons, and each comparison was a
 * call (~14 ns here before any character was read). Parts of a few names are finished by an
 * insertion sort.
 */

/** Parts of the run this short are sorted by insertion, comparing whole names. */
const INSERTION_MAX = 12;
/** What a name that has ended reads as: before every character. */
const ENDED = -1;
/** Characters read at a time: three UTF-16 code units of 16 bits make 48, exact in a double. */
const KEY_CHARACTERS = 3;
const CHARACTER_VALUES = 0x1_0000;

/**
 * Sorts `run` (indexes into `names`) by name, and equal names by index, as a stable sort of a run
 * in index order leaves them: of a file listed twice, order.ts keeps the listing that comes first.
 */
export function sortByName(run: Uint32Array, names: readonly string[]): void {
  // Parts still to sort, as (start, end, depth) triples: an explicit stack, since names sharing a
  // long prefix would otherwise recurse once per shared character.
  const parts: number[] = [0, run.length, 0];
  while (parts.length > 0) {
    const depth = parts.pop() as number;
    const end = parts.pop() as number;
    const start = parts.pop() as number;
    if (end - start <= INSERTION_MAX) {
      insertionSort(run, names, start, end);
    } else {
      partition(run, names, start, end, depth, parts);
    }
  }
}

/**
 * Splits `[start, end)` by the characters at `depth` (keyAt) into names before, at and after the
 * pivot's, and pushes the parts that still need sorting: those before and after at the same
 * depth, those at the pivot's KEY_CHARACTERS further on; unless the pivot's name ended within
 * them, when those names are equal and are put in index order here.
 */
function partition(run: Uint32Array, names: readonly string[], start: number, end: number, depth: number, parts: number[]): void {
  const pivot = medianOfThree(keyAt(names[run[start]], depth), keyAt(names[run[(start + end) >>> 1]], depth), keyAt(names[run[end - 1]], depth));
  let below = start;
  let above = end - 1;
  let at = start;
  while (at <= above) {
    const code = keyAt(names[run[at]], depth);
    if (code < pivot) {
      swap(run, below, at);
      below += 1;
      at += 1;
    } else if (code > pivot) {
      swap(run, at, above);
      above -= 1;
    } else {
      at += 1;
    }
  }
  if (below - start > 1) {
    parts.push(start, below, depth);
  }
  if (end - (above + 1) > 1) {
    parts.push(above + 1, end, depth);
  }
  if (above + 1 - below > 1) {
    // A key whose last character is 0 is a name that ended within it (no name holds a NUL): the
    // names that share it are equal, and go by index.
    if (pivot === ENDED || pivot % CHARACTER_VALUES === 0) {
      run.subarray(below, above + 1).sort();
    } else {
      parts.push(below, above + 1, depth + KEY_CHARACTERS);
    }
  }
}

function insertionSort(run: Uint32Array, names: readonly string[], start: number, end: number): void {
  for (let i = start + 1; i < end; i += 1) {
    const match = run[i];
    const name = names[match];
    let j = i - 1;
    while (j >= start && (names[run[j]] > name || (names[run[j]] === name && run[j] > match))) {
      run[j + 1] = run[j];
      j -= 1;
    }
    run[j + 1] = match;
  }
}

/**
 * The characters from `depth` on, KEY_CHARACTERS of them, as one number that orders as they do:
 * each step of the sort then reads three characters of a name where it had to fetch the name for
 * one. A name that ends within them reads as 0 past its end, before any character a name can hold
 * (a NUL ends a name in ripgrep's output); one that ended before `depth` as ENDED.
 */
function keyAt(name: string, depth: number): number {
  const length = name.length;
  if (depth >= length) {
    return ENDED;
  }
  const first = name.charCodeAt(depth);
  const second = depth + 1 < length ? name.charCodeAt(depth + 1) : 0;
  const third = depth + 2 < length ? name.charCodeAt(depth + 2) : 0;
  return (first * CHARACTER_VALUES + second) * CHARACTER_VALUES + third;
}

function medianOfThree(a: number, b: number, c: number): number {
  return a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
}

function swap(run: Uint32Array, a: number, b: number): void {
  const kept = run[a];
  run[a] = run[b];
  run[b] = kept;
}
