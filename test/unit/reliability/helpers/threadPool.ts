/**
 * Holds libuv's thread pool shut, so a test can stop the engine at an exact point between
 * listing a file and stat-ing it. Node stats on the pool (four threads unless
 * UV_THREADPOOL_SIZE says otherwise); opening a FIFO for reading blocks a pool thread until a
 * writer opens it. With every thread waiting on a FIFO, each stat the engine asks for waits
 * in the pool's queue, behind the opens, until the gate opens again.
 */

import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, open, openSync } from 'node:fs';
import * as path from 'node:path';

const POOL_SIZE = Number(process.env.UV_THREADPOOL_SIZE) || 4;

export class ThreadPoolGate {
  private readonly fifos: string[];
  private readers: Array<Promise<number>> = [];
  private opening: Promise<void> | undefined;

  /** Creates the FIFOs in `directory`. */
  constructor(directory: string) {
    mkdirSync(directory, { recursive: true });
    this.fifos = Array.from({ length: POOL_SIZE }, (_, i) => path.join(directory, `pool-gate-${i}`));
    execFileSync('mkfifo', this.fifos);
  }

  get shut(): boolean {
    return this.readers.length > 0;
  }

  /** Occupies every pool thread. Synchronous, so it can run inside an engine callback. */
  close(): void {
    if (this.shut) {
      return;
    }
    this.readers = this.fifos.map(
      (fifo) => new Promise<number>((resolve, reject) => open(fifo, 'r', (error, fd) => (error ? reject(error) : resolve(fd)))),
    );
  }

  /** Frees every pool thread; resolves once they are all free. Safe to call again, and concurrently. */
  open(): Promise<void> {
    if (!this.shut) {
      return Promise.resolve();
    }
    this.opening ??= this.release().finally(() => {
      this.readers = [];
      this.opening = undefined;
    });
    return this.opening;
  }

  private async release(): Promise<void> {
    for (const fifo of this.fifos) {
      // Non-blocking, so the main thread never waits on a reader that has not started yet.
      for (;;) {
        try {
          closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENXIO') {
            throw error;
          }
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
    for (const fd of await Promise.all(this.readers)) {
      closeSync(fd);
    }
  }
}
