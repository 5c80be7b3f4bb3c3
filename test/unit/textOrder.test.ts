/**
 * The comparator-free sort of a run of matches by name (textOrder.ts) against a stable sort with
 * `<` on the names, equal names by match index, over names built to share prefixes, repeat,
 * end inside one another and hold characters on both sides of '/' and outside ASCII.
 */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { sortByName } from '../../src/core/textOrder';

const SEED = 0x7e47_2026;

/** The run sorted by a plain comparator: names by `<`, equal names by match index. */
function reference(run: readonly number[], names: readonly string[]): number[] {
  return [...run].sort((a, b) => (names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b));
}

function assertSorted(run: readonly number[], names: readonly string[]): void {
  const sorted = Uint32Array.from(run);
  assert.ok(sortByName(sorted, names), 'gave up within the default budget');
  assert.deepEqual([...sorted], reference(run, names));
}

// A few stems and characters, so names share prefixes, repeat and end inside one another; '-'
// and '.' sort before '/', which sorts before the digits; é, a surrogate pair and U+FFFF sort
// after ASCII by code unit.
const piece = fc.constantFrom('a', 'b', '/', '-', '.', '0', 'archive/', 'é', '\u{1f600}', '\uffff');
const name = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));

/** Names, and a run over some of them in a shuffled order (a match appears once). */
const namesAndRun = (maxLength: number): fc.Arbitrary<{ names: string[]; run: number[] }> =>
  fc.array(name, { minLength: 1, maxLength, size: 'max' }).chain((names) =>
    fc.shuffledSubarray(names.map((_, match) => match)).map((run) => ({ names, run })),
  );

describe('sorting a run by name without a comparator', () => {
  it('equals a stable comparator sort on short runs', () => {
    fc.assert(
      fc.property(namesAndRun(40), ({ names, run }) => assertSorted(run, names)),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('equals it on runs of thousands, which are partitioned character by character', () => {
    fc.assert(
      fc.property(namesAndRun(4_000), ({ names, run }) => assertSorted(run, names)),
      // Shrinking thousands of names takes minutes: a failing case is reported as it is.
      { seed: SEED, numRuns: 30, endOnFailure: true },
    );
  });

  it('keeps equal names in match order, however many', () => {
    const names = Array.from({ length: 20_000 }, () => 'archive/same-name.txt');
    const run = Array.from({ length: 20_000 }, (_, match) => (match * 7_919) % 20_000);
    assertSorted(run, names);
  });

  it('gives up once partitioning has read more than its budget, and not before', () => {
    const names = Array.from({ length: 1_000 }, (_, match) => `dir/${match % 97}/file-${match}`);
    const run = Uint32Array.from(names, (_, match) => (match * 389) % names.length);
    assert.equal(sortByName(Uint32Array.from(run), names, 5_000), false);
    const sorted = Uint32Array.from(run);
    assert.equal(sortByName(sorted, names), true);
    assert.deepEqual([...sorted], reference([...run], names));
  });

  it('sorts names that differ only in their last character, and names that end inside others', () => {
    const names = Array.from({ length: 3_000 }, (_, match) => `${'x/'.repeat(40)}${'y'.repeat(match % 50)}${String.fromCharCode(97 + (match % 26))}`);
    names.push(...names.map((text) => text.slice(0, -1)));
    const run = names.map((_, match) => (match * 4_001) % names.length);
    assertSorted(run, names);
  });
});
