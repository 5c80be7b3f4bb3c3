/**
 * What is at a path on disk, as the request and the advice for wrong input ask it: stat follows
 * symbolic links, and anything that cannot be read counts as missing.
 */

import { promises as fs } from 'node:fs';

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
