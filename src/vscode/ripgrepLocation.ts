/**
 * Where the extension finds ripgrep (SPEC §7): the machine-level setting, then the binary VS Code
 * itself ships under `vscode.env.appRoot`, then the `@vscode/ripgrep` package inside this
 * extension, then `rg` on PATH.
 */

import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { locateRipgrep, notRipgrep, packagedRipgrep, ripgrepOnPath } from '../core/ripgrep/locate';
import { bundledRipgrepCandidates } from './bundledRipgrep';

/** What each binary the setting named turned out to be, checked once per path and file time. */
const checked = new Map<string, Promise<string | undefined>>();

/**
 * `onProblem` hears, once per binary, why the setting's binary is passed over (not there, not
 * ripgrep): the search then runs on the next candidate rather than fail for a setting.
 */
export async function findRipgrep(settingPath: string | undefined, onProblem: (message: string) => void): Promise<string> {
  const setting = { source: 'the workspaceGlob.ripgrepPath setting', path: settingPath };
  if (settingPath) {
    const time = await fs.stat(settingPath).then((stats) => stats.mtimeMs, () => 0);
    const key = `${time}:${settingPath}`;
    let check = checked.get(key);
    if (check === undefined) {
      check = notRipgrep(settingPath);
      checked.set(key, check);
      void check.then((found) => found && onProblem(`The workspaceGlob.ripgrepPath setting names ${settingPath}, which ${found}; the next ripgrep found (VS Code's own first) is used instead.`));
    }
    const problem = await check;
    if (problem !== undefined) {
      // Still named where the error lists the places looked at, should no other be found.
      setting.source = `the workspaceGlob.ripgrepPath setting (${settingPath}, which ${problem})`;
      setting.path = undefined;
    }
  }
  return locateRipgrep([
    setting,
    ...bundledRipgrepCandidates(vscode.env.appRoot),
    packagedRipgrep,
    ripgrepOnPath,
  ]);
}
