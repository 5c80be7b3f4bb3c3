/**
 * Reliability, odd filesystems (issue 5): names that are not plain, paths near PATH_MAX, deep and
 * wide trees, unreadable directories (as an unprivileged user), a tree that changes while it is
 * searched, symbolic link loops, a FIFO and a socket. Against the real engine and the real
 * ripgrep; every file found is counted and shown per SPEC §5, and nothing crashes or hangs.
 */

import * as assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import * as net from 'node:net';
import { parseShownName, parseSpillHeader, resolveSpillLine, type GlobResult, type RawName } from '../../../src/core';
import { testRipgrep } from '../helpers/ripgrep';
import type { TempTree } from '../helpers/tree';
import { rejectsWith, RipgrepWatch, search } from './helpers/engine';
import { assertNoProcessLeft, assertOnlyWholeLists } from './helpers/leftovers';
import { describeRun, runEngine, unprivilegedUser } from './helpers/processes';
import { isRoot, Scratch } from './helpers/scratch';
import { ThreadPoolGate } from './helpers/threadPool';

const NOT_ROOT = isRoot() ? undefined : 'needs root, to create an unprivileged user and switch to it';

/** The spill's path lines. */
function spilledLines(result: GlobResult): string[] {
  assert.ok(result.spill?.saved, `the complete list was not saved: ${JSON.stringify(result.spill)}`);
  const text = readFileSync(result.spill.path, 'utf8');
  const header = parseSpillHeader(text);
  assert.ok(header);
  return text.split('\n').slice(header.firstPathLine, -1);
}

/** The lines between <files> and </files>. */
function fileBlock(text: string): string[] {
  const lines = text.split('\n');
  const close = lines.indexOf('</files>');
  assert.equal(lines[0], '<files>');
  assert.ok(close > 0);
  return lines.slice(1, close);
}

function sameName(actual: RawName, expected: RawName): boolean {
  return Buffer.isBuffer(actual) || Buffer.isBuffer(expected) ? Buffer.from(actual).equals(Buffer.from(expected)) : actual === expected;
}

const bytes = (...parts: Array<string | number[]>): Buffer => Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))));

