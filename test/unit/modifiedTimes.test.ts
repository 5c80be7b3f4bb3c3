import * as assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { AsyncModifiedTimes, PooledModifiedTimes, SyncModifiedTimes, type ModifiedTimes } from '../../src/core/modifiedTimes';
import { TempTree } from './helpers/tree';

const ways: Array<[string, (signal?: AbortSignal) => ModifiedTimes]> = [
  ['pool (stat threads, batches of 2)', (signal) => new PooledModifiedTimes(signal, 2)],
  ['sync (the calling thread)', (signal) => new SyncModifiedTimes(signal)],
  ['async (libuv pool)', (signal) => new AsyncModifiedTimes(signal, 2)],
];

describe('modifiedTimes: reading times while listing', () => {
  let tree: TempTree;
  const bytesName = Buffer.from([0x62, 0xff, 0x2e, 0x74]);
  beforeEach(() => {
    tree = new TempTree().write({ 'a.txt': 1_000, 'b.txt': 2_000 });
    tree.writeFile(bytesName, { mtime: 3_000 });
  });
  afterEach(() => tree.remove());

  for (const [name, create] of ways) {
    it(`${name}: reads each file’s time, and counts a file that vanished or became a directory`, async () => {
      mkdirSync(tree.path('now-a-directory'));
      const times = create();
      times.add(0, tree.root, 'a.txt');
      times.add(1, tree.root, 'gone.txt');
      times.add(2, tree.root, 'now-a-directory');
      times.add(3, tree.root, 'b.txt');
      times.add(4, tree.root, bytesName);
      const summary = await times.finish();
      assert.deepEqual(Array.from(summary.mtimes), [1_000_000, Number.NaN, Number.NaN, 2_000_000, 3_000_000]);
      assert.equal(summary.vanished, 2);
      assert.equal(summary.skipped, 0);
    });

    it(`${name}: counts as unreadable what fails for another reason (a symlink loop)`, async () => {
      symlinkSync(tree.path('loop'), tree.path('loop'));
      const times = create();
      times.add(0, tree.root, 'loop');
      const summary = await times.finish();
      assert.equal(summary.unreadable, 1);
    });
  }

  it('async: skips what is still queued once stopped, and counts it', async () => {
    const controller = new AbortController();
    const times = new AsyncModifiedTimes(controller.signal, 1);
    for (let i = 0; i < 100; i += 1) {
      times.add(i, tree.root, i % 2 === 0 ? 'a.txt' : 'b.txt');
    }
    controller.abort();
    const summary = await times.finish();
    assert.ok(summary.skipped >= 98, `skipped ${summary.skipped}`);
    assert.equal(summary.mtimes.filter((mtime) => !Number.isNaN(mtime)).length + summary.skipped, 100);
  });

  it('pool: stats in batches of the same root, skips what is added once stopped', async () => {
    const other = new TempTree().write({ 'c.txt': 4_000 });
    try {
      const controller = new AbortController();
      const times = new PooledModifiedTimes(controller.signal, 2);
      times.add(0, tree.root, 'a.txt');
      times.add(1, other.root, 'c.txt');
      times.add(2, tree.root, 'b.txt');
      controller.abort();
      times.add(3, tree.root, 'a.txt');
      const summary = await times.finish();
      assert.deepEqual(Array.from(summary.mtimes), [1_000_000, 4_000_000, Number.NaN, Number.NaN]);
      assert.equal(summary.skipped, 2);
    } finally {
      other.remove();
    }
  });

  it('sync: skips what is added once stopped, and counts it', async () => {
    const controller = new AbortController();
    const times = new SyncModifiedTimes(controller.signal);
    times.add(0, tree.root, 'a.txt');
    controller.abort();
    times.add(1, tree.root, 'b.txt');
    const summary = await times.finish();
    assert.deepEqual(Array.from(summary.mtimes), [1_000_000, Number.NaN]);
    assert.equal(summary.skipped, 1);
  });
});
