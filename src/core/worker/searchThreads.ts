/**
 * The threads searches run on (globWorker.ts), bounded: an agent that fires two hundred calls at
 * once must not start two hundred threads, each with its own heap and stat pool. A search takes
 * an idle thread, else a new one while there are fewer than the bound, else waits for the next
 * one freed. A thread whose search ended cleanly is kept (a few, for a while) for the next
 * search, since starting one costs tens of milliseconds.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ToWorker } from './protocol';

/** Threads at most, busy or idle: twice the cores (ripgrep and the stat pool wait on the disk), 2 to 8. */
export const MAX_SEARCH_THREADS = Math.max(2, Math.min(8, availableParallelism() * 2));
/** Idle threads kept for the next search. */
const MAX_IDLE = 2;
/** An idle thread ends after this long. */
const IDLE_MS = 60_000;

export class SearchThreads {
  private readonly alive = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly idleTimers = new Map<Worker, NodeJS.Timeout>();
  private readonly waiting: Array<(worker: Worker) => void> = [];

  constructor(
    private readonly script: string,
    private readonly max = MAX_SEARCH_THREADS,
  ) {}

  /**
   * A thread for one search, which the caller gives back with `release`. Resolves undefined when
   * `signal` stops the search while it waits for one.
   */
  acquire(signal?: AbortSignal): Promise<Worker | undefined> {
    const ready = this.take();
    if (ready || signal?.aborted) {
      return Promise.resolve(ready);
    }
    return new Promise((resolve) => {
      const stopWaiting = (): void => {
        this.waiting.splice(this.waiting.indexOf(handOver), 1);
        resolve(undefined);
      };
      const handOver = (worker: Worker): void => {
        signal?.removeEventListener('abort', stopWaiting);
        resolve(worker);
      };
      this.waiting.push(handOver);
      signal?.addEventListener('abort', stopWaiting, { once: true });
    });
  }

  /**
   * Takes back a thread. One whose search ended cleanly serves the next waiting search or waits
   * idle; any other (stopped, failed, perhaps still winding down) is ended. The caller has taken
   * its own listeners off (removeAllListeners would also take Node's, which keep messages flowing).
   */
  release(worker: Worker, reusable: boolean): void {
    if (!reusable) {
      this.end(worker);
      return;
    }
    worker.postMessage({ type: 'release' } satisfies ToWorker);
    const next = this.waiting.shift();
    if (next) {
      next(worker);
      return;
    }
    if (this.idle.length >= MAX_IDLE) {
      this.end(worker);
      return;
    }
    // An idle thread must not keep the process alive.
    worker.unref();
    this.idle.push(worker);
    const timer = setTimeout(() => this.end(worker), IDLE_MS);
    timer.unref();
    this.idleTimers.set(worker, timer);
  }

  private take(): Worker | undefined {
    const worker = this.idle.pop();
    if (worker) {
      clearTimeout(this.idleTimers.get(worker));
      this.idleTimers.delete(worker);
      worker.ref();
      return worker;
    }
    return this.alive.size < this.max ? this.start() : undefined;
  }

  private start(): Worker {
    // A small young generation: a search makes a short-lived string per file (the path it
    // stats), and collecting them sooner kept peak memory ~40 B per path lower at a million
    // files with no measurable cost in time (npm run bench -- --huge).
    const worker = new Worker(this.script, { resourceLimits: { maxYoungGenerationSizeMb: 8 } });
    this.alive.add(worker);
    worker.once('exit', () => this.forget(worker));
    // An 'error' nobody listens to is thrown in this thread; the search listening (if any) hears
    // it too, and 'exit' follows, which forgets the thread.
    worker.on('error', () => undefined);
    return worker;
  }

  private end(worker: Worker): void {
    this.forget(worker);
    void worker.terminate();
  }

  /** A thread that ended or is ending: out of every list, and its place offered to a waiting search. */
  private forget(worker: Worker): void {
    this.alive.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at !== -1) {
      this.idle.splice(at, 1);
    }
    clearTimeout(this.idleTimers.get(worker));
    this.idleTimers.delete(worker);
    while (this.waiting.length > 0 && this.alive.size < this.max) {
      this.waiting.shift()?.(this.start());
    }
  }
}
