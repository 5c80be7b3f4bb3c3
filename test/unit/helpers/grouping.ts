/**
 * A sampler grouping (sample.ts) built from one entry name per item of the complete result, and
 * optionally a folder per item: entries and folders numbered by first appearance, as group.ts
 * numbers them.
 */

import type { Grouping } from '../../../src/core/page/sample';

export function groupingOf(entries: readonly string[], folders?: readonly string[]): Grouping {
  const entryIds = new Map<string, number>();
  const folderIds = new Map<string, number>();
  const folderOf: number[] = [];
  const entryOf = entries.map((entry, i) => {
    const folder = folders?.[i] ?? '';
    const key = `${folder}\0${entry}`;
    let id = entryIds.get(key);
    if (id === undefined) {
      id = entryIds.size;
      entryIds.set(key, id);
      if (!folderIds.has(folder)) {
        folderIds.set(folder, folderIds.size);
      }
      folderOf.push(folderIds.get(folder) ?? 0);
    }
    return id;
  });
  const counts = new Uint32Array(folderOf.length);
  entryOf.forEach((entry) => (counts[entry] += 1));
  return { entryOf: Uint32Array.from(entryOf), folderOf: Uint32Array.from(folderOf), counts };
}

/** Each entry's items (positions in the complete result), in result order. */
export function itemsByEntry(grouping: Grouping): number[][] {
  const items: number[][] = Array.from(grouping.folderOf, () => []);
  grouping.entryOf.forEach((entry, position) => items[entry].push(position));
  return items;
}
