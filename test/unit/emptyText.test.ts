import * as assert from 'node:assert/strict';
import { emptyHints } from '../../src/core/emptyAnswer/emptyText';
import { compilePattern } from '../../src/core/pattern/pattern';
import type { RenderContext, ResultFacts } from '../../src/core/page/render';

describe('what an empty answer says of the ignored files (emptyText.ts)', () => {
  const context: RenderContext = { maxResults: 100, pattern: compilePattern('*.d.ts'), absolutePattern: false, excludesApplied: false, maxPaths: 1_000 };
  const examples = ['node_modules/a/index.d.ts', 'dist/index.d.ts', 'node_modules/b/index.d.ts'];

  /** The line on ignored files of an empty answer that learned `ignoredMatches`; only the fields the hints read are set. */
  function ignoredLine(ignoredMatches: ResultFacts['ignoredMatches']): string | undefined {
    const facts = { complete: true, includeIgnored: false, pattern: '*.d.ts', rootLabel: 'the workspace', total: 0, ignoredMatches };
    return emptyHints(facts as unknown as ResultFacts, context).find((line) => line.includes('hidden by'));
  }

  it('says where they lie by top-level entry, as found so far where the look stopped early', () => {
    const entries = [
      { label: 'node_modules/', count: 950 },
      { label: 'dist/', count: 50 },
    ];
    assert.match(ignoredLine({ count: 1_000, complete: true, examples, entries }) ?? '', /^- 1,000 files hidden by .* match \(node_modules\/ 950 · dist\/ 50\), such as "node_modules\/a\/index\.d\.ts", "dist\/index\.d\.ts", /);
    // Stopped early, often inside the first large tree it walked: other entries may hold more.
    assert.match(ignoredLine({ count: 1_000, complete: false, examples, entries }) ?? '', /^- At least 1,000 files hidden by .* match \(found so far: node_modules\/ 950 · dist\/ 50\), such as /);
    const one = [{ label: 'node_modules/', count: 1_000 }];
    assert.match(ignoredLine({ count: 1_000, complete: true, examples, entries: one }) ?? '', /match, all in node_modules\/, such as /);
    assert.match(ignoredLine({ count: 1_000, complete: false, examples, entries: one }) ?? '', /match, all found so far in node_modules\/, such as /);
    // Where the examples are all of them, nothing is added.
    assert.match(ignoredLine({ count: 3, complete: true, examples, entries }) ?? '', /^- 3 files hidden by .* match: "node_modules/);
  });
});

describe('what an empty answer says of a negated pattern (emptyText.ts)', () => {
  it('says that a negation leaves out the directories its glob matches, not to end it with "/"', () => {
    // Regression: "!s*", empty where every file lies under src/ and sub/, was told to end the
    // pattern with "/" to list what is inside a directory, which leaves out the same files.
    const context: RenderContext = { maxResults: 100, pattern: compilePattern('!s*'), absolutePattern: false, excludesApplied: false, maxPaths: 1_000 };
    const facts = { complete: true, includeIgnored: false, pattern: '!s*', rootLabel: 'the workspace', total: 0 };
    const last = emptyHints(facts as unknown as ResultFacts, context).at(-1) ?? '';
    assert.equal(
      last,
      '- Only files are returned, never directories. A negation leaves out every file in a directory its glob matches, as ripgrep\'s --glob "!…" does: "!s*" leaves out the files inside each directory "s*" matches, not only the files it names. Matching is case-sensitive.',
    );
  });

  it('does not blame the anchoring of a negation that left nothing, which at any depth leaves out more', () => {
    // Regression: "!*/" was told that it is anchored and that at any depth ("!**/*/") it finds
    // nothing either; with the count unknown, to start it with "**/", which can only leave out more.
    const context: RenderContext = { maxResults: 100, pattern: compilePattern('!*/'), anyDepthPattern: '!**/*/', absolutePattern: false, excludesApplied: false, maxPaths: 1_000 };
    for (const anyDepthMatches of [undefined, { count: 0, complete: true, pattern: '!**/*/', examples: [] }]) {
      const facts = { complete: true, includeIgnored: false, pattern: '!*/', rootLabel: 'the workspace', total: 0, ...(anyDepthMatches ? { anyDepthMatches } : {}) };
      const hints = emptyHints(facts as unknown as ResultFacts, context);
      assert.ok(!hints.some((line) => /anchored|any depth/.test(line)), hints.join('\n'));
    }
  });

  it('says that "!." and "!./" name the directory searched, as "!/" does, not a glob that matches directories', () => {
    // Regression: read as a path, "." is the search root and every file is left out, but the
    // answer spoke of 'each directory "." matches'.
    // So do those whose ".." goes back up to it (regression: "!src/.." still got the glob line).
    for (const pattern of ['!.', '!./', '!./.', '!src/..', '!./src/../']) {
      const context: RenderContext = { maxResults: 100, pattern: compilePattern('!**'), absolutePattern: false, excludesApplied: false, maxPaths: 1_000 };
      const facts = { complete: true, includeIgnored: false, pattern, rootLabel: 'the workspace', total: 0 };
      const last = emptyHints(facts as unknown as ResultFacts, context).at(-1) ?? '';
      assert.equal(last, `- "${pattern}" names the directory searched, so it leaves out every file in it. To list them all, use "pattern": "*".`, pattern);
    }
  });
});
