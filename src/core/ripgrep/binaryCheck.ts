/**
 * Whether the binary a person chose (the ripgrepPath setting) is ripgrep, checked once per file:
 * being executable is not enough, /bin/true answered every search with "No files match" and
 * advice that the files were not anywhere. A check that failed for a passing reason (a timeout on
 * a loaded machine, no process slots or memory left) is kept for a minute only, so a later search
 * asks again instead of passing the binary over until its file changes, and a binary that hangs
 * does not hold up every search meanwhile.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { isExecutable } from './locate';

/** How long a binary may take to say what it is. */
const VERSION_TIMEOUT_MS = 5_000;
/** How long an answer that may pass is kept before the binary is asked again. */
const RECHECK_AFTER_MS = 60_000;
/** More than any `--version` prints. */
const MAX_OUTPUT_BYTES = 64 * 1024;

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
  const ran = await versionOutput(path, timeoutMs);
  if (ran.kind === 'timedOut') {
    return { reason: `did not run "--version" (took over ${timeoutMs / 1000} s)`, passing: true };
  }
  if (ran.kind === 'failed') {
    return { reason: `did not run "--version" (${ran.why})`, passing: ran.code !== undefined && PASSING_SPAWN_ERRORS.has(ran.code) };
  }
  const first = ran.output.split('\n')[0].trim();
  return /^ripgrep \d/.test(first) ? undefined : { reason: `is not ripgrep: "--version" printed ${first === '' ? 'nothing' : JSON.stringify(first.slice(0, 80))}`, passing: false };
}

type VersionRun = { kind: 'printed'; output: string } | { kind: 'timedOut' } | { kind: 'failed'; why: string; code?: string };

/**
 * What `path --version` prints. It runs in a process group of its own, killed whole at the time
 * limit: a script that hangs in a child ("sleep 30") would otherwise leave the child behind.
 */
function versionOutput(path: string, timeoutMs: number): Promise<VersionRun> {
  return new Promise((resolve) => {
    const child = spawn(path, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'], windowsHide: true, detached: process.platform !== 'win32' });
    let output = '';
    let settled = false;
    const settle = (run: VersionRun): void => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(run);
      }
    };
    const timer = setTimeout(() => {
      killTree(child);
      settle({ kind: 'timedOut' });
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8', 0, Math.min(chunk.length, MAX_OUTPUT_BYTES - output.length));
    });
    child.on('error', (error: NodeJS.ErrnoException) => settle({ kind: 'failed', why: error.message, ...(error.code ? { code: error.code } : {}) }));
    child.on('close', (code, signal) => {
      // A child it started may hold the group still: the group goes with it. Not on Windows,
      // where there is no group and the pid of a process that ended may be another's by now.
      if (process.platform !== 'win32') {
        killTree(child);
      }
      settle(code === 0 ? { kind: 'printed', output } : { kind: 'failed', why: signal ? `ended by ${signal}` : `exit code ${code}` });
    });
  });
}

/** Kills the process's group (POSIX), or the process through its own handle (Windows). */
function killTree(child: ChildProcess): void {
  try {
    if (process.platform === 'win32' || child.pid === undefined) {
      child.kill('SIGKILL');
    } else {
      process.kill(-child.pid, 'SIGKILL');
    }
  } catch {
    // Already gone.
  }
}

/**
 * The checks of the binaries settings named, by path and file time: a binary replaced in place is
 * checked again.
 */
export class RipgrepChecks {
  private readonly checked = new Map<string, Promise<NotRipgrep | undefined>>();

  constructor(
    private readonly check: (path: string) => Promise<NotRipgrep | undefined> = (path) => notRipgrep(path),
    private readonly recheckAfterMs = RECHECK_AFTER_MS,
  ) {}

  /**
   * Why the binary at `path` is not ripgrep, or undefined when it is. `onPassedOver` hears the
   * reason from the search that checked: once for a lasting answer, once a minute at most for a
   * passing one.
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
      // unref: a timer kept for this must not keep a command line's process alive.
      setTimeout(() => this.checked.delete(key), this.recheckAfterMs).unref();
    }
    if (found !== undefined) {
      onPassedOver(found.reason);
    }
    return found?.reason;
  }
}
