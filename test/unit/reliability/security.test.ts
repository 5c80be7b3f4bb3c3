/**
 * Reliability, security (issue 5): no shell anywhere, ripgrep's configuration never read, complete
 * lists private (0600 in 0700, unguessable names, never through a planted link), and no write or
 * read by the engine outside its complete-list directory. The real engine and the real ripgrep;
 * Node's child_process, fs and crypto are watched (or, for one test, made predictable) through
 * their module objects, which the compiled engine calls through.
 */

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { GlobResult } from '../../../src/core';
import { testRipgrep } from '../helpers/ripgrep';
import type { TempTree } from '../helpers/tree';
import { assertRecovered, rejectsWith, search } from './helpers/engine';
import { assertOnlyWholeLists } from './helpers/leftovers';
import { Scratch } from './helpers/scratch';

const load = createRequire(__filename);
const childProcess = load('node:child_process') as typeof import('node:child_process');
const fs = load('node:fs') as typeof import('node:fs');
const crypto = load('node:crypto') as typeof import('node:crypto');

/** Replaces `object[key]` with a wrapper for the duration of `body`. */
async function watching<T extends object, K extends keyof T, R>(object: T, key: K, wrap: (original: T[K]) => T[K], body: () => Promise<R>): Promise<R> {
  const original = object[key];
  object[key] = wrap(original);
  try {
    return await body();
  } finally {
    object[key] = original;
  }
}

function shown(result: GlobResult): string[] {
  return result.page.map((page) => page.shown);
}

