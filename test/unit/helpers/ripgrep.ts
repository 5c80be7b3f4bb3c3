/**
 * The real ripgrep the tests run: the packaged `@vscode/ripgrep` binary (ripgrep 15), or the one
 * WORKSPACE_GLOB_TEST_RIPGREP names (the suite runs again on Debian's ripgrep 13 that way).
 */

import { packagedRipgrep } from '../../../src/core/ripgrep/locate';

let cached: Promise<string> | undefined;

export function testRipgrep(): Promise<string> {
  const chosen = process.env.WORKSPACE_GLOB_TEST_RIPGREP;
  cached ??= chosen ? Promise.resolve(chosen) : packagedRipgrep().then((candidate) => {
    if (candidate.path === undefined) {
      throw new Error('the @vscode/ripgrep package is not installed; run npm install');
    }
    return candidate.path;
  });
  return cached;
}