describe('reliability: odd filesystems (real engine, real ripgrep)', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  before(() => {
    scratch = new Scratch(512);
  });
  after(() => scratch.dispose());

  describe('names that are not plain (SPEC §5)', () => {
    // Each relative path, how SPEC §5 says it is shown, and why.
    const names: Array<{ readonly why: string; readonly name: RawName; readonly shown: string }> = [
      { why: 'a newline', name: 'new\nline.txt', shown: '"new\\nline.txt"' },
      { why: 'a carriage return', name: 'carriage\rreturn.txt', shown: '"carriage\\rreturn.txt"' },
      { why: 'a tab', name: 'tab\there.txt', shown: '"tab\\there.txt"' },
      { why: 'an escape sequence', name: 'esc\u001b[31mred.txt', shown: '"esc\\u001b[31mred.txt"' },
      { why: 'DEL and a C1 control', name: 'del\u007fnel\u0085.txt', shown: '"del\\u007fnel\\u0085.txt"' },
      { why: 'a line separator', name: 'line\u2028sep.txt', shown: '"line\\u2028sep.txt"' },
      { why: 'a leading "', name: '"quoted.txt', shown: '"\\"quoted.txt"' },
      { why: 'an inner " (verbatim)', name: 'say "hi".txt', shown: 'say "hi".txt' },
      { why: 'a backslash', name: 'back\\slash.txt', shown: '"back\\\\slash.txt"' },
      { why: '</ (across a directory)', name: 'close</tag.txt', shown: '"close<\\/tag.txt"' },
      { why: '</files> itself', name: 'x</files>', shown: '"x<\\/files>"' },
      { why: 'a leading - (verbatim)', name: '-rf', shown: '-rf' },
      { why: 'a leading -- (verbatim)', name: '--help.txt', shown: '--help.txt' },
      { why: 'a byte that is not UTF-8', name: bytes('bad-', [0xff], '.txt'), shown: '"bad-\\xff.txt"' },
      { why: 'Latin-1 bytes', name: bytes('caf', [0xe9], '.txt'), shown: '"caf\\xe9.txt"' },
      { why: 'a cut UTF-8 sequence', name: bytes('cut-', [0xe2, 0x82], '.txt'), shown: '"cut-\\xe2\\x82.txt"' },
      { why: 'a directory that is not UTF-8', name: bytes([0xfe], '-dir/in.txt'), shown: '"\\xfe-dir/in.txt"' },
      { why: 'a newline and a byte that is not UTF-8', name: bytes('both\n', [0xff]), shown: '"both\\n\\xff"' },
      { why: 'a real U+FFFD (verbatim)', name: 'replacement-\uFFFD.txt', shown: 'replacement-\uFFFD.txt' },
      { why: 'Unicode and spaces inside (verbatim)', name: 'ünïcödé 🙂 .txt', shown: 'ünïcödé 🙂 .txt' },
      { why: 'leading spaces (quoted: a reader would not see them)', name: '  lead.txt', shown: '"  lead.txt"' },
      { why: 'a right-to-left override', name: 'rlo-\u202etxt.exe', shown: '"rlo-\\u202etxt.exe"' },
    ];
    let tree: TempTree;
    let fits: GlobResult;
    let sampled: GlobResult;
    let spillRoots: ReturnType<typeof parseSpillHeader>;

    before(async () => {
      tree = scratch.tree('names');
      names.forEach(({ name }, i) => {
        const full = Buffer.concat([Buffer.from(`${tree.root}/`), Buffer.from(name)]);
        const slash = full.lastIndexOf('/');
        mkdirSync(full.subarray(0, slash), { recursive: true });
        writeFileSync(full, '');
        utimesSync(full, 1_000 + i, 1_000 + i);
      });
      fits = await search(tree, { pattern: '*' }, { maxResults: 1000 });
      sampled = await search(tree, { pattern: '*' }, { maxResults: 3, spillDirectory: scratch.path('names-lists') });
      spillRoots = parseSpillHeader(readFileSync(sampled.spill && sampled.spill.saved ? sampled.spill.path : '/dev/null', 'utf8'));
    });

    for (const { why, name, shown } of names) {
      it(`a name with ${why} is found, counted, shown as ${shown} and parsed back exactly`, () => {
        const found = fits.page.filter((page) => sameName(parseShownName(page.shown), name));
        assert.equal(found.length, 1, `found ${found.length} times in ${JSON.stringify(fits.page.map((page) => page.shown))}`);
        assert.equal(found[0].shown, shown);
        assert.ok(sameName(found[0].absolutePath, Buffer.concat([Buffer.from(`${tree.root}/`), Buffer.from(name)])));
        assert.equal(fits.total, names.length);
        // In the model's text it is one line; in the complete list too, and the list's reader gets the file back.
        assert.equal(fileBlock(fits.text).filter((line) => line === shown).length, 1);
        const lines = spilledLines(sampled).filter((line) => line === shown);
        assert.equal(lines.length, 1);
        const target = resolveSpillLine(lines[0], spillRoots?.roots ?? []);
        assert.ok(target && target.root === tree.root && sameName(target.relative, name), JSON.stringify(target));
      });
    }

    it('the text holds one line per file between <files> and </files>, and </files> only once', () => {
      assert.equal(fileBlock(fits.text).length, names.length);
      assert.equal(fits.text.split('</files>').length, 2);
      assert.ok(fits.page.every((page) => !page.shown.includes('</') && !/[\n\r\u2028\u2029]/.test(page.shown)));
      assert.equal(sampled.total, names.length);
      assert.equal(spilledLines(sampled).length, names.length);
    });
  });

  it('a path of about 4,096 bytes: each file is found, or counted as a warning; nothing crashes', async () => {
    // 17 levels of 250-byte names, a file in each: the deepest lie beyond PATH_MAX (4,096 bytes),
    // where ripgrep cannot open the directory ("File name too long") and says so.
    const tree = scratch.tree('long');
    const segment = (level: number): string => `${String(level).padStart(3, '0')}${'x'.repeat(247)}`;
    const home = process.cwd();
    const relatives: string[] = [];
    try {
      process.chdir(tree.root);
      for (let level = 0; level < 17; level += 1) {
        mkdirSync(segment(level));
        process.chdir(segment(level));
        writeFileSync('f.txt', '');
        relatives.push(`${Array.from({ length: level + 1 }, (_, i) => segment(i)).join('/')}/f.txt`);
      }
    } finally {
      process.chdir(home);
    }
    writeFileSync(tree.path(`${'n'.repeat(251)}.txt`), '');
    const result = await search(tree, { pattern: '*.txt' }, { maxResults: 100 });
    const shown = new Set(result.page.map((page) => page.shown));
    const missing = relatives.filter((relative) => !shown.has(relative));
    assert.ok(shown.has(`${'n'.repeat(251)}.txt`), 'a 255-byte name');
    for (const relative of missing) {
      assert.ok(tree.root.length + 1 + relative.length > 4095, `${relative.length}-byte path missing though it fits PATH_MAX`);
    }
    assert.ok(missing.length > 0, 'the tree reaches past PATH_MAX');
    assert.ok(result.warnings.count >= 1 || result.dropped.unreadable >= missing.length, 'the missing files are counted');
    assert.match(result.text, /ripgrep reported \d+ problems? reading the tree/);
    assert.equal(result.total, relatives.length - missing.length + 1);
  });

  it('a tree 500 directories deep is walked to the bottom', async () => {
    const tree = scratch.tree('deep');
    const deepest = `${'d/'.repeat(500)}deep.txt`;
    tree.write({ [deepest]: 1, [`${'d/'.repeat(250)}middle.txt`]: 2, 'top.txt': 3 });
    const all = await search(tree, { pattern: '*' });
    assert.deepEqual(all.page.map((page) => page.shown), [deepest, `${'d/'.repeat(250)}middle.txt`, 'top.txt']);
    assert.deepEqual((await search(tree, { pattern: 'deep.txt' })).page.map((page) => page.shown), [deepest]);
    assert.deepEqual((await search(tree, { pattern: '**/deep.txt' })).page.map((page) => page.shown), [deepest]);
    assert.equal((await search(tree, { pattern: 'd/' })).total, 2);
    assert.equal((await search(tree, { pattern: '*', path: 'd/'.repeat(499) })).total, 1);
  });

  describe('a directory with 100,000 entries', () => {
    const count = 100_000;
    const names = Array.from({ length: count }, (_, i) => `f-${String(i).padStart(6, '0')}`);
    let result: GlobResult;

    before(async () => {
      // Hard links of four files (ext4 allows 65,000 links to one): 100,000 entries, each a
      // regular file, all with one time, so the order is by path alone. Links are also quicker
      // to make than files where the scratch directory is on disk.
      const tree = scratch.tree('wide');
      mkdirSync(tree.path('wide'));
      const originals = [0, 1, 2, 3].map((i) => tree.path(`original-${i}`));
      for (const original of originals) {
        writeFileSync(original, '');
        utimesSync(original, 1_000, 1_000);
      }
      names.forEach((name, i) => linkSync(originals[i % originals.length], tree.path('wide', name)));
      originals.forEach((original) => unlinkSync(original));
      result = await search(tree, { pattern: '*', path: 'wide' }, { spillDirectory: scratch.path('wide-lists') });
    });

    it('every entry is counted and its own top-level entry; the page is the head; the complete list holds all', () => {
      assert.equal(result.total, count);
      assert.equal(result.complete, true);
      assert.equal(result.sampled, false);
      assert.equal(result.topLevel.entries.length, count);
      assert.equal(result.topLevel.reached, 100);
      assert.deepEqual(result.page.map((page) => page.shown), names.slice(0, 100).map((name) => `wide/${name}`));
      // Hard links, so the count is one of paths, as the line on the 4 distinct files they are says.
      assert.match(result.text, /Showing the 100 oldest of 100,000 paths matching "\*" in wide\/, oldest first\.\nEvery match is a file directly in wide\//);
      const lines = spilledLines(result);
      assert.equal(lines.length, count);
      assert.deepEqual(lines, names.map((name) => `wide/${name}`));
    });
  });

  (NOT_ROOT ? it.skip : it)(`unreadable directories, as an unprivileged user: found what can be read, counted what cannot${NOT_ROOT ? ` (skipped: ${NOT_ROOT})` : ''}`, async () => {
    const user = unprivilegedUser();
    assert.ok(!('skip' in user), 'skip' in user ? user.skip : '');
    const tree = scratch.tree('unreadable').write({
      'readable/a.txt': 1,
      'readable/b.txt': 2,
      'locked/hidden.txt': 3,
      'search-only/unlisted.txt': 4,
      'list-only/unstattable.txt': 5,
      'locked-file.txt': 6,
    });
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, tree.root]);
    chmodSync(scratch.root, 0o755);
    chmodSync(tree.path('locked'), 0o000);
    chmodSync(tree.path('search-only'), 0o111);
    chmodSync(tree.path('list-only'), 0o444);
    chmodSync(tree.path('locked-file.txt'), 0o000);
    const run = await runEngine({ input: { pattern: '*' }, root: tree.root, ripgrepPath: await testRipgrep() }, { user: user.name });
    assert.ok(run.report, describeRun(run));
    assert.equal(run.report.uid, user.uid, 'ran as the unprivileged user');
    const result = run.report.result;
    assert.ok(result, JSON.stringify(run.report.error));
    // A file whose own permissions forbid reading is still a file: listing and stat-ing need no read permission.
    assert.deepEqual([...result.shown].sort(), ['locked-file.txt', 'readable/a.txt', 'readable/b.txt']);
    assert.ok(result.warnings.count >= 2, JSON.stringify(result.warnings));
    assert.ok(result.warnings.first.some((line) => /locked: Permission denied \(os error 13\)/.test(line)), JSON.stringify(result.warnings));
    assert.ok(result.warnings.first.some((line) => /search-only: Permission denied \(os error 13\)/.test(line)), JSON.stringify(result.warnings));
    assert.match(result.text, /ripgrep reported \d+ problems reading the tree, so files below those paths may be missing/);
    const end = run.report.events.find((event) => event.phase === 'end');
    assert.equal(end?.exitCode, 2);
    // list-only/unstattable.txt: ripgrep lists it (the directory can be read) but it cannot be
    // stat-ed (the directory cannot be searched): it is counted, and the text says so.
    assert.equal(end?.matched, 4);
    assert.deepEqual(result.dropped, { vanished: 0, unreadable: 1, repeated: 0 });
    assert.equal(result.unread, 0);
    assert.match(result.text, /1 matching file vanished or could not be read while the search ran and is left out\./);
    // The quick pick shows the page without the footer: what may hide files is among its cautions, word for word.
    assert.equal(result.cautions.length, 2, JSON.stringify(result.cautions));
    assert.match(result.cautions[0], /^ripgrep reported \d+ problems reading the tree, so files below those paths may be missing/);
    assert.equal(result.cautions[1], '1 matching file vanished or could not be read while the search ran and is left out.');
    assert.ok(result.cautions.every((caution) => result.text.split('\n').includes(caution)), result.text);
  });

  (NOT_ROOT ? it.skip : it)(`a warning that quotes a long "path" is echoed short in the cautions, as in the footer${NOT_ROOT ? ` (skipped: ${NOT_ROOT})` : ''}`, async () => {
    // Regression: the footer shortened a "path" past 2,000 characters where ripgrep's warning
    // quoted it; the quick pick's copy of that line (cautions) kept all of it.
    const user = unprivilegedUser();
    assert.ok(!('skip' in user), 'skip' in user ? user.skip : '');
    const deep = Array.from({ length: 10 }, (_, i) => `${String(i)}${'d'.repeat(219)}`).join('/');
    const tree = scratch.tree('long-path').write({ [`${deep}/a.txt`]: 1, [`${deep}/locked/hidden.txt`]: 2 });
    execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, tree.root]);
    chmodSync(scratch.root, 0o755);
    chmodSync(tree.path(deep, 'locked'), 0o000);
    const run = await runEngine({ input: { pattern: '*', path: deep }, root: tree.root, ripgrepPath: await testRipgrep() }, { user: user.name });
    const result = run.report?.result;
    assert.ok(result, describeRun(run));
    assert.match(result.text, /ripgrep reported 1 problem reading the tree, so files below those paths may be missing: .*characters left out/);
    assert.equal(result.cautions.length, 1, JSON.stringify(result.cautions));
    assert.ok(result.text.split('\n').includes(result.cautions[0]), result.cautions[0]);
    assert.ok(result.cautions[0].length < 1_000, `${result.cautions[0].length} characters`);
  });

  it('files deleted and created during the search: every path shown exists, the vanished are counted', async () => {
    // 4,000 files that are all deleted at the first progress call (100 of them then created
    // again), 300 that stay, and 500 new ones created at that moment.
    const tree = scratch.tree('churn');
    const doomed: string[] = [];
    const stable = new Set<string>();
    for (let i = 0; i < 4000; i += 1) {
      doomed.push(`old/d${i % 20}/f${i}.txt`);
    }
    for (let i = 0; i < 300; i += 1) {
      stable.add(`stable/s${i}.txt`);
    }
    tree.write(Object.fromEntries([...doomed, ...stable].map((relative, i) => [relative, i])));
    const created = new Set<string>();
    // The thread pool is shut from ripgrep's start, so no listed file has been stat-ed when the
    // first progress call deletes: each doomed file listed by then and not created again must
    // be counted as vanished.
    const gate = new ThreadPoolGate(scratch.path('churn-gate'));
    const watch = new RipgrepWatch();
    let deletedAt = -1;
    let result: GlobResult;
    try {
      result = await search(tree, { pattern: '*.txt' }, {
        maxResults: 50,
        spillDirectory: scratch.path('churn-lists'),
        // The gate holds libuv's threads, so the test controls when stats run only in this mode;
        // the stat pool's threads would stat the first batches before the deletion, legitimately.
        statMode: 'async',
        onRipgrep: (event) => {
          watch.onRipgrep(event);
          if (event.phase === 'start') {
            gate.close();
          } else {
            void gate.open();
          }
        },
        onProgress: (matches) => {
          if (deletedAt !== -1) {
            return;
          }
          deletedAt = matches;
          for (const relative of doomed) {
            unlinkSync(tree.path(relative));
          }
          for (let i = 0; i < 600; i += 1) {
            const relative = i < 100 ? doomed[i * 40] : `new/n${i}.txt`;
            tree.write({ [relative]: 10_000 + i });
            created.add(relative);
          }
          void gate.open();
        },
      });
    } finally {
      await gate.open();
    }
    const end = watch.ends[0];
    assert.ok(deletedAt >= 1024, 'the tree changed mid-search');
    assert.ok(result.dropped.vanished >= deletedAt - 100, `vanished ${result.dropped.vanished}, listed before the deletion ${deletedAt}`);
    // A file deleted and created again behind readdir's cursor can be listed twice: it is shown once.
    const { vanished, unreadable, repeated } = result.dropped;
    assert.equal(result.total + vanished + unreadable + repeated, end.matched);
    const listed = spilledLines(result);
    for (const shown of [...result.page.map((page) => page.path), ...listed]) {
      assert.ok(stable.has(shown) || created.has(shown), `${shown} was deleted before it could be stat-ed, yet it is shown`);
      assert.ok(existsSync(tree.path(shown)), `${shown} does not exist`);
    }
    assert.equal(listed.length, result.total);
    assert.equal(new Set(listed).size, result.total);
    for (const relative of stable) {
      assert.ok(listed.includes(relative), `${relative} never changed, yet it is missing`);
    }
    const gone = result.dropped.vanished + result.dropped.unreadable;
    assert.match(result.text, new RegExp(`${gone.toLocaleString('en-US')} matching files vanished or could not be read while the search ran`));
    assertOnlyWholeLists(scratch.path('churn-lists'), 1);
  });

  it('a symbolic link loop with followSymlinks: ripgrep warns, the engine returns with the warnings counted', async () => {
    const tree = scratch.tree('loops').write({ 'a.txt': 1, 'd/x.txt': 2 });
    symlinkSync('..', tree.path('d', 'up'));
    symlinkSync('self', tree.path('self'));
    symlinkSync('ring-b', tree.path('ring-a'));
    symlinkSync('ring-a', tree.path('ring-b'));
    const watch = new RipgrepWatch();
    const result = await search(tree, { pattern: '*' }, { rules: { followSymlinks: true }, onRipgrep: watch.onRipgrep });
    assert.deepEqual(result.page.map((page) => page.shown), ['a.txt', 'd/x.txt']);
    assert.equal(result.complete, true);
    assert.ok(result.warnings.count >= 3, JSON.stringify(result.warnings));
    assert.ok(result.warnings.first.some((line) => /File system loop found: \.\/d\/up points to an ancestor/.test(line)));
    assert.ok(result.warnings.first.some((line) => /self: (IO error for operation on \.\/self: )?(Symbolic link loop|Too many levels of symbolic links) \(os error 40\)/.test(line)));
    // Every file is listed once: the loops hide none, and the footer says so.
    assert.match(result.text, /ripgrep met \d+ symbolic links that lead back where they come from \(themselves, or a directory above them\) and did not go round again, so no file is missing for them: /);
    assert.doesNotMatch(result.text, /may be missing/);
    assert.equal(watch.ends[0].exitCode, 2);
    assertNoProcessLeft(watch.pids, scratch.root);
  });

  it('a FIFO and a Unix socket in the tree are never opened and never hang the search', async () => {
    const tree = scratch.tree('special').write({ 'plain.txt': 1 });
    const fifo = tree.path('pipe.txt');
    execFileSync('mkfifo', [fifo]);
    symlinkSync('pipe.txt', tree.path('link-to-pipe.txt'));
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(tree.path('socket.txt'), resolve));
    try {
      for (const options of [{}, { rules: { followSymlinks: true } }]) {
        for (const input of [{ pattern: '*' }, { pattern: '*.txt', includeIgnored: true }]) {
          const result = await search(tree, input, options);
          // Listed or not, each at most once; the regular file always.
          const shown = result.page.map((page) => page.shown);
          assert.ok(shown.includes('plain.txt'));
          assert.equal(new Set(shown).size, shown.length);
        }
      }
      await rejectsWith(search(tree, { pattern: '*', path: 'pipe.txt' }), 'pathNotDirectory', /is a file, not a directory/);
      await rejectsWith(search(tree, { pattern: '*', path: 'socket.txt' }), 'pathNotDirectory', /is a file, not a directory/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    assert.equal(connections, 0, 'something connected to the socket');
    // Nobody holds the FIFO open for reading: a non-blocking writer finds no reader.
    assert.throws(() => closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)), { code: 'ENXIO' });
    assert.equal(spawnSync('test', ['-p', fifo]).status, 0, 'still a FIFO');
    assertNoProcessLeft([], scratch.root);
  });
});
