import * as assert from 'node:assert/strict';
import { glob, resolveRequest, type GlobResult } from '../../src/core';
import { lookInside } from '../../src/core/page/lookInside';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('looking inside one top-level entry (lookInside.ts), followed with the real ripgrep', () => {
  const tree = new TempTree();
  const folders = [{ name: 'ws', path: tree.root }];
  const files = [
    'README.md',
    'src/a.ts',
    'src/core/b.ts',
    'src/core/b2.ts',
    'src/core/deep/c.ts',
    'src/test/d.ts',
    'src/test/e.js',
    'test/f.ts',
    'test/unit/g.ts',
    'test/test/h.ts',
    'test/test/deep/i.ts',
    'lib/x,y/j.ts',
    'lib/k.md',
    'we[ird]/l.ts',
    // Shown quoted (SPEC §5), passed as "path" as it is.
    'back\\slash/m.ts',
    'back\\slash/n.ts',
  ];

  before(() => {
    files.forEach((file, i) => tree.write({ [file]: 1_000 + i }));
  });
  after(() => tree.remove());

  async function search(input: Record<string, unknown>): Promise<GlobResult> {
    return glob(input, folders, { ripgrepPath: await testRipgrep(), maxResults: 1_000 });
  }

  async function shapeOf(pattern: string): Promise<Parameters<typeof lookInside>[0]> {
    return (await resolveRequest({ pattern }, { folders, ripgrepPath: await testRipgrep() })).pattern;
  }

  const patterns = [
    'src/**/*.ts',
    '{src,test}/**/*.ts',
    's*/**/*.ts',
    'src/',
    'src/core/*.ts',
    'src/core/**',
    '*/test/*.ts',
    'test/test/**',
    '**/test/*.ts',
    '**/test/**',
    '**/*.ts',
    '*.ts',
    '!src/**',
    '!**/test/*.ts',
    // Negated, the last segment leaves out files directly in src; those below it stay, so the
    // matches there are not flat (regression: "They all lie directly in src/").
    '!src/*.ts',
    '!*/test',
    '**/x,y/*.ts',
    'we\\[ird\\]/*.ts',
    '*/*.ts',
  ];

  for (const pattern of patterns) {
    it(`finds from inside each entry what ${JSON.stringify(pattern)} found there`, async () => {
      const whole = await search({ pattern });
      const shape = await shapeOf(pattern);
      assert.ok(whole.total > 0, `the fixture has matches for ${pattern}`);
      for (const entry of whole.topLevel.entries.filter((candidate) => candidate.isDirectory)) {
        for (const deeper of [false, true]) {
          const look = lookInside(shape, entry.path, deeper);
          assert.ok(look !== undefined && look.pattern !== undefined, `${pattern} inside ${entry.path}: a pattern is given`);
          const expected = whole.page.map((path) => path.path).filter((path) => path.startsWith(`${look.path}/`));
          const inside = await search({ pattern: look.pattern, path: look.path });
          assert.deepEqual(
            inside.page.map((path) => path.path),
            expected,
            `${pattern} inside ${entry.path}${deeper ? ' (deeper)' : ''}: "path": ${look.path}, "pattern": ${look.pattern}`,
          );
          assert.equal(look.rewritten, look.pattern !== pattern, `${pattern}: rewritten says whether the pattern changed`);
          if (look.flat) {
            assert.ok(expected.every((path) => !path.slice(look.path.length + 1).includes('/')), `${pattern}: flat means directly in ${look.path}`);
          }
        }
      }
    });
  }

  it('goes down the directories the pattern names when one entry holds every match', async () => {
    assert.deepEqual(lookInside(await shapeOf('src/core/**/*.ts'), 'src/', true), { path: 'src/core', pattern: '**/*.ts', rewritten: true, flat: false });
    assert.deepEqual(lookInside(await shapeOf('src/core/**/*.ts'), 'src/', false), { path: 'src', pattern: 'core/**/*.ts', rewritten: true, flat: false });
    assert.deepEqual(lookInside(await shapeOf('src/core/*.ts'), 'src/', true), { path: 'src/core', pattern: './*.ts', rewritten: true, flat: true });
    assert.deepEqual(lookInside(await shapeOf('src/'), 'src/', true), { path: 'src', pattern: '*', rewritten: true, flat: false });
    // `**` may stand for no directory: test/h.ts-like files directly in an entry named test.
    assert.deepEqual(lookInside(await shapeOf('**/test/*.ts'), 'test/', true), { path: 'test', pattern: '{**/test/*.ts,*.ts}', rewritten: true, flat: false });
    assert.deepEqual(lookInside(await shapeOf('**/test/*.ts'), 'src/', true), { path: 'src', pattern: '**/test/*.ts', rewritten: false, flat: false });
  });

  it('gives no pattern where none can be written exactly, and no call for a name that is not UTF-8', async () => {
    // Inside braces, the comma of "x,y" would split the alternative.
    assert.deepEqual(lookInside(await shapeOf('**/x,y/*.ts'), 'x,y/', false), { path: 'x,y', pattern: undefined, rewritten: true, flat: false });
    assert.equal(lookInside(await shapeOf('src/**'), '"x\\xff/"', false), undefined);
  });

  describe('in the footer', () => {
    it('under one entry, gives the call that spreads the page, and the call finds the same files', async () => {
      const result = await glob({ pattern: 'src/**/*.ts' }, folders, { ripgrepPath: await testRipgrep(), maxResults: 3 });
      assert.equal(result.sampled, false);
      assert.match(result.text, /All of them are under one top-level entry, src\/: .* To see how they spread inside it, pass "path": "src", "pattern": "\*\*\/\*\.ts"\./);
      const followed = await glob({ path: 'src', pattern: '**/*.ts' }, folders, { ripgrepPath: await testRipgrep(), maxResults: 3 });
      assert.equal(followed.total, result.total);
      assert.equal(followed.sampled, true, followed.text);
    });

    it('under one entry, says when every match lies directly in one directory', async () => {
      const result = await glob({ pattern: 'src/core/*.ts' }, folders, { ripgrepPath: await testRipgrep(), maxResults: 1 });
      assert.match(result.text, /They all lie directly in src\/core\/, so a round robin inside it would pick the same files\./);
      assert.doesNotMatch(result.text, /"path"/);
    });

    it('passes an entry whose label is quoted as the path it is', async () => {
      const result = await glob({ pattern: '*/*.ts' }, folders, { ripgrepPath: await testRipgrep(), maxResults: 1 });
      const entry = result.topLevel.entries.find((candidate) => candidate.path === 'back\\slash/');
      assert.equal(entry?.label, '"back\\\\slash/"');
      // The largest entry, with two files directly in it.
      assert.match(result.text, /for example "path": "back\\\\slash", "pattern": "\.\/\*\.ts"\./);
    });

    it('in a multi-root workspace, gives the folder-named "path", and the call finds the same files', async () => {
      const second = new TempTree().write({ 'src/x/one.ts': 1, 'src/y/two.ts': 2, 'src/y/three.ts': 3 });
      try {
        const both = [...folders, { name: 'other', path: second.root }];
        const options = { ripgrepPath: await testRipgrep(), maxResults: 2 };
        const result = await glob({ pattern: 'src/**/*.ts' }, both, options);
        // The largest entry of the two folders is ws/src/ (5 files), then other/src/ (3).
        assert.match(result.text, /for example "path": "ws\/src", "pattern": "\*\*\/\*\.ts"\./);
        const followed = await glob({ pattern: '**/*.ts', path: 'ws/src' }, both, { ...options, maxResults: 100 });
        const whole = await glob({ pattern: 'src/**/*.ts' }, both, { ...options, maxResults: 100 });
        assert.deepEqual(
          followed.page.map((path) => path.path),
          whole.page.map((path) => path.path).filter((path) => path.startsWith('ws/src/')),
        );
      } finally {
        second.remove();
      }
    });

    it('names the pattern with the largest entry to look inside', async () => {
      const result = await glob({ pattern: '{src,test}/**/*.ts' }, folders, { ripgrepPath: await testRipgrep(), maxResults: 2 });
      assert.equal(result.sampled, true);
      assert.match(result.text, /To see more of one entry, pass it as "path", for example "path": "(src|test)", "pattern": "\*\*\/\*\.ts"\./);
    });
  });
});
