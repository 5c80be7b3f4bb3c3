/**
 * For a search that found nothing: the files it would find with `includeIgnored`, counted by one
 * more ripgrep walk per scope with the ignore rules and excludes lifted, within a time bound and up
 * to a number of matches. The empty answer can then say whether passing `includeIgnored` would
 * help, and show some of those files, instead of always suggesting it (a model that tries it on
 * every empty answer walks node_modules for nothing).
 */

import { scopeWalk, type RipgrepEvent } from './collect';
import type { ScopeRules } from './glob';
import { NameCounter, type FoundNames } from './foundNames';
import { nameText } from './names';
import type { GlobRequest, SearchScope } from './request';
import { nameFilterArgs } from './ripgrep/nameFilter';
import { runRipgrep } from './ripgrep/process';

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

export interface IgnoredProbeOptions {
  readonly ripgrepPath: string;
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
  /** How long the walks may take together. */
  readonly timeLimitMs: number;
  /** The search's own stop (cancellation, timeout): it stops the probe too. */
  readonly signal: AbortSignal;
  /** Called at each ripgrep start and end, for logs (marked with `purpose`). */
  readonly onRipgrep?: (event: RipgrepEvent) => void;
}

/**
 * Undefined when the probe learned nothing: no match reached before time ran out, or ripgrep
 * could not run.
 */
export async function probeIgnored(request: GlobRequest, options: IgnoredProbeOptions): Promise<IgnoredMatches | undefined> {
  const enough = new AbortController();
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeLimitMs), enough.signal]);
  const found = new NameCounter();
  let complete = true;
  try {
    for (let scopeIndex = 0; scopeIndex < request.scopes.length; scopeIndex += 1) {
      const scope = request.scopes[scopeIndex];
      const { args, rootPrefix } = scopeWalk(request, scope, { ...options.rulesFor(scope), includeIgnored: true }, nameFilterArgs(request.pattern.requiredSuffix));
      const logged = { command: [options.ripgrepPath, ...args], cwd: scope.walkRoot, purpose: 'countIgnored' } as const;
      const started = Date.now();
      const countedBefore = found.count;
      let pid: number | undefined;
      const outcome = await runRipgrep(
        { ripgrepPath: options.ripgrepPath, args, cwd: scope.walkRoot },
        {
          signal,
          onSpawn: (spawned) => {
            pid = spawned;
            options.onRipgrep?.({ ...logged, phase: 'start', pid });
          },
          ...(request.pattern.requiredSuffix ? { requiredSuffix: request.pattern.requiredSuffix } : {}),
          onName: (name) => {
            // Names already read from ripgrep's output still arrive after the walk is ended.
            if (found.count === IGNORED_COUNTED_AT_MOST) {
              return;
            }
            const text = nameText(name);
            if (text.startsWith(rootPrefix) && request.pattern.matches(text.slice(rootPrefix.length))) {
              found.add(scopeIndex, name);
              if (found.count === IGNORED_COUNTED_AT_MOST) {
                enough.abort();
              }
            }
          },
        },
      );
      options.onRipgrep?.({ ...logged, phase: 'end', pid, listed: outcome.listed, matched: found.count - countedBefore, exitCode: outcome.exitCode, elapsedMs: Date.now() - started });
      if (outcome.stopped || outcome.killedBy !== null) {
        complete = false;
        break;
      }
    }
  } catch {
    return undefined;
  }
  return complete || found.count > 0 ? { count: found.count, complete, first: found.first } : undefined;
}
