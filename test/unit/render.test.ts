/** Numbers in the model's text: grouped as en-US writes them, without loading Intl at start-up. */

import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { renderModelText, type RenderContext, type ResultFacts } from '../../src/core/page/render';
import { compilePattern } from '../../src/core/pattern/pattern';
import { number } from '../../src/core/words';

describe('numbers in the text', () => {
  it('groups thousands exactly as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 100_000, 2_000_000, 1_234_567_890, -1, -1000]) {
      assert.equal(number(value), value.toLocaleString('en-US'), String(value));
    }
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        assert.equal(number(value), value.toLocaleString('en-US'));
      }),
      { seed: 2026, numRuns: 500 },
    );
  });
});

describe('the head page after a stop (render.ts)', () => {
  it('says a page of files none of whose times were read is in path order, not oldest first', () => {
    // Regression: "Showing 2 of 3 files …: the 0 files whose times were read, oldest first, then 2
    // whose times were not read, by path."
    const entry = (name: string, onPage: number): object => ({ path: name, label: name, isDirectory: false, count: 1, onPage });
    const facts = {
      total: 3,
      unread: 3,
      aliases: 0,
      complete: false,
      listedAll: true,
      incompleteBecause: 'timeout',
      sampled: false,
      includeIgnored: false,
      pattern: '*',
      rootLabel: 'the workspace',
      page: [
        { shown: 'a', entry: 'a' },
        { shown: 'b', entry: 'b' },
      ],
      topLevel: { entries: [entry('a', 1), entry('b', 1), entry('c', 0)], reached: 2, total: 3 },
      spill: null,
      warnings: { count: 0, first: [], gone: 0, loop: 0 },
      dropped: { vanished: 0, unreadable: 0 },
    };
    const context: RenderContext = { maxResults: 2, pattern: compilePattern('*'), absolutePattern: false, excludesApplied: false, timeoutMs: 1_000, maxPaths: 1_000 };
    const text = renderModelText(facts as unknown as ResultFacts, context);
    assert.match(text, /^Showing 2 of 3 files matching "\*" in the workspace, by path: no file's time was read\.$/m);
    assert.doesNotMatch(text, /oldest/);
    // Regression: with the complete list saved, its line still said "oldest first" and that "the
    // newest of the others" came before the unread ones, where there are no others.
    const saved = { ...facts, spill: { saved: true, path: 'list.txt', written: 3, pathLines: { first: 9, last: 11 } } };
    const withList = renderModelText(saved as unknown as ResultFacts, context);
    assert.match(withList, /^The complete list of 3 paths, by path \(no file's time was read\), is saved in list\.txt: read it with a file-reading tool\. After a short header it holds one path per line, on lines 9 to 11\.$/m);
    assert.doesNotMatch(withList, /oldest|newest/);
  });
});

describe('paths to one file not all compared (render.ts)', () => {
  it('says the distinct files are "at most", what was found, and how many paths a stop left uncompared', () => {
    const facts = {
      total: 4,
      unread: 0,
      aliases: 1,
      aliasesUncompared: { paths: 2, because: 'cancelled' },
      complete: true,
      listedAll: true,
      sampled: false,
      includeIgnored: false,
      pattern: '*',
      rootLabel: 'the workspace',
      page: ['a', 'b', 'c', 'd'].map((shown) => ({ shown, entry: 0 })),
      topLevel: { entries: [{ path: 'a', label: 'a', isDirectory: false, count: 4, onPage: 4 }], reached: 1 },
      spill: null,
      warnings: { count: 0 },
      dropped: { vanished: 0, unreadable: 0 },
    };
    const context: RenderContext = { maxResults: 100, pattern: compilePattern('*'), absolutePattern: false, excludesApplied: false, maxPaths: 1_000 };
    assert.equal(
      renderModelText(facts as unknown as ResultFacts, context).split('</files>\n')[1],
      '4 paths match "*" in the workspace, oldest first. The 4 paths are at most 3 distinct files: 1 of them leads to a file another path here leads to as well; 2 paths that share an inode number with another path here, so may lead to the same file (by a symbolic or hard link, or a directory mounted in two places), were not compared: the search was cancelled first.',
    );
  });
});

describe('the sampled page after a stop (render.ts)', () => {
  /** A top-level directory holding `count` matches, `onPage` of them on the page. */
  const directory = (name: string, count: number, onPage: number): object => ({ path: `${name}/`, label: `${name}/`, isDirectory: true, count, onPage });
  /** A page of two, a/1 and b/1, sampled from a search a time limit stopped, with `changed` over its facts. */
  const sampled = (changed: object): ResultFacts =>
    ({
      total: 4,
      unread: 0,
      aliases: 0,
      complete: false,
      listedAll: true,
      incompleteBecause: 'timeout',
      sampled: true,
      includeIgnored: false,
      pattern: '*',
      rootLabel: 'the workspace',
      page: [
        { shown: 'a/1', entry: 0 },
        { shown: 'b/1', entry: 1 },
      ],
      topLevel: { entries: [directory('a', 2, 1), directory('b', 2, 1)], reached: 2 },
      spill: null,
      warnings: { count: 0, first: [], gone: 0, loop: 0 },
      dropped: { vanished: 0, unreadable: 0 },
      ...changed,
    }) as unknown as ResultFacts;
  const context: RenderContext = { maxResults: 2, pattern: compilePattern('*'), absolutePattern: false, excludesApplied: false, timeoutMs: 1_000, maxPaths: 1_000 };

  it('sends the model to the complete list for the oldest files only where the list holds them in time order', () => {
    // Regression: a sample of files none of whose times were read said "it cannot tell which
    // files are oldest or newest. The complete list can.", two lines before "The complete list
    // of 4 paths, by path (no file's time was read), is saved"; and so did one whose list was
    // cut at its size bound, which holds no newest files.
    const spill = { saved: true, path: 'list.txt', written: 4, pathLines: { first: 9, last: 12 } };
    const render = (changed: object): string => renderModelText(sampled({ unread: 4, spill, ...changed }), context);
    assert.match(render({}), /by path \(no file's time was read\)/);
    assert.doesNotMatch(render({}), /The complete list can\./);
    // Nor where some times were read: the list's last files are in path order (a review's finding).
    assert.doesNotMatch(render({ unread: 2 }), /The complete list can\./);
    // Nor is an entry's part of the page its oldest: it is in path order too.
    assert.match(render({}), /\(each entry in turn, by path within an entry\)/);
    assert.match(render({ unread: 0, complete: true, incompleteBecause: undefined }), /\(each entry in turn, oldest first within an entry\)/);
    const cut = { unread: 0, complete: true, incompleteBecause: undefined, spill: { ...spill, written: 3, pathLines: { first: 9, last: 11 } } };
    assert.match(render(cut), /cut at its size bound after 3 paths/);
    assert.doesNotMatch(render(cut), /The complete list can\./);
    assert.match(render({ unread: 0, complete: true, incompleteBecause: undefined }), /it cannot tell which files are oldest or newest\. The complete list can\.$/m);
  });

  it('says every entry found so far holds one match where the listing was cut', () => {
    const oneEach = { total: 3, topLevel: { entries: [directory('a', 1, 1), directory('b', 1, 1), directory('c', 1, 0)], reached: 2 } };
    assert.match(renderModelText(sampled({ ...oneEach, listedAll: false }), context), /^The page reaches 2 of 3 top-level entries found so far\. Every entry found so far holds 1 match\.$/m);
    assert.match(renderModelText(sampled({ ...oneEach, complete: true, incompleteBecause: undefined }), context), /^The page reaches 2 of 3 top-level entries\. Every entry holds 1 match\.$/m);
  });
});
