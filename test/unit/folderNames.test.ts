import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { glob } from '../../src/core';
import { spillLinks } from '../../src/core/spill/spillFormat';
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
    // Regression: a number another folder's name holds was given all the same: "app (1)" twice.
    const numbered = [{ name: 'app', path: '/p/x/app' }, { name: 'app', path: '/q/x/app' }, { name: 'app (1)', path: '/r/one' }];
    assert.deepEqual(withDistinctNames(numbered, nodePath.posix).map((folder) => folder.name), ['app (2)', 'app (3)', 'app (1)']);
    // Regression: a name told apart by its parent started another's, "app (x)/src".
    const started = [{ name: 'app', path: '/p/x/app' }, { name: 'app', path: '/q/y/app' }, { name: 'app (x)/src', path: '/r/src' }];
    assert.deepEqual(withDistinctNames(started, nodePath.posix).map((folder) => folder.name), ['app (x)', 'app (y)', 'app (x)-src']);
    // Regression: a folder with an empty name (a workspace file may give one) made the look for
    // names holding "/" run forever, and the search with it.
    assert.deepEqual(withDistinctNames([{ name: '', path: '/p/x' }, { name: 'b/c', path: '/p/c' }], nodePath.posix).map((folder) => folder.name), ['-', 'b/c']);
    // Regression: a folder named "a (b)" was shown "a (b) (1)" beside an "a" in a directory b,
    // whose name told apart came to equal it: the folder whose own name no other has keeps it.
    const lookalike = [{ name: 'a (b)', path: '/p/t/a (b)' }, { name: 'a', path: '/p/b/a' }, { name: 'a', path: '/p/s/a' }];
    assert.deepEqual(withDistinctNames(lookalike, nodePath.posix).map((folder) => folder.name), ['a (b)', 'a (1)', 'a (s)']);
    // Regression: two folders of one name at the top of the file system (no parent's name) both
    // kept it, and the looks for distinct names ran forever, the search with them; so did "x/."
    // beside "x-.", which it is written as.
    assert.deepEqual(withDistinctNames([{ name: 'data', path: '/srv' }, { name: 'data', path: '/data' }], nodePath.posix).map((folder) => folder.name), ['data (1)', 'data (2)']);
    assert.deepEqual(withDistinctNames([{ name: 'x/.', path: '/srv' }, { name: 'x-.', path: '/data' }, { name: 'x-.', path: '/p/q' }], nodePath.posix).map((folder) => folder.name), ['x-. (1)', 'x-. (2)', 'x-. (p)']);
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
      await assert.rejects(glob({ pattern: '*.ts', path: 'app/src' }, folders, { ripgrepPath }), /starts with "app", which 2 workspace folders would all be shown as, so each is shown with its parent directory's name after it: pass one of "app \(one\)\/src", "app \(two\)\/src"\./);
    } finally {
      tree.remove();
    }
  });

  it('tells apart names written in two Unicode forms, which read the same, and takes either form back as "path"', async () => {
    // Regression: "café" composed and "café" with a combining accent (as macOS writes names) were
    // two names, so both folders' files were shown as "café/…", and a "path" typed either way
    // reached one folder only.
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    const tree = new TempTree().write({ [`one/${composed}/a.txt`]: 1, [`two/${decomposed}/b.txt`]: 2 });
    try {
      const folders = [
        { name: composed, path: tree.path('one', composed) },
        { name: decomposed, path: tree.path('two', decomposed) },
      ];
      assert.deepEqual(withDistinctNames(folders).map((folder) => folder.name), [`${composed} (one)`, `${decomposed} (two)`]);
      // Nor does a name that starts with another's in the other form: its "/" is written "-".
      assert.deepEqual(withDistinctNames([folders[0], { name: `${decomposed}/web`, path: tree.path('web') }]).map((folder) => folder.name), [composed, `${decomposed}-web`]);
      const ripgrepPath = await testRipgrep();
      const result = await glob({ pattern: '*.txt' }, folders, { ripgrepPath });
      assert.deepEqual(result.page.map((path) => path.shown), [`${composed} (one)/a.txt`, `${decomposed} (two)/b.txt`]);
      const typed = await glob({ pattern: '*.txt', path: `${composed} (two)` }, folders, { ripgrepPath });
      assert.deepEqual(typed.page.map((path) => path.shown), [`${decomposed} (two)/b.txt`]);
    } finally {
      tree.remove();
    }
  });

  it('says folders that would be shown by one name are told apart by a number where they are', async () => {
    // Regression: "client/web" (written "client-web" beside "client") and "client-web", in
    // directories of one name, are "client-web (1)" and "client-web (2)"; "path": "client-web/src"
    // was told they "are told apart by their parent directory", and "client-web" was "the name of
    // 2 workspace folders", where the workspace names one so.
    const tree = new TempTree().write({ 'client/a.ts': 1, 'one/x/web/src/b.ts': 2, 'two/x/web/src/c.ts': 3 });
    try {
      const folders = [
        { name: 'client', path: tree.path('client') },
        { name: 'client/web', path: tree.path('one', 'x', 'web') },
        { name: 'client-web', path: tree.path('two', 'x', 'web') },
      ];
      const ripgrepPath = await testRipgrep();
      await assert.rejects(
        glob({ pattern: '*.ts', path: 'client-web/src' }, folders, { ripgrepPath }),
        /starts with "client-web", which 2 workspace folders would all be shown as, so each is shown with a number after it: pass one of "client-web \(1\)\/src", "client-web \(2\)\/src"\./,
      );
      // A number for two in directories of one name, the parent's name for the third.
      const mixed = [
        { name: 'app', path: tree.path('one', 'x', 'web') },
        { name: 'app', path: tree.path('two', 'x', 'web') },
        { name: 'app', path: tree.path('client') },
      ];
      await assert.rejects(glob({ pattern: '*.ts', path: 'app/src' }, mixed, { ripgrepPath }), /so each is shown with its parent directory's name after it, or a number where that is shared too: pass one of "app \(1\)\/src", "app \(2\)\/src", "app \([\w-]+\)\/src"\./);
      // Numbered in directories named "1", the first reads "app (1)" as its parent's name would:
      // the message says how they were told apart, not what the names look like.
      const numberedLikeParents = [
        { name: 'app', path: tree.path('one', '1', 'app') },
        { name: 'app', path: tree.path('two', '1', 'app') },
      ];
      await assert.rejects(glob({ pattern: '*.ts', path: 'app/src' }, numberedLikeParents, { ripgrepPath }), /so each is shown with a number after it: pass one of "app \(1\)\/src", "app \(2\)\/src"\./);
    } finally {
      tree.remove();
    }
  });

  it('writes "-" for the "/" of a name that starts with another folder s name, and leaves other names holding "/" as they are', () => {
    const names = (folders: ReadonlyArray<{ name: string; path: string }>): string[] => withDistinctNames(folders, nodePath.posix).map((folder) => folder.name);
    assert.deepEqual(names([{ name: 'client', path: '/w/client' }, { name: 'client/web', path: '/w/webapp' }]), ['client', 'client-web']);
    assert.deepEqual(names([{ name: 'a/b', path: '/w/ab' }, { name: 'a/b/c', path: '/w/abc' }]), ['a/b', 'a-b-c']);
    assert.deepEqual(names([{ name: 'client', path: '/w/client' }, { name: 'client/', path: '/w/other' }]), ['client', 'client-']);
    // Written so, a name can start another's in turn, or be another's: those are told apart too.
    assert.deepEqual(names([{ name: 'client', path: '/w/client' }, { name: 'client/web', path: '/w/webapp' }, { name: 'client-web/api', path: '/w/api' }]), ['client', 'client-web', 'client-web-api']);
    assert.deepEqual(names([{ name: 'client', path: '/w/client' }, { name: 'client/web', path: '/one/webapp' }, { name: 'client-web', path: '/two/webapp' }]), [
      'client',
      'client-web (one)',
      'client-web (two)',
    ]);
    // Regression: a name with a "/" first read as a path outside the workspace ("/x/src/a.ts",
    // and "path": "/x/src" was not found), one with a "/" last or doubled as another name.
    assert.deepEqual(names([{ name: '/x', path: '/w/a' }, { name: 'web/', path: '/w/b' }, { name: 'a//b', path: '/w/c' }]), ['-x', 'web-', 'a--b']);
    // Regression: a folder named "~" showed "~/src/a.ts", a file in the home directory.
    // Written so, "~/b" starts the name "-" is: its "/" is written "-" too.
    assert.deepEqual(names([{ name: '~', path: '/w/a' }, { name: '~/b', path: '/w/b' }, { name: '~c', path: '/w/c' }]), ['-', '--b', '~c']);
    assert.deepEqual(names([{ name: '~/b', path: '/w/b' }, { name: 'c', path: '/w/c' }]), ['-/b', 'c']);
    // Names holding "/" that start no other stay as they are: "path" reads them so.
    const apart = [{ name: 'client/web', path: '/w/webapp' }, { name: 'client/api', path: '/w/api' }];
    assert.equal(withDistinctNames(apart, nodePath.posix), apart);
  });

  it('shows a folder named with "/" apart from the one its name starts with, with the complete list s links right', async () => {
    // Regression: beside a folder named "client", the folder named "client/web" showed its
    // src/a.ts as "client/web/src/a.ts", as client's own web/src/a.ts is shown, and the complete
    // list's link of each opened the one in client/web (or no file, for client's b.ts).
    const tree = new TempTree().write({
      'client/web/src/a.ts': { mtime: 1, content: 'client' },
      'client/web/src/b.ts': { mtime: 2, content: 'client' },
      'webapp/src/a.ts': { mtime: 3, content: 'webapp' },
      'webapp/src/c.ts': { mtime: 4, content: 'webapp' },
    });
    try {
      const folders = [
        { name: 'client', path: tree.path('client') },
        { name: 'client/web', path: tree.path('webapp') },
      ];
      const result = await glob({ pattern: '*.ts' }, folders, { ripgrepPath: await testRipgrep(), maxResults: 2, spillDirectory: tree.path('.lists') });
      assert.deepEqual(result.topLevel.entries.map((entry) => entry.label), ['client/web/', 'client-web/src/']);
      assert.deepEqual(result.page.map((path) => path.shown), ['client/web/src/a.ts', 'client-web/src/a.ts']);
      const list = readFileSync(result.spill?.saved ? result.spill.path : '', 'utf8');
      const links = spillLinks(list, 10).map((link) => [list.split('\n')[link.line], readFileSync(nodePath.join(link.root, String(link.relative)), 'utf8')]);
      assert.deepEqual(links, [
        ['client/web/src/a.ts', 'client'],
        ['client/web/src/b.ts', 'client'],
        ['client-web/src/a.ts', 'webapp'],
        ['client-web/src/c.ts', 'webapp'],
      ]);
      // As shown, a "path" names each.
      const inWebapp = await glob({ pattern: '*.ts', path: 'client-web/src' }, folders, { ripgrepPath: await testRipgrep() });
      assert.deepEqual(inWebapp.page.map((path) => path.shown), ['client-web/src/a.ts', 'client-web/src/c.ts']);
      const inClient = await glob({ pattern: '*.ts', path: 'client/web/src' }, folders, { ripgrepPath: await testRipgrep() });
      assert.deepEqual(inClient.page.map((path) => path.shown), ['client/web/src/a.ts', 'client/web/src/b.ts']);
    } finally {
      tree.remove();
    }
  });

  it('shows a folder named "", "." or "..", or with such a part between its "/"s, as no place a path names, and takes that back as "path"', async () => {
    // Regression: their files were shown "/f0.txt" (outside the workspace), "./f1.txt" and
    // "../f2.txt" (in the parent directory), and "x/../f3.txt" (read as "f3.txt"); "path": "."
    // was the whole workspace, and "./x" and "a/./b" named no folder.
    const names = ['', '.', '..', 'x/..', './x', 'a/./b'];
    const tree = new TempTree().write(Object.fromEntries(names.map((_, i) => [`d${i}/f${i}.txt`, i + 1])));
    try {
      const folders = names.map((name, i) => ({ name, path: tree.path(`d${i}`) }));
      const ripgrepPath = await testRipgrep();
      const result = await glob({ pattern: '*.txt' }, folders, { ripgrepPath });
      assert.deepEqual(result.page.map((path) => path.shown).sort(), ['- (1)/f0.txt', '- (2)/f1.txt', '- (3)/f2.txt', '.-x/f4.txt', 'a-.-b/f5.txt', 'x-../f3.txt']);
      for (const path of result.page) {
        const back = await glob({ pattern: '*.txt', path: path.path.slice(0, path.path.lastIndexOf('/')) }, folders, { ripgrepPath });
        assert.deepEqual(back.page.map((found) => found.absolutePath), [path.absolutePath]);
      }
    } finally {
      tree.remove();
    }
  });

  it('shows a folder named "~" as "-", and takes that back as "path", not the home directory', async () => {
    // Regression: its files were shown "~/src/a.ts", and "path": "~/src" searched the home directory.
    const tree = new TempTree().write({ 'tilde/src/a.ts': 1, 'app/src/b.ts': 2 });
    try {
      const folders = [
        { name: '~', path: tree.path('tilde') },
        { name: 'app', path: tree.path('app') },
      ];
      const ripgrepPath = await testRipgrep();
      const result = await glob({ pattern: '*.ts' }, folders, { ripgrepPath });
      assert.deepEqual(result.page.map((path) => path.shown).sort(), ['-/src/a.ts', 'app/src/b.ts']);
      const back = await glob({ pattern: '*.ts', path: '-/src' }, folders, { ripgrepPath });
      assert.deepEqual(back.page.map((path) => path.shown), ['-/src/a.ts']);
    } finally {
      tree.remove();
    }
  });
});
