/**
 * Paths that lead to one file (order/aliases.ts): a file reached through symbolic links (followed)
 * or hard links is listed once per path, and the footer says how many paths there are per
 * distinct file; files that only share a time are never taken for one.
 */

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { cancelledIn, glob, type GlobOptions, type GlobResult } from '../../src/core';
import { aliasCount } from '../../src/core/order/aliases';
import { readSavedListHeader } from '../../src/core/spill/savedList';
import { parseSpillHeader } from '../../src/core/spill/spillFormat';
import { listTitle, resultListTitle } from '../../src/vscode/listTitle';
import { resultDistinctFiles } from '../../src/core/page/result';
import { pathCount } from '../../src/vscode/pathCount';
import type { StatMode } from '../../src/core/walk/modifiedTimes';
import { ManualTimer } from './helpers/manualTimer';
import { testRipgrep } from './helpers/ripgrep';
import { at, TempTree } from './helpers/tree';

const SAME_TIME = at('2024-03-01');
/** The built command line (npm run build). */
const CLI = resolve(__dirname, '../../../dist/cli.js');

async function search(tree: TempTree, pattern: string, options: Partial<GlobOptions> = {}): Promise<GlobResult> {
  return glob({ pattern }, [{ name: 'ws', path: tree.root }], { ripgrepPath: await testRipgrep(), emptyProbeMs: 0, ...options });
}

function aliasLine(result: GlobResult): string | undefined {
  return result.text.split('\n').find((line) => line.includes('distinct file'));
}

