/**
 * The complete list's lines as the spill gets them, chunk by chunk, against one showName per
 * line, over lists longer than the pieces the lines are joined in and chunk sizes from a line to
 * the whole list.
 */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RawName } from '../../src/core/names';
import type { SearchScope } from '../../src/core/request';
import { shownPath } from '../../src/core/scopePaths';
import { shownPathChunks } from '../../src/core/shownLines';
import { chunkText } from './helpers/lineChunks';

const SEED = 0x5109_2026;
// Shrinking lists of hundreds of names takes minutes: a failing case is reported as it is.

function scope(shownPrefix: string): SearchScope {
  return { walkRoot: '/w', rootSegments: [], searchRoot: '/w', shownPrefix, entryPrefix: shownPrefix };
}

/** Every chunk of the list, asked for `maxChars` at a time, until one holds no line. */
function allChunks(order: Uint32Array, names: readonly RawName[], scopeOf: Uint32Array, scopes: readonly SearchScope[], verbatim: boolean, maxChars: number): string {
  const chunks = shownPathChunks(order, names, scopeOf, scopes, verbatim);
  let text = '';
  for (let from = 0; from < order.length; ) {
    const chunk = chunks(from, maxChars);
    assert.ok(chunk.lines > 0, `no line from ${from} of ${order.length}`);
    assert.equal(chunkText(chunk).split('\n').length - 1, chunk.lines);
    text += chunkText(chunk);
    from += chunk.lines;
  }
  return text;
}

describe('the complete list lines', () => {
  const plainName = fc.stringMatching(/^[a-z]{1,8}(\/[a-z0-9.-]{1,12}){0,3}$/);
  const list = (name: fc.Arbitrary<RawName>): fc.Arbitrary<{ names: RawName[]; prefixes: string[]; seed: number; maxChars: number }> =>
    fc.record({
      names: fc.array(name, { minLength: 1, maxLength: 1_500, size: 'max' }),
      prefixes: fc.constantFrom([''], ['a/'], ['', 'b/', '/abs/root/']),
      seed: fc.integer(),
      maxChars: fc.constantFrom(1, 100, 4_000, 1 << 20),
    });

  function assertLines({ names, prefixes, seed, maxChars }: { names: RawName[]; prefixes: string[]; seed: number; maxChars: number }, verbatim: boolean): void {
    const scopes = prefixes.map(scope);
    // Scopes are walked one after another, so each holds one run of matches.
    const scopeOf = Uint32Array.from(names, (_, match) => Math.floor((match * scopes.length) / names.length));
    // Time order is any permutation of the matches.
    const order = Uint32Array.from(names, (_, match) => match);
    let state = seed >>> 0;
    for (let i = order.length - 1; i > 0; i -= 1) {
      state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
      const j = state % (i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    const expected = [...order].map((match) => `${shownPath(scopes[scopeOf[match]], names[match])}\n`).join('');
    assert.equal(allChunks(order, names, scopeOf, scopes, verbatim, maxChars), expected);
  }

  it('equals one shown path per line for names that need no quoting, told so', () => {
    fc.assert(
      fc.property(list(plainName), (value) => assertLines(value, true)),
      { seed: SEED, numRuns: 60, endOnFailure: true },
    );
  });

  it('equals it for names that may need quoting, or are bytes', () => {
    const anyName = fc.oneof(
      { weight: 8, arbitrary: plainName },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) },
      { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 6 }).map((bytes) => Buffer.from(bytes)) },
    );
    fc.assert(
      fc.property(list(anyName), (value) => assertLines(value, false)),
      { seed: SEED, numRuns: 60, endOnFailure: true },
    );
  });

  describe('a list of ASCII names written whole in listing order (asciiList.ts)', () => {
    // Longer than one step (LINES_PER_STEP lines), so chunks are cut at steps; some matches are
    // left out of the order (no time, or a repeat), as in a real search.
    const total = 10_000;
    const names = Array.from({ length: total }, (_, match) => `dir-${match % 13}/name-${(match * 7919) % total}.ts`);
    const scopes = [scope(''), scope('other/')];
    const scopeOf = Uint32Array.from(names, (_, match) => (match < total / 2 ? 0 : 1));
    const order = Uint32Array.from({ length: total }, (_, i) => (i * 4_001) % total).filter((match) => match % 17 !== 0);
    const expected = [...order].map((match) => `${shownPath(scopes[scopeOf[match]], names[match])}\n`).join('');

    it('gives the same lines, as bytes cut at whole steps, for any chunk size', () => {
      for (const maxChars of [1, 100, 150_000, 1 << 20]) {
        const chunks = shownPathChunks(order, names, scopeOf, scopes, true);
        let text = '';
        for (let from = 0; from < order.length; ) {
          const chunk = chunks(from, maxChars);
          assert.ok('bytes' in chunk, 'written as bytes');
          assert.ok(chunk.lines > 0 && (chunk.lines % 4096 === 0 || from + chunk.lines === order.length), `${chunk.lines} lines from ${from}`);
          // The smallest chunk is one step; the largest holds the list.
          assert.ok(maxChars > 100 || chunk.lines === Math.min(4096, order.length - from), `${chunk.lines} lines for ${maxChars} bytes`);
          assert.ok(maxChars < 1 << 20 || chunk.lines === order.length, `${chunk.lines} lines for ${maxChars} bytes`);
          text += chunkText(chunk);
          from += chunk.lines;
        }
        assert.equal(text, expected, `maxChars ${maxChars}`);
        assert.equal(chunks(order.length, maxChars).lines, 0);
      }
    });

    it('falls back to joined text for a name or a prefix that is not ASCII', () => {
      for (const [changedNames, changedScopes] of [
        [names.map((name, match) => (match === total - 3 ? 'café/menu.ts' : name)), scopes],
        [names, [scope(''), scope('ü/')]],
      ] as const) {
        const chunks = shownPathChunks(order, changedNames, scopeOf, changedScopes, true);
        const first = chunks(0, 1 << 30);
        assert.ok('text' in first, 'joined as text');
        assert.equal(chunkText(first), [...order].map((match) => `${shownPath(changedScopes[scopeOf[match]], changedNames[match])}\n`).join(''));
      }
    });
  });
});
