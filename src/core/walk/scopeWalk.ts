/**
 * How one scope's directories are walked: the arguments that narrow ripgrep to the scope's search
 * root below its walk root, with the rules for links a scope reached through one needs.
 */

import type { SearchScope } from '../request/request';
import { ripgrepArgs, type WalkRules } from '../ripgrep/args';

/**
 * How one scope is walked: ripgrep's arguments (narrowed to the search root and to `directories`,
 * the leading directories every match lies under, then `sieve`, see nameFilter.ts), and what
 * every name under the search root starts with, which is cut off before the pattern sees it;
 * and the directories from the walk root it is narrowed to.
 */
export function scopeWalk(
  scope: SearchScope,
  rules: WalkRules,
  directories: readonly string[],
  sieve: readonly string[],
): { args: string[]; rootPrefix: string; narrowedTo: string[] } {
  const narrowedTo = [...scope.rootSegments, ...directories];
  return {
    args: [...ripgrepArgs(scope.throughLink ? { ...rules, followSymlinks: true } : rules, narrowedTo, scope.inGitRepository === true), ...sieve],
    rootPrefix: scope.rootSegments.length > 0 ? `${scope.rootSegments.join('/')}/` : '',
    narrowedTo,
  };
}
