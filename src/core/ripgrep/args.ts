/**
 * ripgrep's command line for one walk: list every file under the walk root, NUL-separated,
 * unsorted (so ripgrep walks in parallel; the engine sorts by itself, because ripgrep 13's
 * `--sort=modified` sorts per directory), honouring the ignore rules VS Code's search honours.
 */

import { availableParallelism } from 'node:os';
import { narrowingGlobs } from './narrow';

/**
 * ripgrep's walking threads: one core fewer than the machine has. The engine's own threads
 * decode, match and stat while ripgrep walks; measured on 2 cores, ripgrep with one thread walks
 * 100k files as fast as with two but with 40% less CPU, which those threads then get.
 */
export function walkerThreads(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** Version-control metadata, never listed, whatever the ignore settings say (SPEC §1). */
export const VCS_METADATA_NAMES = ['.git', '.svn', '.hg', '.bzr', '.jj', '.sl'] as const;

export interface WalkRules {
  /** List files hidden by ignore files and by `excludeGlobs` too. VCS metadata stays out. */
  readonly includeIgnored: boolean;
  /** Honour `.gitignore`, `.ignore` and `.rgignore` (VS Code: `search.useIgnoreFiles`). */
  readonly useIgnoreFiles: boolean;
  /** Also those in the walk root's parent directories (`search.useParentIgnoreFiles`). */
  readonly useParentIgnoreFiles: boolean;
  /** Also git's global excludes file (`search.useGlobalIgnoreFiles`). */
  readonly useGlobalIgnoreFiles: boolean;
  /** Walk into symbolic links to directories (`search.followSymlinks`). */
  readonly followSymlinks: boolean;
  /** gitignore-style globs of files to leave out (`files.exclude`, `search.exclude`). */
  readonly excludeGlobs: readonly string[];
  /**
   * Excludes that apply only when a sibling exists (VS Code's `{ "when": "$(basename).ts" }`).
   * ripgrep cannot express them; the listing stage applies them.
   */
  readonly conditionalExcludes: readonly ConditionalExclude[];
}

export interface ConditionalExclude {
  /** Glob over paths relative to the walk root, as in `excludeGlobs`. */
  readonly glob: string;
  /** The sibling's name; `$(basename)` stands for the file's name without its extension. */
  readonly sibling: string;
}

/**
 * ripgrep's arguments for a walk under `rules`, narrowed to the directories `narrowTo`;
 * `inGitRepository` when the walk root lies in a git repository (request.ts).
 */
export function ripgrepArgs(rules: WalkRules, narrowTo: readonly string[], inGitRepository = false): string[] {
  const args = ['--no-config', '--files', '--null', '--hidden', '--threads', String(walkerThreads())];
  if (rules.includeIgnored || !rules.useIgnoreFiles) {
    args.push('--no-ignore');
  } else {
    // .gitignore applies outside a git repository too, as VS Code's search does. Inside one,
    // ripgrep is left to require it, which changes nothing there but where a repository nested
    // in it begins: told not to require one, ripgrep 14 and later no longer look for `.git`, so
    // the outer repository's .gitignore hid a submodule's or a nested clone's files, where git
    // and ripgrep 13 stop it at that repository's edge; the two ripgreps answered differently.
    if (!inGitRepository) {
      args.push('--no-require-git');
    }
    if (!rules.useParentIgnoreFiles) {
      args.push('--no-ignore-parent');
    }
    if (!rules.useGlobalIgnoreFiles) {
      args.push('--no-ignore-global');
    }
  }
  if (rules.followSymlinks) {
    args.push('--follow');
  }
  const globs = VCS_METADATA_NAMES.map((name) => `!${name}`);
  if (!rules.includeIgnored) {
    globs.push(...rules.excludeGlobs.map((glob) => `!${glob}`));
  }
  globs.push(...narrowingGlobs(narrowTo));
  for (const glob of globs) {
    args.push('--glob', glob);
  }
  return args;
}
