/**
 * Scratch space for the reliability tests: one directory per test file, removed with everything
 * in it afterwards. As root it is a tmpfs of its own, because creating 100,000 files on these
 * machines' disks takes about half a minute and on tmpfs about one second; the same mount call
 * gives the "spill directory full" test its tiny filesystem.
 */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TempTree } from '../../helpers/tree';

/** Every scratch directory starts with this, so a leftover process can be found by its cwd. */
export const SCRATCH_PREFIX = path.join(os.tmpdir(), 'wg-reliability-');

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

export class Scratch {
  readonly root = mkdtempSync(SCRATCH_PREFIX);
  private readonly mounts: string[] = [];
  private trees = 0;

  /** @param tmpfsMegabytes mount a tmpfs of this size at the root when running as root (0: never). */
  constructor(tmpfsMegabytes = 0) {
    if (tmpfsMegabytes > 0) {
      this.mount(this.root, `${tmpfsMegabytes}m`);
    }
  }

  /** Mounts a tmpfs of `size` (mount's syntax: `64k`, `512m`) at `directory`; false when not possible here. */
  mount(directory: string, size: string): boolean {
    if (!isRoot()) {
      return false;
    }
    mkdirSync(directory, { recursive: true });
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', directory], { encoding: 'utf8' });
    if (mounted.status !== 0) {
      return false;
    }
    this.mounts.push(directory);
    return true;
  }

  unmount(directory: string): void {
    const index = this.mounts.indexOf(directory);
    if (index !== -1) {
      this.mounts.splice(index, 1);
      unmount(directory);
    }
  }

  /** A new, empty tree directly under the scratch root. */
  tree(name = `tree-${(this.trees += 1)}`): TempTree {
    return new TempTree(path.join(this.root, name));
  }

  /** A path under the scratch root, its parent created. */
  path(...segments: string[]): string {
    const full = path.join(this.root, ...segments);
    mkdirSync(path.dirname(full), { recursive: true });
    return full;
  }

  dispose(): void {
    for (const directory of this.mounts.splice(0).reverse()) {
      unmount(directory);
    }
    // rm copes with paths longer than PATH_MAX, which fs.rmSync does not.
    spawnSync('rm', ['-rf', this.root]);
  }
}

function unmount(directory: string): void {
  if (spawnSync('umount', [directory]).status !== 0) {
    spawnSync('umount', ['-l', directory]);
  }
}
