/**
 * Where workspace folders nest, which folder's rules decide each part of a search root. VS Code's
 * search leaves an inner folder's directory out of the walk of every folder around it, so each
 * file under a folder's root is seen through that folder's settings and ignore files alone (its
 * files.exclude and search.exclude, the ignore files read from its root): one it hides is hidden
 * from the whole search. Here the same, without losing what only the outer folder's pattern
 * reaches ("packages/**\/*.ts" from the outer folder, which the inner one has no packages/ for):
 * each scope's walk skips the roots of the folders nested in it, and each such root is walked once
 * more for the outer scope, as a region of its own, with the inner folder's rules and walk root,
 * its names matched against the outer pattern from the outer search root.
 *
 * With three levels (A holds B holds C) a file under C is seen through C's rules only, from every
 * walk: A's walk skips B and C, A's region of B skips C, and C is walked for A, for B and for C with
 * C's rules. So B excluding C's directory, or some of its files, hides nothing of C, as in VS Code,
 * where B's walk skips C's directory before any exclude of B's is read. Which of a file's copies is
 * kept when several scopes list it is nestedFolders.ts's job.
 *
 * The walks list as many names as before (each file under an inner root once per scope that holds
 * it, as when every walk listed its whole tree), in one more ripgrep run per folder nested in a
 * scope: "*.ts" in a 4,000-file tree with a 2,000-file folder nested took 465 ms against 395 before
 * (medians of 10 interleaved searches, 2 cores), most of it that run's start. Without nesting each
 * scope is one region, its walk as before (178 ms against 171 without the nested folder).
 */

import * as nodePath from 'node:path';
import type { RawName } from './names';
import type { GlobRequest, SearchScope } from './request';
import { ripgrepArgs, type WalkRules } from './ripgrep/args';
import { skippingGlob } from './ripgrep/narrow';

/** One ripgrep walk of a search: the part of a scope's search root one scope's rules decide. */
export interface ScopeRegion {
  /** The scope whose pattern the names are matched with and under which matches are shown. */
  readonly scope: number;
  /** The scope whose walk root and rules the walk has: `scope` itself, or one nested in it. */
  readonly ruledBy: number;
  /** From the scope's search root to the region's root, each segment followed by '/' ('' for the scope's own region). */
  readonly under: string;
  /** The segments from the scope's walk root to the walk's: put before each name to make it the scope's. */
  readonly walkedFrom: readonly string[];
  /** Directories other regions cover, as segments from the walk's root: left out of this walk. */
  readonly skipped: ReadonlyArray<readonly string[]>;
}

/** How one region is walked: what scopeWalk gives, and how its names become the scope's. */
export interface RegionWalk {
  readonly args: string[];
  /** ripgrep's working directory. */
  readonly cwd: string;
  /** What every name under the region's root starts with, cut off before `under` is put in its place. */
  readonly rootPrefix: string;
  /** The directories from the walk root the walk is narrowed to. */
  readonly narrowedTo: string[];
  /** A name ripgrep printed as the scope's name, relative to the scope's walk root; undefined for one in a skipped directory. */
  readonly scopeName: (name: RawName, text: string) => RawName | undefined;
}

/**
 * The regions of every scope, each scope's in a run, in the order of the scopes: one per scope
 * where no folders nest.
 */
export function scopeRegions(request: GlobRequest): ScopeRegion[] {
  return request.scopes.flatMap((scope, scopeIndex) => {
    const nested = nestedScopes(request, scopeIndex);
    const own: ScopeRegion = { scope: scopeIndex, ruledBy: scopeIndex, under: '', walkedFrom: [], skipped: nested.map(({ fromWalkRoot }) => fromWalkRoot) };
    return [
      own,
      ...nested.map(({ index, fromSearchRoot }) => {
        const inner = request.scopes[index];
        return {
          scope: scopeIndex,
          ruledBy: index,
          under: slashed(fromSearchRoot),
          walkedFrom: segmentsFrom(scope.walkRoot, inner.walkRoot) ?? [],
          skipped: nestedScopes(request, index).map(({ fromWalkRoot }) => fromWalkRoot),
        };
      }),
    ];
  });
}

