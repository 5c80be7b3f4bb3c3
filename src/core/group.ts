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
  scopeOf: ArrayLike<number>,
  scopes: readonly SearchScope[],
): TopLevelEntries {
  const found = entriesInListingOrder(names, scopeOf, scopes);
  // Renumber by first appearance in the complete result, and count.
  const finalOf = new Int32Array(found.entryNames.length).fill(-1);
  const entryOf = new Uint32Array(order.length);
  const folderByScope = new Map<number, number>();
  const folderOf: number[] = [];
  const labels: string[] = [];
  const counts: number[] = [];
  for (let position = 0; position < order.length; position += 1) {
    const listed = found.entryOfMatch[order[position]];
    let entry = finalOf[listed];
    if (entry === -1) {
      entry = labels.length;
      finalOf[listed] = entry;
      const scopeIndex = found.scopeOfEntry[listed];
      let folder = folderByScope.get(scopeIndex);
      if (folder === undefined) {
        folder = folderByScope.size;
        folderByScope.set(scopeIndex, folder);
      }
      folderOf.push(folder);
      labels.push(entryLabel(scopes[scopeIndex].entryPrefix, found.entryNames[listed], found.isDirectory[listed] === 1));
      counts.push(0);
    }
    counts[entry] += 1;
    entryOf[position] = entry;
  }
  return { entryOf, folderOf: Uint32Array.from(folderOf), labels, counts: Uint32Array.from(counts) };
}

/**
 * Every match's entry, numbered in the order ripgrep listed them. A walk lists a directory's
 * files together, so a name mostly shares its entry with the one before: that is checked with
 * one string comparison, and only a change of entry costs a slice and a map lookup.
 */
function entriesInListingOrder(names: readonly RawName[], scopeOf: ArrayLike<number>, scopes: readonly SearchScope[]) {
  const entryOfMatch = new Uint32Array(names.length);
  const entryNames: RawName[] = [];
  const scopeOfEntry: number[] = [];
  const isDirectory: number[] = [];
  const keysByScope = scopes.map(() => new Map<string, number>());
  const rootPrefixes = scopes.map((scope) => scope.rootSegments.map((segment) => `${segment}/`).join(''));
  // The last directory entry seen: its scope, its name as a string, and its number.
  let lastScope = -1;
  let lastDirectory = '';
  let lastEntry = 0;

  for (let match = 0; match < names.length; match += 1) {
    const name = names[match];
    const scopeIndex = scopeOf[match];
    if (typeof name === 'string' && scopeIndex === lastScope) {
      const skip = rootPrefixes[scopeIndex].length;
      const end = skip + lastDirectory.length;
      if (name.charCodeAt(end) === 0x2f && name.startsWith(lastDirectory, skip)) {
        entryOfMatch[match] = lastEntry;
        continue;
      }
    }
    const segment = firstSegment(name, rootPrefixes[scopeIndex]);
    const keys = keysByScope[scopeIndex];
    let entry = keys.get(segment.key);
    if (entry === undefined) {
      entry = entryNames.length;
      keys.set(segment.key, entry);
      entryNames.push(segment.entryName);
      scopeOfEntry.push(scopeIndex);
      isDirectory.push(segment.isDirectory ? 1 : 0);
    }
    entryOfMatch[match] = entry;
    if (segment.isDirectory && typeof segment.entryName === 'string') {
      lastScope = scopeIndex;
      lastDirectory = segment.entryName;
      lastEntry = entry;
    }
  }
  return { entryOfMatch, entryNames, scopeOfEntry, isDirectory };
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
