/**
 * The extension's settings (`workspaceGlob.*`) and VS Code's own search settings, read into the
 * plain options the engine takes. Search settings are per folder, so the rules are read per walk.
 */

import * as vscode from 'vscode';
import type { ScopeRules } from '../core/glob';
import type { SearchScope } from '../core/request/request';
import { DEFAULT_MAX_RESULTS } from '../core/glob';
import { DEFAULT_SPILL_LIMITS, type SpillLimits } from '../core/spill/spill';
import { VSCODE_DEFAULT_RULES } from '../core/vscodeDefaults';
import { excludeRules } from './excludes';

export const SECTION = 'workspaceGlob';
/** The defaults package.json gives these settings, for a value of the wrong type. */
const DEFAULT_TIMEOUT_SECONDS = 60;

export interface ToolSettings {
  readonly maxResults: number;
  readonly timeoutMs: number | undefined;
  readonly spillLimits: SpillLimits;
  /** Only the machine-level value: a workspace must not choose which binary runs. */
  readonly ripgrepPath: string | undefined;
}

export function readToolSettings(): ToolSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const maxResults = clamp(config.get<number>('maxResults', DEFAULT_MAX_RESULTS), 1, 10_000, DEFAULT_MAX_RESULTS);
  const timeoutSeconds = numberOr(config.get<number>('timeoutSeconds', DEFAULT_TIMEOUT_SECONDS), DEFAULT_TIMEOUT_SECONDS);
  const maxCount = clamp(config.get<number>('completeLists.maxCount', DEFAULT_SPILL_LIMITS.maxLists), 1, 1000, DEFAULT_SPILL_LIMITS.maxLists);
  const defaultMegabytes = DEFAULT_SPILL_LIMITS.maxTotalBytes / 2 ** 20;
  const maxMegabytes = clamp(config.get<number>('completeLists.maxMegabytes', defaultMegabytes), 1, 10_000, defaultMegabytes);
  // The setting is machine-scoped; inspect() so that only the user/machine value counts even if
  // a workspace file sets it anyway.
  const ripgrepPath = config.inspect<string>('ripgrepPath')?.globalValue?.trim();
  return {
    maxResults,
    timeoutMs: timeoutSeconds > 0 ? timeoutSeconds * 1000 : undefined,
    spillLimits: { maxLists: maxCount, maxTotalBytes: maxMegabytes * 2 ** 20 },
    ripgrepPath: ripgrepPath ? ripgrepPath : undefined,
  };
}

/**
 * VS Code's search rules for the folder a walk belongs to; outside every folder, the user's and
 * the workspace's own, which VS Code's search applies there too (node_modules stays left out).
 */
export function searchRulesFor(scope: SearchScope): Partial<ScopeRules> {
  const resource = vscode.Uri.file(scope.folder?.path ?? scope.searchRoot);
  const search = vscode.workspace.getConfiguration('search', resource);
  const files = vscode.workspace.getConfiguration('files', resource);
  return {
    useIgnoreFiles: search.get<boolean>('useIgnoreFiles', VSCODE_DEFAULT_RULES.useIgnoreFiles),
    useParentIgnoreFiles: search.get<boolean>('useParentIgnoreFiles', VSCODE_DEFAULT_RULES.useParentIgnoreFiles),
    useGlobalIgnoreFiles: search.get<boolean>('useGlobalIgnoreFiles', VSCODE_DEFAULT_RULES.useGlobalIgnoreFiles),
    // A window-wide setting: read per folder, VS Code logs a warning on every search.
    followSymlinks: vscode.workspace.getConfiguration('search').get<boolean>('followSymlinks', VSCODE_DEFAULT_RULES.followSymlinks),
    ...excludeRules(files.get('exclude'), search.get('exclude')),
  };
}

/**
 * A number setting within bounds; a value that is no number at all (a settings.json entry of
 * "200", in quotes) gets the default, not the lowest bound: a page of 1 said nothing was wrong.
 */
function clamp(value: unknown, min: number, max: number, fallback: number): number {
  const given = numberOr(value, fallback);
  return Math.min(max, Math.max(min, Math.floor(given)));
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? value : fallback;
}