/**
 * The scopes whose search roots lie inside this one's, with the way there from its walk root and
 * from its search root. Only those whose walk root lies inside this one's walk root: their names
 * can be written as this scope's (a search root reached through a link may not be).
 */
export function nestedScopes(request: GlobRequest, scopeIndex: number): Array<{ index: number; fromWalkRoot: string[]; fromSearchRoot: string[] }> {
  const scope = request.scopes[scopeIndex];
  // request.ts tells where roots nest; the ways there are found here, for those scopes alone.
  if (scope.nestedRoots === undefined) {
    return [];
  }
  return request.scopes.flatMap((other, index) => {
    const fromSearchRoot = index === scopeIndex ? undefined : segmentsFrom(scope.searchRoot, other.searchRoot);
    const fromWalkRoot = segmentsFrom(scope.walkRoot, other.searchRoot);
    // The same directory given twice ("app" and "app/") is no nesting: both list it, as before.
    if (fromSearchRoot === undefined || fromSearchRoot.length === 0 || fromWalkRoot === undefined || segmentsFrom(scope.walkRoot, other.walkRoot) === undefined) {
      return [];
    }
    return [{ index, fromWalkRoot, fromSearchRoot }];
  });
}

/**
 * The walk of one region for a scope's walk narrowed to `directories` below its search root (the
 * leading directories every wanted name lies under), with `extraArgs` after ripgrep's own;
 * undefined when the region lies beside those directories, where nothing wanted is.
 */
export function regionWalk(request: GlobRequest, region: ScopeRegion, rules: WalkRules, directories: readonly string[], extraArgs: readonly string[]): RegionWalk | undefined {
  const walked = request.scopes[region.ruledBy];
  const under = region.under === '' ? [] : region.under.slice(0, -1).split('/');
  const shared = Math.min(under.length, directories.length);
  if (under.slice(0, shared).some((segment, i) => segment !== directories[i])) {
    return undefined;
  }
  const skipping = region.skipped.map((segments) => skippingGlob(segments.slice(0, -1), segments.slice(-1)));
  const walk = scopeWalk(walked, rules, directories.slice(shared), [...extraArgs, ...skipping.flatMap((glob) => (glob === undefined ? [] : ['--glob', glob]))]);
  // A directory too long for a glob is left out here instead: its names are dropped as they come.
  const unskipped = region.skipped.filter((_segments, i) => skipping[i] === undefined).map(slashed);
  const namePrefix = slashed(region.walkedFrom);
  return {
    args: walk.args,
    cwd: walked.walkRoot,
    rootPrefix: walk.rootPrefix,
    narrowedTo: walk.narrowedTo,
    scopeName: (name, text) => {
      if (unskipped.some((prefix) => text.startsWith(prefix))) {
        return undefined;
      }
      if (namePrefix === '') {
        return name;
      }
      return typeof name === 'string' ? namePrefix + name : Buffer.concat([Buffer.from(namePrefix), name]);
    },
  };
}

/**
 * How one scope is walked: ripgrep's arguments (narrowed to the search root and to `directories`,
 * the leading directories every match lies under, then `extraArgs`, such as nameFilter.ts's
 * sieve), and what every name under the search root starts with, which is cut off before the
 * pattern sees it; and the directories from the walk root it is narrowed to.
 */
function scopeWalk(
  scope: SearchScope,
  rules: WalkRules,
  directories: readonly string[],
  extraArgs: readonly string[],
): { args: string[]; rootPrefix: string; narrowedTo: string[] } {
  const narrowedTo = [...scope.rootSegments, ...directories];
  return {
    args: [...ripgrepArgs(scope.throughLink ? { ...rules, followSymlinks: true } : rules, narrowedTo), ...extraArgs],
    rootPrefix: scope.rootSegments.length > 0 ? `${scope.rootSegments.join('/')}/` : '',
    narrowedTo,
  };
}

/** The segments from `directory` to `path` in `/` form; undefined when `path` is not inside it. */
function segmentsFrom(directory: string, path: string): string[] | undefined {
  const relative = nodePath.relative(directory, path);
  if (relative === '') {
    return [];
  }
  return relative.startsWith('..') || nodePath.isAbsolute(relative) ? undefined : relative.split(nodePath.sep);
}

function slashed(segments: readonly string[]): string {
  return segments.map((segment) => `${segment}/`).join('');
}
