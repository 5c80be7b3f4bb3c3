import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { glob } from '../../src/core';
import { withDistinctNames } from '../../src/core/request/folderNames';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

describe('workspace folders that share a name (folderNames.ts)', () => {
  it('tells them apart by their parent directory, then by a number', () => {
    const folders = [
      { name: 'app', path: '/home/me/one/app' },
      { name: 'app', path: '/home/me/two/app' },
      { name: 'lib', path: '/home/me/one/lib' },
      { name: 'web', path: '/a/x/web' },
      { name: 'web', path: '/b/x/web' },
    ];
    assert.deepEqual(withDistinctNames(folders, nodePath.posix).map((folder) => folder.name), ['app (one)', 'app (two)', 'lib', 'web (1)', 'web (2)']);
    // At the top of the file system there is no parent's name: that one keeps its own.
    assert.deepEqual(withDistinctNames([{ name: 'app', path: '/app' }, { name: 'app', path: '/x/app' }], nodePath.posix).map((folder) => folder.name), ['app', 'app (x)']);
    const distinct = [{ name: 'app', path: '/home/me/one/app' }];
    assert.equal(withDistinctNames(distinct, nodePath.posix), distinct);
  });

  it('shows, lists and takes as "path" each under its own name, with the complete list s links right', async () => {
    // Regression: both were "app": "app/src/ 2 · app/src/ 2", "path": "app" searched the first
    // only, and half the complete list's lines resolved against the wrong folder.
    const tree = new TempTree().write({ 'one/app/src/a.ts': 1, 'one/app/src/b.ts': 2, 'two/app/src/c.ts': 3, 'two/app/src/d.ts': 4 });
    try {
      const folders = [
        { name: 'app', path: tree.path('one', 'app') },
        { name: 'app', path: tree.path('two', 'app') },
      ];
      const ripgrepPath = await testRipgrep();
      const result = await glob({ pattern: '*.ts' }, folders, { ripgrepPath, maxResults: 2, spillDirectory: tree.path('.lists') });
      assert.deepEqual(result.topLevel.entries.map((entry) => entry.label), ['app (one)/src/', 'app (two)/src/']);
      assert.deepEqual(result.page.map((path) => path.shown), ['app (one)/src/a.ts', 'app (two)/src/c.ts']);
      const list = readFileSync(result.spill?.saved ? result.spill.path : '', 'utf8');
      assert.match(list, /"prefix":"app \(one\)\/".*"prefix":"app \(two\)\/"/);
      const second = await glob({ pattern: '*.ts', path: 'app (two)' }, folders, { ripgrepPath });
      assert.deepEqual(second.page.map((path) => path.shown), ['app (two)/src/c.ts', 'app (two)/src/d.ts']);
      // The name they share, as VS Code shows it, is answered with theirs.
      await assert.rejects(glob({ pattern: '*.ts', path: 'app/src' }, folders, { ripgrepPath }), /starts with "app", the name of 2 workspace folders, which are told apart by their parent directory: pass one of "app \(one\)\/src", "app \(two\)\/src"\./);
    } finally {
      tree.remove();
    }
  });
});
