/**
 * Facts that explain an empty result, looked up only when nothing matched: the first directory
 * the pattern names that does not exist, and a pattern that repeats the end of its search root
 * ("path": "src" with "pattern": "src/core/*.ts" looks for src/src/core).
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { anchoredPattern, pathSegments } from './patternPath';
import type { GlobRequest } from './request';
import type { EmptyResultFacts } from './result';

export async function explainEmpty(request: GlobRequest): Promise<EmptyResultFacts> {
  const missingDirectory = await firstMissingDirectory(request);
  if (missingDirectory === undefined) {
    return {};
  }
  const rootRepeated = repeatedRoot(request);
  return { missingDirectory, ...(rootRepeated ? { rootRepeated } : {}) };
}

/** The first literal directory of the pattern that is missing under every search root. */
async function firstMissingDirectory(request: GlobRequest): Promise<string | undefined> {
  const directories = request.pattern.literalDirectories;
  for (let depth = 1; depth <= directories.length; depth += 1) {
    const relative = directories.slice(0, depth).join('/');
    const exists = await Promise.all(
      request.scopes.map((scope) => fs.stat(nodePath.join(scope.searchRoot, relative)).then((stats) => stats.isDirectory(), () => false)),
    );
    if (!exists.some(Boolean)) {
      return `${relative}/`;
    }
  }
  return undefined;
}

/**
 * The longest run of the pattern's leading directories that a search root already ends with, and
 * the pattern without them. A model that narrows "path" often keeps the same directories in the
 * pattern, which is then matched below them a second time.
 */
function repeatedRoot(request: GlobRequest): EmptyResultFacts['rootRepeated'] {
  const directories = request.pattern.literalDirectories;
  for (const scope of request.scopes) {
    const rootSegments = scope.searchRoot.split(/[\\/]/).filter((segment) => segment !== '');
    for (let count = Math.min(directories.length, rootSegments.length); count >= 1; count -= 1) {
      if (directories.slice(0, count).every((directory, i) => directory === rootSegments[rootSegments.length - count + i])) {
        const body = request.pattern.source.replace(/^\//, '');
        const rest = pathSegments(body, process.platform !== 'win32').slice(count);
        return { directories: `${directories.slice(0, count).join('/')}/`, pattern: anchoredPattern(rest) };
      }
    }
  }
  return undefined;
}
