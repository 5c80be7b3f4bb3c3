/**
 * Asks ripgrep why it rejects a glob, so the error the model reads carries ripgrep's own reason
 * (SPEC §6). Only called once the engine's own parser has rejected the glob, so a valid search
 * never pays for the extra process. `--max-depth 0` makes ripgrep parse its globs and stop.
 */

import { execFile } from 'node:child_process';

export function ripgrepGlobReason(ripgrepPath: string, glob: string, cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      ripgrepPath,
      ['--no-config', '--files', '--max-depth', '0', '--glob', glob],
      { cwd, timeout: 10_000, windowsHide: true, encoding: 'utf8' },
      (error, _stdout, stderr) => {
        resolve(error ? reasonIn(stderr, glob) : undefined);
      },
    );
  });
}

/**
 * The reason in ripgrep's message `rg: error parsing glob '<glob>': <reason>` (ripgrep 13 prints
 * it without `rg: `), without the glob: the error quotes the pattern already, and ripgrep quotes it
 * as it is, so a glob holding a line break split the message, and the reason after it was lost
 * ("is not a valid glob: error parsing glob '[."). Where the glob cannot be found in the message,
 * its first line that names a glob.
 */
function reasonIn(stderr: string, glob: string): string | undefined {
  // As ripgrep quotes it: a lone surrogate is no character it can hold, and it quotes U+FFFD.
  const quotedGlob = `error parsing glob '${Buffer.from(glob).toString('utf8')}': `;
  const at = stderr.indexOf(quotedGlob);
  if (at !== -1) {
    return stderr.slice(at + quotedGlob.length).split('\n')[0].trim();
  }
  const line = stderr.split('\n').find((text) => /error parsing glob/.test(text));
  return line?.replace(/^rg: /, '').trim();
}
