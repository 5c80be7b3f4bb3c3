/**
 * Where the extension finds ripgrep (SPEC §7): the machine-level setting, then the binary VS Code
 * itself ships under `vscode.env.appRoot`, then the `@vscode/ripgrep` package inside this
 * extension, then `rg` on PATH.
 */

import * as vscode from 'vscode';
import { RipgrepChecks } from '../core/ripgrep/binaryCheck';
import { locateRipgrep, packagedRipgrep, ripgrepOnPath } from '../core/ripgrep/locate';
import { bundledRipgrepCandidates } from './bundledRipgrep';

const checks = new RipgrepChecks();

/**
 * `onProblem` hears why the setting's binary is passed over (not there, not ripgrep), once per
 * binary unless the reason may pass: the search then runs on the next candidate rather than fail
 * for a setting.
 */
export async function findRipgrep(settingPath: string | undefined, onProblem: (message: string) => void): Promise<string> {
  const setting = { source: 'the workspaceGlob.ripgrepPath setting', path: settingPath };
  if (settingPath) {
    const problem = await checks.problemOf(settingPath, (reason) =>
      onProblem(`The workspaceGlob.ripgrepPath setting names ${settingPath}, which ${reason}; the next ripgrep found (VS Code's own first) is used instead.`),
    );
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
