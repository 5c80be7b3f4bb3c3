import * as assert from 'node:assert/strict';
import { glob, type WorkspaceFolder } from '../../src/core';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('glob with the real ripgrep: a workspace folder inside another', () => {
  let tree: TempTree;
  let folders: WorkspaceFolder[];

  before(() => {
    tree = new TempTree().write({
      'README.md': 1,
      'packages/app/index.ts': 2,
      'packages/app/src/main.ts': 3,
      'packages/lib/util.ts': 4,
      '.gitignore': { mtime: 5, content: 'build/\n' },
      'packages/app/build/out.js': 6,
    });
    folders = [
      { name: 'repo', path: tree.root },
      { name: 'app', path: tree.path('packages', 'app') },
    ];
  });
  after(() => tree.remove());

  async function shown(input: Record<string, unknown>): Promise<string[]> {
    const result = await glob(input, folders, { ripgrepPath: await testRipgrep() });
    assert.equal(result.total, result.page.length, 'every match on the page');
    return result.page.map((path) => path.shown);
  }

  it('lists the inner folder s files once, under its own name, as VS Code s search does', async () => {
    // Regression: the outer folder's walk listed packages/app/ too, so each of its files came
    // twice, in the total, the counts and the page.
    assert.deepEqual(await shown({ pattern: '*.ts' }), ['app/index.ts', 'app/src/main.ts', 'repo/packages/lib/util.ts']);
    assert.deepEqual(await shown({ pattern: '*' }), ['repo/README.md', 'app/index.ts', 'app/src/main.ts', 'repo/packages/lib/util.ts', 'repo/.gitignore']);
    assert.deepEqual(await shown({ pattern: '*.js', includeIgnored: true }), ['app/build/out.js']);
  });

  it('still finds the inner folder s files through a pattern anchored in the outer folder, which the inner walk does not match', async () => {
    // Regression: the outer walk skipped packages/app/ unless the pattern named it, so these found
    // 1, 0, 0 and 0 files ("packages/*\/index.ts" even said index.ts "lies elsewhere").
    assert.deepEqual(await shown({ pattern: 'packages/**/*.ts' }), ['repo/packages/app/index.ts', 'repo/packages/app/src/main.ts', 'repo/packages/lib/util.ts']);
    assert.deepEqual(await shown({ pattern: 'packages/*/index.ts' }), ['repo/packages/app/index.ts']);
    assert.deepEqual(await shown({ pattern: '**/app/*.ts' }), ['repo/packages/app/index.ts']);
    assert.deepEqual(await shown({ pattern: 'packages/app/src/*.ts' }), ['repo/packages/app/src/main.ts']);
    // Where both walks match a file, it is the inner folder's.
    assert.deepEqual(await shown({ pattern: '**/*.ts' }), ['app/index.ts', 'app/src/main.ts', 'repo/packages/lib/util.ts']);
    assert.deepEqual(await shown({ pattern: 'src/*.ts' }), ['app/src/main.ts']);
  });

  it('counts each file once in an empty answer too, and for a folder given with a trailing "/"', async () => {
    // Regression: the empty answer's walks counted the inner folder's files in both walks ("5
    // files end in .ts" for 3), and a folder path ending in "/" was not found as the inner walk.
    const empty = await glob({ pattern: '*.tsx' }, folders, { ripgrepPath: await testRipgrep() });
    assert.match(empty.text, /^- 3 files end in "\.ts" instead/m);
    const slashed = folders.map((folder) => ({ ...folder, path: `${folder.path}/` }));
    const result = await glob({ pattern: '*.ts' }, slashed, { ripgrepPath: await testRipgrep() });
    assert.deepEqual(result.page.map((path) => path.shown), ['app/index.ts', 'app/src/main.ts', 'repo/packages/lib/util.ts']);
  });

  it('lists everything under a "path" in the outer folder, which is the only walk', async () => {
    assert.deepEqual(await shown({ pattern: '*.ts', path: 'repo/packages' }), ['repo/packages/app/index.ts', 'repo/packages/app/src/main.ts', 'repo/packages/lib/util.ts']);
  });
});

