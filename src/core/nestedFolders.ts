/**
 * A workspace folder inside another (a package of a monorepo opened beside the whole): both walks
 * list its files, and VS Code's search shows each of them once, under the inner folder. Here each
 * walk lists everything it matches, and afterwards a file the inner walk listed too is left out of
 * the outer one. Skipping the inner directory in the outer walk instead, as VS Code does, lost the
 * files only the outer walk matches: "packages/**\/*.ts" from the outer folder, which the inner one
 * has no packages/ for.
 */

import * as nodePath from 'node:path';
import { nameText, type RawName } from './names';
import type { GlobRequest } from './request';

/**
 * Gives the outer walks' copies of files an inner walk listed no time (NaN), so they leave the
 * result like files never listed. `scopeStarts` holds each walk's first match (none for a walk
 * that did not run).
 */
export function dropListedTwice(request: GlobRequest, names: readonly RawName[], scopeStarts: readonly number[], mtimes: Float64Array): void {
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
  request.scopes.forEach((scope, scopeIndex) => {
    const inner = (scope.nestedRoots ?? []).map((segments) => {
      // resolve: a folder given as ".../app/" is the same directory as ".../app".
      const root = nodePath.resolve(scope.walkRoot, ...segments);
      return { prefix: `${segments.join('/')}/`, scopeIndex: request.scopes.findIndex((other) => nodePath.resolve(other.searchRoot) === root) };
    });
    if (inner.length === 0) {
      return;
    }
    const [start, end] = matchesOf(scopeIndex);
    for (let match = start; match < end; match += 1) {
      const text = nameText(names[match]);
      const nested = inner.find(({ prefix, scopeIndex: innerIndex }) => innerIndex >= 0 && text.startsWith(prefix));
      if (nested !== undefined && listedPaths(nested.scopeIndex).has(nodePath.join(scope.walkRoot, text))) {
        mtimes[match] = Number.NaN;
      }
    }
  });
}
