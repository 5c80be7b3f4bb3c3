/**
 * For a search that found nothing: the files it would find with `includeIgnored`, counted by one
 * more ripgrep walk per scope with the ignore rules and excludes lifted (and, where that runs out
 * of time, one of the top levels), within a time bound and up to a number of matches. The empty answer can then say whether passing `includeIgnored` would
 * help, and show some of those files, instead of always suggesting it (a model that tries it on
 * every empty answer walks node_modules for nothing).
 */

import { countingWalks, type CountingWalkOptions } from './countingWalk';
import type { ScopeRules } from './glob';
import { NameCounter, type FoundNames } from './foundNames';
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
}

export interface IgnoredProbeOptions extends CountingWalkOptions {
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
  /** How long the whole walk may take before the top levels are looked at. @default WHOLE_WALK_SHARE of timeLimitMs */
  readonly wholeWalkMs?: number;
}

/**
 * The share of the time bound the whole walk gets; in the rest, where it was cut, a walk of the
 * top levels only (SHALLOW_LEVELS). ripgrep walks one directory to its end before the next, so a
 * whole walk can spend all its time in the first large ignored tree it meets: in this project's
 * own workspace (its test VS Code and benchmark trees hold over two million ignored files) it
 * found no "*.d.ts" in a second, where four levels listed 460 of them in 0.07 s. Build output and
 * installed packages lie near the top ("dist/cli.js.map", "node_modules/@types/node/fs.d.ts").
 * The whole walk goes first so that a workspace it ends in (most) pays for no second walk: the
 * top levels first and then the whole cost the empty answer for "*.jpeg" in the 100k benchmark
 * tree 682 ms against 640 (11 interleaved runs of `node dist/cli.js`).
 */
const WHOLE_WALK_SHARE = 0.6;
const SHALLOW_LEVELS = 4;

/**
 * Undefined when ripgrep could not run. A walk cut by its time bound before any match gives a
 * count of 0 that is not complete: the files it reached did not match, the rest are unknown.
 */
export async function probeIgnored(request: GlobRequest, options: IgnoredProbeOptions): Promise<IgnoredMatches | undefined> {
  const started = Date.now();
  const found = new NameCounter();
  // The whole walk's matches, by scope and path, so the top levels' walk counts only others.
  const counted = new Set<string>();
  const walk = (shallow: boolean, timeLimitMs: number): Promise<boolean | undefined> =>
    countingWalks(
      request,
      {
        purpose: 'countIgnored',
        rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: true }),
        directories: request.pattern.literalDirectories,
        sieve: nameFilterArgs(request.pattern.requiredSuffix),
        ...(request.pattern.requiredSuffix ? { requiredSuffix: request.pattern.requiredSuffix } : {}),
        // ripgrep counts depth from its working directory, the scope's walk root.
        scopeArgs: (scope) => (shallow ? ['--max-depth', String(scope.rootSegments.length + request.pattern.literalDirectories.length + SHALLOW_LEVELS)] : []),
        consider: (scope, name, relative) => {
          if (request.pattern.matches(relative)) {
            const key = `${scope}/${relative}`;
            if (!shallow) {
              counted.add(key);
              found.add(scope, name);
            } else if (!counted.has(key)) {
              found.add(scope, name);
            }
          }
          return { counted: found.count, enough: found.count === IGNORED_COUNTED_AT_MOST };
        },
      },
      { ...options, timeLimitMs },
    );
  const whole = await walk(false, options.wholeWalkMs ?? options.timeLimitMs * WHOLE_WALK_SHARE);
  if (whole === false && found.count < IGNORED_COUNTED_AT_MOST) {
    await walk(true, options.timeLimitMs - (Date.now() - started));
  }
  return whole === undefined ? undefined : { count: found.count, complete: whole, first: found.first };
}
