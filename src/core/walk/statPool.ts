/**
 * A small pool of threads that read file times in batches (statThread.ts). On this project's
 * 2-core machines a stat costs about 6 µs in the kernel: 30,000 matches take 200 ms on one
 * thread, and two threads take about 130 ms while the thread that decodes ripgrep's output stays
 * free. The pool is shared by every search in the process, started on first use, and its threads
 * neither keep the process alive nor linger: idle for a while, they end.
 */

import { stat, type Stats } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as nodePath from 'node:path';
import { Worker } from 'node:worker_threads';
import { joinName } from '../names';
import { unrefTimer, type StartTimer } from './stopper';

/** How a file's time came back; Skipped when the search was stopped before it was read. */
export const StatOutcome = { Read: 0, Vanished: 1, Unreadable: 2, Skipped: 3 } as const;

/**
 * What one stat's answer means: a time; a file that vanished (gone, or a directory now, which is
 * no file to list); or one that could not be read (permissions, loops).
 */
export function statOutcome(error: NodeJS.ErrnoException | null | undefined, stats: Stats | undefined): number {
  if (error) {
    return error.code === 'ENOENT' || error.code === 'ENOTDIR' ? StatOutcome.Vanished : StatOutcome.Unreadable;
  }
  return !stats || stats.isDirectory() ? StatOutcome.Vanished : StatOutcome.Read;
}

export interface StatBatch {
  readonly id: number;
  /** The directory the names are relative to. */
  readonly root: string;
  /** The names, joined with NUL (no name holds one); a name that is not UTF-8 is '' here... */
  readonly names: string;
  /** ...and travels as bytes instead, at its position. */
  readonly bytes: ReadonlyArray<{ readonly at: number; readonly name: Uint8Array }>;
  /** Shared with the search that sent the batch: see stopFlag. */
  readonly stop?: Int32Array;
}

/**
 * What every batch of one search carries, in a SharedArrayBuffer, so a stop reaches the threads
 * at once: whether the search has stopped, and how many more files may be read after it. A
 * thread looks at the second number only once the first is set, so before a stop a file costs
 * it one load.
 */
