/**
 * Reliability, properties (issue 5): the sampler's invariants (SPEC §2) and name escaping
 * (SPEC §5) over random inputs, with fast-check and fixed seeds so every run tries the same
 * cases. The sampler is also checked against a plain reference model of the rule.
 */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { BLOCK_LENGTH } from '../../../src/core/blocks';
import { needsQuoting, parseShownName, showName, type RawName } from '../../../src/core/names';
import { NulSeparatedNames } from '../../../src/core/ripgrep/output';
import type { SearchScope } from '../../../src/core/request/request';
import { groupedForPrinting, roundRobinPage, type Grouping } from '../../../src/core/page/sample';
import { shownPath } from '../../../src/core/walk/scopePaths';
import { shownPathChunks } from '../../../src/core/spill/shownLines';
import { chunkText } from '../helpers/lineChunks';
import { groupingOf, itemsByEntry } from '../helpers/grouping';

const SEED = 0x5eed_2026;
const RUNS = 400;

/** Runs a property with the fixed seed; fast-check's report names the smallest failing input. */
function check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void, numRuns = RUNS, parameters: fc.Parameters<[T]> = {}): void {
  fc.assert(
    fc.property(arbitrary, (value) => {
      predicate(value);
    }),
    { seed: SEED, numRuns, ...parameters },
  );
}

interface Sampled {
  readonly grouping: Grouping;
  readonly slots: number;
  /** Items per entry, in result order. */
  readonly items: number[][];
}

/**
 * A complete result as the engine groups it: each item belongs to a (folder, entry), numbered by
 * first appearance, as group.ts numbers them.
 */
const sampledOfLength = (length: { minLength: number; maxLength: number }): fc.Arbitrary<Sampled> =>
  fc
    .record({
      pairs: fc.array(fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 8 })), length),
      slots: fc.integer({ min: 1, max: 70 }),
    })
    .map(({ pairs, slots }) => {
      const grouping = groupingOf(
        pairs.map(([, entry]) => String(entry)),
        pairs.map(([folder]) => String(folder)),
      );
      return { grouping, slots, items: itemsByEntry(grouping) };
    });
const sampledArbitrary = sampledOfLength({ minLength: 0, maxLength: 60 });

/** The rule, written as plainly as possible: folders take turns, and within a folder its entries do. */
function referencePage({ grouping, slots, items }: Sampled): number[] {
  const queues = items.map((list) => [...list]);
  const rotations: number[][] = [];
  grouping.folderOf.forEach((folder, entry) => (rotations[folder] ??= []).push(entry));
  const folderTurns = rotations.map((_, folder) => folder);
  const page: number[] = [];
  while (page.length < slots && folderTurns.length > 0) {
    const folder = folderTurns.shift() ?? 0;
    const entry = rotations[folder].shift() ?? 0;
    page.push(queues[entry].shift() ?? -1);
    if (queues[entry].length > 0) {
      rotations[folder].push(entry);
    }
    if (rotations[folder].length > 0) {
      folderTurns.push(folder);
    }
  }
  return page;
}

/**
 * "Every member gets its r-th turn before any gets its (r+1)-th": at the moment a member is
 * picked for the (r+1)-th time, each other member of its group already has min(r, its size) picks.
 */
function assertFairTurns(
  picks: readonly number[],
  members: readonly number[],
  sizeOf: (member: number) => number,
  sameGroup: (a: number, b: number) => boolean,
  what: string,
): void {
  const taken = new Map<number, number>();
  for (const member of picks) {
    const round = taken.get(member) ?? 0;
    for (const other of members) {
      const had = taken.get(other) ?? 0;
      if (other !== member && sameGroup(member, other)) {
        assert.ok(had >= Math.min(round, sizeOf(other)), `${what} ${member} took turn ${round + 1} while ${what} ${other} had ${had} of ${sizeOf(other)}`);
      }
    }
    taken.set(member, round + 1);
  }
}

