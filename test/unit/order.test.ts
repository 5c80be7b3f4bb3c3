/**
 * The two stages between listing and the page, against plain reference versions of their rules
 * over random inputs (fast-check, fixed seed): the (mtime, path) order and the grouping by
 * top-level entry. Both are written for speed (bench/), so the references keep them honest.
 */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { groupByTopLevelEntry, ListedEntries } from '../../src/core/page/group';
import type { RawName } from '../../src/core/names';
import { BLOCK_LENGTH } from '../../src/core/blocks';
import { modifiedOrder, type ShownPaths } from '../../src/core/order/order';
import { sortByName } from '../../src/core/order/nameSort';
import type { SearchScope } from '../../src/core/request/request';

const SEED = 0x0de2_2026;

function check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void, numRuns = 300): void {
  fc.assert(
    fc.property(arbitrary, (value) => {
      predicate(value);
    }),
    // Shrinking a list of thousands takes minutes: a long case is reported as it failed.
    { seed: SEED, numRuns, endOnFailure: numRuns < 300 },
  );
}

/** Times with many ties, some NaN (vanished files), some before 1970, some sharing all but the low bits; a scope and a name per match. */
const timedNamesOfLength = (length: { minLength: number; maxLength: number }): fc.Arbitrary<TimedName[]> =>
  fc.array(
    fc.record({
      mtime: fc.oneof(fc.constantFrom(Number.NaN, 0, -0, 1_700_000_000_000.5, 1_700_000_000_000.25, -1.0000000001, -1.0000000002, -86_400_000.25), fc.integer({ min: 0, max: 6 }).map((n) => n * 1000)),
      scope: fc.integer({ min: 0, max: PREFIXES.length - 1 }),
      name: fc.stringMatching(/^[a-c]{1,3}(\/[a-c]{1,2}){0,2}$/),
    }),
    length,
  );
interface TimedName {
  readonly mtime: number;
  readonly scope: number;
  readonly name: string;
}
/** Shown prefixes by scope: no name starts with r or s, so no two scopes show the same path. */
const PREFIXES = ['', 'r/', 's/'];
const timedNames = timedNamesOfLength({ minLength: 0, maxLength: 80 });
/** Longer than the blocks the passes run in (blocks.ts); few runs, as each is thousands long. */
const LONG = { minLength: 2 * BLOCK_LENGTH, maxLength: 3 * BLOCK_LENGTH };
const LONG_RUNS = 20;

/** The reference's tie order: plain code units, written apart from the one under test. */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function shownPaths(matches: ReadonlyArray<{ scope: number; name: RawName }>, prefixes: readonly string[]): ShownPaths {
  return { names: matches.map((match) => match.name), scopeOf: matches.map((match) => match.scope), prefixes };
}

