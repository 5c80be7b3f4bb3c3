import * as assert from 'node:assert/strict';
import { groupedForPrinting, roundRobinPage } from '../../src/core/page/sample';
import { groupingOf } from './helpers/grouping';

describe('sample (unit)', () => {
  it('gives every entry one slot before any gets a second, in order of first appearance', () => {
    const entries = ['a', 'a', 'a', 'b', 'c', 'a', 'b', 'c'];
    assert.deepEqual(roundRobinPage(groupingOf(entries), 5), [0, 3, 4, 1, 6]);
  });

  it('drops exhausted entries and keeps the result order within an entry', () => {
    const entries = ['a', 'b', 'a', 'a', 'a'];
    assert.deepEqual(roundRobinPage(groupingOf(entries), 4), [0, 1, 2, 3]);
    assert.deepEqual(roundRobinPage(groupingOf(entries), 10), [0, 1, 2, 3, 4]);
  });

  it('with fewer slots than entries, takes the first entries to appear', () => {
    const entries = ['e', 'd', 'c', 'b', 'a', 'e'];
    assert.deepEqual(roundRobinPage(groupingOf(entries), 3), [0, 1, 2]);
  });

  it('equals the head when every path is its own entry', () => {
    const entries = Array.from({ length: 50 }, (_, i) => `file-${i}`);
    assert.deepEqual(roundRobinPage(groupingOf(entries), 20), Array.from({ length: 20 }, (_, i) => i));
  });

  it('takes turns across folders first, then across each folder’s entries', () => {
    const entries = ['a', 'a', 'b', 'x', 'x', 'y', 'a'];
    const folders = ['one', 'one', 'one', 'two', 'two', 'two', 'one'];
    // one: a(0) b(2) a(1) a(6); two: x(3) y(5) x(4) — alternating folders.
    assert.deepEqual(roundRobinPage(groupingOf(entries, folders), 6), [0, 3, 2, 5, 1, 4]);
  });

  it('prints the page grouped by folder and entry, result order within', () => {
    const g = groupingOf(['a', 'b', 'a', 'b'], ['one', 'two', 'one', 'two']);
    assert.deepEqual(groupedForPrinting([3, 2, 1, 0], g), [0, 2, 1, 3]);
  });

  it('reads on past the items a page can take from one entry until every entry has its share', () => {
    // The first entry fills its share in the first few items; the second starts thousands later.
    const entries = [...Array.from({ length: 5_000 }, () => 'a'), ...Array.from({ length: 5_000 }, () => 'b'), 'c'];
    const page = roundRobinPage(groupingOf(entries), 7);
    assert.deepEqual(page, [0, 5_000, 10_000, 1, 5_001, 2, 5_002]);
    // More slots than the first entry holds items: it drops out, the second goes on.
    assert.deepEqual(roundRobinPage(groupingOf(['a', 'a', ...Array.from({ length: 3_000 }, () => 'b')]), 6), [0, 2, 1, 3, 4, 5]);
  });

  it('handles 125,000 groups (no argument spreading, linear work)', () => {
    const count = 125_000;
    const entryOf = new Uint32Array(count * 2);
    for (let i = 0; i < entryOf.length; i += 1) {
      entryOf[i] = i % count;
    }
    const g = { entryOf, folderOf: new Uint32Array(count), counts: new Uint32Array(count).fill(2) };
    const page = roundRobinPage(g, 100);
    assert.deepEqual(page, Array.from({ length: 100 }, (_, i) => i));
    assert.equal(groupedForPrinting(page, g).length, 100);
    // Every slot: the second round starts only after all 125,000 entries had their first turn.
    const whole = roundRobinPage(g, count + 1);
    assert.equal(whole[count - 1], count - 1);
    assert.equal(whole[count], count);
  });
});
