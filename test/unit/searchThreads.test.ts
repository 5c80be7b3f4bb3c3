/**
 * How long idle search threads are kept: a minute each, except the only thread left, which stays
 * five, so an agent's next burst of calls minutes later finds a thread that has searched before.
 * Real threads, with the timers held by the test so it decides when each one expires.
 */

import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import type { StartTimer } from '../../src/core/walk/stopper';
import { IDLE_MS, LAST_IDLE_MS, SearchThreads } from '../../src/core/worker/searchThreads';
import { WORKER_SCRIPT } from '../../src/core/worker/workerSearch';

/** Timers that expire only when the test says so. */
class HeldTimers {
  private readonly pending = new Map<number, { readonly milliseconds: number; readonly onExpiry: () => void }>();
  /** How many timers were started in all. */
  started = 0;

  readonly start: StartTimer = (milliseconds, onExpiry) => {
    const id = this.started;
    this.started += 1;
    this.pending.set(id, { milliseconds, onExpiry });
    return () => this.pending.delete(id);
  };

  /** The durations of the timers still running, oldest first. */
  get running(): number[] {
    return [...this.pending.values()].map(({ milliseconds }) => milliseconds);
  }

  /** Expires the oldest timer still running. */
  expireOldest(): void {
    const [id, timer] = [...this.pending][0];
    this.pending.delete(id);
    timer.onExpiry();
  }
}

describe('search threads kept between searches', () => {
  // Every thread a test was given, ended after it even when an assertion failed midway: a busy
  // thread would otherwise keep the test run alive.
  const given: Worker[] = [];
  afterEach(async () => {
    await Promise.all(given.splice(0).map((worker) => worker.terminate()));
  });

  async function acquired(threads: SearchThreads): Promise<Worker> {
    const worker = await threads.acquire();
    assert.ok(worker, 'no thread was given');
    given.push(worker);
    return worker;
  }

  it('ends an idle thread after IDLE_MS, but keeps the only one left for LAST_IDLE_MS', async () => {
    const timers = new HeldTimers();
    const threads = new SearchThreads(WORKER_SCRIPT, 4, timers.start);
    const first = await acquired(threads);
    const second = await acquired(threads);
    threads.release(first, true);
    threads.release(second, true);
    assert.deepEqual(timers.running, [IDLE_MS, IDLE_MS]);

    const firstEnded = once(first, 'exit');
    timers.expireOldest();
    await firstEnded;
    assert.equal(threads.threads, 1);
    // Now alone, the second thread's minute starts over as five, once: not again when the first
    // thread's exit comes after it was ended.
    assert.deepEqual(timers.running, [LAST_IDLE_MS]);
    assert.equal(timers.started, 3);

    // It serves the next search (its timer stopped), and is kept as long again after it.
    assert.equal(await acquired(threads), second);
    assert.deepEqual(timers.running, []);
    threads.release(second, true);
    assert.deepEqual(timers.running, [LAST_IDLE_MS]);

    const secondEnded = once(second, 'exit');
    timers.expireOldest();
    await secondEnded;
    assert.equal(threads.threads, 0);
  });

  it('keeps the idle thread longer once a busy one fails and is ended', async () => {
    const timers = new HeldTimers();
    const threads = new SearchThreads(WORKER_SCRIPT, 4, timers.start);
    const idle = await acquired(threads);
    const busy = await acquired(threads);
    threads.release(idle, true);
    assert.deepEqual(timers.running, [IDLE_MS]);

    const busyEnded = once(busy, 'exit');
    threads.release(busy, false);
    await busyEnded;
    assert.equal(threads.threads, 1);
    assert.deepEqual(timers.running, [LAST_IDLE_MS]);

    const idleEnded = once(idle, 'exit');
    timers.expireOldest();
    await idleEnded;
    assert.equal(threads.threads, 0);
    assert.deepEqual(timers.running, []);
  });
});
