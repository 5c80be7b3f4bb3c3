/**
 * VS Code's `files.exclude` and `search.exclude` as the engine's exclude rules. Kept free of the
 * `vscode` module so plain-Node tests can check it.
 *
 * Semantics follow VS Code's search: `search.exclude` inherits `files.exclude`, a `false` value
 * turns an inherited pattern off, `{ "when": "$(basename).ts" }` excludes a file only where that
 * sibling exists. VS Code's globs are relative to the workspace folder and a glob without `/`
 * matches only at its top (`node_modules` there means only the top one), so such globs are anchored
 * before they reach ripgrep, whose gitignore-style globs would match them at any depth.
 */

import type { ConditionalExclude } from '../core/ripgrep/args';

export interface ExcludeRules {
  readonly excludeGlobs: string[];
  readonly conditionalExcludes: ConditionalExclude[];
}

export function excludeRules(filesExclude: unknown, searchExclude: unknown): ExcludeRules {
  const merged: Record<string, unknown> = { ...asRecord(filesExclude), ...asRecord(searchExclude) };
  const excludeGlobs: string[] = [];
  const conditionalExcludes: ConditionalExclude[] = [];
  for (const [glob, value] of Object.entries(merged)) {
    if (glob.trim() === '') {
      continue;
    }
    const anchored = anchor(glob);
    if (value === true) {
      excludeGlobs.push(anchored);
      continue;
    }
    const when = typeof value === 'object' && value !== null ? (value as { when?: unknown }).when : undefined;
    // An empty "when" names no sibling: VS Code's search leaves such an entry out.
    if (typeof when === 'string' && when !== '') {
      conditionalExcludes.push({ glob: anchored, sibling: when });
    }
  }
  return { excludeGlobs, conditionalExcludes };
}

function anchor(glob: string): string {
  // VS Code's search drops a trailing "/": "build/" leaves out a file named build too.
  const text = glob.replace(/\\/g, '/').replace(/\/+$/, '');
  if (text.startsWith('**') || text.startsWith('/') || text.includes('/')) {
    return text;
  }
  return `/${text}`;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
