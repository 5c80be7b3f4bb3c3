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
        const line = stderr.split('\n').find((text) => /error parsing glob/.test(text));
        resolve(error && line ? line.replace(/^rg: /, '').trim() : undefined);
      },
    );
  });
}
