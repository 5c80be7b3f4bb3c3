/**
 * A walk that only counts: one more ripgrep run per scope for an empty answer, each name tested
 * as it arrives and nothing stat-ed, within a time bound and until the caller has counted enough;
 * where the bound cuts a walk of the whole tree, walks of its top levels use the time left.
 * The look at ignored files (ignoredProbe.ts) and at what patterns near the one given match
 * (nearMatches.ts) are such walks.
 */

import * as nodePath from 'node:path';
import { scopeWalk } from '../walk/scopeWalk';
import { nameText, type RawName } from '../names';
import type { GlobRequest, SearchScope } from '../request/request';
import type { WalkRules } from '../ripgrep/args';
import { runReportedRipgrep, type RipgrepEvent } from '../ripgrep/reported';

export interface CountingWalkOptions {
  readonly ripgrepPath: string;
  /** How long the walks may take together; none left (0 or less) ends them at once. */
  readonly timeLimitMs: number;
  /** The search's own stop (cancellation, timeout): it stops the walk too. */
  readonly signal: AbortSignal;
  /** Called at each ripgrep start and end, for logs (marked with the walk's `purpose`). */
  readonly onRipgrep?: (event: RipgrepEvent) => void;
}

export interface CountingWalk {
  readonly purpose: NonNullable<RipgrepEvent['purpose']>;
  rules(scope: SearchScope): WalkRules;
  /** Leading directories every file counted lies under, which narrow the walk. */
  readonly directories: readonly string[];
  /** ripgrep's sieve of names (nameFilter.ts). */
  readonly sieve: readonly string[];
  /** More ripgrep arguments for one scope's walk, which leave parts of it out (a depth bound, directories skipped). */
  readonly scopeArgs?: (scope: SearchScope) => readonly string[];
  /** Bytes every wanted name ends with, tested before a name is decoded. */
  readonly requiredSuffix?: string;
  /**
   * Gets each name under the search root with its text relative to the root; returns how many
   * matches it counted, and true once that is enough, which ends the walk.
   */
  consider(scope: number, name: RawName, relative: string): { readonly counted: number; readonly enough: boolean };
}

/** Whether every scope was walked to its end; undefined when ripgrep could not run. */
export async function countingWalks(request: GlobRequest, walk: CountingWalk, options: CountingWalkOptions): Promise<boolean | undefined> {
  const enough = new AbortController();
  // AbortSignal.timeout takes a whole, non-negative number of milliseconds, and throws on anything
  // else; a caller that gives what is left of its time may have none left.
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(Math.max(0, Math.floor(options.timeLimitMs))), enough.signal]);
  let counted = 0;
  try {
    for (let scopeIndex = 0; scopeIndex < request.scopes.length; scopeIndex += 1) {
      const scope = request.scopes[scopeIndex];
      const { args, rootPrefix } = scopeWalk(scope, walk.rules(scope), walk.directories, [...walk.sieve, ...(walk.scopeArgs?.(scope) ?? [])]);
      const countedBefore = counted;
      const outcome = await runReportedRipgrep(
        { ripgrepPath: options.ripgrepPath, args, cwd: scope.walkRoot },
        {
          signal,
          ...(walk.requiredSuffix ? { requiredSuffix: walk.requiredSuffix } : {}),
          onName: (name) => {
            // Names already read from ripgrep's output still arrive after the walk is ended.
            if (enough.signal.aborted) {
              return;
            }
            const text = nameText(name);
            if (text.startsWith(rootPrefix)) {
              const seen = walk.consider(scopeIndex, name, text.slice(rootPrefix.length));
              counted = seen.counted;
              if (seen.enough) {
                enough.abort();
              }
            }
          },
        },
        { onRipgrep: options.onRipgrep, purpose: walk.purpose, matched: () => counted - countedBefore },
      );
      if (outcome.stopped || outcome.killedBy !== null) {
        return false;
      }
    }
  } catch {
    return undefined;
  }
  return true;
}

