/**
 * The listing stage: one ripgrep walk per scope, each name tested against the pattern as it
 * arrives, each match handed to the stat stage at once. Matches are kept as parallel arrays
 * (name, scope), which stays small for a million paths.
 */

import type { RawName } from './names';
import { nameText } from './names';
import { ModifiedTimes, type ModifiedTimesSummary } from './modifiedTimes';
import type { GlobRequest } from './request';
import { absolutePath } from './scopePaths';
import { ripgrepArgs, type WalkRules } from './ripgrep/args';
import { runRipgrep } from './ripgrep/process';
import type { Stopper } from './stopper';

export interface CollectOptions {
  readonly ripgrepPath: string;
  /** Every rule but `includeIgnored`, which the request carries. */
  readonly rules: Omit<WalkRules, 'includeIgnored'>;
  /** Beyond this many matches the search stops and says it is incomplete. */
  readonly maxPaths: number;
  readonly onRipgrep?: (event: RipgrepEvent) => void;
  readonly onProgress?: (matches: number) => void;
}

/** What the logs get about each ripgrep run. */
export interface RipgrepEvent {
  readonly phase: 'start' | 'end';
  readonly command: readonly string[];
  readonly cwd: string;
  readonly pid?: number;
  readonly listed?: number;
  readonly matched?: number;
  readonly exitCode?: number | null;
  readonly elapsedMs?: number;
}

export interface CollectedMatches extends ModifiedTimesSummary {
  /** Each match's name, relative to its scope's walk root. */
  readonly names: readonly RawName[];
  /** Each match's scope (index into the request's scopes). */
  readonly scopeOf: readonly number[];
  readonly warnings: readonly string[];
  readonly warningCount: number;
  /** Set when something outside the engine killed ripgrep. */
  readonly killedBy?: string;
}

export async function collectMatches(request: GlobRequest, options: CollectOptions, stopper: Stopper): Promise<CollectedMatches> {
  const names: RawName[] = [];
  const scopeOf: number[] = [];
  const times = new ModifiedTimes(stopper.signal);
  const warnings: string[] = [];
  let warningCount = 0;
  let killedBy: string | undefined;

  for (let scopeIndex = 0; scopeIndex < request.scopes.length && !stopper.signal.aborted; scopeIndex += 1) {
    const scope = request.scopes[scopeIndex];
    const rootPrefix = scope.rootSegments.length > 0 ? `${scope.rootSegments.join('/')}/` : '';
    const args = ripgrepArgs({ ...options.rules, includeIgnored: request.includeIgnored }, [
      ...scope.rootSegments,
      ...request.pattern.literalDirectories,
    ]);
    const started = Date.now();
    let listed = 0;
    let matched = 0;
    let pid: number | undefined;
    const outcome = await runRipgrep(
      { ripgrepPath: options.ripgrepPath, args, cwd: scope.walkRoot },
      {
        signal: stopper.signal,
        onSpawn: (spawned) => {
          pid = spawned;
          options.onRipgrep?.({ phase: 'start', command: [options.ripgrepPath, ...args], cwd: scope.walkRoot, pid });
        },
        onName: (name) => {
          listed += 1;
          const text = nameText(name);
          if (!text.startsWith(rootPrefix) || !request.pattern.matches(text.slice(rootPrefix.length))) {
            return;
          }
          times.add(names.length, absolutePath(scope, name));
          names.push(name);
          scopeOf.push(scopeIndex);
          matched += 1;
          if (names.length % 1024 === 0) {
            options.onProgress?.(names.length);
          }
          if (names.length >= options.maxPaths) {
            stopper.stop('limit');
          }
        },
      },
    );
    options.onRipgrep?.({
      phase: 'end',
      command: [options.ripgrepPath, ...args],
      cwd: scope.walkRoot,
      pid,
      listed,
      matched,
      exitCode: outcome.exitCode,
      elapsedMs: Date.now() - started,
    });
    warnings.push(...outcome.warnings);
    warningCount += outcome.warningCount;
    killedBy ??= outcome.killedBy ?? undefined;
  }

  const summary = await times.finish();
  return { ...summary, names, scopeOf, warnings, warningCount, ...(killedBy ? { killedBy } : {}) };
}
