/**
 * Helpers for tests that run inside the extension host: the extension's API, the tool called
 * the way other extensions call it, the fixture paths, and polling without fixed sleeps.
 */

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { RipgrepEvent } from '../../src/core';
import type { WorkspaceGlobApi } from '../../src/extension';

export const EXTENSION_ID = 'workspace-glob.workspace-glob';

export async function extensionApi(): Promise<WorkspaceGlobApi> {
  const extension = vscode.extensions.getExtension<WorkspaceGlobApi>(EXTENSION_ID);
  if (!extension) {
    throw new Error(`${EXTENSION_ID} is not loaded`);
  }
  return extension.activate();
}

/** Calls the glob tool as any extension would, and returns the text the model reads. */
export async function invokeGlob(input: object, token?: vscode.CancellationToken): Promise<string> {
  const result = await vscode.lm.invokeTool('glob', { input, toolInvocationToken: undefined }, token);
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

export function workspaceFolder(index = 0): string {
  const folder = vscode.workspace.workspaceFolders?.[index];
  if (!folder) {
    throw new Error(`no workspace folder ${index}`);
  }
  return folder.uri.fsPath;
}

/** The directory the fixtures were built in (see fixtures.ts): it holds `outside/`. */
export function fixturesRoot(): string {
  const file = vscode.workspace.workspaceFile;
  return file && file.scheme === 'file' ? path.dirname(path.dirname(file.fsPath)) : path.dirname(workspaceFolder());
}

/** Resolves once `condition` returns a value other than undefined, polling every 50 ms. */
export async function waitFor<T>(what: string, condition: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The lines between <files> and </files>, blank separators dropped. */
export function pagePaths(text: string): string[] {
  const start = text.indexOf('<files>\n');
  const end = text.indexOf('\n</files>');
  return start === -1 || end === -1 ? [] : text.slice(start + 8, end).split('\n').filter(Boolean);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The first ripgrep a listener hears start, paused (SIGSTOP) as it starts; `pid` is undefined until then. */
export interface PausedRipgrep extends vscode.Disposable {
  readonly pid: () => number | undefined;
}

/**
 * Pauses the first ripgrep `onDidRunRipgrep` reports, which makes a stop "mid-way" certain; or the
 * `nth`, where the walks before it are to end (a multi-root search walks one folder at a time).
 */
export function pauseFirstRipgrep(onDidRunRipgrep: vscode.Event<RipgrepEvent>, nth = 1): PausedRipgrep {
  let pid: number | undefined;
  let started = 0;
  const listener = onDidRunRipgrep((event) => {
    if (event.phase === 'start' && pid === undefined && event.pid !== undefined) {
      started += 1;
      if (started === nth) {
        pid = event.pid;
        process.kill(pid, 'SIGSTOP');
      }
    }
  });
  return { pid: () => pid, dispose: () => listener.dispose() };
}

/**
 * Starts a search with `start` and holds its first ripgrep paused while `whilePaused` runs, given
 * that ripgrep's pid and the search. ripgrep's start reaches this thread from the search's own
 * thread, so on a busy machine ripgrep can be done before it is paused; such an attempt shows
 * nothing of a search stopped mid-way, and is made again, 5 times at most. Each attempt's search
 * has ended when it is over, its pick closed: one left running was heard of by the next test.
 * With `nth`, the nth ripgrep the search starts is the one paused (pauseFirstRipgrep).
 */
export async function whileFirstRipgrepPaused<T>(
  onDidRunRipgrep: vscode.Event<RipgrepEvent>,
  start: () => Thenable<T>,
  whilePaused: (pid: number, search: Thenable<T>) => Promise<void>,
  nth = 1,
): Promise<void> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const paused = pauseFirstRipgrep(onDidRunRipgrep, nth);
    let search: Thenable<T> | undefined;
    try {
      search = start();
      const pid = await waitFor('ripgrep to start', paused.pid);
      if ((await pausedOrEnded(pid)) === 'T') {
        await whilePaused(pid, search);
        return;
      }
    } finally {
      paused.dispose();
      const pid = paused.pid();
      if (pid !== undefined) {
        resume(pid);
      }
      if (search !== undefined) {
        await ended(search);
      }
    }
  }
  throw new Error('ripgrep finished before it could be paused, 5 times in a row');
}

/** Resolves once `search` has ended, closing any pick it shows meanwhile. */
async function ended(search: Thenable<unknown>): Promise<void> {
  let settled = false;
  Promise.resolve(search).then(
    () => (settled = true),
    () => (settled = true),
  );
  await waitFor('the search to end', async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    return settled ? true : undefined;
  });
}

/** Lets a paused process go on, if it is still there. */
export function resume(pid: number): void {
  try {
    process.kill(pid, 'SIGCONT');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
      throw error;
    }
  }
}

/**
 * Waits until a process sent SIGSTOP shows a state other than running: 'T' once the stop took
 * effect (when it is next scheduled), 'Z' or 'gone' when it had finished first.
 */
export function pausedOrEnded(pid: number): Promise<string> {
  return waitFor('the process to pause or end', () => {
    const current = processState(pid) ?? 'gone';
    return current === 'R' || current === 'S' || current === 'D' ? undefined : current;
  });
}

/** A process's state letter from /proc (R, S, D: running; T: stopped; Z: exited, not yet reaped), or undefined once gone. */
function processState(pid: number): string | undefined {
  try {
    return /^\d+ \(.*\) (\S) /.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}