export interface ThenTopLevelsOptions extends CountingWalkOptions {
  /** How long the whole walk may take before the top levels are walked. @default WHOLE_WALK_SHARE of timeLimitMs */
  readonly wholeWalkMs?: number;
}

/**
 * The share of the time bound the whole walk gets; in the rest, where it was cut, walks of the
 * top levels only, one level deeper each (TOP_LEVELS), for as long as time is left. ripgrep walks
 * one directory to its end before the next, so a whole walk can spend all its time in the first
 * large tree it meets: in this project's own workspace (its test VS Code and benchmark trees hold
 * over two million ignored files) it found no ignored "*.d.ts" in a second, where four levels
 * listed 460 of them in 0.07 s; in the 1m benchmark tree it found no file for "tests/**\/*.ts"
 * under the near "test/" before its time ran out. Build output, installed packages and a
 * project's own directories lie near the top ("dist/cli.js.map", "node_modules/@types/node/fs.d.ts",
 * "test/unit/a.test.ts"). The whole walk goes first so that a workspace it ends in (most) pays
 * for no second walk: the top levels first and then the whole cost the empty answer for "*.jpeg"
 * in the 100k benchmark tree 682 ms against 640 (11 interleaved runs of `node dist/cli.js`).
 */
const WHOLE_WALK_SHARE = 0.6;
/**
 * The depths the top levels are walked to, below the directories the walk is narrowed to: each
 * walk lists every level of the one before again, but reaches each top-level directory's first
 * levels before any directory's deeper ones, and its few thousand names cost little beside the
 * deepest walk's.
 */
const TOP_LEVELS = [2, 3, 4, 5, 6];

/**
 * countingWalks, and where its time bound cuts it, walks of the top levels in the rest of the
 * time. A name the walk counted is not given to `consider` again, so counts add up. Says whether
 * the whole walk ended: counts after a cut are lower bounds, however many levels were walked.
 */
export async function countingWalksThenTopLevels(request: GlobRequest, walk: CountingWalk, options: ThenTopLevelsOptions): Promise<boolean | undefined> {
  const started = Date.now();
  // The names counted so far, by scope and path: far fewer than those listed, at most what the
  // walk's counters hold. Two names of bytes that read alike as text count once here, a rare
  // undercount in a count that is a lower bound after a cut anyway.
  const counted = new Set<string>();
  let again = false;
  let progress = { counted: 0, enough: false };
  // A file of a workspace folder inside another is listed by both walks: counted once, by where
  // it lies on disk rather than by walk.
  const nested = request.scopes.some((scope) => scope.nestedRoots !== undefined);
  const keyOf = (scope: number, relative: string): string =>
    nested ? nodePath.join(request.scopes[scope].searchRoot, relative) : `${scope}/${relative}`;
  const once: CountingWalk = {
    ...walk,
    consider: (scope, name, relative) => {
      if ((again || nested) && counted.has(keyOf(scope, relative))) {
        return progress;
      }
      const before = progress.counted;
      progress = walk.consider(scope, name, relative);
      if (progress.counted !== before) {
        counted.add(keyOf(scope, relative));
      }
      return progress;
    },
  };
  const whole = await countingWalks(request, once, { ...options, timeLimitMs: options.wholeWalkMs ?? options.timeLimitMs * WHOLE_WALK_SHARE });
  again = true;
  for (const levels of whole === false ? TOP_LEVELS : []) {
    const timeLimitMs = options.timeLimitMs - (Date.now() - started);
    if (progress.enough || options.signal.aborted || timeLimitMs <= 0) {
      break;
    }
    const topLevels: CountingWalk = {
      ...once,
      // ripgrep counts depth from its working directory, the scope's walk root.
      scopeArgs: (scope) => [...(walk.scopeArgs?.(scope) ?? []), '--max-depth', String(scope.rootSegments.length + walk.directories.length + levels)],
    };
    if ((await countingWalks(request, topLevels, { ...options, timeLimitMs })) !== true) {
      break;
    }
  }
  return whole;
}
