/**
 * For a search that found nothing: the files it would find with `includeIgnored`, counted by one
 * more ripgrep walk per scope with the ignore rules and excludes lifted (and, where that runs out
 * of time, walks of the top levels: countingWalk.ts), within a time bound and up to a number of
 * matches. The empty answer can then say whether passing `includeIgnored` would help, and show
 * some of those files, instead of always suggesting it (a model that tries it on every empty
 * answer walks node_modules for nothing). The same walk counts what a near pattern would find
 * there, where the search's own looks found nothing and an ignored file is the likely answer:
 * the name with another extension ("dist/index.*"), the pattern at any depth where its directory
 * is missing ("**\/dist/*.js"); and a second walk, of a missing directory's near one alone.
 */

import { countingWalksThenTopLevels, type ThenTopLevelsOptions } from './countingWalk';
import type { ScopeRules } from '../glob';
import { NameCounter, NameCounterByEntry, type FoundNames } from './foundNames';
import { entryLabel } from '../page/group';
import type { PatternMatches } from './nearMatches';
import { atAnyDepth, compilePattern } from '../pattern/pattern';
import type { GlobRequest, SearchScope } from '../request/request';
import { stemGlob } from './sameStem';
import { nameFilterArgs } from '../ripgrep/nameFilter';

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
  /**
   * For a pattern without wildcards, the ignored files with its name and another extension, and
   * the glob that finds them ("dist/index.*" for "dist/index.mjs", where a git-ignored
   * dist/index.js is); only when there are some. Without it, "no ignored file matches" sent a
   * model looking for build output or an installed package away from the one file it meant.
   */
  readonly sameStem?: PatternMatches;
  /**
   * For an anchored pattern whose directories are missing, the files the same pattern matches at
   * any depth with the rules lifted ("**\/dist/*.js" for "dist/*.js" in a monorepo whose only
   * dist/ is packages/ui/dist/, git-ignored); when there are some, or with a count of 0 that is
   * not complete where the walk stopped before it found one, which leaves it unknown. Those are
   * ignored ones only where the search's own look at any depth found none (nearMatches.ts).
   */
  readonly anyDepth?: PatternMatches;
}

export interface IgnoredProbeOptions extends ThenTopLevelsOptions {
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
  /**
   * Also count the files with the pattern's name and another extension (sameStem), for a search
   * whose own listing found none: the walk lifts the rules, so only then is each it finds an
   * ignored one. @default false
   */
  readonly withSameStem?: boolean;
  /**
   * Also count what the pattern matches at any depth, walking the whole tree: for an anchored
   * pattern whose directories are missing, where a walk of them would list nothing. The pattern
   * itself then matches nothing, ignored or not, whether the walk ends or not. @default false
   */
  readonly withAnyDepth?: boolean;
}

/**
 * Undefined when ripgrep could not run. A walk cut by its time bound before any match gives a
 * count of 0 that is not complete: the files it reached did not match, the rest are unknown.
 */
export async function probeIgnored(request: GlobRequest, options: IgnoredProbeOptions): Promise<IgnoredMatches | undefined> {
  const found = new NameCounterByEntry();
  const stem = options.withSameStem ? stemGlob(request.pattern) : undefined;
  const stemPattern = stem === undefined || stem.pattern === request.pattern.source ? undefined : compilePattern(stem.pattern);
  const sameStem = new NameCounter();
  const anywhereGlob = options.withAnyDepth && request.pattern.anchored && !request.pattern.negated ? atAnyDepth(request.pattern.source) : undefined;
  const anywhere = anywhereGlob === undefined ? undefined : compilePattern(anywhereGlob);
  const atAnyDepthFound = new NameCounter();
  const whole = await countingWalksThenTopLevels(
    request,
    {
      purpose: 'countIgnored',
      rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: true }),
      directories: anywhere ? [] : request.pattern.literalDirectories,
      // The sieve lets the names with the pattern's stem through too, whatever they end with.
      sieve: nameFilterArgs(request.pattern.requiredSuffix, stemPattern ? stem?.stem : undefined),
      ...(request.pattern.requiredSuffix && !stemPattern ? { requiredSuffix: request.pattern.requiredSuffix } : {}),
      consider: (scope, name, relative) => {
        if (request.pattern.matches(relative)) {
          const slash = relative.indexOf('/');
          found.add(scope, name, entryLabel(request.scopes[scope].entryPrefix, slash < 0 ? relative : relative.slice(0, slash), slash >= 0));
        } else if (stemPattern?.matches(relative)) {
          sameStem.add(scope, name);
        } else if (anywhere?.matches(relative) && atAnyDepthFound.count < IGNORED_COUNTED_AT_MOST) {
          atAnyDepthFound.add(scope, name);
        }
        // Every count: a name counted is left out of the walks of the top levels after a cut.
        return {
          counted: found.count + sameStem.count + atAnyDepthFound.count,
          enough: found.count === IGNORED_COUNTED_AT_MOST || atAnyDepthFound.count === IGNORED_COUNTED_AT_MOST,
        };
      },
    },
    options,
  );
  if (whole === undefined) {
    return undefined;
  }
  // Under a directory that is missing, ignored or not, the pattern itself finds nothing.
  const complete = anywhere ? true : whole;
  return {
    count: found.count,
    complete,
    first: found.examples(),
    entries: found.entries(),
    ...(stem && sameStem.count > 0 ? { sameStem: { pattern: stem.pattern, count: sameStem.count, first: sameStem.first, complete } } : {}),
    ...(anywhereGlob && (atAnyDepthFound.count > 0 || !whole)
      ? { anyDepth: { pattern: anywhereGlob, count: atAnyDepthFound.count, first: atAnyDepthFound.first, complete: whole && atAnyDepthFound.count < IGNORED_COUNTED_AT_MOST } }
      : {}),
  };
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