describe('the (mtime, path) order', () => {
  function assertReferenceOrder(matches: readonly TimedName[]): void {
    const mtimes = Float64Array.from(matches.map((match) => match.mtime));
    const shown = (index: number): string => PREFIXES[matches[index].scope] + matches[index].name;
    // The same name in the same scope at the same time is one file listed twice: kept once.
    // (`${-0}` is "0": the two zeros are one time, as they are to the order.)
    const firstListing = new Map<string, number>();
    matches.forEach((match, index) => {
      const key = `${match.mtime}\0${match.scope}\0${match.name}`;
      if (!firstListing.has(key)) {
        firstListing.set(key, index);
      }
    });
    const expected = [...firstListing.values()]
      .filter((index) => !Number.isNaN(mtimes[index]))
      .sort((a, b) => mtimes[a] - mtimes[b] || byCodeUnits(shown(a), shown(b)));
    const { order, repeated } = modifiedOrder(mtimes, shownPaths(matches, PREFIXES));
    assert.deepEqual([...order], expected);
    assert.equal(repeated, matches.filter((match) => !Number.isNaN(match.mtime)).length - expected.length);
  }

  it('equals a comparator sort over the whole result, ties by shown path, files without a time left out', () => {
    check(timedNames, assertReferenceOrder);
  });

  it('equals it too over more matches than one block holds', () => {
    check(timedNamesOfLength(LONG), assertReferenceOrder, LONG_RUNS);
  });

  it('equals it too where every match lies in one scope, as in a search of one folder (nameSort.ts)', () => {
    const inOneScope = (matches: TimedName[]): TimedName[] => matches.map((match) => ({ ...match, scope: 0 }));
    check(timedNames.map(inOneScope), assertReferenceOrder);
    check(timedNamesOfLength(LONG).map(inOneScope), assertReferenceOrder, LONG_RUNS);
    // Names past the length nameSort takes go to the comparator, in the same order.
    const deep = 'deep/'.repeat(60);
    check(timedNames.map((matches) => inOneScope(matches).map((match, i) => ({ ...match, name: i % 2 === 0 ? `${deep}${match.name}` : match.name }))), assertReferenceOrder);
  });

  it('names the matches that share a time and an inode number with another, in runs short and long', () => {
    // Inode numbers from a few values, 0 (none read) among them, so equal ones are common; some
    // from the top of the 32 bits, where the hash table takes its slot from (aliases.ts).
    const inodeNumber = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom(0x8000_0000, 0xffff_ffff, 0x7fff_ffff, 0x1_0000, 0x8000_0001));
    const withInodes = (length: { minLength: number; maxLength: number }): fc.Arbitrary<Array<[TimedName, number]>> =>
      timedNamesOfLength(length).chain((matches) => fc.tuple(...matches.map((match) => fc.tuple(fc.constant(match), inodeNumber))));
    const assertSharing = (matches: ReadonlyArray<[TimedName, number]>): void => {
      const mtimes = Float64Array.from(matches.map(([match]) => match.mtime));
      const inodes = Uint32Array.from(matches.map(([, inode]) => inode));
      const pairs = new Map<string, number>();
      matches.forEach(([match, inode]) => {
        const key = `${match.mtime}\0${inode}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      });
      const expected = matches.flatMap(([match, inode], index) => (!Number.isNaN(match.mtime) && inode !== 0 && (pairs.get(`${match.mtime}\0${inode}`) ?? 0) > 1 ? [index] : []));
      const { sharingInode } = modifiedOrder(mtimes, shownPaths(matches.map(([match]) => match), PREFIXES), inodes);
      assert.deepEqual([...sharingInode].sort((a, b) => a - b), expected);
    };
    check(withInodes({ minLength: 0, maxLength: 80 }), assertSharing);
    check(withInodes(LONG), assertSharing, LONG_RUNS);
  });

  it('orders 200,000 distinct times without reading a single name', () => {
    const count = 200_000;
    const mtimes = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      mtimes[i] = (i * 7_919) % count;
    }
    let reads = 0;
    const names = new Proxy(Array.from({ length: count }, () => 'x'), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) {
          reads += 1;
        }
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const { order } = modifiedOrder(mtimes, { names, scopeOf: new Uint32Array(count), prefixes: [''] });
    assert.equal(reads, 0);
    for (let i = 1; i < count; i += 1) {
      assert.ok(mtimes[order[i - 1]] < mtimes[order[i]]);
    }
  });
});

describe('a run of names sorted without a comparator (nameSort.ts)', () => {
  /** Characters that order around "/" and a name's end, beyond ASCII, and in surrogate pairs. */
  const CHARACTERS = ['a', 'b', '/', '-', '.', ' ', '\u0001', 'é', '\u00ff', '\u0100', '\uE000', '\uFFFF', '\uD83D\uDE00', '\uD83D\uDE01', '\uD800'];
  const nameOf = (parts: readonly number[]): string => parts.map((part) => CHARACTERS[part]).join('');
  const names = (maxLength: number): fc.Arbitrary<string[]> =>
    fc.array(
      fc.tuple(fc.constantFrom('', 'dir/sub/', 'dir/sub-', 'dir/'), fc.array(fc.integer({ min: 0, max: CHARACTERS.length - 1 }), { minLength: 1, maxLength: 6 })).map(([prefix, parts]) => prefix + nameOf(parts)),
      { minLength: 0, maxLength },
    );

  function assertCodeUnitOrder(list: readonly string[]): void {
    const run = Uint32Array.from(list.keys());
    sortByName(run, list);
    // Equal names by index, as a stable sort leaves them.
    assert.deepEqual([...run], [...list.keys()].sort((a, b) => byCodeUnits(list[a], list[b]) || a - b));
  }

  it('orders names as "<" does: short runs, long ones, prefixes, names that end, equal names', () => {
    check(names(40), assertCodeUnitOrder);
    check(names(600), assertCodeUnitOrder, 60);
  });

  it('orders names sharing a prefix of thousands of characters', () => {
    const shared = 'deep/'.repeat(2_000);
    const list = Array.from({ length: 500 }, (_, i) => `${shared}${(i * 7_919) % 500}${i % 3 === 0 ? '/x' : ''}`);
    list.push(shared.slice(0, -1), `${shared}`, `${shared}0`);
    assertCodeUnitOrder(list);
  });
});

describe('files listed twice', () => {
  // Matches as (scope, name, time); the same (scope, name) twice is one file listed twice.
  function keptOnce(matches: ReadonlyArray<[number, RawName, number]>, prefixes = ['0/', '1/']): { kept: Array<[number, RawName]>; repeated: number } {
    const mtimes = Float64Array.from(matches.map(([, , mtime]) => mtime));
    const { order, repeated } = modifiedOrder(mtimes, shownPaths(matches.map(([scope, name]) => ({ scope, name })), prefixes));
    return { kept: [...order].map((match) => [matches[match][0], matches[match][1]]), repeated };
  }

  it('keeps each once, wherever the repeats fall, and counts the rest', () => {
    const listing: Array<[number, string, number]> = ['b2', 'a1', 'b2', 'c3', 'a1', 'b2', 'd4'].map((it) => [0, it[0], Number(it[1])]);
    const { kept, repeated } = keptOnce(listing);
    assert.deepEqual(kept.map(([, name]) => name).join(''), 'abcd');
    assert.equal(repeated, 3);
  });

  it('tells names that are bytes apart by their bytes, not by the text they show', () => {
    // Both 0xff and 0xfe show as U+FFFD: the two names compare equal as text.
    const twice = Buffer.from([0x61, 0xff]);
    const { kept, repeated } = keptOnce([[0, twice, 5], [0, Buffer.from(twice), 5], [0, Buffer.from([0x61, 0xfe]), 5]]);
    assert.deepEqual(kept.map(([, name]) => [...(name as Buffer)]), [[0x61, 0xfe], [0x61, 0xff]]);
    assert.equal(repeated, 1);
  });

  it('finds a file listed twice with names that read the same listed between', () => {
    // a\xff, then a\xfe and a real U+FFFD (all read "a\ufffd"), then a\xff again.
    const { kept, repeated } = keptOnce([
      [0, Buffer.from([0x61, 0xff]), 5],
      [0, Buffer.from([0x61, 0xfe]), 5],
      [0, 'a\ufffd', 5],
      [0, Buffer.from([0x61, 0xff]), 5],
    ]);
    assert.deepEqual(
      kept.map(([, name]) => (typeof name === 'string' ? name : [...name])),
      ['a\ufffd', [0x61, 0xfe], [0x61, 0xff]],
    );
    assert.equal(repeated, 1);
  });

  it('finds a file listed twice when another root shows the same path', () => {
    // Two roots shown with the same prefix: 0/x and 1/x both show as p/x, and 1/x is listed
    // between the two listings of 0/x.
    const { kept, repeated } = keptOnce([[0, 'x', 5], [1, 'x', 5], [0, 'x', 5]], ['p/', 'p/']);
    assert.deepEqual(kept, [[0, 'x'], [1, 'x']]);
    assert.equal(repeated, 1);
  });

  it('keeps the same name under two roots, and a name that only shares a time', () => {
    // Root 1's x sorts after root 0's y: the path compared is root and name.
    const { kept, repeated } = keptOnce([[0, 'x', 5], [1, 'x', 5], [0, 'y', 5]]);
    assert.deepEqual(kept.map(([root, name]) => `${root}${name}`).join(' '), '0x 0y 1x');
    assert.equal(repeated, 0);
  });

  it('equals removing repeated (scope, name) pairs from the order, over random lists', () => {
    const matches = fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom('a', 'b', 'c', 'd'), fc.integer({ min: 0, max: 3 })), { maxLength: 60 });
    check(matches, (list) => {
      // One time per file, as a file listed twice is read for the same time.
      const timeOf = new Map(list.map(([root, name, mtime]) => [`${root}/${name}`, mtime]));
      const withTimes = list.map(([root, name]): [number, string, number] => [root, name, timeOf.get(`${root}/${name}`) ?? 0]);
      const { kept, repeated } = keptOnce(withTimes);
      const unique = [...new Map(withTimes.map(([root, name, mtime]) => [`${root}/${name}`, { root, name, mtime }])).values()]
        .sort((a, b) => a.mtime - b.mtime || byCodeUnits(`${a.root}/${a.name}`, `${b.root}/${b.name}`))
        .map(({ root, name }): [number, string] => [root, name]);
      assert.deepEqual(kept, unique);
      assert.equal(repeated, withTimes.length - unique.length);
    });
  });
});

function scope(rootSegments: readonly string[], entryPrefix: string): SearchScope {
  return { walkRoot: '/w', rootSegments, searchRoot: '/w', shownPrefix: '', entryPrefix };
}

/** The entries of names listed in this order, as the listing stage finds them. */
function listed(names: readonly RawName[], scopeOf: readonly number[], scopes: readonly SearchScope[]): ListedEntries {
  const entries = new ListedEntries(scopes);
  names.forEach((name, match) => entries.add(match, scopeOf[match], name));
  return entries;
}

describe('grouping by top-level entry', () => {
  it('equals grouping each position by its first segment below the root, numbered by first appearance', () => {
    check(listedNames({ minLength: 0, maxLength: 60 }), assertGroupedByFirstSegment);
  });

  it('groups the same way over more positions than one block holds', () => {
    check(listedNames(LONG), assertGroupedByFirstSegment, LONG_RUNS);
  });

  function listedNames(length: { minLength: number; maxLength: number }): fc.Arbitrary<{ names: Array<[number, string]>; shuffle: number[] }> {
    return fc.record({
      // Files directly in a root (`fa`) never share a name with a directory (`a/…`), as on disk.
      names: fc.array(fc.tuple(fc.nat({ max: 2 }), fc.stringMatching(/^(f[ab]|[ab]{1,2}(\/[ab]{1,2}){1,2})$/)), length),
      shuffle: fc.array(fc.nat(), length),
    });
  }

  function assertGroupedByFirstSegment({ names, shuffle }: { names: Array<[number, string]>; shuffle: number[] }): void {
    const scopes = [scope([], ''), scope(['a'], 'a/'), scope([], 'two/')];
    // Scope 1 walks above its root `a/`: its names all start with `a/`.
    const raw: RawName[] = names.map(([scopeIndex, name]) => (scopeIndex === 1 ? `a/${name}` : name));
    const scopeOf = names.map(([scopeIndex]) => scopeIndex);
    const order = Uint32Array.from(raw.map((_, index) => index).sort((a, b) => (shuffle[a] ?? 0) - (shuffle[b] ?? 0) || a - b));
    const grouped = groupByTopLevelEntry(order, listed(raw, scopeOf, scopes), scopes);

    const keys = new Map<string, number>();
    const labels: string[] = [];
    const counts: number[] = [];
    const expectedEntryOf = [...order].map((match) => {
      const skip = scopes[scopeOf[match]].rootSegments.length > 0 ? 2 : 0;
      const rest = (raw[match] as string).slice(skip);
      const segment = rest.split('/')[0];
      const label = `${scopes[scopeOf[match]].entryPrefix}${segment}${rest.includes('/') ? '/' : ''}`;
      const key = `${scopeOf[match]}:${segment}`;
      let entry = keys.get(key);
      if (entry === undefined) {
        entry = labels.length;
        keys.set(key, entry);
        labels.push(label);
        counts.push(0);
      }
      counts[entry] += 1;
      return entry;
    });
    assert.deepEqual([...grouped.entryOf], expectedEntryOf);
    assert.deepEqual(grouped.labels, labels);
    assert.deepEqual([...grouped.counts], counts);
  }

  it('keeps a directory whose name is bytes apart from one whose name is text', () => {
    const raw: RawName[] = ['x/one', Buffer.from([0x78, 0xff, 0x2f, 0x61]), 'x/two', 'y', Buffer.from([0x78, 0xff, 0x2f, 0x62])];
    const grouped = groupByTopLevelEntry(Uint32Array.from([0, 1, 2, 3, 4]), listed(raw, [0, 0, 0, 0, 0], [scope([], '')]), [scope([], '')]);
    assert.deepEqual([...grouped.entryOf], [0, 1, 0, 2, 1]);
    assert.deepEqual([...grouped.counts], [2, 2, 1]);
    assert.deepEqual(grouped.labels, ['x/', '"x\\xff/"', 'y']);
    assert.deepEqual(grouped.paths, ['x/', '"x\\xff/"', 'y']);
  });

  it('gives each entry its path unquoted beside the label that may be quoted', () => {
    const raw: RawName[] = ['a\\b/one', 'c', 'a\\b/two'];
    const grouped = groupByTopLevelEntry(Uint32Array.from([0, 1, 2]), listed(raw, [0, 0, 0], [scope([], '')]), [scope([], '')]);
    assert.deepEqual(grouped.labels, ['"a\\\\b/"', 'c']);
    assert.deepEqual(grouped.paths, ['a\\b/', 'c']);
  });
});
