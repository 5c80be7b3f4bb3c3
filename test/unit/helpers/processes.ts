/**
 * Checks on the process table, for tests that must leave no ripgrep behind, and a named pipe that
 * holds ripgrep at a known point for as long as a test needs it there.
 */

import { constants, openSync } from 'node:fs';

/** True while a process (or, for a negative id, a process group) exists. */
export function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Resolves true once a process (or group) no longer exists, false if it still does after
 * `withinMs`. A killed grandchild of ours stays in its group as a zombie until the system's init
 * reaps it, which took over a second on these machines.
 */
export async function goneWithin(pid: number, withinMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (exists(pid)) {
    if (Date.now() > deadline) {
      return false;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * A writer's end of the named pipe at `path`, opened once a reader (ripgrep reading an ignore file
 * that is the pipe) has opened it; the reader waits there until the writer is closed. Throws
 * after `withinMs` without a reader.
 */
export async function openWhenRead(path: string, withinMs = 10_000): Promise<number> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    } catch (error) {
      // ENXIO: no reader yet.
      if ((error as NodeJS.ErrnoException).code !== 'ENXIO' || Date.now() > deadline) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
