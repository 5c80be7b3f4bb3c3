import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { chunksOfLines } from '../../src/core/spill/shownLines';
import { prunesSettled, saveSpill } from '../../src/core/spill/spill';
import { readSpillHeader, spillHeaderParts } from '../../src/core/spill/spillFormat';
import { readListedPaths, readSavedList, readSavedListHeader, readSavedListText, savedListState, savedListTime } from '../../src/core/spill/savedList';
import { showName } from '../../src/core/names';
import { LastList, type ListMemento } from '../../src/vscode/lastList';
import { unreadableListMessage } from '../../src/vscode/listMessages';
import { listTitle } from '../../src/vscode/listTitle';
import { TempTree } from './helpers/tree';

/** A memento as VS Code keeps one: values stored as JSON, read back as copies. */
function mapMemento(store: Map<string, string>): ListMemento {
  return {
    get: <T>(key: string) => (store.has(key) ? (JSON.parse(store.get(key) ?? 'null') as T) : undefined),
    update: (key: string, value: unknown) => {
      store.set(key, JSON.stringify(value));
      return Promise.resolve();
    },
  };
}

describe('saved complete lists, read back by path', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree();
  });
  afterEach(() => tree.remove());

  const save = (directory: string, at: number, path?: string) =>
    saveSpill(
      directory,
      { maxLists: 1, maxTotalBytes: 1 << 20 },
      { pattern: 'src/**/*.ts', ...(path ? { path } : {}), roots: [{ prefix: '', path: '/w' }], total: 4097, complete: true, savedAt: new Date(Date.UTC(2026, 10, 30, 10, 0, at)) },
      chunksOfLines(3, (position) => `src/file-${position}.ts`),
    );

  it('reads the first paths of a list back with the files they name, a list of several roots and a name that is not UTF-8 too', async () => {
    const odd = Buffer.concat([Buffer.from('back/b-'), Buffer.from([0xff])]);
    const lines = ['front/src/a.ts', showName(odd, true), 'front/README.md'];
    const saved = await saveSpill(
      tree.path('lists'),
      { maxLists: 1, maxTotalBytes: 1 << 20 },
      { pattern: '*', roots: [{ prefix: 'front/', path: '/w/front' }, { prefix: 'back/', path: '/w/back' }], total: 3, complete: true, savedAt: new Date() },
      chunksOfLines(3, (position) => lines[position]),
    );
    assert.ok(saved.saved);
    const listed = await readListedPaths(saved.path, 10);
    assert.deepEqual(
      listed.map(({ shown, file }) => [shown, typeof file === 'string' ? file : file.toString('latin1')]),
      [
        ['front/src/a.ts', '/w/front/src/a.ts'],
        ['"back/b-\\xff"', Buffer.concat([Buffer.from('/w/back/b-'), Buffer.from([0xff])]).toString('latin1')],
        ['front/README.md', '/w/front/README.md'],
      ],
    );
    assert.deepEqual((await readListedPaths(saved.path, 2)).map(({ shown }) => shown), ['front/src/a.ts', '"back/b-\\xff"']);
    // Not a list: nothing.
    writeFileSync(tree.path('other.txt'), 'src/a.ts\n\nsrc/b.ts\n');
    assert.deepEqual(await readListedPaths(tree.path('other.txt'), 10), []);
    assert.deepEqual(await readListedPaths(tree.path('missing.txt'), 10), []);
  });

  it('tells a saved list from one pruned since and from a file that never was one', async () => {
    const directory = tree.path('lists');
    const first = await save(directory, 0);
    assert.ok(first.saved);
    assert.equal(await savedListState(first.path, directory), 'saved');
    // Lists are pruned oldest first: with room for one, the second removes the first.
    const second = await save(directory, 1);
    assert.ok(second.saved);
    await prunesSettled();
    assert.equal(await savedListState(first.path, directory), 'removed');
    assert.equal(await savedListState(second.path, directory), 'saved');
    // Not ours: elsewhere, named otherwise, or a link under a list's name that leads out.
    writeFileSync(tree.path('elsewhere.txt'), 'x');
    assert.equal(await savedListState(tree.path('elsewhere.txt'), directory), 'foreign');
    assert.equal(await savedListState(tree.path('lists', 'notes.txt'), directory), 'foreign');
    assert.equal(await savedListState(tree.path('other', 'glob-20261130T100000000Z-0123456789abcdef.txt'), directory), 'foreign');
    const planted = tree.path('lists', 'glob-20261130T100002000Z-0123456789abcdef.txt');
    symlinkSync(tree.path('elsewhere.txt'), planted);
    assert.equal(await savedListState(planted, directory), 'foreign');
    unlinkSync(planted);
    // A whole lists directory gone (storage cleared) still means its lists were removed.
    assert.equal(await savedListState(tree.path('gone', 'glob-20261130T100000000Z-0123456789abcdef.txt'), tree.path('gone')), 'removed');
  });

  it('reads back the header of a list saved for a pattern longer than a read', async () => {
    // Found by a review: only the first 64 KB were read, so a list saved for a 70,000-character
    // pattern was called "not a complete list saved by Workspace Glob".
    const pattern = `${'{a,b}'.repeat(14_000)}*.ts`;
    const saved = await saveSpill(
      tree.path('lists'),
      { maxLists: 1, maxTotalBytes: 1 << 20 },
      { pattern, roots: [{ prefix: '', path: '/w' }], total: 2, complete: true, savedAt: new Date() },
      chunksOfLines(2, (position) => `f-${position}.ts`),
    );
    assert.ok(saved.saved);
    assert.equal((await readSavedListHeader(saved.path))?.pattern, pattern);
    assert.deepEqual((await readListedPaths(saved.path, 5)).map(({ shown }) => shown), ['f-0.ts', 'f-1.ts']);
  });

  it('reads back the header facts a title is made of, the path given among them', async () => {
    const directory = tree.path('lists');
    mkdirSync(directory, { recursive: true });
    const narrowed = await save(directory, 0, 'packages/ui/');
    assert.ok(narrowed.saved);
    const header = await readSavedListHeader(narrowed.path);
    assert.ok(header);
    assert.equal(header.path, 'packages/ui/');
    assert.equal(listTitle(header), 'src/**/*.ts in packages/ui/ — 4,097 files');
    const whole = await save(directory, 1);
    assert.ok(whole.saved);
    const wholeHeader = await readSavedListHeader(whole.path);
    assert.ok(wholeHeader);
    assert.equal(wholeHeader.path, undefined);
    assert.equal(listTitle(wholeHeader), 'src/**/*.ts — 4,097 files');
    assert.equal(savedListTime(whole.path)?.toISOString(), '2026-11-30T10:00:01.000Z');
    writeFileSync(tree.path('plain.txt'), 'not a list\n\n');
    assert.equal(await readSavedListHeader(tree.path('plain.txt')), undefined);
    assert.equal(await readSavedListHeader(tree.path('missing.txt')), undefined);
  });

  it('says what in a list changed on disk since it was saved gave it away, rather than that it is no list', async () => {
    // Regression: a list of ours edited on disk was called "Not a complete list saved by
    // Workspace Glob", which left the person to guess why.
    const saved = await save(tree.path('lists'), 0);
    assert.ok(saved.saved);
    const text = readFileSync(saved.path, 'utf8');
    const edits: Array<[string, string]> = [
      [text.replace(/\n/g, '\r\n'), 'its lines end in a carriage return and a line feed, as an editor that saves with Windows line ends writes them'],
      [text.replace('# Workspace Glob: complete list', '# my notes'), 'its first line is not "# Workspace Glob: complete list"'],
      [text.replace('\n\n', '\n'), 'line 8, before the empty line that ends its header, does not start with "# " as header lines do'],
      [text.split('\n').slice(0, 5).join('\n'), 'no empty line ends its header'],
      [text.replace('# roots: [', '# roots: [['), 'its "# pattern:", "# path:" or "# roots:" line is not the JSON it was saved as'],
      [text.replace('# roots: [{"prefix":"","path":"/w"}]', '# roots: ["/w"]'), 'its "# pattern:", "# path:" or "# roots:" line does not hold what it was saved with'],
      ['', 'it is empty'],
      // Regression: a header line taken away or edited was read as no pattern, no links or 0
      // files (and INCOMPLETE), not as a list changed since it was saved.
      [text.replace(/^# pattern: .*\n/m, ''), 'it has no "# pattern:" line in its header'],
      [text.replace(/^# roots: .*\n/m, ''), 'it has no "# roots:" line in its header'],
      [text.replace(/^# total: .*\n/m, ''), 'it has no "# total:" line in its header'],
      [text.replace(/^# total: \d+/m, '# total: many'), 'its "# total:" line does not say how many files or paths it holds, as it was saved saying'],
    ];
    // A total of paths without the line on the distinct files they are read as that many files.
    const { before, listed, after } = spillHeaderParts({ pattern: '*', roots: [{ prefix: '', path: '/w' }], total: 3, aliases: 1, complete: true, savedAt: new Date(0) });
    const withAliases = `${before}${listed}${after}a\nb\nc\n`;
    assert.equal('header' in readSpillHeader(withAliases), true);
    assert.deepEqual(readSpillHeader(withAliases.replace(/^# distinct files: .*\n/m, '')), {
      problem: 'its "# total:" line counts paths, but no "# distinct files:" line says how many files they are',
    });
    for (const [edited, problem] of edits) {
      writeFileSync(saved.path, edited);
      assert.deepEqual(await readSavedList(saved.path), { problem, changed: true });
      assert.deepEqual(await readSavedListText(saved.path), { problem, changed: true });
      assert.equal(await readSavedListHeader(saved.path), undefined);
    }
    assert.equal(
      unreadableListMessage(saved.path, { problem: 'its first line is not "# Workspace Glob: complete list"', changed: true }, 'src/**/*.ts — 4,097 files'),
      `The complete list (for src/**/*.ts — 4,097 files, saved ${new Date(Date.UTC(2026, 10, 30, 10, 0, 0)).toLocaleString('en-US')}) cannot be shown: its first line is not "# Workspace Glob: complete list", so it was changed after Workspace Glob saved it. Its file is ${saved.path}. Run the search again to get its complete list.`,
    );
    // One that cannot be read is not said to be changed.
    writeFileSync(saved.path, text);
    assert.deepEqual(await readSavedListText(saved.path), { text });
    chmodSync(saved.path, 0o000);
    try {
      if (process.getuid?.() !== 0) {
        const unreadable = await readSavedList(saved.path);
        assert.ok('problem' in unreadable && !unreadable.changed && /^it could not be read \(EACCES/.test(unreadable.problem), JSON.stringify(unreadable));
      }
    } finally {
      chmodSync(saved.path, 0o600);
    }
  });
});

describe('the last complete list, remembered', () => {
  const LISTS = 'file:///s/lists';
  /** The number the first search of a window begins with (each instance here plays a window). */
  const FIRST_SEARCH = 1;
  it('is recalled by a second instance over the same memento, as after a window reload', async () => {
    const store = new Map<string, string>();
    assert.equal(new LastList(mapMemento(store), LISTS).recall(), undefined);
    await new LastList(mapMemento(store), LISTS).remember({ file: '/s/lists/glob-1.txt', title: '*.ts — 4,097 files' }, FIRST_SEARCH);
    assert.deepEqual(new LastList(mapMemento(store), LISTS).recall(), { file: '/s/lists/glob-1.txt', title: '*.ts — 4,097 files' });
    // A value of another shape (an older version, a hand edit) is no list.
    for (const key of store.keys()) {
      store.set(key, JSON.stringify('/s/lists/glob-1.txt'));
    }
    assert.equal(new LastList(mapMemento(store), LISTS).recall(), undefined);
  });

  it('is recalled only where its lists are saved: a remote window shares global state with local ones', async () => {
    const store = new Map<string, string>();
    // A remote extension host sees its own global storage as a file: URI on the remote's disk.
    const remote = 'file:///home/dev/.vscode-server/data/User/globalStorage/workspace-glob.workspace-glob';
    await new LastList(mapMemento(store), remote).remember({ file: '/home/dev/lists/glob-2.txt', title: '* — 500 files' }, FIRST_SEARCH);
    await new LastList(mapMemento(store), LISTS).remember({ file: '/s/lists/glob-1.txt', title: '*.ts — 4,097 files' }, FIRST_SEARCH);
    assert.deepEqual(new LastList(mapMemento(store), remote).recall(), { file: '/home/dev/lists/glob-2.txt', title: '* — 500 files' });
    assert.deepEqual(new LastList(mapMemento(store), LISTS).recall(), { file: '/s/lists/glob-1.txt', title: '*.ts — 4,097 files' });
    assert.equal(new LastList(mapMemento(store), 'file:///elsewhere').recall(), undefined);
  });

  it('is recalled only on the machine that saved it, where two remotes see the same storage URI', async () => {
    // Regression: keyed by the lists' directory alone. A remote extension host sees its global
    // storage as a file: URI, the same on two SSH hosts with the same user and home, and global
    // state is shared by all of them (microsoft/vscode#130099): the second host recalled the
    // first one's list, a path on the other disk.
    const store = new Map<string, string>();
    const storage = 'file:///home/me/.vscode-server/data/User/globalStorage/workspace-glob.workspace-glob';
    await new LastList(mapMemento(store), storage, 'build-a').remember({ file: '/home/me/lists/glob-1.txt', title: '* — 500 files' }, FIRST_SEARCH);
    assert.equal(new LastList(mapMemento(store), storage, 'build-b').recall(), undefined);
    assert.deepEqual(new LastList(mapMemento(store), storage, 'build-a').recall(), { file: '/home/me/lists/glob-1.txt', title: '* — 500 files' });
  });

  it('is a list of the newest search: one begun before it, that ends after it, does not take its place', async () => {
    // Regression: a "Find Files" replaced by a newer one, or a slow tool call, saved its list
    // after the newer search had, and "Open Last Complete List" opened the older list.
    const store = new Map<string, string>();
    const last = new LastList(mapMemento(store), LISTS);
    const older = last.begin();
    const newer = last.begin();
    await last.remember({ file: '/s/lists/glob-2.txt', title: 'src/** — 200 files' }, newer);
    await last.remember({ file: '/s/lists/glob-1.txt', title: '* — 9,000 files found so far' }, older);
    assert.deepEqual(new LastList(mapMemento(store), LISTS).recall(), { file: '/s/lists/glob-2.txt', title: 'src/** — 200 files' });
    // A search begun after it does take its place, whenever it ends.
    const newest = last.begin();
    await last.remember({ file: '/s/lists/glob-3.txt', title: '*.md — 150 files' }, newest);
    assert.deepEqual(new LastList(mapMemento(store), LISTS).recall(), { file: '/s/lists/glob-3.txt', title: '*.md — 150 files' });
  });
});
