/**
 * The listing stage: one ripgrep walk per scope, each name tested against the pattern as it
 * arrives, each match handed at once to the stat stage and to the finding of its top-level
 * entry, and checked for quoting; all of it while ripgrep still walks, which is what the search
 * waits for. Matches are kept as parallel arrays (name, scope), which stays small for a million
 * paths. Excludes that depend on a sibling file are checked last, for the few matches they
 * concern.
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { CaselessMatches, type CaselessFound } from '../emptyAnswer/caseless';
import type { ScopeRules } from '../glob';
import { ListedEntries } from '../page/group';
import { nameText, needsQuoting, type RawName } from '../names';
import { createModifiedTimes, type ModifiedTimesSummary, type StatMode } from './modifiedTimes';
import { compilePattern } from '../pattern/pattern';
import type { GlobRequest, SearchScope } from '../request/request';
import type { ConditionalExclude } from '../ripgrep/args';
import { scopeWalk } from './scopeWalk';
import { dropListedTwice } from './nestedFolders';
import { nameFilterArgs } from '../ripgrep/nameFilter';
import { runReportedRipgrep, type RipgrepEvent } from '../ripgrep/reported';
import { SameStemMatches, stemGlob, type SameStemFound } from '../emptyAnswer/sameStem';
import type { Stopper } from './stopper';
import { warningWithin } from '../page/warningText';

export interface CollectOptions {
  readonly ripgrepPath: string;
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
  /** Beyond this many matches the search stops and says it is incomplete. */
  readonly maxPaths: number;
  readonly onRipgrep?: (event: RipgrepEvent) => void;
  readonly onProgress?: (matches: number) => void;
  /** How file times are read: 'sync' and 'adaptive' only on a thread nothing else waits on. */
  readonly statMode: StatMode;
}

/** What the logs get about each ripgrep run. */

export interface CollectedMatches extends ModifiedTimesSummary {
  /** Each match's name, relative to its scope's walk root. */
  readonly names: readonly RawName[];
  /** Each match's scope (index into the request's scopes). */
  readonly scopeOf: Uint32Array;
  /** Each match's top-level entry, found as it was listed. */
  readonly entries: ListedEntries;
  /** The warnings read, every one in the part of each walk's stderr examined (process.ts). */
  readonly warnings: readonly string[];
  readonly warningCount: number;
  /** Set when something outside the engine killed ripgrep. */
  readonly killedBy?: string;
  /**
   * True when ripgrep listed every match and each is held: each walk ended by itself, none cut by
   * a stop, and no match was left out past the bound. A stop while times are still read then
   * leaves the order incomplete, not the result.
   */
  readonly listedAll: boolean;
  /**
   * True when every name is a string shown verbatim (SPEC §5). Checked here, while ripgrep is
   * still walking and this thread mostly waits, so the complete list need not check its lines.
   */
  readonly allVerbatim: boolean;
  /** When nothing matched: the files that match when case is ignored, if any. */
  readonly caseless?: CaselessFound;
  /** When nothing matched: the files with the name of a pattern without wildcards and any extension. */
  readonly sameStem?: SameStemFound;
}

/** A match that an exclude drops if its sibling exists. */
interface SiblingCheck {
  readonly match: number;
  readonly sibling: string;
}

