/**
 * A walk that only counts: one more ripgrep run per scope for an empty answer, each name tested
 * as it arrives and nothing stat-ed, within a time bound and until the caller has counted enough.
 * The look at ignored files (ignoredProbe.ts) and at what patterns near the one given match
 * (nearMatches.ts) are such walks.
 */

import { scopeWalk, type RipgrepEvent } from './collect';
import { nameText, type RawName } from './names';
import type { GlobRequest, SearchScope } from './request';
import type { WalkRules } from './ripgrep/args';
import { runRipgrep } from './ripgrep/process';

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
      const logged = { command: [options.ripgrepPath, ...args], cwd: scope.walkRoot, purpose: walk.purpose };
      const started = Date.now();
      const countedBefore = counted;
      let pid: number | undefined;
      const outcome = await runRipgrep(
        { ripgrepPath: options.ripgrepPath, args, cwd: scope.walkRoot },
        {
          signal,
          onSpawn: (spawned) => {
            pid = spawned;
            options.onRipgrep?.({ ...logged, phase: 'start', pid });
          },
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
      );
      options.onRipgrep?.({ ...logged, phase: 'end', pid, listed: outcome.listed, matched: counted - countedBefore, exitCode: outcome.exitCode, elapsedMs: Date.now() - started });
      if (outcome.stopped || outcome.killedBy !== null) {
        return false;
      }
    }
  } catch {
    return undefined;
  }
  return true;
}
