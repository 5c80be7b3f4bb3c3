/**
 * For a search that found nothing: the files it would find with `includeIgnored`, counted by one
 * more ripgrep walk per scope with the ignore rules and excludes lifted (and, where that runs out
 * of time, walks of the top levels: countingWalk.ts), within a time bound and up to a number of
 * matches. The empty answer can then say whether passing `includeIgnored` would help, and show
 * some of those files, instead of always suggesting it (a model that tries it on every empty
 * answer walks node_modules for nothing).
 */

import { countingWalksThenTopLevels, type ThenTopLevelsOptions } from './countingWalk';
import type { ScopeRules } from './glob';
import { NameCounterByEntry, type FoundNames } from './foundNames';
import { entryLabel } from './group';
import type { PatternMatches } from './nearMatches';
import { compilePattern } from './pattern';
import type { GlobRequest, SearchScope } from './request';
import { nameFilterArgs } from './ripgrep/nameFilter';

/**
 * Matches counted at most: past it the answer says "at least" and the walk ends. Ignored matches
 * are most often many (type declarations, build output, vendored code under node_modules), and
 * a model decides on "includeIgnored" from "at least 1,000" as well as from the exact count;
 * counting them all meant walking all of node_modules, up to the time bound, for every such
 * empty answer.
 */
export const IGNORED_COUNTED_AT_MOST = 1_000;

/**
 * Ignored files that match: all of them, or as many as the walk reached in its time, or
 * IGNORED_COUNTED_AT_MOST.
 */
export interface IgnoredMatches extends FoundNames {
  /** False when the walk ran out of time, was stopped or counted enough: `count` is then a lower bound. */
  readonly complete: boolean;
  /** The top-level entries they lie in, as the page shows entries ("node_modules/"), with their counts, the most first. */
  readonly entries: ReadonlyArray<{ readonly label: string; readonly count: number }>;
}

export interface IgnoredProbeOptions extends ThenTopLevelsOptions {
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
}

/**
 * Undefined when ripgrep could not run. A walk cut by its time bound before any match gives a
 * count of 0 that is not complete: the files it reached did not match, the rest are unknown.
 */
export async function probeIgnored(request: GlobRequest, options: IgnoredProbeOptions): Promise<IgnoredMatches | undefined> {
  const found = new NameCounterByEntry();
  const whole = await countingWalksThenTopLevels(
    request,
    {
      purpose: 'countIgnored',
      rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: true }),
      directories: request.pattern.literalDirectories,
      sieve: nameFilterArgs(request.pattern.requiredSuffix),
      ...(request.pattern.requiredSuffix ? { requiredSuffix: request.pattern.requiredSuffix } : {}),
      consider: (scope, name, relative) => {
        if (request.pattern.matches(relative)) {
          const slash = relative.indexOf('/');
          found.add(scope, name, entryLabel(request.scopes[scope].entryPrefix, slash < 0 ? relative : relative.slice(0, slash), slash >= 0));
        }
        return { counted: found.count, enough: found.count === IGNORED_COUNTED_AT_MOST };
      },
    },
    options,
  );
  return whole === undefined ? undefined : { count: found.count, complete: whole, first: found.examples(), entries: found.entries() };
}

/**
 * What `includeIgnored` would find in the near directory of a missing one (missingDirectory.ts),
 * where the pattern with it in place matches nothing under the search's own rules. A model that
 * wrote "distt/*.js" where a git-ignored dist/ holds the build was told that "dist/*.js" finds
 * nothing there, and took dist/ for empty. One more walk, of that directory alone with the rules
 * lifted, in the time the other looks left; undefined where there is nothing to look at: the
 * near walk counted files there, or was cut (its none proves nothing), or no time is left.
 */
export function probeIgnoredInNearDirectory(
  request: GlobRequest,
  nearDirectory: PatternMatches | undefined,
  options: IgnoredProbeOptions,
): Promise<IgnoredMatches | undefined> | undefined {
  if (request.includeIgnored || nearDirectory === undefined || nearDirectory.count > 0 || !nearDirectory.complete || options.timeLimitMs <= 0) {
    return undefined;
  }
  // The pattern's directories narrow the walk: the near one, not the whole tree.
  return probeIgnored({ ...request, pattern: compilePattern(nearDirectory.pattern), patternAsGiven: nearDirectory.pattern }, options);
}