describe('reliability: properties (fast-check, fixed seeds)', function () {
  this.timeout(60_000);

  describe('the round-robin page (SPEC §2)', () => {
    it('holds min(slots, n) distinct positions of the result', () => {
      check(sampledArbitrary, ({ grouping, slots }) => {
        const page = roundRobinPage(grouping, slots);
        const n = grouping.entryOf.length;
        assert.equal(page.length, Math.min(slots, n));
        assert.equal(new Set(page).size, page.length);
        assert.ok(page.every((position) => Number.isInteger(position) && position >= 0 && position < n));
      });
    });

    it('gives every entry of a folder one slot before any gets a second (and so on)', () => {
      check(sampledArbitrary, ({ grouping, slots, items }) => {
        const entries = roundRobinPage(grouping, slots).map((position) => grouping.entryOf[position]);
        const all = items.map((_, entry) => entry);
        assertFairTurns(entries, all, (entry) => items[entry].length, (a, b) => grouping.folderOf[a] === grouping.folderOf[b], 'entry');
      });
    });

    it('takes turns across folders first: every folder one slot before any gets a second', () => {
      check(sampledArbitrary, ({ grouping, slots, items }) => {
        const folderSize = (folder: number): number =>
          items.reduce((sum, list, entry) => sum + (grouping.folderOf[entry] === folder ? list.length : 0), 0);
        const folders = roundRobinPage(grouping, slots).map((position) => grouping.folderOf[grouping.entryOf[position]]);
        const all = [...new Set(grouping.folderOf)];
        assertFairTurns(folders, all, folderSize, () => true, 'folder');
      });
    });

    it('keeps the result’s order within an entry: an entry’s slots are its first items, in order', () => {
      check(sampledArbitrary, ({ grouping, slots, items }) => {
        const page = roundRobinPage(grouping, slots);
        items.forEach((list, entry) => {
          const mine = page.filter((position) => grouping.entryOf[position] === entry);
          assert.deepEqual(mine, list.slice(0, mine.length));
        });
      });
    });

    it('equals the head when every path is its own entry (a flat result)', () => {
      check(fc.record({ n: fc.nat({ max: 300 }), slots: fc.integer({ min: 1, max: 400 }) }), ({ n, slots }) => {
        const grouping = { entryOf: Uint32Array.from({ length: n }, (_, i) => i), folderOf: new Uint32Array(n), counts: new Uint32Array(n).fill(1) };
        assert.deepEqual(roundRobinPage(grouping, slots), Array.from({ length: Math.min(n, slots) }, (_, i) => i));
      });
    });

    it('picks exactly what the plain reference rule picks, in the same order', () => {
      check(sampledArbitrary, (sampled) => {
        assert.deepEqual(roundRobinPage(sampled.grouping, sampled.slots), referencePage(sampled));
      });
    });

    it('picks what the reference rule picks from results longer than the blocks items are bucketed in', () => {
      check(sampledOfLength({ minLength: 2 * BLOCK_LENGTH, maxLength: 3 * BLOCK_LENGTH }), (sampled) => {
        assert.deepEqual(roundRobinPage(sampled.grouping, sampled.slots), referencePage(sampled));
        // Shrinking results this long takes long; a failing one is reported as it is.
      }, 30, { endOnFailure: true });
    });

    it('is printed grouped by folder, then entry, in result order within an entry', () => {
      check(sampledArbitrary, ({ grouping, slots }) => {
        const page = roundRobinPage(grouping, slots);
        const printed = groupedForPrinting(page, grouping);
        assert.deepEqual([...printed].sort((a, b) => a - b), [...page].sort((a, b) => a - b));
        const key = (position: number): number[] => [grouping.folderOf[grouping.entryOf[position]], grouping.entryOf[position], position];
        for (let i = 1; i < printed.length; i += 1) {
          const [fa, ea, pa] = key(printed[i - 1]);
          const [fb, eb, pb] = key(printed[i]);
          assert.ok(fa < fb || (fa === fb && (ea < eb || (ea === eb && pa < pb))), `${printed[i - 1]} printed before ${printed[i]}`);
        }
        // Each entry's paths are contiguous.
        const seen = new Set<number>();
        printed.forEach((position, i) => {
          const entry = grouping.entryOf[position];
          if (i > 0 && grouping.entryOf[printed[i - 1]] !== entry) {
            assert.ok(!seen.has(entry), `entry ${entry} printed in two places`);
          }
          seen.add(entry);
        });
      });
    });
  });

  describe('showing names (SPEC §5)', () => {
    // Characters that matter to quoting, mixed with ordinary ones, and any code unit at all.
    const tricky = fc.constantFrom('\n', '\r', '\t', '\u0000', '\u001b', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029', '"', '\\', '<', '/', '</', 'x', 'é', '🙂', '\uFFFD', '\\x41', '\\u0041', ' ', '-');
    const names = fc.oneof(
      fc.string({ unit: tricky, maxLength: 12 }),
      fc.string({ unit: 'binary', maxLength: 24 }),
      // Lone surrogates included: a JavaScript string can hold them, a name from disk cannot.
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 16 }),
    );
    const byteNames = fc.oneof(
      fc.uint8Array({ maxLength: 32 }).map((array) => Buffer.from(array)),
      fc.array(fc.constantFrom(0x0a, 0x22, 0x5c, 0x3c, 0x2f, 0x78, 0xc3, 0xa9, 0xe2, 0x80, 0xa8, 0xff, 0xfe, 0xed, 0xa0, 0xf0, 0x9f, 0x99, 0x82, 0x41), { maxLength: 24 }).map((array) => Buffer.from(array)),
    );

    function sameName(actual: RawName, expected: RawName): boolean {
      if (typeof expected === 'string') {
        return actual === expected;
      }
      return Buffer.from(actual).equals(expected);
    }

    // Control characters, the Unicode line and paragraph separators, and "</".
    // eslint-disable-next-line no-control-regex
    const MISLEADING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|<\//;

    it('a string name shown for POSIX parses back to exactly that name', () => {
      check(names, (name) => {
        assert.equal(parseShownName(showName(name, true)), name);
      }, 1000);
    });

    it('a string name shown for Windows parses back to exactly that name', () => {
      check(names, (name) => {
        assert.equal(parseShownName(showName(name, false)), name);
      }, 1000);
    });

    it('a name that is raw bytes parses back to exactly those bytes', () => {
      check(byteNames, (name) => {
        const parsed = parseShownName(showName(name, true));
        assert.ok(sameName(parsed, name), `${JSON.stringify(showName(name, true))} parsed to ${JSON.stringify(parsed)}`);
      }, 1000);
    });

    it('a shown name never holds a newline, another control character, a line separator or "</"', () => {
      check(fc.tuple(fc.oneof(names, byteNames), fc.boolean()), ([name, posix]) => {
        const shown = showName(name, posix);
        assert.ok(!MISLEADING.test(shown), `${JSON.stringify(name)} is shown as ${JSON.stringify(shown)}`);
      }, 1000);
    });

    it('a name is shown verbatim or as a quoted string, never anything in between', () => {
      check(fc.tuple(names, fc.boolean()), ([name, posix]) => {
        const shown = showName(name, posix);
        if (shown !== name) {
          assert.ok(shown.startsWith('"') && shown.endsWith('"'), JSON.stringify(shown));
        } else {
          assert.ok(!name.startsWith('"'));
        }
      }, 1000);
    });

    describe('the complete list, chunk by chunk, shows every path exactly as shownPath does, in order', () => {
      const scopesWith = (prefixes: readonly string[]): SearchScope[] =>
        prefixes.map((shownPrefix) => ({ walkRoot: '/root', rootSegments: [], searchRoot: '/root', shownPrefix, entryPrefix: shownPrefix }));
      // Folder names that need no quoting, or one that does (then no chunk may skip its check).
      const plainFolders = scopesWith(['', 'folder/', 'other/']);
      const scopeSets = fc.constantFrom(plainFolders, scopesWith(['', 'folder/', '"odd" folder/']));
      const plain = fc.stringMatching(/^[a-z0-9./_-]{1,12}$/);
      // Plain names with one thing that needs quoting, so each shows up alone in a chunk.
      const oneOdd = fc.oneof(
        fc.tuple(plain, fc.constantFrom('\n', '</', '\\', '\t', '\u007f', '\u0085', '\u2028'), plain).map((parts) => parts.join('')),
        plain.map((name) => `"${name}`),
      );
      const anyName: fc.Arbitrary<RawName> = fc.oneof(plain, plain, plain, oneOdd, names, byteNames);

      interface Listed {
        readonly list: ReadonlyArray<{ readonly name: RawName; readonly scope: number }>;
        /** Positions of the kept matches (those without a time are left out), in any order. */
        readonly order: number[];
        readonly maxChars: number;
        readonly scopes: SearchScope[];
      }

      /** Names in scopes, the order keeping at least `keptShare` of them (fast-check favours few). */
      const listedWith = (list: fc.Arbitrary<RawName[]>, maxChars: fc.Arbitrary<number>, keptShare = 0, scopes = scopeSets): fc.Arbitrary<Listed> =>
        list
          .chain((listed) => fc.array(fc.nat({ max: 2 }), { minLength: listed.length, maxLength: listed.length }).map((scopeIndexes) => listed.map((name, i) => ({ name, scope: scopeIndexes[i] }))))
          .chain((list) =>
            fc.record({
              list: fc.constant(list),
              order: fc.shuffledSubarray([...list.keys()], { minLength: Math.floor(keptShare * list.length) }),
              maxChars,
              scopes,
            }),
          );

      function assertShownWhole({ list, order: kept, maxChars, scopes }: Listed): void {
        const order = Uint32Array.from(kept);
        const rawNames = list.map((match) => match.name);
        const scopeOf = Uint32Array.from(list, (match) => match.scope);
        // Told whether every name is verbatim, as the listing stage tells it, and never told.
        const verbatim = rawNames.every((name) => typeof name === 'string' && !needsQuoting(name));
        const expected = Array.from(order, (match) => `${shownPath(scopes[scopeOf[match]], rawNames[match])}\n`).join('');
        for (const namesVerbatim of [verbatim, false]) {
          const chunks = shownPathChunks(order, rawNames, scopeOf, scopes, namesVerbatim);
          let text = '';
          for (let from = 0; ; ) {
            const chunk = chunks(from, maxChars);
            if (chunk.lines === 0) {
              break;
            }
            const chunkLines = chunkText(chunk);
            assert.equal(chunkLines.split('\n').length - 1, chunk.lines, 'a chunk counts its lines');
            // A chunk read name by name stops at the line that reaches maxChars; one told every
            // name is verbatim holds as many lines as the chunks before it say fit.
            const beforeLastLine = chunkLines.lastIndexOf('\n', chunkLines.length - 2) + 1;
            assert.ok(namesVerbatim || beforeLastLine < maxChars, `a chunk of ${chunkLines.length} characters for ${maxChars}`);
            text += chunkLines;
            from += chunk.lines;
          }
          assert.equal(text, expected, `told the names are verbatim: ${namesVerbatim}`);
        }
      }

      it('for short lists of every kind of name', () => {
        // Lists of plain names only, too: those take the path that skips the check.
        const name = fc.constantFrom(anyName, plain as fc.Arbitrary<RawName>);
        check(listedWith(name.chain((kind) => fc.array(kind, { maxLength: 40 })), fc.integer({ min: 1, max: 200 })), assertShownWhole, 500);
      });

      it('for lists longer than the blocks the lines are gathered in, with a few byte names anywhere', () => {
        // Plain names in plain folders, so chunks are gathered (not built name by name) across
        // block ends, and up to three byte names, which end a chunk early.
        const longPlain: fc.Arbitrary<RawName> = fc
          .tuple(fc.nat({ max: 10 }), fc.nat())
          .map(([depth, id]) => `${'folder/'.repeat(depth)}file-${id.toString(36)}.ts`);
        const list = fc
          .record({
            plainNames: fc.array(longPlain, { minLength: 2 * BLOCK_LENGTH, maxLength: 3 * BLOCK_LENGTH }),
            odd: fc.array(fc.tuple(fc.nat(), byteNames), { maxLength: 3 }),
          })
          .map(({ plainNames, odd }) => {
            const listed = [...plainNames];
            odd.forEach(([at, name]) => listed.splice(at % (listed.length + 1), 0, name));
            return listed;
          });
        // A block of these lines holds about 50 × BLOCK_LENGTH characters: chunks end inside the
        // first block, or in a later one.
        const maxChars = fc.oneof(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 20 * BLOCK_LENGTH, max: 150 * BLOCK_LENGTH }));
        // Shrinking lists this long takes minutes; a failing one is reported as it is.
        check(listedWith(list, maxChars, 1, fc.constant(plainFolders)), assertShownWhole, 30, { endOnFailure: true });
      });
    });

    it('NUL-separated output read in chunks of any size gives back every name exactly', () => {
      const nameBytes = fc.uint8Array({ minLength: 1, maxLength: 20 }).map((array) => Buffer.from(array.map((byte) => byte || 0x61)));
      check(fc.record({ list: fc.array(nameBytes, { maxLength: 12 }), cuts: fc.array(fc.nat({ max: 400 }), { maxLength: 8 }) }), ({ list, cuts }) => {
        const output = Buffer.concat(list.flatMap((name) => [name, Buffer.from([0])]));
        const got: RawName[] = [];
        const reader = new NulSeparatedNames((name) => got.push(name), false);
        let start = 0;
        for (const cut of [...new Set(cuts.map((cut) => cut % (output.length + 1)))].sort((a, b) => a - b)) {
          reader.push(output.subarray(start, cut));
          start = cut;
        }
        reader.push(output.subarray(start));
        assert.equal(reader.truncated, false);
        assert.equal(got.length, list.length);
        got.forEach((name, i) => assert.ok(Buffer.from(name).equals(list[i]), `${JSON.stringify(name)} vs ${list[i].toString('hex')}`));
      });
    });
  });
});