describe('reliability: security (real engine, real ripgrep)', function () {
  this.timeout(60_000);
  let scratch: Scratch;
  before(() => {
    scratch = new Scratch(64);
  });
  after(() => scratch.dispose());

  describe('no shell anywhere', () => {
    // File names that are shell syntax; each pattern is exactly one of them and must find exactly it.
    const hostile = ['$(touch pwned)', '`touch pwned`', 'a; touch pwned', 'a && touch pwned', 'a | touch pwned', '$HOME', "'quoted'", 'new\ntouch pwned', '>pwned', '$(rm -rf /)'];
    let tree: TempTree;
    before(() => {
      tree = scratch.tree('hostile').write({ 'canary.txt': { mtime: 1, content: 'alive' } });
      hostile.forEach((name, i) => tree.write({ [name]: 10 + i }));
    });

    it('hostile patterns stay one inert argument: matched literally, nothing run', async () => {
      for (const pattern of hostile) {
        const result = await search(tree, { pattern });
        assert.equal(result.total, 1, pattern);
        assert.equal(result.page[0].path, pattern);
      }
      // Also as part of a wildcard pattern, as an invalid glob (which ripgrep is asked about), and as path.
      assert.equal((await search(tree, { pattern: '*pwned*' })).total, 7);
      await rejectsWith(search(tree, { pattern: '$(touch pwned)[' }), 'invalidGlob', /^The pattern "\$\(touch pwned\)\[" is not a valid glob: unclosed character class/);
      await rejectsWith(search(tree, { pattern: '*', path: '$(touch pwned); touch pwned' }), 'pathNotFound', /does not exist/);
      const marker = scratch.path('marker-from-a-shell');
      for (const pattern of [`$(touch ${marker})`, `\`touch ${marker}\``, `x; touch ${marker}`, `x\ntouch ${marker}`]) {
        await search(tree, { pattern });
      }
      assert.equal(existsSync(marker), false);
      assert.equal(readFileSync(tree.path('canary.txt'), 'utf8'), 'alive');
      for (const where of [tree.root, process.cwd(), scratch.root, '/']) {
        assert.equal(existsSync(path.join(where, 'pwned')), false, `pwned in ${where}`);
      }
    });

    it('every process the engine starts is ripgrep itself, with an argument array and no shell', async () => {
      const ripgrepPath = await testRipgrep();
      const started: Array<{ how: string; file: string; args: readonly string[]; shell: unknown }> = [];
      const record =
        (how: string) =>
        <F extends (...args: never[]) => unknown>(original: F): F =>
          ((...args: Parameters<F>) => {
            const [file, argv, options] = args as unknown as [string, string[], { shell?: unknown } | undefined];
            started.push({ how, file, args: argv, shell: options?.shell });
            return original(...args);
          }) as F;
      await watching(childProcess, 'spawn', record('spawn'), () =>
        watching(childProcess, 'execFile', record('execFile'), () =>
          watching(childProcess, 'exec', record('exec'), async () => {
            await search(tree, { pattern: '$(touch pwned)' });
            await rejectsWith(search(tree, { pattern: 'a[' }), 'invalidGlob', /unclosed character class/);
            const controller = new AbortController();
            await search(tree, { pattern: '*' }, { signal: controller.signal, onRipgrep: () => controller.abort() });
          }),
        ),
      );
      assert.deepEqual(started.map((call) => call.how), ['spawn', 'execFile', 'spawn']);
      for (const call of started) {
        assert.equal(call.file, ripgrepPath);
        assert.ok(!call.shell, `${call.how} with shell ${String(call.shell)}`);
        assert.ok(Array.isArray(call.args) && call.args.every((arg) => typeof arg === 'string'));
        assert.equal(call.args[0], '--no-config');
      }
    });
  });

  it('--no-config always: a hostile RIPGREP_CONFIG_PATH cannot add --pre or change the listing', async () => {
    const tree = scratch.tree().write({ 'canary.txt': { mtime: 1, content: 'needle' }, 'deep/a/b/c.txt': { mtime: 2, content: 'needle' }, 'probe.md': { mtime: 3, content: 'needle' } });
    const marker = scratch.path('pre-ran');
    const pre = scratch.path('config', 'pre.sh');
    writeFileSync(pre, `#!/bin/sh\ntouch ${marker}\ncat "$1"\n`);
    chmodSync(pre, 0o755);
    const config = scratch.path('config', 'ripgreprc');
    writeFileSync(config, `--pre=${pre}\n--glob=!*.txt\n--max-depth=1\n`);
    const ripgrepPath = await testRipgrep();
    // The configuration is hostile: read, it hides every file from --files and runs --pre on a search.
    const env = { ...process.env, RIPGREP_CONFIG_PATH: config };
    assert.equal(spawnSync(ripgrepPath, ['--files'], { cwd: tree.root, env, encoding: 'utf8' }).stdout, 'probe.md\n');
    spawnSync(ripgrepPath, ['needle', '.'], { cwd: tree.root, env });
    assert.equal(existsSync(marker), true, 'the hostile configuration works on ripgrep without --no-config');
    fs.rmSync(marker);

    const saved = process.env.RIPGREP_CONFIG_PATH;
    process.env.RIPGREP_CONFIG_PATH = config;
    try {
      const result = await search(tree, { pattern: '*' });
      assert.deepEqual(shown(result), ['canary.txt', 'deep/a/b/c.txt', 'probe.md']);
      await rejectsWith(search(tree, { pattern: '*.txt[' }), 'invalidGlob', /^The pattern "\*\.txt\[" is not a valid glob: unclosed character class/);
    } finally {
      if (saved === undefined) {
        delete process.env.RIPGREP_CONFIG_PATH;
      } else {
        process.env.RIPGREP_CONFIG_PATH = saved;
      }
    }
    assert.equal(existsSync(marker), false);
  });

  describe('complete lists', () => {
    let tree: TempTree;
    before(() => {
      tree = scratch.tree('lists-tree');
      for (let i = 0; i < 40; i += 1) {
        tree.write({ [`d${i % 4}/f${i}.txt`]: i });
      }
    });
    const saveIn = (spillDirectory: string, options: Parameters<typeof search>[2] = {}): Promise<GlobResult> =>
      search(tree, { pattern: '*.txt' }, { spillDirectory, maxResults: 5, ...options });

    it('are 0600 files in a 0700 directory, whatever the umask; an open directory is tightened', async () => {
      const previous = process.umask(0);
      try {
        const fresh = scratch.path('private', 'lists');
        const result = await saveIn(fresh);
        assert.ok(result.spill?.saved);
        assert.equal(statSync(fresh).mode & 0o777, 0o700);
        assert.equal(statSync(result.spill.path).mode & 0o777, 0o600);
        const open = scratch.path('open-lists');
        mkdirSync(open, { mode: 0o777 });
        chmodSync(open, 0o777);
        const again = await saveIn(open);
        assert.ok(again.spill?.saved);
        assert.equal(statSync(open).mode & 0o777, 0o700);
        assert.equal(statSync(again.spill.path).mode & 0o777, 0o600);
      } finally {
        process.umask(previous);
      }
    });

    it('have unguessable names: 64 random bits, different even when saved at the same instant', async () => {
      const directory = scratch.path('names');
      const now = (): Date => new Date('2026-01-01T00:00:00.000Z');
      const names = new Set<string>();
      for (let i = 0; i < 20; i += 1) {
        const result = await saveIn(directory, { now, spillLimits: { maxLists: 100, maxTotalBytes: 1 << 30 } });
        assert.ok(result.spill?.saved);
        const name = path.basename(result.spill.path);
        assert.match(name, /^glob-20260101T000000000Z-[0-9a-f]{16}\.txt$/);
        names.add(name.slice(-20, -4));
      }
      assert.equal(names.size, 20);
    });

    it('never go through a planted symbolic link standing for the directory', async () => {
      const victim = scratch.path('victim-directory');
      mkdirSync(victim);
      const planted = scratch.path('planted-directory-link');
      symlinkSync(victim, planted);
      const result = await saveIn(planted);
      assert.equal(result.total, 40);
      assert.match(JSON.stringify(result.spill), /is not a plain directory; refusing to write there/);
      assert.deepEqual(readdirSync(victim), []);
    });

    it('never go through a planted symbolic link at the exact name of the next list', async () => {
      // Make the name predictable (a fixed clock and fixed "random" bytes) and plant links there:
      // the file is created exclusively, so neither a link to a file nor a dangling one is followed.
      const directory = scratch.path('predictable');
      mkdirSync(directory, { mode: 0o700 });
      const now = (): Date => new Date('2026-02-02T02:02:02.002Z');
      const name = `glob-20260202T020202002Z-${'ab'.repeat(8)}.txt`;
      const victimFile = scratch.path('victim-file.txt');
      writeFileSync(victimFile, 'victim');
      const nowhere = scratch.path('would-be-created.txt');
      for (const target of [victimFile, nowhere]) {
        fs.rmSync(path.join(directory, name), { force: true });
        symlinkSync(target, path.join(directory, name));
        const result = await watching(
          crypto,
          'randomBytes',
          () => ((size: number) => Buffer.alloc(size, 0xab)) as typeof crypto.randomBytes,
          () => saveIn(directory, { now }),
        );
        assert.equal(result.total, 40);
        assert.equal(result.spill?.saved, false, JSON.stringify(result.spill));
        assert.equal(readFileSync(victimFile, 'utf8'), 'victim');
        assert.equal(existsSync(nowhere), false);
      }
    });

    it('prune a planted link named like an old list as a link, never its target', async () => {
      const directory = scratch.path('prune-links');
      mkdirSync(directory, { mode: 0o700 });
      const victimFile = scratch.path('prune-victim.txt');
      writeFileSync(victimFile, 'victim');
      symlinkSync(victimFile, path.join(directory, 'glob-20000101T000000000Z-0000000000000000.txt'));
      const result = await saveIn(directory, { spillLimits: { maxLists: 1, maxTotalBytes: 1 << 30 } });
      assert.ok(result.spill?.saved, JSON.stringify(result.spill));
      assert.equal(readFileSync(victimFile, 'utf8'), 'victim');
      assert.deepEqual(readdirSync(directory), [path.basename(result.spill.path)]);
    });

    it('are still saved when a directory named like an old list was planted among them', async () => {
      // Bug: pruning calls fs.rm without `recursive` on every entry named like a list; a
      // directory makes it throw, saveSpill then deletes the list it has just written, and from
      // then on every list fails to save ("Path is a directory: rm returned EISDIR").
      const directory = scratch.path('prune-directory');
      mkdirSync(directory, { mode: 0o700 });
      const planted = path.join(directory, 'glob-20000101T000000000Z-0000000000000000.txt');
      mkdirSync(planted);
      writeFileSync(path.join(planted, 'keep-me'), 'mine');
      const result = await saveIn(directory, { spillLimits: { maxLists: 1, maxTotalBytes: 1 << 30 } });
      assert.ok(result.spill?.saved, JSON.stringify(result.spill));
      assert.equal(readFileSync(path.join(planted, 'keep-me'), 'utf8'), 'mine');
    });

    it('are the only place the engine writes to, and it opens no file anywhere else', async () => {
      // Hostile names and links in the tree; every fs call that writes, creates, removes, changes
      // modes or opens a file is recorded while the engine runs: search, list, prune, error paths.
      const hostileTree = scratch.tree('write-check').write({ 'a.txt': 1, '..txt': 2, '-rf': 3, 'sub/b.txt': 4 });
      symlinkSync('/etc', hostileTree.path('etc-link'));
      symlinkSync('/etc/passwd', hostileTree.path('passwd.txt'));
      const spillDirectory = scratch.path('only-here');
      const touched: string[] = [];
      const mutating = ['open', 'opendir', 'readFile', 'createReadStream', 'createWriteStream', 'writeFile', 'appendFile', 'mkdir', 'mkdtemp', 'rm', 'rmdir', 'unlink', 'rename', 'chmod', 'chown', 'lchown', 'symlink', 'link', 'copyFile', 'cp', 'truncate', 'utimes', 'lutimes'];
      const targets: Array<[Record<string, unknown>, string]> = [];
      for (const name of mutating) {
        for (const [object, suffix] of [[fs.promises, ''], [fs, ''], [fs, 'Sync']] as Array<[Record<string, unknown>, string]>) {
          if (typeof object[name + suffix] === 'function') {
            targets.push([object, name + suffix]);
          }
        }
      }
      const originals = targets.map(([object, key]) => object[key]);
      targets.forEach(([object, key], i) => {
        const original = originals[i] as (...args: unknown[]) => unknown;
        object[key] = (...args: unknown[]) => {
          touched.push(`${key} ${String(args[0])}`);
          return original.apply(object, args);
        };
      });
      try {
        const result = await search(hostileTree, { pattern: '*' }, { spillDirectory, maxResults: 1, spillLimits: { maxLists: 1, maxTotalBytes: 1 << 30 }, rules: { followSymlinks: true } });
        await search(hostileTree, { pattern: '*.txt' }, { spillDirectory, maxResults: 1, spillLimits: { maxLists: 1, maxTotalBytes: 1 << 30 } });
        await rejectsWith(search(hostileTree, { pattern: '**/etc/[' }), 'invalidGlob', /unclosed character class/);
        await rejectsWith(search(hostileTree, { pattern: '../../etc/[' }), 'invalidInput', /climbs above the directory searched/);
        await rejectsWith(search(hostileTree, { pattern: '../../../etc/passwd' }), 'invalidInput', /climbs above the directory searched/);
        await search(hostileTree, { pattern: '/etc/passwd' });
        assert.ok(result.spill?.saved);
      } finally {
        targets.forEach(([object, key], i) => {
          object[key] = originals[i];
        });
      }
      assert.ok(touched.length > 0, 'the watch saw the complete list being written');
      for (const call of touched) {
        const target = call.slice(call.indexOf(' ') + 1);
        assert.ok(target === spillDirectory || target.startsWith(`${spillDirectory}/`), `the engine touched ${call}`);
      }
      assertOnlyWholeLists(spillDirectory, 1);
      assert.equal(lstatSync(hostileTree.path('passwd.txt')).isSymbolicLink(), true);
    });
  });

  it('a link inside the workspace to a directory outside it is not walked unless followSymlinks is on', async () => {
    const outside = scratch.tree().write({ 'secret.txt': 1 });
    const tree = scratch.tree().write({ 'inside.txt': 2 });
    symlinkSync(outside.root, tree.path('escape'));
    assert.deepEqual(shown(await search(tree, { pattern: '*.txt' })), ['inside.txt']);
    assert.deepEqual(shown(await search(tree, { pattern: '*.txt', includeIgnored: true })), ['inside.txt']);
    assert.deepEqual(shown(await search(tree, { pattern: '*.txt' }, { rules: { followSymlinks: true } })), ['escape/secret.txt', 'inside.txt']);
  });

  it('paths outside the workspace are never shown for patterns that try to climb out of it', async () => {
    const tree = scratch.tree().write({ 'inside.txt': 1 });
    for (const pattern of ['/etc/passwd', `${path.dirname(tree.root)}/*`, 'a/../*']) {
      const result = await search(tree, { pattern });
      assert.ok(result.page.every((page) => typeof page.absolutePath === 'string' && page.absolutePath.startsWith(`${tree.root}/`)), `${pattern}: ${JSON.stringify(shown(result))}`);
    }
    // A ".." that would climb out is refused with a message, not searched.
    for (const pattern of ['../*', '../../**', '**/../../etc/passwd', '../../../../../../etc/passwd']) {
      await rejectsWith(search(tree, { pattern }), 'invalidInput', /"\.\."/);
    }
    await assertRecovered(scratch);
  });
});
