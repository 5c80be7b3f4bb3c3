/**
 * Top-level entries: the first path segment below the search root of each match, numbered in
 * order of first appearance in the complete result, with their folder (scope) and match count.
 * A file directly in the search root is an entry of its own. Paths outside the workspace are
 * grouped the same way, by their first segment below the search root, never by the empty
 * segment before an absolute path's leading `/`.
 */

import type { RawName } from './names';
import { showName } from './names';
import type { SearchScope } from './request';

export interface TopLevelEntries {
  /** For each position of the complete result: its entry. */
  readonly entryOf: Uint32Array;
  /** For each entry: its folder, numbered by first appearance. */
  readonly folderOf: Uint32Array;
  /** For each entry: how it is shown (`src/`, `README.md`, `<folder>/src/`), ready to pass as `path`. */
  readonly labels: readonly string[];
  /** For each entry: how many matches it holds. */
  readonly counts: Uint32Array;
}

export function groupByTopLevelEntry(
  order: Uint32Array,
  names: readonly RawName[],
  scopeOf: readonly number[],
  scopes: readonly SearchScope[],
): TopLevelEntries {
  const entryOf = new Uint32Array(order.length);
  const keysByScope = scopes.map(() => new Map<string, number>());
  const folderByScope = new Map<number, number>();
  const folderOf: number[] = [];
  const labels: string[] = [];
  const counts: number[] = [];
  const rootPrefixes = scopes.map((scope) => scope.rootSegments.map((segment) => `${segment}/`).join(''));

  for (let position = 0; position < order.length; position += 1) {
    const match = order[position];
    const scopeIndex = scopeOf[match];
    const name = names[match];
    const { key, entryName, isDirectory } = firstSegment(name, rootPrefixes[scopeIndex]);
    const keys = keysByScope[scopeIndex];
    let entry = keys.get(key);
    if (entry === undefined) {
      entry = labels.length;
      keys.set(key, entry);
      let folder = folderByScope.get(scopeIndex);
      if (folder === undefined) {
        folder = folderByScope.size;
        folderByScope.set(scopeIndex, folder);
      }
      folderOf.push(folder);
      labels.push(entryLabel(scopes[scopeIndex].entryPrefix, entryName, isDirectory));
      counts.push(0);
    }
    counts[entry] += 1;
    entryOf[position] = entry;
  }
  return { entryOf, folderOf: Uint32Array.from(folderOf), labels, counts: Uint32Array.from(counts) };
}

/** The first segment after the search root's own segments. */
function firstSegment(name: RawName, rootPrefix: string): { key: string; entryName: RawName; isDirectory: boolean } {
  if (typeof name === 'string') {
    const skip = rootPrefix.length;
    const slash = name.indexOf('/', skip);
    const entryName = slash === -1 ? (skip === 0 ? name : name.slice(skip)) : name.slice(skip, slash);
    return { key: entryName, entryName, isDirectory: slash !== -1 };
  }
  const skip = Buffer.byteLength(rootPrefix);
  const slash = name.indexOf(0x2f, skip);
  const entryName = name.subarray(skip, slash === -1 ? name.length : slash);
  // latin1 maps each byte to one character, so distinct byte strings stay distinct keys.
  return { key: `\0${entryName.toString('latin1')}`, entryName, isDirectory: slash !== -1 };
}

function entryLabel(prefix: string, entryName: RawName, isDirectory: boolean): string {
  const suffix = isDirectory ? '/' : '';
  if (typeof entryName === 'string') {
    return showName(prefix + entryName + suffix);
  }
  return showName(Buffer.concat([Buffer.from(prefix), entryName, Buffer.from(suffix)]));
}
