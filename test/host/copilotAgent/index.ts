/**
 * The Copilot agent-mode suite. Copilot writes into its own folder inside the host's install on
 * its first start in a profile (shims, a ripgrep, a pty module), so two runs on one install must
 * not overlap: the suite holds a lock file in the install while it runs.
 */

import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { isAlive } from '../hostHelpers';
import { runMochaFolder } from '../mochaRunner';

/** Less than the harness's 300 s per suite (run.ts), so a stuck lock fails with its own message. */
const LOCK_WAIT_MS = 180_000;

export async function run(): Promise<void> {
  const release = await lockInstall(path.join(vscode.env.appRoot, '.workspace-glob-copilot-agent.lock'));
  try {
    await runMochaFolder(__dirname);
  } finally {
    release();
  }
}

/** Takes the lock (a file holding the owner's pid); a lock whose owner is gone is taken over. */
async function lockInstall(file: string): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let waiting = false;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EROFS') {
        // Copilot cannot write into a read-only install either, so runs cannot collide there.
        console.log(`running without ${file}: the install is read-only (${code})`);
        return () => undefined;
      }
      if (code !== 'EEXIST') {
        throw error;
      }
    }
    const owner = Number(readIfExists(file));
    if (owner > 0 && !isAlive(owner)) {
      console.log(`taking over ${file} from pid ${owner}, which is gone`);
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(`another Copilot agent-mode run (pid ${owner}) holds ${file}; runs on one install must not overlap`);
    }
    if (!waiting) {
      waiting = true;
      console.log(`waiting for another Copilot agent-mode run (pid ${owner}) to release ${file}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function readIfExists(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
