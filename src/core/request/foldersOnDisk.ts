/**
 * Workspace folders that are not on disk. A folder can be gone while it is still open in VS Code
 * (moved, deleted, a drive unmounted), and ripgrep started in it would fail as if ripgrep itself
 * were missing. Such a folder holds no files, so a search of the whole workspace searches the
 * others, as VS Code's own search does, and its answer names the folder (render.ts); a search
 * with nothing left to search is refused, naming each.
 */

import { GlobError } from '../errors';
import { entryKind } from './onDisk';
import type { WorkspaceFolder } from './request';
import type { SearchRoot } from './searchRoots';

/** A workspace folder that is not a directory on disk, and what is there instead. */
export interface FolderNotOnDisk {
  readonly folder: WorkspaceFolder;
  readonly found: 'nothing' | 'file';
}

/** The search roots that are directories on disk, and the workspace folders among the rest. */
export async function rootsOnDisk(searchRoots: readonly SearchRoot[], otherFolders: boolean): Promise<{ onDisk: SearchRoot[]; notOnDisk: FolderNotOnDisk[] }> {
  const kinds = await Promise.all(searchRoots.map(({ root }) => entryKind(root)));
  const onDisk = searchRoots.filter((_, i) => kinds[i] === 'directory');
  const notOnDisk = searchRoots.flatMap(({ root, folder }, i) =>
    kinds[i] === 'directory' ? [] : [{ folder: folder ?? { name: root, path: root }, found: kinds[i] === 'file' ? ('file' as const) : ('nothing' as const) }],
  );
  // A root that is not a workspace folder itself (an absolute pattern's directory) was checked
  // when it was named; one gone since is the only one searched, so it ends the search below.
  if (onDisk.length === 0 || searchRoots.some(({ root, folder }, i) => kinds[i] !== 'directory' && folder?.path !== root)) {
    throw new GlobError(
      'pathNotFound',
      `${foldersNotOnDiskSentence(notOnDisk)}, so ${notOnDisk.length === 1 ? 'it' : 'they'} cannot be searched. ${
        otherFolders && onDisk.length > 0 ? 'To search another workspace folder, pass a "path" inside it; or pass' : 'Pass'
      } an absolute directory that exists as "path".`,
    );
  }
  return { onDisk, notOnDisk };
}

/**
 * 'The workspace folder "gone" is missing on disk (/abs/gone): it may have been moved or
 * deleted', for one folder or several; the caller ends the sentence. Names and paths are
 * written as JSON and as given, as the error for a missing "path" writes them.
 */
export function foldersNotOnDiskSentence(notOnDisk: readonly FolderNotOnDisk[]): string {
  const names = notOnDisk.map(({ folder }) => JSON.stringify(folder.name));
  const where = notOnDisk.map(({ folder, found }) => (found === 'file' ? `${folder.path} is a file now` : folder.path));
  return notOnDisk.length === 1
    ? `The workspace folder ${names[0]} is missing on disk (${where[0]}): it may have been moved or deleted`
    : `The workspace folders ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are missing on disk (${where.join('; ')}): they may have been moved or deleted`;
}
