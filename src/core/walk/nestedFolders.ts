/**
 * A workspace folder inside another (a package of a monorepo opened beside the whole): both walks
 * list its files, and VS Code's search shows each of them once, under the inner folder, and none
 * the inner folder's settings hide. Here each walk lists everything it matches with its own
 * folder's rules, and afterwards the outer walks' copies of files under an inner folder's root
 * are left out where the inner walk listed the file too, or where the inner folder's rules hide
 * it. What stays under the outer folder is what only its pattern matches ("packages/**\/*.ts" from
 * the outer folder, which the inner one has no packages/ for) and what every folder's rules on
 * the way show: skipping the inner directory in the outer walk, as VS Code does, lost those
 * files, and walking it with the inner folder's rules alone lifted the outer folder's ignore files
 * (its "vendor/" over a folder at vendor/lib).
 *
 * Which files the inner rules show is asked of ripgrep only for the outer copies left after the
 * first test, in one more walk of that inner folder: "*.ts" in a monorepo leaves none (the inner
 * walks list them all), so the walk runs only for patterns like "packages/**\/*.ts". Excludes that
 * depend on a sibling file ("when") are not asked here.
 */

import * as nodePath from 'node:path';
import { nameText, type RawName } from '../names';
import type { GlobRequest, SearchScope } from '../request/request';
import type { WalkRules } from '../ripgrep/args';
import { nameFilterArgs } from '../ripgrep/nameFilter';
import { runReportedRipgrep, type RipgrepEvent } from '../ripgrep/reported';
import { scopeWalk } from './scopeWalk';

export interface NestedFoldersOptions {
  readonly ripgrepPath: string;
  readonly rulesFor: (scope: SearchScope) => Omit<WalkRules, 'includeIgnored'>;
  readonly signal: AbortSignal;
  readonly onRipgrep?: (event: RipgrepEvent) => void;
}

/** How the checks of the inner folders' rules ended, for the answer to say. */
export interface NestedCheck {
  /** False when a check was stopped: the outer copies it did not answer for stayed. */
  readonly answered: boolean;
  /** The signal that ended a check's ripgrep when it was not us. */
  readonly killedBy?: string;
}

/**
 * Gives the outer walks' copies of files an inner walk listed, or the inner folder's rules hide,
 * no time (NaN), so they leave the result like files never listed. `scopeStarts` holds each walk's
 * first match (none for a walk that did not run).
 */
