/**
 * Workspace folders that are not directories that can be searched. A folder can be gone while it
 * is still open in VS Code (moved, deleted, a drive unmounted), be a file now, or be unreadable
 * (a link that loops, no permission to reach it), and ripgrep started in it would fail as if
 * ripgrep itself were missing. A search of the whole workspace searches the others, as VS Code's
 * own search does, and its answer names each folder left out and why (render.ts, spillFormat.ts);
 * a search with nothing left to search is refused, naming each.
 */

import { promises as fs } from 'node:fs';
import { GlobError } from '../errors';
import type { WorkspaceFolder } from './request';
import type { SearchRoot } from './searchRoots';

/** A workspace folder that is not a directory that can be searched, and what is there instead. */
export interface FolderNotOnDisk {
  readonly folder: WorkspaceFolder;
  /** Nothing (or a file where a directory above it was), a file, or something stat could not read. */
  readonly found: 'nothing' | 'file' | 'unreadable';
  /** The system's code for why it could not be read ("ELOOP", "EACCES"), where `found` is 'unreadable'. */
  readonly error?: string;
}

/** The search roots that are directories on disk, and the workspace folders among the rest. */
export async function rootsOnDisk(searchRoots: readonly SearchRoot[], otherFolders: boolean): Promise<{ onDisk: SearchRoot[]; notOnDisk: FolderNotOnDisk[] }> {
  const states = await Promise.all(searchRoots.map(({ root }) => folderState(root)));
  const onDisk = searchRoots.filter((_, i) => states[i] === 'directory');
  const notOnDisk = searchRoots.flatMap(({ root, folder }, i) => {
    const state = states[i];
    return state === 'directory' ? [] : [{ folder: folder ?? { name: root, path: root }, ...state }];
  });
  // A root that is not a workspace folder itself (an absolute pattern's directory) was checked
  // when it was named; one gone since is the only one searched, so it ends the search below.
  if (onDisk.length === 0 || searchRoots.some(({ root, folder }, i) => states[i] !== 'directory' && folder?.path !== root)) {
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
 * Whether a folder is a directory, and what is there if not. Only "no such entry" (ENOENT, or
 * ENOTDIR where a directory above it is a file now) is missing: a folder that cannot be read
 * may hold files, and saying it is gone would tell the person to look for it elsewhere.
 */
export async function folderState(path: string): Promise<'directory' | Omit<FolderNotOnDisk, 'folder'>> {
  try {
    return (await fs.stat(path)).isDirectory() ? 'directory' : { found: 'file' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an unknown error';
    return code === 'ENOENT' || code === 'ENOTDIR' ? { found: 'nothing' } : { found: 'unreadable', error: code };
  }
}

/**
 * Why a folder is left out, in the words the answer uses: "missing on disk", "not a directory",
 * "unreadable"; with `withError`, the code why too ("unreadable: ELOOP"), where no path follows it.
 */
export function whyNotOnDisk({ found, error }: FolderNotOnDisk, withError = false): string {
  return found === 'nothing' ? 'missing on disk' : found === 'file' ? 'not a directory' : withError ? `unreadable: ${error}` : 'unreadable';
}

/** Where the folder was and what is there: "/abs/gone", "/abs/f is a file now", "/abs/loop: ELOOP". */
export function whereNotOnDisk({ folder, found, error }: FolderNotOnDisk): string {
  return found === 'file' ? `${folder.path} is a file now` : found === 'unreadable' ? `${folder.path}: ${error}` : folder.path;
}

/**
 * 'The workspace folder "gone" is missing on disk (/abs/gone): it may have been moved or
 * deleted', for one folder or several, each with its own reason; the caller ends the sentence.
 * Names and paths are written as JSON and as given, as the error for a missing "path" writes them.
 */
export function foldersNotOnDiskSentence(notOnDisk: readonly FolderNotOnDisk[]): string {
  const moved = notOnDisk.some(({ found }) => found !== 'unreadable') ? `: ${notOnDisk.length === 1 ? 'it' : 'they'} may have been moved or deleted` : '';
  if (notOnDisk.length === 1) {
    const [only] = notOnDisk;
    return `The workspace folder ${JSON.stringify(only.folder.name)} is ${whyNotOnDisk(only)} (${whereNotOnDisk(only)})${moved}`;
  }
  const each = notOnDisk.map((entry) => `${JSON.stringify(entry.folder.name)} (${whyNotOnDisk(entry)}: ${whereNotOnDisk(entry)})`);
  return `The workspace folders ${each.slice(0, -1).join(', ')} and ${each[each.length - 1]} cannot be listed${moved}`;
}
