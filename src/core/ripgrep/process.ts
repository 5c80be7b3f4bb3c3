/**
 * Runs ripgrep and reports how it ended. No shell ever sees an argument. ripgrep gets its own
 * process group, so stopping it (cancellation, timeout, size bound) kills its whole tree and
 * leaves nothing behind; the run settles only after the process has exited and its pipes have
 * closed. stderr is kept bounded, because a broken filesystem can make ripgrep print a warning
 * per entry.
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { GlobError } from '../errors';
import type { RawName } from '../names';
import { BoundedLines } from './boundedLines';
import { warningMessages } from './warningMessages';
import { NulSeparatedNames } from './output';

export interface RipgrepInvocation {
  readonly ripgrepPath: string;
  readonly args: readonly string[];
  readonly cwd: string;
}

export interface RipgrepRunOptions {
  /** Aborting it kills ripgrep's process tree; the run then settles with `stopped: true`. */
  readonly signal?: AbortSignal;
  /**
   * Called for every name, in ripgrep's order, as soon as it arrives, with how many names
   * ripgrep has printed so far (this one included, and those not passed on).
   */
  readonly onName: (name: RawName, listed: number) => void;
  /** Called once ripgrep has started, with its process id. */
  readonly onSpawn?: (pid: number) => void;
  /** Text every wanted name ends with; ripgrep's other names are never decoded or passed on. */
  readonly requiredSuffix?: string;
  /** Which warning lines concern the caller; the others are neither kept nor counted. @default all */
  readonly keepWarning?: (line: string) => boolean;
}

export interface RipgrepOutcome {
  /** ripgrep's exit code, or null when a signal ended it. */
  readonly exitCode: number | null;
  /** The signal that ended ripgrep when it was not us, for instance the system killing it. */
  readonly killedBy: NodeJS.Signals | null;
  /** True when the run was stopped through the signal passed in. */
  readonly stopped: boolean;
  /**
   * True when ripgrep ended by itself and every name it printed was read: also where a stop came
   * after it had exited but before its end was seen (the thread busy), which cut nothing.
   */
  readonly listedAll: boolean;
  /**
   * Warnings ripgrep printed (unreadable directories and the like), each whole: every one in the
   * part of stderr examined, so that what each says can be told however many there are.
   */
  readonly warnings: readonly string[];
  /** How many warning lines ripgrep printed in all. */
  readonly warningCount: number;
  /** How many names ripgrep printed, passed on or not. */
  readonly listed: number;
}

/** stderr bytes examined; a flood beyond this is only counted. */
const KEPT_STDERR_BYTES = 64 * 1024;

export function runRipgrep(invocation: RipgrepInvocation, options: RipgrepRunOptions): Promise<RipgrepOutcome> {
  const { signal } = options;
  if (signal?.aborted) {
    return Promise.resolve({ exitCode: null, killedBy: null, stopped: true, listedAll: false, warnings: [], warningCount: 0, listed: 0 });
  }
  return new Promise<RipgrepOutcome>((resolve, reject) => {
    const env = { ...process.env };
    // --no-config already ignores it; removing it as well keeps a hostile value out of sight.
    delete env.RIPGREP_CONFIG_PATH;
    let child: ChildProcess;
    try {
      child = spawn(invocation.ripgrepPath, invocation.args, {
        cwd: invocation.cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
        // A process group of its own, so one kill reaches everything ripgrep started.
        detached: process.platform !== 'win32',
      });
    } catch (error) {
      reject(startFailure(invocation, error));
      return;
    }

    let stopped = false;
    // Output that arrived after a stop, and was left unread.
    let droppedAfterStop = false;
    const suffix = options.requiredSuffix ? Buffer.from(options.requiredSuffix) : undefined;
    const names = new NulSeparatedNames(options.onName, process.platform === 'win32', suffix);
    const stderr = new BoundedLines(KEPT_STDERR_BYTES);
    const stop = (): void => {
      stopped = true;
      killTree(child);
    };

    child.stdout?.on('data', (chunk: Buffer) => {
      if (!stopped) {
        names.push(chunk);
      } else {
        droppedAfterStop = true;
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    signal?.addEventListener('abort', stop, { once: true });

    child.once('error', (error) => {
      signal?.removeEventListener('abort', stop);
      reject(startFailure(invocation, error));
    });
    child.once('spawn', () => {
      if (child.pid !== undefined) {
        options.onSpawn?.(child.pid);
      }
    });
    child.once('close', (exitCode, killedBy) => {
      signal?.removeEventListener('abort', stop);
      const lines = stderr.lines();
      if (!stopped && exitCode === 2 && names.count === 0 && !lines.some(isPathWarning)) {
        const said = lines.filter((line) => line !== '');
        reject(new GlobError('ripgrepFailed', `ripgrep failed: ${said.slice(0, 3).join('; ') || 'exit code 2'}`, said.join('\n')));
        return;
      }
      const messages = warningMessages(lines, invocation.cwd);
      const kept = options.keepWarning ? messages.filter(options.keepWarning) : messages;
      resolve({
        exitCode,
        killedBy: stopped ? null : killedBy,
        stopped,
        // An exit code (not a signal) after a stop: ripgrep had ended before the kill reached it.
        listedAll: exitCode !== null && killedBy === null && !droppedAfterStop,
        warnings: kept,
        // Lines past the bytes examined are counted as they are: a flood that long is a problem.
        // Of those examined, the lines of one message count once, and those not kept not at all.
        warningCount: stderr.lineCount() - (lines.length - kept.length),
        listed: names.count,
      });
    });
  });
}

/**
 * A warning names a path and the operating system's reason (`rg: ./x: Permission denied (os
 * error 13)`) or a symlink loop. Exit code 2 with no names and no such line is ripgrep refusing
 * its arguments, which is a failure, not an empty result.
 */
function isPathWarning(line: string): boolean {
  return /\(os error \d+\)|loop/i.test(line);
}

function startFailure({ ripgrepPath, cwd }: RipgrepInvocation, error: unknown): GlobError {
  const code = (error as NodeJS.ErrnoException).code;
  // A directory to start in that is gone fails the start with the same code as a missing binary.
  if (code === 'ENOENT' && !existsSync(cwd)) {
    return new GlobError('pathNotFound', `The directory ${cwd} was gone by the time ripgrep was to start in it. Search again, or pass a "path" that exists.`);
  }
  if (code === 'ENOENT') {
    return new GlobError('ripgrepNotFound', `ripgrep was not found at ${ripgrepPath}. Install ripgrep or set the path to its binary.`);
  }
  if (code === 'EACCES') {
    return new GlobError('ripgrepNotFound', `ripgrep at ${ripgrepPath} cannot be run (permission denied). Make it executable or set the path to another ripgrep binary.`);
  }
  return new GlobError('ripgrepFailed', `ripgrep could not be started from ${ripgrepPath}: ${(error as Error).message}`);
}

function killTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  if (process.platform === 'win32') {
    spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { windowsHide: true });
    return;
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}
