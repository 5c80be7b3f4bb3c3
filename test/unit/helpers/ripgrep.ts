/** The real ripgrep the tests run: the packaged `@vscode/ripgrep` binary (ripgrep 15). */

import { packagedRipgrep } from '../../../src/core/ripgrep/locate';

let cached: Promise<string> | undefined;

export function testRipgrep(): Promise<string> {
  cached ??= packagedRipgrep().then((candidate) => {
    if (candidate.path === undefined) {
      throw new Error('the @vscode/ripgrep package is not installed; run npm install');
    }
    return candidate.path;
  });
  return cached;
}
