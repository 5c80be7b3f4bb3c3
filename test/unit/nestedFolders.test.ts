import * as assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import { glob, VSCODE_DEFAULT_RULES, type SearchScope, type WorkspaceFolder } from '../../src/core';
import type { ScopeRules } from '../../src/core/glob';
import { testRipgrep } from './helpers/ripgrep';
import { TempTree } from './helpers/tree';

/** The paths a search in `folders` shows, where all fit on the page. */
async function shownIn(folders: WorkspaceFolder[], input: Record<string, unknown>, rules?: (scope: SearchScope) => Partial<ScopeRules>): Promise<string[]> {
  const result = await glob(input, folders, { ripgrepPath: await testRipgrep(), ...(rules ? { rules } : {}) });
  assert.equal(result.total, result.page.length, 'every match on the page');
  return result.page.map((path) => path.shown);
}

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

  const shown = (input: Record<string, unknown>): Promise<string[]> => shownIn(folders, input);

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

describe('glob with the real ripgrep: a workspace folder inside another, with rules of its own', () => {
  let tree: TempTree;
  let folders: WorkspaceFolder[];
  // The inner folder's files.exclude: the outer folder has none.
  const rules = (scope: SearchScope): Partial<ScopeRules> => (scope.folder?.name === 'app' ? { excludeGlobs: ['**/*.gen.ts'] } : {});

  before(() => {
    tree = new TempTree().write({
      'README.md': 1,
      'packages/app/index.ts': 2,
      'packages/app/src/api.gen.ts': 3,
      'packages/app/src/main.ts': 4,
      'packages/lib/util.ts': 5,
      'tools/gen.gen.ts': 6,
    });
    folders = [
      { name: 'repo', path: tree.root },
      { name: 'app', path: tree.path('packages', 'app') },
    ];
  });
  after(() => tree.remove());

  const shown = (input: Record<string, unknown>): Promise<string[]> => shownIn(folders, input, rules);

  it('leaves out a file the inner folder excludes, though the outer folder does not', async () => {
    // Regression: the inner walk left packages/app/src/api.gen.ts out, so the outer walk's copy
    // stayed, and was shown as repo/packages/app/src/api.gen.ts, a file VS Code's search hides.
    assert.deepEqual(await shown({ pattern: '*.ts' }), ['app/index.ts', 'app/src/main.ts', 'repo/packages/lib/util.ts', 'repo/tools/gen.gen.ts']);
    assert.deepEqual(await shown({ pattern: '*.gen.ts' }), ['repo/tools/gen.gen.ts']);
  });

  it('leaves it out of what a pattern anchored in the outer folder finds too', async () => {
    assert.deepEqual(await shown({ pattern: 'packages/**/*.ts' }), ['repo/packages/app/index.ts', 'repo/packages/app/src/main.ts', 'repo/packages/lib/util.ts']);
    assert.deepEqual(await shown({ pattern: 'packages/app/src/*' }), ['repo/packages/app/src/main.ts']);
  });

  it('lists it under the inner folder with includeIgnored, which lifts the excludes', async () => {
    assert.deepEqual(await shown({ pattern: '*.gen.ts', includeIgnored: true }), ['app/src/api.gen.ts', 'repo/tools/gen.gen.ts']);
  });
});

describe('glob with the real ripgrep: three workspace folders, each inside the one before', () => {
  let tree: TempTree;
  let folders: WorkspaceFolder[];
  // The middle folder hides the innermost folder's directory and its tests; the innermost one
  // hides generated files.
  const byFolder: Record<string, Partial<ScopeRules>> = {
    packages: { excludeGlobs: ['app', '**/*.test.ts'] },
    app: { excludeGlobs: ['**/*.gen.ts'] },
  };
  const rules = (scope: SearchScope): Partial<ScopeRules> => byFolder[scope.folder?.name ?? ''] ?? {};

  before(() => {
    tree = new TempTree().write({
      'README.md': 1,
      'packages/app/index.ts': 2,
      'packages/app/index.test.ts': 3,
      'packages/app/api.gen.ts': 4,
      'packages/lib/util.ts': 5,
      'packages/lib/util.test.ts': 6,
    });
    folders = [
      { name: 'repo', path: tree.root },
      { name: 'packages', path: tree.path('packages') },
      { name: 'app', path: tree.path('packages', 'app') },
    ];
  });
  after(() => tree.remove());

  const shown = (input: Record<string, unknown>): Promise<string[]> => shownIn(folders, input, rules);

  it('lists each file of the innermost folder once, under it, though the middle folder excludes its directory', async () => {
    // Regression: the outermost walk's copies were checked against the middle walk only, which
    // the exclude kept out of app/, so packages/app/index.ts came twice: app/ and repo/packages/app/.
    assert.deepEqual(await shown({ pattern: '*.ts' }), ['app/index.ts', 'app/index.test.ts', 'packages/lib/util.ts']);
    assert.deepEqual(await shown({ pattern: '*.test.ts' }), ['app/index.test.ts']);
    // Matched from the outermost and the innermost folder, not from the middle one.
    assert.deepEqual(await shown({ pattern: '{packages/app/index.ts,index.ts}' }), ['app/index.ts']);
  });

  it('shows under an outer folder only what every folder it lies in shows', async () => {
    // The middle folder hides app/ and its tests: an outer pattern does not bring them back, as
    // VS Code's search, which leaves inner folders out of the outer walks, never shows them.
    assert.deepEqual(await shown({ pattern: 'app/*.ts' }), []);
    assert.deepEqual(await shown({ pattern: 'packages/app/*' }), []);
    assert.deepEqual(await shown({ pattern: 'packages/**/*.test.ts' }), []);
    assert.deepEqual(await shown({ pattern: 'packages/**/util.ts' }), ['repo/packages/lib/util.ts']);
  });

  it('hides a file the innermost folder excludes from every walk', async () => {
    assert.deepEqual(await shown({ pattern: '*.gen.ts' }), []);
    assert.deepEqual(await shown({ pattern: '**/app/*.gen.ts' }), []);
  });
});