describe('paths that lead to one file', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree();
  });
  afterEach(() => {
    tree.remove();
  });

  it('counts second paths through symbolic and hard links, and no file that only shares the time', async () => {
    tree.write({ 'v2/a.ts': SAME_TIME, 'other.ts': SAME_TIME, 'late.ts': SAME_TIME + 60 });
    symlinkSync('v2', tree.path('current'));
    symlinkSync('v2/a.ts', tree.path('alias.ts'));
    linkSync(tree.path('v2', 'a.ts'), tree.path('hard.ts'));
    const statModes: readonly StatMode[] = ['pool', 'sync', 'async', 'adaptive'];
    for (const statMode of statModes) {
      const followed = await search(tree, '*.ts', { rules: { followSymlinks: true }, statMode });
      assert.deepEqual(
        followed.page.map((path) => path.shown),
        ['alias.ts', 'current/a.ts', 'hard.ts', 'other.ts', 'v2/a.ts', 'late.ts'],
        statMode,
      );
      assert.equal(followed.aliases, 3, statMode);
      // On the count's own line: a result that fits keeps a one-line footer (SPEC §3; regression:
      // it was a second line). The count is one of paths, as the line after it says.
      assert.equal(
        followed.text.split('</files>\n')[1],
        '6 paths match "*.ts" in the workspace, oldest first. The 6 paths are 3 distinct files: 3 of them lead to a file another path here leads to as well (by a symbolic or hard link, or a directory mounted in two places).',
        statMode,
      );
      // Unfollowed, a symbolic link is not listed; the hard link is a name like any other.
      const unfollowed = await search(tree, '*.ts', { rules: { followSymlinks: false }, statMode });
      assert.deepEqual(
        unfollowed.page.map((path) => path.shown),
        ['hard.ts', 'other.ts', 'v2/a.ts', 'late.ts'],
        statMode,
      );
      assert.equal(unfollowed.aliases, 1, statMode);
      assert.match(unfollowed.text, /The 4 paths are 3 distinct files: 1 of them leads to a file another path here leads to as well \(by a symbolic or hard link/, statMode);
    }
  });

  it('says it when the page is a sample too, with the counts of the whole result', async () => {
    for (let i = 0; i < 30; i += 1) {
      tree.write({ [`lib/v1/f${i}.ts`]: SAME_TIME + i });
    }
    symlinkSync('v1', tree.path('lib', 'current'));
    tree.write({ 'src/main.ts': SAME_TIME });
    const result = await search(tree, '*.ts', { rules: { followSymlinks: true }, maxResults: 5 });
    assert.equal(result.total, 61);
    assert.ok(result.sampled || result.page.length < result.total);
    assert.equal(result.aliases, 30);
    assert.equal(aliasLine(result), 'The 61 paths are 31 distinct files: 30 of them lead to a file another path here leads to as well (by a symbolic or hard link, or a directory mounted in two places).');
  });

  it('counts paths on every count line where some lead to one file, in the engine and the command line', async () => {
    // Regression: the footer said "The 62 paths are 31 distinct files", but the line above it
    // "Showing 5 of 62 files" and the page "not the 5 oldest files": paths, counted as files.
    for (let i = 0; i < 30; i += 1) {
      tree.write({ [`lib/v1/f${i}.ts`]: SAME_TIME + i });
    }
    symlinkSync('v1', tree.path('lib', 'current'));
    tree.write({ 'src/main.ts': SAME_TIME + 100 });
    linkSync(tree.path('src', 'main.ts'), tree.path('src', 'hard.ts'));
    const result = await search(tree, '*.ts', { rules: { followSymlinks: true }, maxResults: 5 });
    assert.equal(result.total, 62);
    assert.ok(result.sampled);
    assert.match(result.text, /^Showing 5 of 62 paths matching "\*\.ts" in the workspace\.$/m);
    assert.match(result.text, / It is not the 5 oldest paths: /);
    assert.equal(aliasLine(result), 'The 62 paths are 31 distinct files: 31 of them lead to a file another path here leads to as well (by a symbolic or hard link, or a directory mounted in two places).');
    // No count calls them files but the distinct files they are.
    assert.doesNotMatch(result.text, /\d files?\b/);
    // The command line's --json text is that text, links followed as VS Code follows them by default.
    const cli = spawnSync(process.execPath, [CLI, '--json', '--max-results', '5', '*.ts'], { cwd: tree.root, encoding: 'utf8', env: { ...process.env, XDG_CACHE_HOME: tree.path('.cache') } });
    assert.equal(cli.status, 0, cli.stderr);
    const text = (JSON.parse(cli.stdout) as { text: string }).text;
    assert.match(text, /^Showing 5 of 62 paths matching "\*\.ts" in /m);
    assert.doesNotMatch(text, /\d files?\b/);
    // Where each path is a file of its own, the counts say files, as before.
    const unfollowed = await search(tree, 'f1*.ts', { rules: { followSymlinks: false }, maxResults: 5 });
    assert.match(unfollowed.text, /^Showing the 5 oldest of 11 files matching /m);
  });

  it('counts paths, and the distinct files they are, in the complete list and on its tab, as the footer does', async () => {
    // Regression: with 61 paths to 31 files, the footer said so, but the list's header said
    // "61 files" and its tab "*.ts — 61 files".
    for (let i = 0; i < 30; i += 1) {
      tree.write({ [`lib/v1/f${i}.ts`]: SAME_TIME + i });
    }
    symlinkSync('v1', tree.path('lib', 'current'));
    tree.write({ 'src/main.ts': SAME_TIME });
    const result = await search(tree, '*.ts', { rules: { followSymlinks: true }, maxResults: 5, spillDirectory: tree.path('.lists') });
    assert.ok(result.spill?.saved);
    const header = readFileSync(result.spill.path, 'utf8').split('\n\n')[0].split('\n');
    assert.ok(header.includes('# total: 61 paths (complete)'), header.join('\n'));
    assert.ok(
      header.includes('# distinct files: 31; 30 of the paths lead to a file another path here leads to as well (by a symbolic or hard link, or a directory mounted in two places)'),
      header.join('\n'),
    );
    // One title, from the result or from the list read back (a tab restored after a reload).
    assert.equal(resultListTitle(result), '*.ts — 61 paths (31 distinct files)');
    const readBack = await readSavedListHeader(result.spill.path);
    assert.ok(readBack);
    assert.equal(listTitle(readBack), '*.ts — 61 paths (31 distinct files)');
    assert.equal(pathCount(3, { count: 1, atMost: true }), '3 paths (at most 1 distinct file)');
    // Paths a stop left uncompared may lead to one file too: "at most", though none was found to.
    assert.deepEqual(resultDistinctFiles({ total: 5, aliases: 0, unread: 0, aliasesUncompared: { paths: 2, because: 'cancelled' } }), { count: 5, atMost: true });
    assert.equal(resultDistinctFiles({ total: 5, aliases: 0, unread: 0 }), undefined);
    // Where each path is a file of its own, nothing changes: a list saved before reads as it did.
    assert.equal(listTitle({ pattern: '*.ts', total: 1, complete: true }), '*.ts — 1 file');
    assert.equal(parseSpillHeader('# Workspace Glob: complete list\n# pattern: "*"\n# roots: []\n# total: 7 files (complete)\n\n')?.total, 7);
  });

  it('takes no file for another because it shares the time, in runs of equal times long and short', async () => {
    // Hundreds of files with one time make a run whose inode numbers are sorted to be compared.
    const files: Record<string, number> = {};
    for (let i = 0; i < 300; i += 1) {
      files[`many/f${i}.txt`] = SAME_TIME;
    }
    tree.write({ ...files, 'pair/a.txt': SAME_TIME + 5, 'pair/b.txt': SAME_TIME + 5 });
    const result = await search(tree, '*.txt', { rules: { followSymlinks: true } });
    assert.equal(result.total, 302);
    assert.equal(result.aliases, 0);
    assert.equal(aliasLine(result), undefined);
  });

  it('counts a path listed twice (a directory changing during the walk) as no second path', async () => {
    tree.write({ 'a.txt': SAME_TIME });
    linkSync(tree.path('a.txt'), tree.path('b.txt'));
    const paths = [tree.path('a.txt'), tree.path('a.txt'), tree.path('b.txt')];
    assert.deepEqual(await aliasCount([0, 1], (match) => paths[match]), { aliases: 0, uncompared: 0 });
    assert.deepEqual(await aliasCount([0, 1, 2], (match) => paths[match]), { aliases: 1, uncompared: 0 });
  });

  it('a stop ends the comparison after the stats of the turn it came in, and says how many were not compared', async () => {
    // Bug: the stats were made in one synchronous loop, which no cancellation or time limit could
    // end: 200,000 paths to one tree through a followed link held the search's thread for 0.5-2 s.
    const files: Record<string, number> = {};
    for (let i = 0; i < 1_500; i += 1) {
      files[`real/f${i}.txt`] = SAME_TIME;
    }
    tree.write(files);
    symlinkSync('real', tree.path('link'));
    const paths = Object.keys(files).flatMap((name) => [tree.path(name), tree.path(name.replace(/^real/, 'link'))]);
    const controller = new AbortController();
    let stats = 0;
    const counted = await aliasCount(
      paths.map((_, match) => match),
      (match) => {
        // The stop comes with the first stat; the turn's others are still made.
        controller.abort();
        stats += 1;
        return paths[match];
      },
      controller.signal,
    );
    assert.ok(stats < paths.length, `all ${stats} paths were compared after the stop`);
    assert.deepEqual(counted, { aliases: stats / 2, uncompared: paths.length - stats });
    // Where the stop came before it, nothing is compared.
    assert.deepEqual(await aliasCount([0, 1], (match) => paths[match], controller.signal), { aliases: 0, uncompared: 2 });
  });

  it('takes a cancellation that stopped only the comparison for a cancellation (the command line exits 130)', () => {
    // The list is whole then, so the result is complete: the exit code went by that alone.
    assert.equal(cancelledIn({ aliasesUncompared: { paths: 5, because: 'cancelled' } }), true);
    assert.equal(cancelledIn({ aliasesUncompared: { paths: 5, because: 'timeout' } }), false);
    assert.equal(cancelledIn({ incompleteBecause: 'cancelled' }), true);
    assert.equal(cancelledIn({ incompleteBecause: 'limit' }), false);
  });

  it('says "at most" of the distinct files when a stop left some times unread, and compares none after it', async function () {
    this.timeout(120_000);
    // Regression: with 20,000 paths to 10,000 files and some times unread, it said "The 20,000
    // paths are 14,151 distinct files": a path whose time was not read is never compared. And a
    // stop did not end the comparison of those read (one stat each, 0.5-2 s for 200,000).
    const files: Record<string, number> = {};
    for (let i = 0; i < 10_000; i += 1) {
      files[`real/f${i}.txt`] = SAME_TIME + i;
    }
    tree.write(files);
    symlinkSync('real', tree.path('link'));
    const timer = new ManualTimer();
    // The time limit, fired as ripgrep's run ends: the stat threads have not read every time yet.
    const result = await search(tree, '*.txt', {
      rules: { followSymlinks: true },
      maxResults: 10,
      spillDirectory: tree.path('.lists'),
      timeoutMs: 60_000,
      startTimer: timer.startTimer,
      onRipgrep: (event) => (event.phase === 'end' ? timer.fire() : undefined),
    });
    assert.equal(result.total, 20_000);
    assert.equal(result.aliases, 0);
    const uncompared = result.aliasesUncompared?.paths ?? 0;
    assert.ok(result.unread > 0 && uncompared > 0, `${result.unread} unread, ${uncompared} not compared`);
    assert.equal(result.aliasesUncompared?.because, 'timeout');
    const unread = result.unread.toLocaleString('en-US');
    assert.equal(
      aliasLine(result),
      `The 20,000 paths are at most 20,000 distinct files; ${uncompared.toLocaleString('en-US')} paths that share an inode number with another path here, so may lead to the same file (by a symbolic or hard link, or a directory mounted in two places), were not compared: the search reached its time limit first; the ${unread} whose times were not read were not compared.`,
    );
    // The complete list and its tab count paths too, not files (regression: "20000 files", as if
    // every path were a file of its own, where the footer said "at most").
    assert.ok(result.spill?.saved, 'the list is saved');
    const header = readFileSync(result.spill.path, 'utf8').split('\n\n')[0].split('\n');
    assert.ok(header.some((line) => /^# total: 20000 paths \(INCOMPLETE/.test(line)), header.join('\n'));
    assert.ok(
      header.includes(
        `# distinct files: at most 20000; ${uncompared} paths that share an inode number with another path here were not compared, the search stopped first; the ${result.unread} whose times were not read were not compared`,
      ),
      header.join('\n'),
    );
    assert.match(resultListTitle(result), / — 20,000 paths \(at most 20,000 distinct files\) found so far$/);
    const readBack = await readSavedListHeader(result.spill.path);
    assert.deepEqual(readBack?.distinctFiles, { count: 20_000, atMost: true });
  });

  it('does not say a link leads there when a directory is mounted in two places', async function () {
    // Regression: a bind mount's paths were said to lead "through a symbolic or hard link".
    tree.write({ 'a/f.txt': SAME_TIME });
    mkdirSync(tree.path('b'));
    if (spawnSync('mount', ['--bind', tree.path('a'), tree.path('b')]).status !== 0) {
      this.skip();
    }
    try {
      const result = await search(tree, '*.txt');
      assert.deepEqual(result.page.map((path) => path.shown), ['a/f.txt', 'b/f.txt']);
      assert.ok(
        aliasLine(result)?.endsWith(' The 2 paths are 1 distinct file: 1 of them leads to a file another path here leads to as well (by a symbolic or hard link, or a directory mounted in two places).'),
        result.text,
      );
    } finally {
      spawnSync('umount', [tree.path('b')]);
    }
  });

  it('finds the second path in a long run of equal times', async () => {
    const files: Record<string, number> = {};
    for (let i = 0; i < 300; i += 1) {
      files[`many/f${i}.txt`] = SAME_TIME;
    }
    tree.write(files);
    linkSync(tree.path('many', 'f150.txt'), tree.path('many', 'same-as-150.txt'));
    const result = await search(tree, '*.txt', { maxResults: 1000 });
    assert.equal(result.total, 301);
    assert.equal(result.aliases, 1);
  });
});
