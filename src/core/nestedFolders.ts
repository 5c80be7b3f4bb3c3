/**
 * A workspace folder inside another (a package of a monorepo opened beside the whole): both
 * scopes walk its files, each with the inner folder's rules (folderRegions.ts), and VS Code's
 * search shows each of them once, under the inner folder. Here, afterwards, a file a scope nested
 * in another listed too is left out of the outer one, so each file is shown under the innermost
 * folder whose walk lists it: under the outer folder only where the outer pattern alone matches
 * it ("packages/**\/*.ts" from the outer folder, which the inner one has no packages/ for). With
 * three levels (A holds B holds C) a file under C that C's pattern matches is C's; one only A's
 * and B's patterns match is B's.
 */

import * as nodePath from 'node:path';
import { nestedScopes } from './folderRegions';
import { nameText, type RawName } from './names';
import type { GlobRequest } from './request';

/**
 * Gives the outer walks' copies of files a nested scope listed no time (NaN), so they leave the
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
    const inner = nestedScopes(request, scopeIndex).map(({ index, fromWalkRoot }) => ({ prefix: `${fromWalkRoot.join('/')}/`, index }));
    if (inner.length === 0) {
      return;
    }
    const [start, end] = matchesOf(scopeIndex);
    for (let match = start; match < end; match += 1) {
      const text = nameText(names[match]);
      // Any scope nested in this one that holds the file, not only the innermost: a file of C in
      // A holds B holds C that C's pattern does not match is B's when B's does.
      if (inner.some(({ prefix, index }) => text.startsWith(prefix) && listedPaths(index).has(nodePath.join(scope.walkRoot, text)))) {
        mtimes[match] = Number.NaN;
      }
    }
  });
}
