/**
 * What is at a path on disk, as the request and the advice for wrong input ask it: stat follows
 * symbolic links, and anything that cannot be read counts as missing. A name outside ASCII that
 * is missing as written is looked for in another Unicode normalization form too, as the pattern
 * matches names (unicodeForms.ts).
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { hasNonAscii } from './unicodeForms';

export async function entryKind(path: string): Promise<'directory' | 'file' | 'missing'> {
  try {
    return (await fs.stat(path)).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

export async function isDirectory(path: string): Promise<boolean> {
  return (await entryKind(path)) === 'directory';
}

/**
 * `path` as it is written on disk: each name outside ASCII that is missing as written stands for
 * the entry beside it that reads the same in NFC ("résumé" composed for a decomposed directory
 * made on macOS); unchanged where there is none, or where `path` is there as given.
 */
export async function spelledOnDisk(path: string, paths: nodePath.PlatformPath = nodePath): Promise<string> {
  if (!hasNonAscii(path) || (await entryKind(path)) !== 'missing') {
    return path;
  }
  const { root } = paths.parse(path);
  return joinedInAnyForm(root, path.slice(root.length).split(paths.sep), paths);
}

/** `segments` joined below `root`, each as spelledOnDisk finds it. */
export async function joinedInAnyForm(root: string, segments: readonly string[], paths: nodePath.PlatformPath = nodePath): Promise<string> {
  let path = root;
  for (const name of segments) {
    const written = paths.join(path, name);
    if (!hasNonAscii(name) || (await entryKind(written)) !== 'missing') {
      path = written;
      continue;
    }
    const composed = name.normalize('NFC');
    const same = (await fs.readdir(path).catch((): string[] => [])).find((entry) => entry.normalize('NFC') === composed);
    path = same === undefined ? written : paths.join(path, same);
  }
  return path;
}
