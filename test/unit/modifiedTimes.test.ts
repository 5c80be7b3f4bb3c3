import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { ModifiedTimes } from '../../src/core/modifiedTimes';
import { TempTree } from './helpers/tree';

describe('modifiedTimes: reading times while listing', () => {
  let tree: TempTree;
  beforeEach(() => {
    tree = new TempTree().write({ 'a.txt': 1_000, 'b.txt': 2_000 });
  });
  afterEach(() => tree.remove());

  it('reads each file’s time, and counts a file that vanished or became a directory', async () => {
    mkdirSync(tree.path('now-a-directory'));
    const times = new ModifiedTimes(undefined, 2);
    times.add(0, tree.path('a.txt'));
    times.add(1, tree.path('gone.txt'));
    times.add(2, tree.path('now-a-directory'));
    times.add(3, tree.path('b.txt'));
    const summary = await times.finish();
    assert.deepEqual(Array.from(summary.mtimes), [1_000_000, Number.NaN, Number.NaN, 2_000_000]);
    assert.equal(summary.vanished, 2);
    assert.equal(summary.skipped, 0);
  });

  it('counts as unreadable what fails for another reason (a symlink loop)', async () => {
    const { symlinkSync } = await import('node:fs');
    symlinkSync(tree.path('loop'), tree.path('loop'));
    const times = new ModifiedTimes();
    times.add(0, tree.path('loop'));
    const summary = await times.finish();
    assert.equal(summary.unreadable, 1);
  });

  it('skips what is still queued once stopped, and counts it', async () => {
    const controller = new AbortController();
    const times = new ModifiedTimes(controller.signal, 1);
    for (let i = 0; i < 100; i += 1) {
      times.add(i, tree.path(i % 2 === 0 ? 'a.txt' : 'b.txt'));
    }
    controller.abort();
    const summary = await times.finish();
    assert.ok(summary.skipped >= 98, `skipped ${summary.skipped}`);
    assert.equal(summary.mtimes.filter((mtime) => !Number.isNaN(mtime)).length + summary.skipped, 100);
  });
});
