/**
 * Where VS Code keeps its own ripgrep under `vscode.env.appRoot`: current builds ship
 * `@vscode/ripgrep-universal` with one binary per platform, older ones `@vscode/ripgrep`; either
 * may sit in the asar archive's unpacked twin. Free of the `vscode` module so plain-Node tests
 * can check the layouts.
 */

import * as nodePath from 'node:path';
import type { RipgrepCandidate } from '../core/ripgrep/locate';

export function bundledRipgrepCandidates(
  appRoot: string,
  platform: NodeJS.Platform = process.platform,
  arch: string = process.arch,
): RipgrepCandidate[] {
  const paths = platform === 'win32' ? nodePath.win32 : nodePath.posix;
  const binary = platform === 'win32' ? 'rg.exe' : 'rg';
  const layouts = [
    ['@vscode/ripgrep-universal', paths.join('@vscode', 'ripgrep-universal', 'bin', `${platform}-${arch}`, binary)],
    ['@vscode/ripgrep', paths.join('@vscode', 'ripgrep', 'bin', binary)],
  ];
  return layouts.flatMap(([name, relative]) =>
    ['node_modules.asar.unpacked', 'node_modules'].map((modules) => ({
      source: `VS Code's bundled ripgrep (${modules}/${name})`,
      path: paths.join(appRoot, modules, relative),
    })),
  );
}
