import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { glob, GlobError, type WorkspaceFolder } from '../../src/core';
import { testRipgrep } from './helpers/ripgrep';
import { at, TempTree } from './helpers/tree';

/**
 * A multi-root workspace where some folders are no longer directories that can be listed: one
 * deleted while open, one replaced by a file, one a symbolic link that loops (unreadable). The
 * search covers the others and says, wherever a result is read, which were left out and why.
 */
describe('workspace folders not on disk', () => {
  let tree: TempTree;
  let spillDirectory: TempTree;
  let folders: WorkspaceFolder[];

  beforeEach(() => {
    tree = new TempTree().write({
      'a/one/1.ts': at('2024-01-01', 1),
      'a/one/2.ts': at('2024-01-01', 2),
      'a/two/3.ts': at('2024-01-01', 3),
      'b/three/4.ts': at('2024-01-01', 4),
      'b/three/5.ts': at('2024-01-01', 5),
    });
    mkdirSync(tree.path('gone'));
    rmSync(tree.path('gone'), { recursive: true });
    writeFileSync(tree.path('nowFile'), '');
    symlinkSync('loop', tree.path('loop'));
    spillDirectory = new TempTree();
    folders = [
      { name: 'a', path: tree.path('a') },
      { name: 'gone', path: tree.path('gone') },
      { name: 'b', path: tree.path('b') },
      { name: 'nowFile', path: tree.path('nowFile') },
      { name: 'loop', path: tree.path('loop') },
    ];
  });

  afterEach(() => {
    tree.remove();
    spillDirectory.remove();
  });

  it('samples round-robin over the folders searched and says which were not searched and why, in the footer, the fields and the list header', async () => {
    const ripgrepPath = await testRipgrep();
    const result = await glob({ pattern: '*.ts' }, folders, { ripgrepPath, maxResults: 2, spillDirectory: spillDirectory.root });
    // One slot per folder searched, and the folders' names as when all are there.
    assert.deepEqual(
      result.page.map((path) => path.shown),
      ['a/one/1.ts', 'b/three/4.ts'],
    );
    assert.equal(result.total, 5);
    assert.match(result.text, /\nShowing 2 of 5 files matching "\*\.ts" in the 2 workspace folders searched\.\n/);
    const notSearched =
      /\nThe workspace folders "gone" \(missing on disk: .*gone\), "nowFile" \(not a directory: .*nowFile is a file now\) and "loop" \(unreadable: .*loop: ELOOP\) cannot be listed: they may have been moved or deleted, so they were not searched; only 2 of the 5 workspace folders were\.$/;
    assert.match(result.text, notSearched);
    assert.deepEqual(
      result.foldersNotOnDisk?.map(({ folder, found, error }) => [folder.name, found, error]),
      [
        ['gone', 'nothing', undefined],
        ['nowFile', 'file', undefined],
        ['loop', 'unreadable', 'ELOOP'],
      ],
    );
    // Complete: the search ran to its end over every folder it could list (result.ts).
    assert.equal(result.complete, true);
    assert.ok(result.spill?.saved);
    const header = readFileSync(result.spill.path, 'utf8').split('\n\n')[0];
    assert.match(header, /\n# not searched: the workspace folders "gone" \(missing on disk\) at ".*gone"; "nowFile" \(not a directory\) at ".*nowFile"; "loop" \(unreadable: ELOOP\) at ".*loop"; only 2 of the 5 workspace folders were searched\n/);
  });

  it('says so when the result fits, with one folder left, and when it is empty', async () => {
    const ripgrepPath = await testRipgrep();
    const left = [folders[0], folders[1], folders[3]];
    const fits = await glob({ pattern: '*.ts' }, left, { ripgrepPath });
    assert.equal(fits.total, 3);
    // "the workspace" would claim every folder.
    assert.match(fits.text, /^<files>[^]*<\/files>\n3 files match "\*\.ts" in the one workspace folder searched, oldest first\.\nThe workspace folders "gone" \(missing on disk: [^)]*\) and "nowFile" \(not a directory: [^)]*\) cannot be listed: they may have been moved or deleted, so they were not searched; only 1 of the 3 workspace folders was\.$/);
    const empty = await glob({ pattern: '*.nothing-has-this' }, [folders[0], folders[1]], { ripgrepPath });
    assert.equal(empty.total, 0);
    assert.match(empty.text, /^No files match "\*\.nothing-has-this" in the one workspace folder searched\.\n/);
    assert.match(empty.text, /\nThe workspace folder "gone" is missing on disk \(.*gone\): it may have been moved or deleted, so it was not searched; only 1 of the 2 workspace folders was\.$/);
  });

  it('says a pattern that starts with the name of a folder left out looked for it inside the folders searched', async () => {
    // Regression: "gone/**" was told '"gone/" does not exist in 2 of the 5 workspace folders' and
    // which directories they hold, as if the name were mistyped; another folder's name was the answer.
    const ripgrepPath = await testRipgrep();
    const all = await glob({ pattern: 'gone/**' }, folders, { ripgrepPath });
    assert.equal(all.total, 0);
    assert.match(
      all.text,
      /\n- The pattern starts with "gone\/", the start of the paths shown from the workspace folder "gone", which is missing on disk, so it was not searched; a pattern is matched inside each of the 2 workspace folders searched, so it looked for gone\/ within each\.\n/,
    );
    assert.doesNotMatch(all.text, /does not exist/);
    const one = await glob({ pattern: 'nowFile/*.ts' }, [folders[0], folders[3]], { ripgrepPath });
    assert.match(one.text, /\n- The pattern starts with "nowFile\/", the start of the paths shown from the workspace folder "nowFile", which is not a directory, so it was not searched; a pattern is matched inside the folder searched, so it looked for nowFile\/ there\.\n/);
    // A folder searched keeps its own advice: pass its name as "path".
    const searched = await glob({ pattern: 'a/one/*.js' }, folders, { ripgrepPath });
    assert.match(searched.text, /To search "a" alone, pass it as "path" and the rest as the pattern: "path": "a", "pattern": "one\/\*\.js"\./);
  });

  it('names the folders searched so that a sentence ending with them reads true', async () => {
    const ripgrepPath = await testRipgrep();
    // Regression: '"lib/" does not exist in 2 of the 5 workspace folders' read as if it existed in
    // another, and '… is matched inside each of 2 of the 5 workspace folders' as no sentence.
    const missing = await glob({ pattern: 'lib/*.ts' }, folders, { ripgrepPath });
    assert.match(missing.text, /^No files match "lib\/\*\.ts" in the 2 workspace folders searched\.\n- "lib\/" does not exist in the 2 workspace folders searched\./);
    const repeated = await glob({ pattern: 'a/one/*.ts' }, folders, { ripgrepPath });
    assert.match(repeated.text, /but a pattern is matched inside each of the 2 workspace folders searched, so/);
    assert.doesNotMatch(`${missing.text}\n${repeated.text}`, /\d of the \d workspace folders(?! w)/);
  });

  it('refuses a search with no folder left, naming each and why', async () => {
    const ripgrepPath = await testRipgrep();
    await assert.rejects(
      glob({ pattern: '*' }, [folders[1], folders[3], folders[4]], { ripgrepPath }),
      (error: unknown) =>
        error instanceof GlobError &&
        error.kind === 'pathNotFound' &&
        /^The workspace folders "gone" \(missing on disk: [^)]*\), "nowFile" \(not a directory: [^)]*\) and "loop" \(unreadable: [^)]*ELOOP\) cannot be listed: they may have been moved or deleted, so they cannot be searched\. Pass an absolute directory that exists as "path"\.$/.test(error.message),
    );
    await assert.rejects(glob({ pattern: '*' }, [folders[4]], { ripgrepPath }), /^GlobError: The workspace folder "loop" is unreadable \(.*loop: ELOOP\), so it cannot be searched\./);
  });

  it('refuses a "path" in a folder left out by naming the folder, and searches one in another folder as before', async () => {
    const ripgrepPath = await testRipgrep();
    // Regression: "does not exist (looked for …/gone). … omit "path" to search it all", though a
    // search without "path" leaves that folder out.
    for (const [path, why] of [
      ['gone', /^The workspace folder "gone" is missing on disk \(.*gone\): it may have been moved or deleted, so the "path" "gone" cannot be searched\. Omit "path" to search the other workspace folders/],
      ['gone/src', /^The workspace folder "gone" is missing on disk \(.*gone\): .*so the "path" "gone\/src" cannot be searched\./],
      ['nowFile', /^The workspace folder "nowFile" is not a directory \(.*nowFile is a file now\): .*so the "path" "nowFile" cannot be searched\./],
      ['loop/x', /^The workspace folder "loop" is unreadable \(.*loop: ELOOP\), so the "path" "loop\/x" cannot be searched\./],
    ] as const) {
      await assert.rejects(glob({ pattern: '*', path }, folders, { ripgrepPath }), (error: unknown) => error instanceof GlobError && error.kind === 'pathNotFound' && why.test(error.message));
    }
    const inOther = await glob({ pattern: '*.ts', path: 'b/three' }, folders, { ripgrepPath });
    assert.deepEqual(
      inOther.page.map((path) => path.shown),
      ['b/three/4.ts', 'b/three/5.ts'],
    );
    assert.equal(inOther.foldersNotOnDisk, undefined);
    // Regression: an absolute "path" into the folder, and any "path" of a workspace of that folder
    // alone, were "does not exist", with advice to omit "path", which then failed too.
    const refusedAs = (input: Record<string, unknown>, inFolders: WorkspaceFolder[], why: RegExp): Promise<void> =>
      assert.rejects(glob(input, inFolders, { ripgrepPath }), (error: unknown) => error instanceof GlobError && error.kind === 'pathNotFound' && why.test(error.message));
    await refusedAs({ pattern: '*', path: tree.path('gone', 'src') }, folders, /^The workspace folder "gone" is missing on disk \(.*gone\): .*so the "path" ".*gone\/src" cannot be searched\. Omit "path" to search the other workspace folders/);
    for (const path of ['gone', 'src', tree.path('gone')]) {
      await refusedAs({ pattern: '*', path }, [folders[1]], /^The workspace folder "gone" is missing on disk \(.*gone\): .*cannot be searched\. Pass an absolute directory that exists as "path"\.$/);
    }
  });

  it('reads a negation of a folder left out as leaving out nothing, not as a slip to refuse', async () => {
    const ripgrepPath = await testRipgrep();
    // Regression: its refusal told the model to search "path": "gone", which is not there.
    const result = await glob({ pattern: '!gone/*' }, folders, { ripgrepPath });
    assert.equal(result.total, 5);
  });
});