export function stopFlag(): Int32Array {
  const bytes = 2 * Int32Array.BYTES_PER_ELEMENT;
  // Where a host offers no shared memory the flag is copied into each message instead: a stop
  // then no longer reaches the threads, and a stopped search waits for its batches as before.
  return new Int32Array(typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
}

/** Lets the threads read `stillRead` more files of the search, in all, and leave the rest. */
export function raiseStop(flag: Int32Array, stillRead: number): void {
  Atomics.store(flag, 1, stillRead);
  Atomics.store(flag, 0, 1);
}

/** Whether the next file of a batch may be read; after a stop each yes uses up one read. */
export function mayRead(flag: Int32Array | undefined): boolean {
  return flag === undefined || Atomics.load(flag, 0) === 0 || Atomics.sub(flag, 1, 1) > 0;
}

/** The files of a batch, as fs takes them. */
export function batchPaths(batch: Omit<StatBatch, 'id'>): Array<string | Buffer> {
  const paths = batch.names.split('\0').map((name) => joinName(batch.root, name));
  for (const { at, name } of batch.bytes) {
    paths[at] = joinName(batch.root, Buffer.from(name));
  }
  return paths;
}

export interface StatBatchResult {
  readonly id: number;
  readonly mtimes: Float64Array;
  /** The low 32 bits of each file's inode number (0 unless Read): see ModifiedTimesSummary. */
  readonly inodes: Uint32Array;
  /** One StatOutcome per path (time 0 unless Read). */
  readonly outcomes: Uint8Array;
}

/** Beside this module when compiled by tsc, beside the bundle when bundled (see workerSearch.ts). */
const THREAD_SCRIPT = nodePath.join(__dirname, 'statThread.js');
/** Threads end after this long without work. */
const IDLE_MS = 30_000;

export class StatPool {
  private readonly threads: Array<{ worker: Worker; pending: number }> = [];
  private readonly waiting = new Map<number, { resolve: (result: StatBatchResult) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  /** Cancels the timer that ends the threads once all are idle, while one runs. */
  private cancelIdleTimer: (() => void) | undefined;

  constructor(
    private readonly size: number,
    private readonly startTimer: StartTimer = unrefTimer,
  ) {}

  /** The threads the pool holds now, oldest first. */
  get workers(): readonly Worker[] {
    return this.threads.map((thread) => thread.worker);
  }

  submit(batch: Omit<StatBatch, 'id'>): Promise<StatBatchResult> {
    const thread = this.leastBusy();
    const id = this.nextId;
    this.nextId += 1;
    thread.pending += 1;
    thread.worker.ref();
    this.cancelIdleTimer?.();
    return new Promise<StatBatchResult>((resolve, reject) => {
      this.waiting.set(id, {
        resolve: (result) => {
          this.settled(thread);
          resolve(result);
        },
        reject: (error) => {
          this.settled(thread);
          reject(error);
        },
      });
      thread.worker.postMessage({ ...batch, id } satisfies StatBatch);
    });
  }

  private leastBusy(): { worker: Worker; pending: number } {
    if (this.threads.length < this.size && this.threads.every((thread) => thread.pending > 0)) {
      return this.start();
    }
    return this.threads.reduce((best, thread) => (thread.pending < best.pending ? thread : best));
  }

  private start(): { worker: Worker; pending: number } {
    const thread = { worker: new Worker(THREAD_SCRIPT), pending: 0 };
    thread.worker.on('message', (result: StatBatchResult) => {
      const waiter = this.waiting.get(result.id);
      this.waiting.delete(result.id);
      waiter?.resolve(result);
    });
    const fail = (error: Error): void => {
      // A thread that fails says so twice, 'error' then 'exit': only the first takes it out,
      // where the second took out the pool's last thread (splice at -1), a healthy one.
      const at = this.threads.indexOf(thread);
      if (at !== -1) {
        this.threads.splice(at, 1);
      }
      // The thread's batches cannot be told apart here, so every waiter hears; each falls back.
      for (const [id, waiter] of this.waiting) {
        this.waiting.delete(id);
        waiter.reject(error);
      }
    };
    thread.worker.on('error', fail);
    thread.worker.on('exit', () => fail(new Error('stat thread ended')));
    this.threads.push(thread);
    return thread;
  }

  private settled(thread: { worker: Worker; pending: number }): void {
    thread.pending -= 1;
    if (thread.pending === 0) {
      // An idle thread must not keep the process (a command line, a test run) alive.
      thread.worker.unref();
    }
    if (this.threads.every((candidate) => candidate.pending === 0)) {
      // One timer at most: a failed thread's batches all settle at once, each with every thread
      // idle, and a timer left running ended the threads under a later search's batch, which hung.
      this.cancelIdleTimer?.();
      this.cancelIdleTimer = this.startTimer(IDLE_MS, () => this.stop());
    }
  }

  private stop(): void {
    for (const thread of this.threads.splice(0)) {
      thread.worker.removeAllListeners('exit');
      void thread.worker.terminate();
    }
  }
}

let shared: StatPool | undefined;

/** The process's stat pool: as many threads as cores, at most four. */
export function statPool(): StatPool {
  shared ??= new StatPool(Math.max(1, Math.min(4, availableParallelism())));
  return shared;
}

/**
 * Reads a batch on libuv's pool instead, for when a pool thread could not run it (a missing
 * script in an odd install, a crashed thread): slower, never wrong.
 */
export async function statBatchAsync(batch: Omit<StatBatch, 'id'>): Promise<StatBatchResult> {
  const paths = batchPaths(batch);
  const mtimes = new Float64Array(paths.length);
  const inodes = new Uint32Array(paths.length);
  const outcomes = new Uint8Array(paths.length);
  await Promise.all(
    paths.map(
      (path, i) =>
        new Promise<void>((resolve) => {
          if (!mayRead(batch.stop)) {
            outcomes[i] = StatOutcome.Skipped;
            resolve();
            return;
          }
          stat(path, (error, stats) => {
            outcomes[i] = statOutcome(error, stats);
            if (outcomes[i] === StatOutcome.Read) {
              mtimes[i] = stats.mtimeMs;
              inodes[i] = stats.ino;
            }
            resolve();
          });
        }),
    ),
  );
  return { id: -1, mtimes, inodes, outcomes };
}