export async function collectMatches(request: GlobRequest, options: CollectOptions, stopper: Stopper): Promise<CollectedMatches> {
  const names: RawName[] = [];
  // Scopes are walked one after another, so each scope's matches are one run of names: the
  // first match of each is enough while collecting (a number per match would cost 8-12 bytes).
  const scopeStarts: number[] = [];
  // Names ripgrep printed in the walks so far, matching or not (the 'adaptive' stat way asks).
  let listedBefore = 0;
  let listed = 0;
  const statMode = statModeFor(request, options.statMode);
  // Only a stop that means "now" ends the reading of times: after the size bound the files held are read.
  const times = createModifiedTimes(statMode, stopper.nowSignal, () => listed);
  const entries = new ListedEntries(request.scopes);
  const siblingChecks: SiblingCheck[] = [];
  const warnings: string[] = [];
  let warningCount = 0;
  let killedBy: string | undefined;
  let walksEnded = 0;
  // A match left out past the bound: the walk may have ended by itself all the same, before the
  // stop reached it, and listed every name, yet the result holds only some of its matches.
  let pastBound = false;
  let allVerbatim = true;
  const caseless = new CaselessMatches(request.pattern);
  const sameStem = new SameStemMatches(stemGlob(request.pattern));
  // The 'adaptive' way decides from the share of listed names that match (statWays/adaptive.ts),
  // which a listing sieved to the names that can match would no longer tell.
  const sieve = statMode === 'adaptive' ? [] : nameFilterArgs(request.pattern.requiredSuffix, sameStem.glob?.stem);

  for (let scopeIndex = 0; scopeIndex < request.scopes.length && !stopper.signal.aborted; scopeIndex += 1) {
    const scope = request.scopes[scopeIndex];
    scopeStarts[scopeIndex] = names.length;
    const rules = options.rulesFor(scope);
    const conditional = rules.conditionalExcludes.map((exclude) => ({ exclude, pattern: compilePattern(exclude.glob, 'asWritten') }));
    const { args, rootPrefix, narrowedTo } = scopeWalk(scope, { ...rules, includeIgnored: request.includeIgnored }, request.pattern.literalDirectories, sieve);
    let matched = 0;
    const outcome = await runReportedRipgrep(
      { ripgrepPath: options.ripgrepPath, args, cwd: scope.walkRoot },
      {
        signal: stopper.signal,
        // Names with the pattern's stem must reach the listing too, whatever they end with.
        ...(request.pattern.requiredSuffix && !sameStem.glob ? { requiredSuffix: request.pattern.requiredSuffix } : {}),
        // Warnings about what the walk meets beside the directories it is narrowed to are not this search's.
        keepWarning: (line) => warningWithin(line, narrowedTo),
        onName: (name, listedInWalk) => {
          listed = listedBefore + listedInWalk;
          const text = nameText(name);
          if (!text.startsWith(rootPrefix)) {
            return;
          }
          const relative = text.slice(rootPrefix.length);
          if (!request.pattern.matches(relative)) {
            // Only until the first match: an answer with matches needs no advice on case or name.
            if (names.length === 0) {
              sameStem.consider(scopeIndex, name, relative, caseless.consider(scopeIndex, name, relative));
            }
            return;
          }
          // Names ripgrep printed before the bound stopped it are past the bound: not held.
          if (names.length >= options.maxPaths) {
            pastBound = true;
            return;
          }
          const match = names.length;
          times.add(match, scope.walkRoot, name);
          entries.add(match, scopeIndex, name);
          names.push(name);
          // Once one name needs quoting the answer is known: the rest are not checked.
          if (allVerbatim && (typeof name !== 'string' || needsQuoting(name))) {
            allVerbatim = false;
          }
          matched += 1;
          if (!request.includeIgnored) {
            for (const { exclude, pattern } of conditional) {
              if (pattern.matches(text)) {
                siblingChecks.push({ match, sibling: siblingPath(scope, text, exclude) });
              }
            }
          }
          if (names.length % 1024 === 0) {
            options.onProgress?.(names.length);
          }
          if (names.length >= options.maxPaths) {
            stopper.stop('limit');
          }
        },
      },
      { onRipgrep: options.onRipgrep, matched: () => matched },
    );
    listedBefore += outcome.listed;
    listed = listedBefore;
    for (const warning of outcome.warnings) {
      warnings.push(warning);
    }
    warningCount += outcome.warningCount;
    killedBy ??= outcome.killedBy ?? undefined;
    if (outcome.listedAll) {
      walksEnded += 1;
    }
  }

  const summary = await times.finish();
  await dropWhereSiblingExists(siblingChecks, summary.mtimes);
  const nested = await dropListedTwice(request, names, scopeStarts, summary.mtimes, { ripgrepPath: options.ripgrepPath, rulesFor: options.rulesFor, signal: stopper.signal, onRipgrep: options.onRipgrep });
  killedBy ??= nested.killedBy;
  return {
    ...summary,
    names,
    scopeOf: scopesOfMatches(scopeStarts, names.length),
    entries,
    warnings,
    warningCount,
    ...(killedBy ? { killedBy } : {}),
    // A check of an inner folder's rules that did not end leaves files it would have taken out.
    listedAll: walksEnded === request.scopes.length && nested.answered && !pastBound,
    allVerbatim,
    ...(names.length === 0 ? notMatchedFound(caseless, sameStem) : {}),
  };
}

/**
 * The stat way for this search: 'adaptive' becomes 'sync' for a pattern without wildcards. Such a
 * pattern matches at most one file per directory, a minority of the names wherever directories
 * hold two files or more on average, where 'adaptive' keeps to the calling thread anyway; with
 * 'sync' ripgrep may also sieve the names (nameFilter.ts).
 */
function statModeFor(request: GlobRequest, asked: StatMode): StatMode {
  return asked === 'adaptive' && request.pattern.literal ? 'sync' : asked;
}

function notMatchedFound(caseless: CaselessMatches, sameStem: SameStemMatches): Pick<CollectedMatches, 'caseless' | 'sameStem'> {
  const inOtherCase = caseless.matches();
  const withStem = sameStem.matches();
  return { ...(inOtherCase ? { caseless: inOtherCase } : {}), ...(withStem ? { sameStem: withStem } : {}) };
}

/** Each match's scope, from the first match of each scope. */
function scopesOfMatches(scopeStarts: readonly number[], matches: number): Uint32Array {
  const scopeOf = new Uint32Array(matches);
  scopeStarts.forEach((start, scopeIndex) => scopeOf.fill(scopeIndex, start));
  return scopeOf;
}

function siblingPath(scope: SearchScope, relative: string, exclude: ConditionalExclude): string {
  const directory = nodePath.posix.dirname(relative);
  const base = nodePath.posix.basename(relative);
  const stem = base.slice(0, base.length - nodePath.posix.extname(base).length);
  // Once, as VS Code's search does; a function, so a "$&" in the name is not a replacement pattern.
  const sibling = exclude.sibling.replace('$(basename)', () => stem);
  return nodePath.join(scope.walkRoot, directory, sibling);
}

/** An excluded match leaves the result like a file that was never listed: no time, not counted. */
async function dropWhereSiblingExists(checks: readonly SiblingCheck[], mtimes: Float64Array): Promise<void> {
  const batch = 64;
  for (let start = 0; start < checks.length; start += batch) {
    await Promise.all(
      checks.slice(start, start + batch).map(async ({ match, sibling }) => {
        if (await fs.access(sibling).then(() => true, () => false)) {
          mtimes[match] = Number.NaN;
        }
      }),
    );
  }
}
