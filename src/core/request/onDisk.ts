/**
 * What is at a path on disk, as the request and the advice for wrong input ask it: stat follows
 * symbolic links, and anything that cannot be read counts as missing. A name outside ASCII that
 * is missing as written is looked for in another Unicode normalization form too, as the pattern
 * matches names (unicodeForms.ts).
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { hasNonAscii } from '../pattern/unicodeForms';

export async function entryKind(path: string | Buffer): Promise<'directory' | 'file' | 'missing'> {
  try {
    return (await fs.stat(path)).isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}

export async function isDirectory(path: string): Promise<boolean> {
  return (await entryKind(path)) === 'directory';
}

/** Whether `path` is a directory itself, not a symbolic link to one. */
export async function isDirectoryNotLink(path: string): Promise<boolean> {
  return fs.lstat(path).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
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

/**
 * `segments` joined below `root`, each as spelledOnDisk finds it. Joined once at the end, and
 * each parent only for a name that is looked up: a path of 150,000 segments joined one segment at
 * a time took time quadratic in its length (an empty answer's look at the directories a pattern
 * names hung on one).
 */
export async function joinedInAnyForm(root: string, segments: readonly string[], paths: nodePath.PlatformPath = nodePath): Promise<string> {
  // One string joined once, not spread into the call: 150,000 arguments overflow the stack.
  const under = (names: readonly string[]): string => paths.join(root, names.join(paths.sep));
  if (!segments.some(hasNonAscii)) {
    return under(segments);
  }
  const found: string[] = [];
  for (const [at, name] of segments.entries()) {
    if (hasNonAscii(name)) {
      const parent = under(found);
      if ((await entryKind(paths.join(parent, name))) === 'missing') {
        const composed = name.normalize('NFC');
        const same = (await fs.readdir(parent).catch((): string[] => [])).find((entry) => entry.normalize('NFC') === composed);
        if (same === undefined) {
          // Nothing lies below a name that is there in neither form: the rest stays as written,
          // without a look-up (and a join) per name that could only find nothing.
          return under([...found, ...segments.slice(at)]);
        }
        found.push(same);
        continue;
      }
    }
    found.push(name);
  }
  return under(found);
}
