import * as assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { createModifiedTimes, ownThreadStatMode, type ModifiedTimes, type StatMode } from '../../src/core/walk/modifiedTimes';
import { AdaptiveModifiedTimes } from '../../src/core/walk/statWays/adaptive';
import { AsyncModifiedTimes } from '../../src/core/walk/statWays/async';
import { PooledModifiedTimes, type SubmitBatch } from '../../src/core/walk/statWays/pooled';
import { SyncModifiedTimes } from '../../src/core/walk/statWays/sync';
import { NOT_READ } from '../../src/core/walk/statWays/record';
import { StatPool, statPool, type StatBatch, type StatBatchResult } from '../../src/core/walk/statPool';
import { Stopper } from '../../src/core/walk/stopper';
import { TempTree } from './helpers/tree';

/**
 * The pool way (batches of 2) with each batch held back on its way to the real stat pool until
 * the test lets it go and, if it likes, waits for its answer: what the threads have done before
 * a stop is then no race.
 */
function heldPool(signal: AbortSignal, readAfterStop?: number): { times: ModifiedTimes; held: Array<{ batch: Omit<StatBatch, 'id'>; release: () => Promise<StatBatchResult> }> } {
  const held: Array<{ batch: Omit<StatBatch, 'id'>; release: () => Promise<StatBatchResult> }> = [];
  const holding: SubmitBatch = (batch) =>
    new Promise((resolve, reject) =>
      held.push({
        batch,
        release: () => {
          const sent = statPool().submit(batch);
          sent.then(resolve, reject);
          return sent;
        },
      }),
    );
  return { times: new PooledModifiedTimes(signal, { batchSize: 2, submit: holding, ...(readAfterStop === undefined ? {} : { readAfterStop }) }), held };
}

const ways: Array<[string, (signal?: AbortSignal) => ModifiedTimes]> = [
  ['pool (stat threads, batches of 2)', (signal) => new PooledModifiedTimes(signal, { batchSize: 2 })],
  ['sync (the calling thread)', (signal) => new SyncModifiedTimes(signal)],
  ['async (libuv pool)', (signal) => new AsyncModifiedTimes(signal, 2)],
  // Four names listed: the third match is the first that makes matches most of them.
  ['adaptive (the calling thread, then the pool)', (signal) => new AdaptiveModifiedTimes(signal, () => 4, { firstLook: 0, pool: { batchSize: 2 } })],
];

/**
 * The pool way's batches, passed on to the real stat pool and kept for the test to look at.
 */
