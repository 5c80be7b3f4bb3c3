/**
 * Whether the binary a person chose (the ripgrepPath setting) is ripgrep, checked once per file:
 * being executable is not enough, /bin/true answered every search with "No files match" and
 * advice that the files were not anywhere. A check that failed for a passing reason (a timeout on
 * a loaded machine, no process slots or memory left) is not kept, so the next search asks again
 * instead of passing the binary over until its file changes.
 */

import { execFile, type ExecFileException } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { isExecutable } from './locate';

/** How long a binary may take to say what it is. */
const VERSION_TIMEOUT_MS = 5_000;

/** Errors of a `--version` run that say nothing about the binary: it may run the next time. */
const PASSING_SPAWN_ERRORS = new Set(['EAGAIN', 'ENOMEM', 'EMFILE', 'ENFILE']);

/** Why a binary is not ripgrep; `passing` when another try may find it is. */
export interface NotRipgrep {
  readonly reason: string;
  readonly passing: boolean;
}

/** Why `path` is not ripgrep, or undefined when it is (its `--version` starts with "ripgrep "). */
export async function notRipgrep(path: string, timeoutMs = VERSION_TIMEOUT_MS): Promise<NotRipgrep | undefined> {
  if (!(await isExecutable(path))) {
    return { reason: 'is not an executable file', passing: false };
  }
  const printed = await new Promise<string | ExecFileException>((resolve) => {
    execFile(path, ['--version'], { timeout: timeoutMs, maxBuffer: 64 * 1024, windowsHide: true }, (error, stdout) => resolve(error ?? stdout));
  });
  if (typeof printed !== 'string') {
    const timedOut = printed.killed === true && printed.code === null;
    const passing = timedOut || PASSING_SPAWN_ERRORS.has(String(printed.code));
    const why = timedOut ? `took over ${timeoutMs / 1000} s` : printed.message.split('\n')[0];
    return { reason: `did not run "--version" (${why})`, passing };
  }
  const first = printed.split('\n')[0].trim();
  return /^ripgrep \d/.test(first) ? undefined : { reason: `is not ripgrep: "--version" printed ${first === '' ? 'nothing' : JSON.stringify(first.slice(0, 80))}`, passing: false };
}

/**
 * The checks of the binaries settings named, by path and file time: a binary replaced in place is
 * checked again.
 */
export class RipgrepChecks {
  private readonly checked = new Map<string, Promise<NotRipgrep | undefined>>();

  constructor(private readonly check: (path: string) => Promise<NotRipgrep | undefined> = (path) => notRipgrep(path)) {}

  /**
   * Why the binary at `path` is not ripgrep, or undefined when it is. `onPassedOver` hears the
   * reason from the search that checked: once for a lasting answer, each time for a passing one.
   */
  async problemOf(path: string, onPassedOver: (reason: string) => void): Promise<string | undefined> {
    const time = await fs.stat(path).then((stats) => stats.mtimeMs, () => 0);
    const key = `${time}:${path}`;
    const known = this.checked.get(key);
    if (known !== undefined) {
      return (await known)?.reason;
    }
    const check = this.check(path);
    this.checked.set(key, check);
    const found = await check;
    if (found?.passing) {
      this.checked.delete(key);
    }
    if (found !== undefined) {
      onPassedOver(found.reason);
    }
    return found?.reason;
  }
}
