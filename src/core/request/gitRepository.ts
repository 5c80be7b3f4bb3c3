/**
 * Whether a walk root lies in a git repository, found as ripgrep finds one: where it does,
 * ripgrep is left to require a repository (ripgrep/args.ts), which keeps a repository nested in
 * it (a submodule, a clone) to its own ignore files, as git does.
 */

import { promises as fs } from 'node:fs';
import type * as nodePath from 'node:path';

/**
 * Whether `directory` or one above it holds `.git`, found as ripgrep finds it: a directory or a
 * file (a worktree's or a submodule's), through a symbolic link too. The directories above are
 * those of its real path, as ripgrep resolves the walk root before it looks above it: a folder
 * opened through a link (repo/link → a directory in no repository) lies in no repository for
 * ripgrep, which, told to require one, then applied no .gitignore there at all.
 */
export async function inGitRepository(directory: string, paths: nodePath.PlatformPath): Promise<boolean> {
  const real = await fs.realpath(directory).catch(() => directory);
  for (let current = real; ; current = paths.dirname(current)) {
    if (await fs.stat(paths.join(current, '.git')).then(() => true, () => false)) {
      return true;
    }
    if (paths.dirname(current) === current) {
      return false;
    }
  }
}