function watchedPool(): { submit: SubmitBatch; sent: Array<Omit<StatBatch, 'id'>> } {
  const sent: Array<Omit<StatBatch, 'id'>> = [];
  return {
    submit: (batch) => {
      sent.push(batch);
      return statPool().submit(batch);
    },
    sent,
  };
}

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
    // Each skipped match has the time NOT_READ, which sorts it last; the rest were read.
    assert.equal(summary.mtimes.filter((mtime) => mtime === NOT_READ).length, summary.skipped);
    assert.equal(summary.mtimes.filter((mtime) => Number.isFinite(mtime)).length + summary.skipped, 100);
  });

  it('pool: stats in batches of the same root, skips what is added once stopped', async () => {
    const other = new TempTree().write({ 'c.txt': 4_000 });
    try {
      const controller = new AbortController();
      const { times, held } = heldPool(controller.signal);
      times.add(0, tree.root, 'a.txt');
      times.add(1, other.root, 'c.txt');
      times.add(2, tree.root, 'b.txt');
      // A batch holds one root: a new root sent the batch before it.
      assert.deepEqual(held.map(({ batch }) => [batch.root, batch.names]), [[tree.root, 'a.txt'], [other.root, 'c.txt']]);
      await Promise.all(held.map(({ release }) => release()));
      controller.abort();
      times.add(3, tree.root, 'a.txt');
      const summary = await times.finish();
      assert.deepEqual(Array.from(summary.mtimes), [1_000_000, 4_000_000, NOT_READ, NOT_READ]);
      assert.equal(summary.skipped, 2);
    } finally {
      other.remove();
    }
  });

  it('pool: after a stop the threads read only the few files allowed, the rest come back unread, counted', async () => {
    const controller = new AbortController();
    const { times, held } = heldPool(controller.signal, 1);
    ['a.txt', 'b.txt', 'a.txt', 'b.txt'].forEach((name, index) => times.add(index, tree.root, name));
    assert.equal(held.length, 2);
    // The first batch is read before the stop, the second reaches a thread only after it.
    await held[0].release();
    controller.abort();
    void held[1].release();
    const summary = await times.finish();
    assert.deepEqual(Array.from(summary.mtimes), [1_000_000, 2_000_000, 1_000_000, NOT_READ]);
    assert.equal(summary.skipped, 1);
  });

  it('pool: the size bound is no stop for the threads (what was held is read), a cancellation or a timeout after it is', async () => {
    // The ways get the Stopper's nowSignal, which the bound leaves alone. `then` runs after the
    // bound and before the held batches reach the threads.
    const readAfterBound = async (stopper: Stopper, then: () => void = () => undefined): Promise<number[]> => {
      const { times, held } = heldPool(stopper.nowSignal, 0);
      ['a.txt', 'b.txt', 'a.txt'].forEach((name, index) => times.add(index, tree.root, name));
      stopper.stop('limit');
      then();
      const finished = times.finish();
      // The batch sent before the bound, and the one begun before it, both reach the threads after it.
      await Promise.all(held.map(({ release }) => release()));
      return Array.from((await finished).mtimes);
    };
    assert.deepEqual(await readAfterBound(new Stopper(undefined, undefined)), [1_000_000, 2_000_000, 1_000_000]);
    // Regression: a stop is recorded once, so a cancellation after the bound read every held file all the same.
    const cancelled = new Stopper(undefined, undefined);
    assert.deepEqual(await readAfterBound(cancelled, () => cancelled.stop('cancelled')), [NOT_READ, NOT_READ, NOT_READ]);
    let expire: () => void = () => undefined;
    const timedOut = new Stopper(undefined, 1_000, (_milliseconds, onExpiry) => {
      expire = onExpiry;
      return () => undefined;
    });
    assert.deepEqual(await readAfterBound(timedOut, () => expire()), [NOT_READ, NOT_READ, NOT_READ]);
    // The later stop is the reason given, and the bound is kept (regression: the reason stayed
    // 'limit', so a Ctrl-C after the bound exited 0 and went unsaid).
    assert.equal(timedOut.reason, 'timeout');
    assert.equal(timedOut.boundReached, true);
    assert.equal(timedOut.nowSignal.reason, 'timeout');
    assert.equal(cancelled.reason, 'cancelled');
  });

  it('pool: a thread that fails is the only one taken out of the pool', async () => {
    // Bug: a failing thread emits 'error' and then 'exit', and each took it out of the pool. The
    // second time it was no longer there, and splice(-1, 1) took out the last thread instead: a
    // healthy one, which the pool then never ended, however long it stayed idle.
    const pool = new StatPool(2);
    const batch = { root: tree.root, names: 'a.txt\0b.txt', bytes: [] };
    await Promise.all([pool.submit(batch), pool.submit(batch)]);
    const [failing, healthy] = pool.workers;
    assert.ok(failing && healthy, 'two threads started');
    // Names that are no string make the thread throw; both are idle, so the first one gets it.
    const exited = new Promise((resolve) => failing.once('exit', resolve));
    await assert.rejects(pool.submit({ ...batch, names: 42 as unknown as string }));
    await exited;
    const held = (): number[] => pool.workers.map((worker) => worker.threadId);
    assert.deepEqual(held(), [healthy.threadId]);
    const { mtimes } = await pool.submit(batch);
    assert.deepEqual(Array.from(mtimes), [1_000_000, 2_000_000]);
    assert.deepEqual(held(), [healthy.threadId]);
    await healthy.terminate();
  });

  it('pool: a thread that fails with two batches leaves no idle timer that ends the thread of a later batch', async () => {
    // Bug: each batch the failure refused settled with every thread idle, and each started the
    // idle timer; only the last was cancelled by the next batch. The first one, 30 s on, ended the
    // pool's threads under a search's batch, whose answer then never came: the search hung.
    const running = new Set<() => void>();
    const pool = new StatPool(1, (_milliseconds, onExpiry) => {
      running.add(onExpiry);
      return () => running.delete(onExpiry);
    });
    const batch = { root: tree.root, names: 'a.txt\0b.txt', bytes: [] };
    await pool.submit(batch);
    const [failing] = pool.workers;
    const exited = new Promise((resolve) => failing.once('exit', resolve));
    // Names that are no string make the thread throw; the batch after it, on the same thread, is refused too.
    const refused = [pool.submit({ ...batch, names: 42 as unknown as string }), pool.submit(batch)];
    await Promise.all(refused.map((submitted) => assert.rejects(submitted)));
    await exited;
    const later = pool.submit(batch);
    // Whatever idle timer still runs expires while the later batch is read.
    [...running].forEach((expire) => expire());
    assert.equal(pool.workers.length, 1, 'the thread reading the later batch was ended');
    assert.deepEqual(Array.from((await later).mtimes), [1_000_000, 2_000_000]);
    await Promise.all(pool.workers.map((worker) => worker.terminate()));
  });

  it('pool: where no shared memory is offered, a search still reads every file', async () => {
    const shared = Object.getOwnPropertyDescriptor(globalThis, 'SharedArrayBuffer');
    assert.ok(shared);
    Reflect.deleteProperty(globalThis, 'SharedArrayBuffer');
    let times: ModifiedTimes;
    try {
      times = new PooledModifiedTimes(undefined, { batchSize: 2 });
    } finally {
      Object.defineProperty(globalThis, 'SharedArrayBuffer', shared);
    }
    ['a.txt', 'b.txt', 'a.txt'].forEach((name, index) => times.add(index, tree.root, name));
    const summary = await times.finish();
    assert.deepEqual(Array.from(summary.mtimes), [1_000_000, 2_000_000, 1_000_000]);
  });

  it('adaptive: the calling thread reads while at most half of the listed names match, the pool once most do', async () => {
    const { submit, sent } = watchedPool();
    let listed = 0;
    const times = new AdaptiveModifiedTimes(undefined, () => listed, { firstLook: 8, pool: { batchSize: 2, submit } });
    const names = ['a.txt', 'b.txt'];
    let index = 0;
    // A sparse stretch: one name in three matches.
    for (; index < 6; index += 1) {
      listed += 3;
      times.add(index, tree.root, names[index % 2]);
    }
    assert.equal(sent.length, 0);
    // A dense one: every name matches. The 13th match, of 25 names listed, is the first that
    // makes matches more than half; it and those after it go to the pool.
    for (; index < 16; index += 1) {
      listed += 1;
      times.add(index, tree.root, names[index % 2]);
    }
    const summary = await times.finish();
    assert.deepEqual(
      sent.map((batch) => batch.names),
      ['a.txt\0b.txt', 'a.txt\0b.txt'],
    );
    assert.deepEqual(
      Array.from(summary.mtimes),
      Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 1_000_000 : 2_000_000)),
    );
  });

  it('adaptive: however dense, the first names listed decide nothing', async () => {
    const { submit, sent } = watchedPool();
    let listed = 0;
    const times = new AdaptiveModifiedTimes(undefined, () => listed, { firstLook: 4, pool: { batchSize: 1, submit } });
    for (let index = 0; index < 5; index += 1) {
      listed += 1;
      times.add(index, tree.root, 'a.txt');
    }
    await times.finish();
    // Matches were all of the names from the first, but only the fourth listed name let that count.
    assert.equal(sent.length, 2);
  });

  it('adaptive: a stop is counted on both sides of the hand-over', async () => {
    const controller = new AbortController();
    const { submit } = watchedPool();
    const times = new AdaptiveModifiedTimes(controller.signal, () => 4, { firstLook: 0, pool: { batchSize: 2, submit } });
    times.add(0, tree.root, 'a.txt');
    controller.abort();
    // The second match is still the calling thread's, the third the pool's.
    times.add(1, tree.root, 'b.txt');
    times.add(2, tree.root, 'a.txt');
    const summary = await times.finish();
    assert.deepEqual(Array.from(summary.mtimes), [1_000_000, NOT_READ, NOT_READ]);
    assert.equal(summary.skipped, 2);
  });

  it('a search on a thread of its own: adaptive only where ripgrep walks with one thread', () => {
    // Two or more walking threads list names faster than the calling thread can read their times.
    assert.equal(ownThreadStatMode(1), 'adaptive');
    assert.equal(ownThreadStatMode(2), 'pool');
    assert.equal(ownThreadStatMode(7), 'pool');
  });

  it('adaptive: refuses to start without the count of names listed', () => {
    // The types require the count; a caller without it (plain JavaScript) gets a clear error
    // instead of a way that would quietly read every time on the calling thread.
    const untyped = createModifiedTimes as (mode: StatMode) => ModifiedTimes;
    assert.throws(() => untyped('adaptive'), /needs the count of names listed/);
    assert.ok(createModifiedTimes('adaptive', undefined, () => 0) instanceof AdaptiveModifiedTimes);
  });

  it('sync: skips what is added once stopped, and counts it', async () => {
    const controller = new AbortController();
    const times = new SyncModifiedTimes(controller.signal);
    times.add(0, tree.root, 'a.txt');
    controller.abort();
    times.add(1, tree.root, 'b.txt');
    const summary = await times.finish();
    assert.deepEqual(Array.from(summary.mtimes), [1_000_000, NOT_READ]);
    assert.equal(summary.skipped, 1);
  });
});
