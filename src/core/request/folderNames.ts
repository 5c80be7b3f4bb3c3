/**
 * Names for workspace folders that no two share. VS Code names a folder after its directory, so
 * two clones of one repository, or frontend/app beside backend/app, are both "app": their paths
 * ("app/src/x.ts"), their entries and the complete list's links could not tell them apart, and a
 * "path" starting with "app" reached the first only. A shared name is told apart by the folder's
 * parent directory ("app (frontend)"), and by a number where that is shared too ("app (2)").
 */

import * as nodePath from 'node:path';
import type { WorkspaceFolder } from './request';

export function withDistinctNames(folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath = nodePath): readonly WorkspaceFolder[] {
  const shared = (named: readonly WorkspaceFolder[], name: (folder: WorkspaceFolder) => string): Set<string> => {
    const seen = new Map<string, number>();
    for (const folder of named) {
      seen.set(name(folder), (seen.get(name(folder)) ?? 0) + 1);
    }
    return new Set([...seen].filter(([, times]) => times > 1).map(([key]) => key));
  };
  const sharedNames = shared(folders, (folder) => folder.name);
  if (sharedNames.size === 0) {
    return folders;
  }
  // A folder at the top of the file system has no parent's name: it keeps its own, or a number.
  const byParent = folders.map((folder) => {
    const parent = paths.basename(paths.dirname(folder.path));
    return sharedNames.has(folder.name) && parent !== '' ? { ...folder, name: `${folder.name} (${parent})`, sharedName: folder.name } : folder;
  });
  const stillShared = shared(byParent, (folder) => folder.name);
  const counted = new Map<string, number>();
  return byParent.map((folder, i) => {
    if (!stillShared.has(folder.name)) {
      return folder;
    }
    const number = (counted.get(folder.name) ?? 0) + 1;
    counted.set(folder.name, number);
    return { ...folder, name: `${folders[i].name} (${number})`, sharedName: folders[i].name };
  });
}
