import * as assert from 'node:assert/strict';
import { glob, resolveRequest, type GlobResult } from '../../src/core';
import type { GlobInput } from '../../src/core/request/input';
import { chatFollowup, nextSearches } from '../../src/vscode/nextSearches';
import { parseChatPrompt } from '../../src/vscode/chatPrompt';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('the searches the footer suggests (nextSearches.ts), each sent back through the prompt parser and searched', () => {
  const tree = new TempTree();
  const folders = [{ name: 'ws', path: tree.root }];

  before(() => {
    tree.write({ '.gitignore': { mtime: 1, content: 'ignored/\n' }, 'ignored/x.ts': 2 });
    for (let i = 0; i < 6; i += 1) {
      tree.write({ [`src/a/f-${i}.ts`]: 10 + i, [`src/b/g-${i}.ts`]: 20 + i, [`my dir/h-${i}.md`]: 30 + i, [`lib/k-${i}.md`]: 40 + i });
    }
  });
  after(() => tree.remove());

  async function search(input: GlobInput, maxResults = 4, emptyProbeMs?: number): Promise<GlobResult> {
    return glob(input, folders, { ripgrepPath: await testRipgrep(), maxResults, ...(emptyProbeMs !== undefined ? { emptyProbeMs } : {}) });
  }

  async function offered(input: GlobInput, maxResults = 4, emptyProbeMs?: number): Promise<Array<{ label: string; input: GlobInput | undefined; found: GlobResult }>> {
    const result = await search(input, maxResults, emptyProbeMs);
    const shape = (await resolveRequest(input, { folders, ripgrepPath: await testRipgrep() })).pattern;
    return Promise.all(
      nextSearches(result, shape, input).map(async ({ label, prompt, input: next }) => {
        const parsed = parseChatPrompt(prompt);
        assert.ok(parsed, prompt);
        // The quick pick runs the input, @glob the prompt: both are the same search.
        assert.deepEqual(parsed, next);
        return { label, input: parsed, found: await search(parsed, 1_000) };
      }),
    );
  }

  it('escapes Markdown in a follow-up s label, which @glob s chat renders, and in no other', async () => {
    // Regression: VS Code 1.139 renders a follow-up's label as Markdown: "Search for *f-1*.ts"
    // showed "f-1" in italics and no stars.
    const input = { pattern: ' *f-1*.ts ' };
    const result = await search(input);
    const shape = (await resolveRequest(input, { folders, ripgrepPath: await testRipgrep() })).pattern;
    const [meant] = nextSearches(result, shape, input);
    assert.equal(meant.label, 'Search for *f-1*.ts');
    assert.deepEqual(chatFollowup(meant), { label: 'Search for \\*f\\-1\\*\\.ts', prompt: meant.prompt });
  });

  it('over the cap, offers a look inside the largest entries, with the pattern as it reads from there', async () => {
    const whole = await search({ pattern: 'src/**/*.ts' }, 1_000);
    const [inside] = await offered({ pattern: 'src/**/*.ts' });
    assert.equal(inside.label, 'Look inside src/');
    assert.deepEqual(inside.input, { pattern: '**/*.ts', path: 'src' });
    assert.deepEqual(
      inside.found.page.map((path) => path.path),
      whole.page.map((path) => path.path),
    );
  });

  it('quotes a path with a space, so the prompt parser reads it back whole', async () => {
    const looks = await offered({ pattern: '*.md' });
    assert.deepEqual(
      looks.map(({ label, input }) => [label, input]),
      [
        ['Look inside my dir/', { pattern: '*.md', path: 'my dir' }],
        ['Look inside lib/', { pattern: '*.md', path: 'lib' }],
      ],
    );
    assert.deepEqual(
      looks.map(({ found }) => found.total),
      [6, 6],
    );
  });

  it('for an empty answer, offers the pattern a slip was meant as, and the search with ignored files', async () => {
    const [meant, ignored] = await offered({ pattern: '"src/a/*.ts"' });
    assert.equal(meant.label, 'Search for src/a/*.ts');
    assert.equal(meant.found.total, 6);
    assert.equal(ignored, undefined, 'no ignored file matches the quoted pattern');
    const [trimmed] = await offered({ pattern: ' src/a/*.ts' });
    assert.deepEqual(trimmed.input, { pattern: 'src/a/*.ts' });
    const onlyIgnored = await offered({ pattern: 'ignored/*.ts' });
    assert.equal(onlyIgnored.length, 1);
    const [lifted] = onlyIgnored;
    assert.equal(lifted.label, 'Include ignored files');
    assert.deepEqual(lifted.input, { pattern: 'ignored/*.ts', includeIgnored: true });
    assert.equal(lifted.found.total, 1);
    // The look at ignored files cut before it could start (1 ms) still leads to them; turned off, it offers nothing.
    assert.deepEqual((await offered({ pattern: 'ignored/*.ts' }, 4, 1)).map(({ label, found }) => [label, found.total]), [['Include ignored files', 1]]);
    assert.deepEqual(await offered({ pattern: 'ignored/*.ts' }, 4, 0), []);
  });

  it('for an empty answer naming a file without its extension, offers the name with any extension', async () => {
    const [withStem, ignored] = await offered({ pattern: 'f-3' });
    assert.equal(withStem.label, 'Search for f-3.*');
    assert.deepEqual(withStem.found.page.map((path) => path.path), ['src/a/f-3.ts']);
    assert.equal(ignored, undefined);
  });

  it('for an empty answer whose extension has a relative with files, offers the pattern with it', async () => {
    const [related, ignored] = await offered({ pattern: 'src/a/*.js' });
    assert.equal(related.label, 'Search for src/a/*.ts');
    assert.equal(related.found.total, 6);
    assert.equal(ignored, undefined);
  });

  /** The first search offered for an empty answer to `pattern` is `meant`, and finds the 6 files of src/a. */
  async function assertOffersSixFilesWith(pattern: string, meant: string): Promise<void> {
    const [first] = await offered({ pattern });
    assert.equal(first.label, `Search for ${meant}`);
    assert.equal(first.found.total, 6);
  }

  it('for an empty answer whose pattern finds files at any depth, offers it at any depth', async () => {
    await assertOffersSixFilesWith('a/*.ts', '**/a/*.ts');
  });

  it('for an empty answer naming a directory that does not exist, offers the pattern with the nearest one that holds files', async () => {
    await assertOffersSixFilesWith('src/as/*.ts', 'src/a/*.ts');
  });

  it('for an empty answer naming a directory whose near one holds only ignored matches, offers the pattern with it and ignored files', async () => {
    // "ignored/" is git-ignored: under the search's rules "ignored/*.ts" finds nothing.
    const [near, ...rest] = await offered({ pattern: 'ignore/*.ts' });
    assert.equal(near.label, 'Search for ignored/*.ts with ignored files');
    assert.deepEqual(near.input, { pattern: 'ignored/*.ts', includeIgnored: true });
    assert.deepEqual(near.found.page.map((path) => path.path), ['ignored/x.ts']);
    // No search of the pattern as written with ignored files: it has no directory of its name.
    assert.deepEqual(rest, []);
  });

  it('for an empty answer naming a file that only ignored files have with another extension, offers those', async () => {
    const [stem, ...rest] = await offered({ pattern: 'ignored/x.js' });
    assert.deepEqual(rest, []);
    assert.equal(stem.label, 'Search for ignored/x.* with ignored files');
    assert.deepEqual(stem.found.page.map((path) => path.path), ['ignored/x.ts']);
  });

  it('for an empty answer whose missing directory lies deeper among ignored files, offers the search at any depth with them', async () => {
    tree.write({ 'deep/ignored/sub/y.ts': 3 });
    const [deeper, ...rest] = await offered({ pattern: 'sub/y.ts' });
    assert.equal(deeper.label, 'Search for **/sub/y.ts with ignored files');
    assert.deepEqual(deeper.found.page.map((path) => path.path), ['deep/ignored/sub/y.ts']);
    assert.deepEqual(rest, []);
  });

  it('for an empty answer naming a directory where a file of its name is, offers the pattern that finds the file', async () => {
    const [file] = await offered({ pattern: 'lib/k-0/**' });
    assert.equal(file.label, 'Search for lib/k-0.*');
    assert.deepEqual(file.found.page.map((path) => path.path), ['lib/k-0.md']);
  });

  it('for an empty answer naming a directory after a wildcard, offers the pattern with the near one that holds files', async () => {
    await assertOffersSixFilesWith('*/as/*.ts', '*/a/*.ts');
  });

  it('for an empty answer whose pattern finds files one level down, offers it with "**/" before the name', async () => {
    const [deeper] = await offered({ pattern: 'src/*.ts' });
    assert.equal(deeper.label, 'Search for src/**/*.ts');
    assert.ok(deeper.found.total > 0);
  });

  it('for a result cut short by "{…}" written with spaces, offers the pattern without them first', async () => {
    // The 12 .ts files match; " md" matches no name, so the 12 .md files are not there.
    const result = await search({ pattern: '**/*.{ts, md}' });
    assert.equal(result.total, 12);
    const [meant] = await offered({ pattern: '**/*.{ts, md}' });
    assert.equal(meant.label, 'Search for **/*.{ts,md}');
    assert.equal(meant.found.total, 24);
  });

  it('for a result cut short by an empty alternative in "{…}", offers the pattern that writes each out first', async () => {
    // "f-{0,}*" is read as "f-0*": one of the six f-*.ts files.
    const result = await search({ pattern: '**/f-{0,}*.ts' });
    assert.equal(result.total, 1);
    const [meant] = await offered({ pattern: '**/f-{0,}*.ts' });
    assert.equal(meant.label, 'Search for **/{f-0*.ts,f-*.ts}');
    assert.equal(meant.found.total, 6);
  });

  it('offers nothing for a result that fits', async () => {
    assert.deepEqual(await offered({ pattern: '*.ts', path: 'src/a' }), []);
  });
});
