/**
 * The complete list's lines as the spill gets them, chunk by chunk, against one showName per
 * line, over lists longer than the pieces the lines are joined in and chunk sizes from a line to
 * the whole list.
 */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { RawName } from '../../src/core/names';
import type { SearchScope } from '../../src/core/request/request';
import { shownPath } from '../../src/core/walk/scopePaths';
import { asciiList, LINES_PER_STEP, LIST_MAX_PASSES, LIST_WINDOW_BYTES, WHOLE_LIST_MAX_BYTES } from '../../src/core/spill/asciiList';
import { shownPathChunks, type LineChunk } from '../../src/core/spill/shownLines';
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

  describe('a list of ASCII names written in listing order, whole or a window at a time (asciiList.ts)', () => {
    // Longer than LIST_WINDOW_BYTES, so chunks are cut at steps (LINES_PER_STEP lines); some
    // matches are left out of the order (no time, or a repeat), as in a real search.
    const total = 30_000;
    const names = Array.from({ length: total }, (_, match) => `dir-${match % 13}/sub-${match % 7}/name-${(match * 7919) % total}.ts`);
    const scopes = [scope(''), scope('other/')];
    const scopeOf = Uint32Array.from(names, (_, match) => (match < total / 2 ? 0 : 1));
    const order = Uint32Array.from({ length: total }, (_, i) => (i * 4_001) % total).filter((match) => match % 17 !== 0);
    const listOf = (listNames: readonly string[], listScopes: readonly SearchScope[]): string =>
      [...order].map((match) => `${shownPath(listScopes[scopeOf[match]], listNames[match])}\n`).join('');
    const expected = listOf(names, scopes);
    // The same names under a directory long enough that the list outgrows WHOLE_LIST_MAX_BYTES.
    const deep = `${'deep-directory/'.repeat(22)}`;
    const longNames = names.map((name) => `${deep}${name}`);

    /** Every chunk, asked for `maxChars` at a time, each read before the next is asked for (a window's buffer is reused). */
    function chunksOf(listNames: readonly string[], listScopes: readonly SearchScope[], maxChars: number): LineChunk[] {
      const chunks = shownPathChunks(order, listNames, scopeOf, listScopes, true);
      const all: LineChunk[] = [];
      for (let from = 0; from < order.length; ) {
        const chunk = chunks(from, maxChars);
        all.push('bytes' in chunk ? { bytes: Buffer.from(chunk.bytes), lines: chunk.lines } : chunk);
        from += chunk.lines;
      }
      assert.equal(chunks(order.length, maxChars).lines, 0);
      return all;
    }

    /** That the chunks are the list's bytes, cut at whole steps, none longer than asked for or than `windowBytes` unless one step is. */
    function assertCutAtSteps(chunks: readonly LineChunk[], maxChars: number, windowBytes: number, listText: string): void {
      let from = 0;
      for (const chunk of chunks) {
        assert.ok('bytes' in chunk, 'written as bytes');
        assert.ok(chunk.lines > 0 && (chunk.lines % LINES_PER_STEP === 0 || from + chunk.lines === order.length), `${chunk.lines} lines from ${from}`);
        // The smallest chunk is one step.
        assert.ok(maxChars > 100 || chunk.lines === Math.min(LINES_PER_STEP, order.length - from), `${chunk.lines} lines for ${maxChars} bytes`);
        assert.ok(chunk.lines <= LINES_PER_STEP || chunk.bytes.length <= Math.min(maxChars, windowBytes), `${chunk.bytes.length} bytes for ${maxChars}`);
        from += chunk.lines;
      }
      assert.equal(chunks.map(chunkText).join(''), listText, `maxChars ${maxChars}`);
    }

    it('writes a list of up to WHOLE_LIST_MAX_BYTES whole, and gives it as bytes cut at whole steps for any chunk size', () => {
      assert.ok(expected.length > 2 * LIST_WINDOW_BYTES && expected.length <= WHOLE_LIST_MAX_BYTES, `${expected.length} bytes`);
      assert.equal(asciiList(order, names, scopeOf, ['', 'other/'])?.windowBytes, expected.length);
      for (const maxChars of [1, 100, 150_000, 1 << 20]) {
        const chunks = chunksOf(names, scopes, maxChars);
        assertCutAtSteps(chunks, maxChars, expected.length, expected);
        // Chunks are about as large as asked for.
        assert.ok(maxChars < 1 << 20 || chunks.slice(0, -1).every((chunk) => chunkText(chunk).length > (1 << 20) / 2), `${chunks.length} chunks`);
      }
    });

    it('writes a longer list a window at a time, each serving the chunks that lie in it', () => {
      const longText = listOf(longNames, scopes);
      assert.ok(longText.length > WHOLE_LIST_MAX_BYTES && longText.length > LIST_MAX_PASSES * LIST_WINDOW_BYTES, `${longText.length} bytes`);
      const windowBytes = Math.ceil(longText.length / LIST_MAX_PASSES);
      assert.equal(asciiList(order, longNames, scopeOf, ['', 'other/'])?.windowBytes, windowBytes);
      for (const maxChars of [100, 150_000, 1 << 20]) {
        const chunks = chunksOf(longNames, scopes, maxChars);
        assertCutAtSteps(chunks, maxChars, windowBytes, longText);
        assert.ok(maxChars < 1 << 20 || chunks.slice(0, -1).every((chunk) => chunkText(chunk).length > windowBytes / 2), `${chunks.length} chunks`);
      }
    });

    it('writes a whole list again when another list has written over the buffer they share', () => {
      // Two searches on one thread save their lists turn about: each yields between its chunks.
      const otherNames = names.map((name) => name.replace('name-', 'other-'));
      const first = shownPathChunks(order, names, scopeOf, scopes, true);
      const second = shownPathChunks(order, otherNames, scopeOf, scopes, true);
      const texts = ['', ''];
      for (let from = [0, 0], turn = 0; from[0] < order.length || from[1] < order.length; turn = 1 - turn) {
        if (from[turn] < order.length) {
          const chunk = (turn === 0 ? first : second)(from[turn], 100_000);
          assert.ok('bytes' in chunk, 'written as bytes');
          texts[turn] += chunkText(chunk);
          from[turn] += chunk.lines;
        }
      }
      assert.deepEqual(texts, [expected, listOf(otherNames, scopes)]);
    });

    it('falls back to lines joined in time order for a name or a prefix that is not ASCII, whole or from the window that holds it on', () => {
      const late = order[order.length - 5];
      for (const [changedNames, changedScopes] of [
        [names.map((name, match) => (match === late ? 'café/menu.ts' : name)), scopes],
        [names, [scope(''), scope('ü/')]],
        [longNames.map((name, match) => (match === late ? 'café/menu.ts' : name)), scopes],
        [longNames, [scope(''), scope('ü/')]],
      ] as const) {
        for (const maxChars of [100, 150_000, 1 << 20]) {
          const chunks = chunksOf(changedNames, changedScopes, maxChars);
          assert.ok(chunks.every((chunk) => 'bytes' in chunk), 'written as bytes');
          assert.equal(chunks.map(chunkText).join(''), listOf(changedNames, changedScopes), `maxChars ${maxChars}`);
        }
      }
    });
  });
});
