/**
 * An absolute path that reaches a workspace folder through a symbolic link, written as the same
 * place under the folder's own path. On macOS /tmp is a link to /private/tmp, a home directory
 * may be linked, and a command line started in a linked directory sees the resolved one as its
 * working directory: "path": "/tmp/proj/src" for a folder opened as /private/tmp/proj was taken
 * for a directory outside the workspace (absolute paths shown, and in VS Code the person asked
 * to confirm), and an absolute pattern there for "a directory outside the workspace".
 *
 * POSIX only: on Windows paths differ in more than links (drive letters, case), and are left as
 * they are.
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { spelledOnDisk } from './onDisk';
import { isPlainSegment } from './patternPath';
import type { WorkspaceFolder } from './request';

/**
 * `absolute` (a path, or an absolute pattern in `/` separators) under the path of the folder its
 * leading directories resolve into; as given where it lies in a folder as written, or where those
 * directories resolve into none. Only the longest run of leading plain segments that exists is
 * resolved: a pattern's glob segments, and what follows them, stay as written.
 */
export async function underFolderPath(absolute: string, folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath): Promise<string> {
  if (paths !== nodePath.posix || !absolute.startsWith('/') || folders.some((folder) => isInside(folder.path, absolute, paths))) {
    return absolute;
  }
  const segments = absolute.split('/');
  let plain = 1;
  while (plain < segments.length && isPlainSegment(segments[plain])) {
    plain += 1;
  }
  // The longest leading run that exists: a file or directory the input names may not.
  let real: string | undefined;
  for (; plain > 1; plain -= 1) {
    // Spelled as on disk: a pattern outside ASCII names a directory in any normalization form,
    // the workspace folder's own among them (unicodeForms.ts).
    real = await fs.realpath(await spelledOnDisk(segments.slice(0, plain).join('/'), paths)).catch(() => undefined);
    if (real !== undefined) {
      break;
    }
  }
  if (real === undefined) {
    return absolute;
  }
  for (const folder of folders) {
    const realFolder = await fs.realpath(folder.path).catch(() => undefined);
    if (realFolder !== undefined && isInside(realFolder, real, paths)) {
      // What follows keeps its form: glob segments, names that do not exist, a trailing "/".
      return [paths.join(folder.path, paths.relative(realFolder, real)), ...segments.slice(plain)].join('/');
    }
  }
  return absolute;
}

/** Whether `path` is `directory` or lies below it, as written. */
export function isInside(directory: string, path: string, paths: nodePath.PlatformPath): boolean {
  const relative = paths.relative(directory, path);
  // Above it only where the first name is ".." itself: "..cache" and "..,src" are names inside it,
  // which a test for the text ".." took for a place outside (asked about, shown absolute).
  const up = relative === '..' || relative.startsWith(`..${paths.sep}`);
  return relative === '' || (!up && !paths.isAbsolute(relative));
}
