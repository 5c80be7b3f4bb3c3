/**
 * The walk rules of a VS Code whose search settings were never changed: the defaults of
 * `search.useIgnoreFiles`, `search.useParentIgnoreFiles`, `search.useGlobalIgnoreFiles`,
 * `search.followSymlinks`, `files.exclude` and `search.exclude` as desktop VS Code registers them
 * (a host test checks them against the running VS Code).
 *
 * The extension reads the settings themselves and falls back on these. The command line uses
 * them, so it prints what the model reads in a VS Code with default settings (SPEC §8), and the
 * benchmark runs the engine with them, as the extension does.
 */

import type { ScopeRules } from './glob';

export const VSCODE_DEFAULT_RULES: ScopeRules = {
  useIgnoreFiles: true,
  useParentIgnoreFiles: false,
  useGlobalIgnoreFiles: false,
  followSymlinks: true,
  excludeGlobs: [
    // files.exclude
    '**/.git',
    '**/.svn',
    '**/.hg',
    '**/.jj',
    '**/.DS_Store',
    '**/Thumbs.db',
    // search.exclude
    '**/node_modules',
    '**/bower_components',
    '**/*.code-search',
  ],
  conditionalExcludes: [],
};