describe('glob with the real ripgrep: a workspace folder inside another, under the outer folder s ignore rules', () => {
  let tree: TempTree;
  before(() => {
    tree = new TempTree().write({
      '.gitignore': { mtime: 1, content: 'vendor/\n' },
      'vendor/lib/src/b.ts': 2,
      'src/a.ts': 3,
      'real/c.ts': 4,
    });
    symlinkSync(tree.path('real'), tree.path('linked'));
  });
  after(() => tree.remove());

  it('does not lift the outer folder s .gitignore over a folder inside a directory it ignores', async () => {
    // Regression (a walk of the inner folder with its rules alone, for the outer pattern): the
    // outer .gitignore's vendor/ stopped applying, and "vendor/**/*.ts" listed vendor/lib/src/b.ts.
    const folders = [{ name: 'repo', path: tree.root }, { name: 'lib', path: tree.path('vendor', 'lib') }];
    const result = await glob({ pattern: 'vendor/**/*.ts' }, folders, { ripgrepPath: await testRipgrep() });
    assert.deepEqual(result.page.map((path) => path.shown), []);
    const own = await glob({ pattern: '**/*.ts' }, folders, { ripgrepPath: await testRipgrep() });
    assert.deepEqual(own.page.map((path) => path.shown), ['lib/src/b.ts', 'repo/src/a.ts', 'repo/real/c.ts']);
  });

  it('does not follow a link into a folder where the outer folder does not follow links', async () => {
    const folders = [{ name: 'repo', path: tree.root }, { name: 'linked', path: tree.path('linked') }];
    const rules = (): Partial<ScopeRules> => ({ followSymlinks: false });
    const result = await glob({ pattern: 'linked/**' }, folders, { ripgrepPath: await testRipgrep(), rules });
    assert.deepEqual(result.page.map((path) => path.shown), []);
  });

  it('asks which files an inner folder shows only where the outer walk lists some the inner walk does not', async () => {
    const innerRules = (scope: SearchScope): Partial<ScopeRules> => (scope.folder?.name === 'app' ? { excludeGlobs: ['hidden.ts'] } : {});
    const nested = new TempTree().write({ 'packages/app/shown.ts': 1, 'packages/app/hidden.ts': 2, 'top.ts': 3 });
    try {
      const folders = [{ name: 'repo', path: nested.root }, { name: 'app', path: nested.path('packages', 'app') }];
      const checks = async (pattern: string): Promise<number> => {
        let started = 0;
        await glob({ pattern }, folders, { ripgrepPath: await testRipgrep(), rules: innerRules, onRipgrep: (event) => (started += event.phase === 'start' && event.purpose === 'checkNestedFolder' ? 1 : 0) });
        return started;
      };
      // "*.ts": the outer copy of hidden.ts is the only one the inner walk did not list.
      assert.equal(await checks('*.ts'), 1);
      assert.equal(await checks('shown.ts'), 0);
      assert.equal(await checks('top.ts'), 0);
    } finally {
      nested.remove();
    }
  });

  it('asks the inner folder even where both have the same settings: an outer .ignore can show what an inner .gitignore hides', async () => {
    // Found by a review: skipping the walk where the settings were equal showed debug.log under
    // the outer folder, as the outer .ignore's "!debug.log" beats the inner .gitignore there, where
    // the inner folder's own walk hides it.
    const nested = new TempTree().write({ '.ignore': { mtime: 1, content: '!debug.log\n' }, 'packages/app/.gitignore': { mtime: 2, content: 'debug.log\n' }, 'packages/app/debug.log': 3 });
    try {
      const folders = [{ name: 'repo', path: nested.root }, { name: 'app', path: nested.path('packages', 'app') }];
      // VS Code's defaults: no parent ignore files, so the inner walk does not read the outer .ignore.
      assert.deepEqual(await shownIn(folders, { pattern: '**/*.log' }, () => VSCODE_DEFAULT_RULES), []);
    } finally {
      nested.remove();
    }
  });

  it('says the answer is incomplete where the check of an inner folder s rules was stopped', async () => {
    // Found by a review: a stop during that walk left the outer copies unchecked, and the
    // answer said it was complete.
    const innerRules = (scope: SearchScope): Partial<ScopeRules> => (scope.folder?.name === 'app' ? { excludeGlobs: ['hidden.ts'] } : {});
    const nested = new TempTree().write({ 'packages/app/shown.ts': 1, 'packages/app/hidden.ts': 2 });
    try {
      const folders = [{ name: 'repo', path: nested.root }, { name: 'app', path: nested.path('packages', 'app') }];
      const controller = new AbortController();
      const result = await glob({ pattern: 'packages/**/*.ts' }, folders, {
        ripgrepPath: await testRipgrep(),
        rules: innerRules,
        signal: controller.signal,
        onRipgrep: (event) => event.phase === 'start' && event.purpose === 'checkNestedFolder' && controller.abort(),
      });
      assert.equal(result.complete, false);
      assert.equal(result.incompleteBecause, 'cancelled');
      assert.match(result.text, /^INCOMPLETE: /m);
    } finally {
      nested.remove();
    }
  });
});
