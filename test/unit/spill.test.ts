import * as assert from 'node:assert/strict';
import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { chunksOfLines, shownPathChunks } from '../../src/core/spill/shownLines';
import { prunesSettled, saveSpill } from '../../src/core/spill/spill';
import { parseSpillHeader, resolveSpillLine, type SpillHeader } from '../../src/core/spill/spillFormat';
import { showName } from '../../src/core/names';
import { TempTree } from './helpers/tree';

const header = (total: number): SpillHeader => ({
  pattern: '*.ts',
  roots: [{ prefix: '', path: '/work/project' }, { prefix: '/elsewhere/', path: '/elsewhere' }],
  total,
  complete: true,
  savedAt: new Date('2026-11-30T10:00:00.000Z'),
});
/** The complete list's paths, as the engine hands them to the spill. */
const paths = (total: number) => chunksOfLines(total, (position) => `dir-${position % 7}/file-${position}.ts`);

describe('spill: saving complete lists', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree();
  });
  afterEach(() => tree.remove());

  it('writes a header and one path per line, 0600 in a 0700 directory', async () => {
    const directory = tree.path('lists');
    const outcome = await saveSpill(directory, { maxLists: 5, maxTotalBytes: 1 << 20 }, header(3), paths(3));
    assert.ok(outcome.saved);
    assert.equal(statSync(directory).mode & 0o777, 0o700);
    assert.equal(statSync(outcome.path).mode & 0o777, 0o600);
    assert.match(outcome.path, /glob-20261130T100000000Z-[0-9a-f]{16}\.txt$/);
    const text = readFileSync(outcome.path, 'utf8');
    const parsed = parseSpillHeader(text);
    assert.ok(parsed);
    assert.equal(parsed.pattern, '*.ts');
    assert.deepEqual(text.split('\n').slice(parsed.firstPathLine), ['dir-0/file-0.ts', 'dir-1/file-1.ts', 'dir-2/file-2.ts', '']);
    assert.match(text, /# total: 3 files \(complete\)/);
    assert.match(text, /^# listed: all 3 *$/m);
  });

  it('names in its header the directories searched below the roots, and the unread last lines', async () => {
    // Regression: a list of "src/**" searched with "path": "pkg" named only the workspace, so read
    // later it described another search (the workspace's src/, not pkg/src/).
    const directory = tree.path('lists');
    const narrowed = { ...header(3), pattern: 'src/**', searched: ['/work/project/pkg'], complete: false, stopped: 'timeout', unread: 2 };
    const outcome = await saveSpill(directory, { maxLists: 5, maxTotalBytes: 1 << 20 }, narrowed, paths(3));
    assert.ok(outcome.saved);
    const text = readFileSync(outcome.path, 'utf8');
    assert.match(text, /^# searched: \["\/work\/project\/pkg"\]$/m);
    assert.match(text, /^# order: modification time, oldest first; equal times by path; the last 2, whose times were not read, by path$/m);
    assert.match(text, /^# total: 3 files \(INCOMPLETE: timeout\)$/m);
    assert.deepEqual(parseSpillHeader(text)?.roots, narrowed.roots);
    // Regression: its first line called it a complete list.
    assert.equal(text.split('\n')[0], '# Workspace Glob: list of the files found before the search stopped');
    assert.equal(parseSpillHeader(text)?.complete, false);
    // Neither line where there is nothing to say.
    const plain = await saveSpill(directory, { maxLists: 5, maxTotalBytes: 1 << 20 }, header(3), paths(3));
    assert.ok(plain.saved);
    assert.doesNotMatch(readFileSync(plain.path, 'utf8'), /# searched|not read/);
  });

  it('keeps the header on its lines for readers that break lines at U+0085, U+2028 and U+2029', async () => {
    // Regression: JSON.stringify left them raw in the pattern and roots lines, so such a reader
    // saw every path a line later than the footer's line numbers (names are quoted for them).
    const odd = { ...header(2), pattern: '*\u2028*.ts', roots: [{ prefix: '', path: '/srv/a\u0085b\u2029c' }] };
    const outcome = await saveSpill(tree.path('lists'), { maxLists: 5, maxTotalBytes: 1 << 20 }, odd, paths(2));
    assert.ok(outcome.saved);
    const text = readFileSync(outcome.path, 'utf8');
    const parsed = parseSpillHeader(text);
    assert.ok(parsed);
    assert.equal(parsed.pattern, odd.pattern);
    assert.deepEqual(parsed.roots, odd.roots);
    assert.deepEqual(text.split(/\r\n|[\n\r\u0085\u2028\u2029]/), text.split('\n'));
    assert.equal(text.split('\n')[parsed.firstPathLine], 'dir-0/file-0.ts');
  });

  it('writes paths that are not ASCII as UTF-8, in the first chunk and in later ones', async () => {
    // Over a megabyte of lines, so they go out in more than one chunk; ASCII chunks are copied
    // byte for byte and the others encoded, so each kind of chunk is checked.
    const total = 50_000;
    const line = (position: number): string =>
      position === 10 ? 'café/日本語.ts' : position === total - 1 ? 'emoji/😀 ñ.ts' : `dir-${position % 7}/ascii-file-number-${position}.ts`;
    const directory = tree.path('lists');
    const outcome = await saveSpill(directory, { maxLists: 5, maxTotalBytes: 1 << 30 }, { ...header(total), pattern: 'ü*' }, chunksOfLines(total, line));
    assert.ok(outcome.saved);
    assert.equal(outcome.written, total);
    const text = readFileSync(outcome.path, 'utf8');
    const parsed = parseSpillHeader(text);
    assert.ok(parsed);
    assert.equal(parsed.pattern, 'ü*');
    const listed = text.split('\n').slice(parsed.firstPathLine, -1);
    assert.equal(listed.length, total);
    assert.equal(listed[10], 'café/日本語.ts');
    assert.equal(listed[total - 1], 'emoji/😀 ñ.ts');
    assert.equal(listed[total - 2], line(total - 2));
  });

  it('tightens a directory that is too open', async () => {
    const directory = tree.path('open');
    mkdirSync(directory, { mode: 0o755 });
    chmodSync(directory, 0o755);
    assert.ok((await saveSpill(directory, { maxLists: 5, maxTotalBytes: 1 << 20 }, header(1), paths(1))).saved);
    assert.equal(statSync(directory).mode & 0o777, 0o700);
  });

  it('keeps at most maxLists lists, pruning the oldest first', async () => {
    const directory = tree.path('lists');
    const saved: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const outcome = await saveSpill(directory, { maxLists: 3, maxTotalBytes: 1 << 20 }, { ...header(2), savedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) }, paths(2));
      assert.ok(outcome.saved);
      saved.push(outcome.path);
    }
    await prunesSettled();
    const left = readdirSync(directory).map((name) => tree.path('lists', name)).sort();
    assert.deepEqual(left, saved.slice(2).sort());
  });

  it('bounds total bytes, cutting a list that is too long and saying so in its header', async () => {
    const directory = tree.path('lists');
    const outcome = await saveSpill(directory, { maxLists: 3, maxTotalBytes: 2000 }, header(1000), paths(1000));
    assert.ok(outcome.saved);
    assert.ok(outcome.written < 1000 && outcome.written > 0);
    const text = readFileSync(outcome.path, 'utf8');
    assert.ok(Buffer.byteLength(text) <= 2000);
    assert.match(text, new RegExp(`^# listed: the first ${outcome.written} of them \\(the list was cut at its size bound\\) *$`, "m"));
    // The lines named as holding paths are the ones written, numbered from 1.
    const lines = text.split('\n');
    assert.equal(outcome.pathLines.last - outcome.pathLines.first + 1, outcome.written);
    assert.equal(lines[outcome.pathLines.first - 1], 'dir-0/file-0.ts');
    assert.equal(lines[outcome.pathLines.last - 1], `dir-${(outcome.written - 1) % 7}/file-${outcome.written - 1}.ts`);
    assert.equal(lines[outcome.pathLines.last], '');
  });

  it('cuts a list handed over as bytes at a whole line too', async () => {
    const names = Array.from({ length: 1000 }, (_, i) => `dir-${i % 7}/file-${i}.ts`);
    const scopes = [{ walkRoot: '/w', rootSegments: [], searchRoot: '/w', shownPrefix: '', entryPrefix: '' }];
    const bytes = shownPathChunks(Uint32Array.from(names, (_, i) => i), names, new Uint32Array(1000), scopes, true);
    assert.ok('bytes' in bytes(0, 1 << 20), 'the list comes as bytes');
    const outcome = await saveSpill(tree.path('lists'), { maxLists: 3, maxTotalBytes: 2000 }, header(1000), bytes);
    assert.ok(outcome.saved);
    assert.ok(outcome.written < 1000 && outcome.written > 0);
    const text = readFileSync(outcome.path, 'utf8');
    assert.ok(Buffer.byteLength(text) <= 2000);
    const parsed = parseSpillHeader(text);
    assert.ok(parsed);
    assert.deepEqual(text.split('\n').slice(parsed.firstPathLine), [...names.slice(0, outcome.written), '']);
    assert.match(text, new RegExp(`^# listed: the first ${outcome.written} of them`, 'm'));
  });

  it('refuses a planted symbolic link as the directory, and the search still gets an answer', async () => {
    const target = tree.path('target');
    mkdirSync(target);
    symlinkSync(target, tree.path('planted'));
    const outcome = await saveSpill(tree.path('planted'), { maxLists: 3, maxTotalBytes: 1 << 20 }, header(1), paths(1));
    assert.equal(outcome.saved, false);
    assert.match(outcome.saved ? '' : outcome.reason, /not a plain directory/);
    assert.deepEqual(readdirSync(target), []);
  });

  it('reports a directory it cannot create instead of throwing', async () => {
    writeFileSync(tree.path('a-file'), '');
    const outcome = await saveSpill(tree.path('a-file', 'lists'), { maxLists: 3, maxTotalBytes: 1 << 20 }, header(1), paths(1));
    assert.equal(outcome.saved, false);
  });

  it('leaves no partial file behind when stopped while writing', async () => {
    const directory = tree.path('lists');
    const controller = new AbortController();
    // The stop comes with the first line given: the write has begun.
    const stoppedAtOnce = (from: number): { text: string; lines: number } => {
      controller.abort();
      return { text: `file-${from}.ts\n`, lines: 1 };
    };
    const outcome = await saveSpill(directory, { maxLists: 3, maxTotalBytes: 1 << 30 }, header(5), stoppedAtOnce, controller.signal);
    assert.deepEqual(outcome, { saved: false, reason: 'the search was stopped while it was being written' });
    assert.deepEqual(readdirSync(directory), []);
    assert.ok(lstatSync(directory).isDirectory());
  });

  it('writes the whole list when the stop came before the write: it stopped the search, not the answer', async () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = await saveSpill(tree.path('lists'), { maxLists: 3, maxTotalBytes: 1 << 30 }, header(5), paths(5), controller.signal);
    assert.ok(outcome.saved);
    assert.equal(outcome.written, 5);
  });
});

describe('spill: reading lines back into files', () => {
  it('resolves each line against the root with the longest matching prefix, escaped names included', () => {
    const roots = [{ prefix: 'front/', path: '/ws/front' }, { prefix: 'front/nested/', path: '/ws/nested' }, { prefix: '/abs/', path: '/abs' }];
    assert.deepEqual(resolveSpillLine('front/src/a.ts', roots), { root: '/ws/front', relative: 'src/a.ts' });
    assert.deepEqual(resolveSpillLine('front/nested/x', roots), { root: '/ws/nested', relative: 'x' });
    assert.deepEqual(resolveSpillLine(showName('front/new\nline', true), roots), { root: '/ws/front', relative: 'new\nline' });
    const bytes = resolveSpillLine(showName(Buffer.concat([Buffer.from('/abs/b-'), Buffer.from([0xff])]), true), roots);
    assert.ok(bytes && Buffer.isBuffer(bytes.relative) && bytes.relative.equals(Buffer.concat([Buffer.from('b-'), Buffer.from([0xff])])));
    assert.equal(resolveSpillLine('unrelated', roots), undefined);
  });
});
