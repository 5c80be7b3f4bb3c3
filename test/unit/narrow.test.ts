import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { ripgrepArgs } from '../../src/core/ripgrep/args';
import { narrowingGlobs, skippingGlob } from '../../src/core/ripgrep/narrow';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

const rules = {
  includeIgnored: false,
  useIgnoreFiles: true,
  useParentIgnoreFiles: true,
  useGlobalIgnoreFiles: false,
  followSymlinks: false,
  excludeGlobs: [],
  conditionalExcludes: [],
};

describe('narrowing the walk (real ripgrep)', () => {
  let tree: TempTree;
  let ripgrep: string;

  before(async () => {
    ripgrep = await testRipgrep();
    tree = new TempTree().write({
      'src/a.ts': 1, 'src/sub/b.ts': 1, 'sr/c': 1, 's/d': 1, 'srcx/e': 1, 'src2/f': 1, 'top.txt': 1,
      'node_modules/pkg/index.js': 1, 'lib/node_modules/x/y.js': 1, 'lib/z.js': 1,
      'we,ird]/[dir]/-x/g.txt': 1, 'we,ird]/[dir]/-y/h.txt': 1,
    });
    writeFileSync(tree.path('.gitignore'), 'node_modules\n');
  });
  after(() => tree.remove());

  function list(narrowTo: string[], includeIgnored = false, more: readonly string[] = []): string[] {
    try {
      const output = execFileSync(ripgrep, [...ripgrepArgs({ ...rules, includeIgnored }, narrowTo), ...more], { cwd: tree.root });
      return output.toString().split('\0').filter(Boolean).sort();
    } catch (error) {
      // Exit code 1 is ripgrep's "nothing listed".
      if ((error as { status?: number }).status === 1) {
        return [];
      }
      throw error;
    }
  }

  it('lists only the named directory, siblings with shared prefixes excluded', () => {
    assert.deepEqual(list(['src']), ['src/a.ts', 'src/sub/b.ts']);
    assert.deepEqual(list(['src', 'sub']), ['src/sub/b.ts']);
  });

  it('keeps an ignored directory ignored even when it is named (a path argument would lift it)', () => {
    assert.deepEqual(list(['node_modules']), []);
    assert.deepEqual(list(['lib', 'node_modules']), []);
    assert.deepEqual(list(['node_modules'], true), ['node_modules/pkg/index.js']);
  });

  it('copes with glob metacharacters, commas and a leading dash in names', () => {
    assert.deepEqual(list(['we,ird]', '[dir]', '-x']), ['we,ird]/[dir]/-x/g.txt']);
  });

  it('skips the directories named inside one, names with glob syntax too, and lifts no ignore rule', () => {
    const skip = (parent: string[], names: string[]): string[] => ['--glob', skippingGlob(parent, names) as string];
    assert.deepEqual(list([], false, skip([], ['src', 'sr', 's', 'srcx', 'we,ird]'])), ['.gitignore', 'lib/z.js', 'src2/f', 'top.txt']);
    assert.deepEqual(list([], false, skip(['we,ird]'], ['[dir]'])).filter((path) => path.startsWith('we')), []);
    // Only the directory of that name there: "lib/" itself, not the "src/" inside another.
    assert.deepEqual(list(['src'], false, skip([], ['sub', 'lib'])), ['src/a.ts', 'src/sub/b.ts']);
    assert.deepEqual(list([], true, skip(['lib'], ['node_modules'])).filter((path) => path.startsWith('lib/')), ['lib/z.js']);
    assert.equal(skippingGlob([], ['x'.repeat(40_000)]), undefined);
  });

  it('writes one negative glob per level and nothing for an over-long name', () => {
    assert.deepEqual(narrowingGlobs(['ab']), ['!/{[!a]*,a,a[!b]*,ab?*}']);
    assert.equal(narrowingGlobs(['a', 'b']).length, 2);
    assert.deepEqual(narrowingGlobs(['x'.repeat(200), 'y']), []);
  });

  it('never lists VCS metadata, even with includeIgnored', () => {
    tree.write({ '.git/HEAD': 1, 'sub/.hg/store': 1, 'sub/.svn/entries': 1, '.jj/repo': 1 });
    assert.ok(list([], true).every((path) => !/(^|\/)\.(git|hg|svn|jj|bzr|sl)\//.test(path)));
  });
});
