/**
 * The threads searches run on (globWorker.ts), bounded: an agent that fires two hundred calls at
 * once must not start two hundred threads, each with its own heap and stat pool. A search takes
 * an idle thread, else a new one while there are fewer than the bound, else waits for the next
 * one freed. A thread whose search ended cleanly is kept (a few, for a while) for the next
 * search, since starting one costs tens of milliseconds and its first search runs code V8 has
 * not compiled yet.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { unrefTimer, type StartTimer } from '../walk/stopper';
import type { ToWorker } from './protocol';

/** Threads at most, busy or idle: twice the cores (ripgrep and the stat pool wait on the disk), 2 to 8. */
export const MAX_SEARCH_THREADS = Math.max(2, Math.min(8, availableParallelism() * 2));
/** Idle threads kept for the next search. */
const MAX_IDLE = 2;
/** An idle thread ends after this long, unless it is the only thread left... */
export const IDLE_MS = 60_000;
/**
 * ...which stays this long. An agent's calls come in bursts, and the next burst often comes
 * minutes later, once the person has read the answer and replied. A search on a new thread pays
 * for the thread's start (~55 ms here) and runs the engine's code before V8 has compiled it. On
 * the 100k benchmark tree after 120 s idle, a search on the kept thread took 414-631 ms and one
 * on a new thread 514-684, each pair run one right after the other, in turns first; the kept
 * thread was 120-150 ms faster in the same place (`node out/bench/idleThread.js 100k --idle
 * 120,120,120,120`). An idle thread holds ~10-25 MB once V8 has shrunk its heap, which it does
 * within a minute even after a million files. Its stat pool's threads still end after 30 s idle
 * (statPool.ts): keeping them as well held ~27 MB more and saved ~50 ms on the concentrated tree.
 */
export const LAST_IDLE_MS = 5 * 60_000;

export class SearchThreads {
  private readonly alive = new Set<Worker>();
  private readonly idle: Worker[] = [];
  /** Each idle thread's timer, by the function that cancels it. */
  private readonly idleTimers = new Map<Worker, () => void>();
  private readonly waiting: Array<(worker: Worker) => void> = [];

  constructor(
    private readonly script: string,
    private readonly max = MAX_SEARCH_THREADS,
    /** Ends idle threads: one that does not keep the process alive, as an idle thread must not. */
    private readonly startTimer: StartTimer = unrefTimer,
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
    this.startIdleTimer(worker);
  }

  /** Busy or idle, the threads that have not ended. */
  get threads(): number {
    return this.alive.size;
  }

  private take(): Worker | undefined {
    // The thread freed last: its code was run most recently.
    const worker = this.idle.pop();
    if (worker) {
      this.stopIdleTimer(worker);
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
    // An ended thread is forgotten once more when its 'exit' comes: nothing is left to do then.
    if (!this.alive.delete(worker)) {
      return;
    }
    const at = this.idle.indexOf(worker);
    if (at !== -1) {
      this.idle.splice(at, 1);
    }
    this.stopIdleTimer(worker);
    while (this.waiting.length > 0 && this.alive.size < this.max) {
      this.waiting.shift()?.(this.start());
    }
    // The thread left alone, if idle, now stays the longer time.
    if (this.alive.size === 1 && this.idle.length === 1) {
      this.startIdleTimer(this.idle[0]);
    }
  }

  /** Ends an idle thread after IDLE_MS, or LAST_IDLE_MS when it is the only thread alive. */
  private startIdleTimer(worker: Worker): void {
    this.stopIdleTimer(worker);
    const milliseconds = this.alive.size === 1 ? LAST_IDLE_MS : IDLE_MS;
    this.idleTimers.set(worker, this.startTimer(milliseconds, () => this.end(worker)));
  }

  private stopIdleTimer(worker: Worker): void {
    this.idleTimers.get(worker)?.();
    this.idleTimers.delete(worker);
  }
}
