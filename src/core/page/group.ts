/**
 * Top-level entries: the first path segment below the search root of each match, numbered in
 * order of first appearance in the complete result, with their folder (scope) and match count.
 * A file directly in the search root is an entry of its own. Paths outside the workspace are
 * grouped the same way, by their first segment below the search root, never by the empty
 * segment before an absolute path's leading `/`.
 *
 * Two steps: ListedEntries finds each match's entry while ripgrep lists (collect.ts feeds it),
 * groupByTopLevelEntry renumbers the entries in the complete result's order and counts them.
 */

import { isUtf8 } from 'node:buffer';
import { inBlocks } from '../blocks';
import { withRoomFor } from '../growable';
import type { RawName } from '../names';
import { showName } from '../names';
import type { SearchScope } from '../request/request';

export interface TopLevelEntries {
  /** For each position of the complete result: its entry. */
  readonly entryOf: Uint32Array;
  /** For each entry: its folder, numbered by first appearance. */
  readonly folderOf: Uint32Array;
  /** For each entry: how it is shown (`src/`, `README.md`, `<folder>/src/`), quoted when the name is not plain (SPEC §5). */
  readonly labels: readonly string[];
  /** For each entry: the same unquoted, as "path" takes it; a name that is not UTF-8 keeps its quoted form. */
  readonly paths: readonly string[];
  /** For each entry: true for a directory, false for a file directly in the search root. */
  readonly isDirectory: readonly boolean[];
  /** For each entry: how many matches it holds. */
  readonly counts: Uint32Array;
}

export function groupByTopLevelEntry(order: Uint32Array, listed: ListedEntries, scopes: readonly SearchScope[]): TopLevelEntries {
  const entryOf = new Uint32Array(order.length);
  const firstOf: number[] = [];
  const counts: number[] = [];
  const finalOf = new Int32Array(listed.entryNames.length).fill(-1);
  inBlocks(order.length, (from, to) => renumber(order, from, to, listed.entryOfMatch, finalOf, entryOf, firstOf, counts));
  // Folders are numbered by first appearance too: the order their entries first appear in.
  const folderByScope = new Map<number, number>();
  const folderOf = new Uint32Array(firstOf.length);
  const labels = firstOf.map((found, entry) => {
    const scopeIndex = listed.scopeOfEntry[found];
    let folder = folderByScope.get(scopeIndex);
    if (folder === undefined) {
      folder = folderByScope.size;
      folderByScope.set(scopeIndex, folder);
    }
    folderOf[entry] = folder;
    return entryLabel(scopes[scopeIndex].entryPrefix, listed.entryNames[found], listed.isDirectory[found] === 1);
  });
  const isDirectory = firstOf.map((found) => listed.isDirectory[found] === 1);
  const paths = firstOf.map((found, entry) => {
    const name = listed.entryNames[found];
    return typeof name === 'string' ? scopes[listed.scopeOfEntry[found]].entryPrefix + name + (isDirectory[entry] ? '/' : '') : labels[entry];
  });
  return { entryOf, folderOf, labels, paths, isDirectory, counts: Uint32Array.from(counts) };
}

/**
 * Numbers the entries by first appearance in the complete result, over positions `from` to `to`
 * (in blocks, as blocks.ts explains): each position's entry into `entryOf`, each entry's listing
 * number into `firstOf`, each entry's count into `counts`; `finalOf` maps listing numbers to the
 * entries numbered so far (-1: none yet).
 */
function renumber(
  order: Uint32Array,
  from: number,
  to: number,
  entryOfMatch: Uint32Array,
  finalOf: Int32Array,
  entryOf: Uint32Array,
  firstOf: number[],
  counts: number[],
): void {
  for (let position = from; position < to; position += 1) {
    const found = entryOfMatch[order[position]];
    let entry = finalOf[found];
    if (entry === -1) {
      entry = firstOf.length;
      finalOf[found] = entry;
      firstOf.push(found);
      counts.push(0);
    }
    counts[entry] += 1;
    entryOf[position] = entry;
  }
}

/**
 * Every match's entry, numbered in the order ripgrep lists them. The listing stage adds each
 * match as it arrives, while ripgrep is still walking and this thread mostly waits (it was two
 * thirds of the grouping's time after the walk). A walk lists a directory's files together, so
 * a name mostly shares its entry with the one before: that is checked with one string
 * comparison, and only a change of entry costs a slice and a map lookup.
 */
export class ListedEntries {
  /** For each match: its entry, in listing numbering. */
  get entryOfMatch(): Uint32Array {
    return this.entries.subarray(0, this.added);
  }
  /** For each entry: its first segment, its scope, and 1 when it is a directory. */
  readonly entryNames: RawName[] = [];
  readonly scopeOfEntry: number[] = [];
  readonly isDirectory: number[] = [];

  private entries = new Uint32Array(1024);
  private added = 0;
  private readonly keysByScope: Array<Map<string, number>>;
  private readonly rootPrefixes: string[];
  // The last directory entry seen: its scope, its name as a string, and its number.
  private lastScope = -1;
  private lastDirectory = '';
  private lastEntry = 0;

  constructor(scopes: readonly SearchScope[]) {
    this.keysByScope = scopes.map(() => new Map<string, number>());
    this.rootPrefixes = scopes.map((scope) => scope.rootSegments.map((segment) => `${segment}/`).join(''));
  }

  /** Match number `match` (0, 1, 2, … in listing order) is `name` in scope `scopeIndex`. */
  add(match: number, scopeIndex: number, name: RawName): void {
    this.entries = withRoomFor(this.entries, match);
    this.added = Math.max(this.added, match + 1);
    if (typeof name === 'string' && scopeIndex === this.lastScope) {
      const skip = this.rootPrefixes[scopeIndex].length;
      const end = skip + this.lastDirectory.length;
      if (name.charCodeAt(end) === 0x2f && name.startsWith(this.lastDirectory, skip)) {
        this.entries[match] = this.lastEntry;
        return;
      }
    }
    const segment = firstSegment(name, this.rootPrefixes[scopeIndex]);
    const keys = this.keysByScope[scopeIndex];
    let entry = keys.get(segment.key);
    if (entry === undefined) {
      entry = this.entryNames.length;
      keys.set(segment.key, entry);
      this.entryNames.push(segment.entryName);
      this.scopeOfEntry.push(scopeIndex);
      this.isDirectory.push(segment.isDirectory ? 1 : 0);
    }
    this.entries[match] = entry;
    if (segment.isDirectory && typeof segment.entryName === 'string') {
      this.lastScope = scopeIndex;
      this.lastDirectory = segment.entryName;
      this.lastEntry = entry;
    }
  }
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
  const entryBytes = name.subarray(skip, slash === -1 ? name.length : slash);
  if (isUtf8(entryBytes)) {
    // Only a name further down is not UTF-8: its entry is the one its siblings with plain names
    // are in ("a/" for "a/\xff.ts" and "a/1.ts"), not one of its own.
    const entryName = entryBytes.toString('utf8');
    return { key: entryName, entryName, isDirectory: slash !== -1 };
  }
  // latin1 maps each byte to one character, so distinct byte strings stay distinct keys.
  return { key: `\0${entryBytes.toString('latin1')}`, entryName: entryBytes, isDirectory: slash !== -1 };
}

export function entryLabel(prefix: string, entryName: RawName, isDirectory: boolean): string {
  const suffix = isDirectory ? '/' : '';
  if (typeof entryName === 'string') {
    return showName(prefix + entryName + suffix);
  }
  return showName(Buffer.concat([Buffer.from(prefix), entryName, Buffer.from(suffix)]));
}
