/**
 * Runs the engine in a process of its own (helpers/engineScript), as this user or as an
 * unprivileged one. As root every directory is readable, so unreadable directories, an
 * unwritable complete-list directory and ripgrep's exit code 2 on permission errors can only be
 * tried as another user: the tests create one with useradd (once) and switch with runuser.
 */

import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import type { EngineReport, EngineRequest } from './engineScript';
import { isRoot } from './scratch';

const SCRIPT = path.join(__dirname, 'engineScript.js');
export const TEST_USER = 'wg-reliability';

export interface Unprivileged {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

/** The unprivileged test user, created if absent; or why there can be none here. */
export function unprivilegedUser(): Unprivileged | { readonly skip: string } {
  if (!isRoot()) {
    return { skip: 'not running as root: no other user can be created or switched to, and this user cannot be made to lack read permission' };
  }
  if (spawnSync('id', ['-u', TEST_USER]).status !== 0) {
    const created = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', TEST_USER], { encoding: 'utf8' });
    if (created.status !== 0) {
      return { skip: `useradd failed: ${created.stderr.trim()}` };
    }
  }
  const uid = Number(spawnSync('id', ['-u', TEST_USER], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', TEST_USER], { encoding: 'utf8' }).stdout.trim());
  return { name: TEST_USER, uid, gid };
}

export interface EngineRun {
  /** The report, when the process printed one. */
  readonly report?: EngineReport;
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  /** True when it had not finished by the deadline and was killed. */
  readonly overran: boolean;
}

/**
 * Runs one search in a new Node process, as `user` when given. `deadlineMs` is not a timing
 * assertion: it only bounds how long a hung engine can hold the test run, and is set hundreds of
 * times above what a healthy run takes.
 */
export function runEngine(request: EngineRequest, options: { user?: string; deadlineMs?: number } = {}): Promise<EngineRun> {
  const [command, args]: [string, string[]] = options.user
    ? ['runuser', ['-u', options.user, '--', process.execPath, SCRIPT]]
    : [process.execPath, [SCRIPT]];
  return new Promise((resolve, reject) => {
    // cwd "/" so that the process is never mistaken for a leftover inside the scratch trees.
    const child = spawn(command, args, { cwd: '/', stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      child.kill('SIGKILL');
    }, options.deadlineMs ?? 60_000);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', (exitCode, signal) => {
      clearTimeout(timer);
      const text = Buffer.concat(stdout).toString('utf8');
      let report: EngineReport | undefined;
      try {
        report = text ? (JSON.parse(text) as EngineReport) : undefined;
      } catch {
        report = undefined;
      }
      resolve({ ...(report ? { report } : {}), exitCode, signal, stderr: Buffer.concat(stderr).toString('utf8'), overran });
    });
    child.stdin.end(JSON.stringify(request));
  });
}

/** One line about how a run ended, for assertion messages. */
export function describeRun(run: EngineRun): string {
  if (run.overran) {
    return 'the engine had not returned by the deadline (it hangs) and was killed';
  }
  const lastError = run.stderr.split('\n').find((line) => /Error|error:/.test(line)) ?? run.stderr.slice(0, 300);
  return `the engine process ended with exit code ${run.exitCode} / signal ${run.signal}: ${lastError.slice(0, 300)}`;
}
