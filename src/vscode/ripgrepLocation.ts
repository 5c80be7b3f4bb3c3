/**
 * Where the extension finds ripgrep (SPEC §7): the machine-level setting, then the binary VS Code
 * itself ships under `vscode.env.appRoot`, then the `@vscode/ripgrep` package inside this
 * extension, then `rg` on PATH.
 */

import * as vscode from 'vscode';
import { locateRipgrep, packagedRipgrep, ripgrepOnPath } from '../core/ripgrep/locate';
import { bundledRipgrepCandidates } from './bundledRipgrep';

export async function findRipgrep(settingPath: string | undefined): Promise<string> {
  return locateRipgrep([
    { source: 'the workspaceGlob.ripgrepPath setting', path: settingPath },
    ...bundledRipgrepCandidates(vscode.env.appRoot),
    packagedRipgrep,
    ripgrepOnPath,
  ]);
}