export async function dropListedTwice(
  request: GlobRequest,
  names: readonly RawName[],
  scopeStarts: readonly number[],
  mtimes: Float64Array,
  options: NestedFoldersOptions,
): Promise<NestedCheck> {
  const matchesOf = (scopeIndex: number): [number, number] => {
    const start = scopeStarts[scopeIndex] ?? names.length;
    const next = scopeStarts.slice(scopeIndex + 1).find((later) => later !== undefined);
    return [start, next ?? names.length];
  };
  const listedBy = new Map<number, Set<string>>();
  const listedPaths = (scopeIndex: number): Set<string> => {
    let listed = listedBy.get(scopeIndex);
    if (listed === undefined) {
      const { walkRoot } = request.scopes[scopeIndex];
      const [start, end] = matchesOf(scopeIndex);
      listed = new Set(names.slice(start, end).map((name) => nodePath.join(walkRoot, nameText(name))));
      listedBy.set(scopeIndex, listed);
    }
    return listed;
  };
  // By inner scope: the outer copies no inner walk listed, by the file's path, to ask its rules of.
  const unlisted = new Map<number, Map<string, number[]>>();
  request.scopes.forEach((scope, scopeIndex) => {
    const inner = innerScopes(request, scopeIndex);
    if (inner.length === 0) {
      return;
    }
    const [start, end] = matchesOf(scopeIndex);
    for (let match = start; match < end; match += 1) {
      const text = nameText(names[match]);
      const path = nodePath.join(scope.walkRoot, text);
      // Every folder the file lies in, not only the innermost: with three levels (A holds B holds
      // C) a file of C that C's pattern does not match is B's where B's does.
      const holding = inner.filter(({ prefix }) => text.startsWith(prefix));
      if (holding.some(({ index }) => listedPaths(index).has(path))) {
        mtimes[match] = Number.NaN;
        continue;
      }
      for (const { index } of holding) {
        const byPath = unlisted.get(index) ?? new Map<string, number[]>();
        byPath.set(path, [...(byPath.get(path) ?? []), match]);
        unlisted.set(index, byPath);
      }
    }
  });
  // With includeIgnored no folder's rules hide anything the outer walk lists.
  if (request.includeIgnored) {
    return { answered: true };
  }
  // Each inner folder with such copies is asked, even where its settings equal the outer
  // folder's: an outer .ignore can show what an inner .gitignore hides (a .ignore rule beats a
  // .gitignore one at any depth, and the inner walk does not read the outer one), and a folder
  // reached through a link reads the ignore files above its target.
  for (const [innerIndex, byPath] of unlisted) {
    const shown = await shownByRules(request, innerIndex, byPath, options);
    if (shown.kind !== 'listed') {
      // Stopped or killed: what it did not answer stays, and the answer says it is incomplete.
      return shown.kind === 'killed' ? { answered: false, killedBy: shown.signal } : { answered: false };
    }
    for (const [path, matches] of byPath) {
      if (!shown.files.has(path)) {
        for (const match of matches) {
          mtimes[match] = Number.NaN;
        }
      }
    }
  }
  return { answered: true };
}

/**
 * The scopes whose search roots lie inside this scope's walk, with the prefix their files' names
 * have in this walk; only those that are another scope of the request.
 */
function innerScopes(request: GlobRequest, scopeIndex: number): Array<{ prefix: string; index: number }> {
  const scope = request.scopes[scopeIndex];
  return (scope.nestedRoots ?? []).flatMap((segments) => {
    // resolve: a folder given as ".../app/" is the same directory as ".../app".
    const root = nodePath.resolve(scope.walkRoot, ...segments);
    const index = request.scopes.findIndex((other) => nodePath.resolve(other.searchRoot) === root);
    return index >= 0 ? [{ prefix: `${segments.join('/')}/`, index }] : [];
  });
}

type RulesWalk = { kind: 'listed'; files: Set<string> } | { kind: 'stopped' } | { kind: 'killed'; signal: string };

/**
 * Which of `byPath`'s files the rules of the scope at `innerIndex` show: one walk of its search
 * root with its rules, sieved to the names that can match; or how the walk ended without saying.
 */
async function shownByRules(request: GlobRequest, innerIndex: number, byPath: ReadonlyMap<string, readonly number[]>, options: NestedFoldersOptions): Promise<RulesWalk> {
  const inner = request.scopes[innerIndex];
  const { args } = scopeWalk(inner, { ...options.rulesFor(inner), includeIgnored: false }, [], nameFilterArgs(request.pattern.requiredSuffix));
  const shown = new Set<string>();
  const outcome = await runReportedRipgrep(
    { ripgrepPath: options.ripgrepPath, args, cwd: inner.walkRoot },
    {
      signal: options.signal,
      onName: (name) => {
        const path = nodePath.join(inner.walkRoot, nameText(name));
        if (byPath.has(path)) {
          shown.add(path);
        }
      },
      // What the walk meets on its way is the search's own walks' to report.
      keepWarning: () => false,
    },
    { onRipgrep: options.onRipgrep, purpose: 'checkNestedFolder', matched: () => shown.size },
  );
  if (outcome.stopped) {
    return { kind: 'stopped' };
  }
  return outcome.killedBy ? { kind: 'killed', signal: outcome.killedBy } : { kind: 'listed', files: shown };
}
