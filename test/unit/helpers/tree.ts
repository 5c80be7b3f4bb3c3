/**
 * Deterministic temp trees for tests: every file gets the content and modification time the test
 * names, set with utimes, so ordering tests never depend on the clock or the filesystem.
 */

import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Seconds since the epoch for a calendar day, plus an offset in seconds. */
export function at(isoDay: string, plusSeconds = 0): number {
  return Date.parse(`${isoDay}T00:00:00Z`) / 1000 + plusSeconds;
}

export interface TreeFile {
  /** Modification time in seconds since the epoch. */
  readonly mtime: number;
  readonly content?: string;
}

export class TempTree {
  /** A fresh temporary directory, or the given one (created if missing). */
  constructor(readonly root = mkdtempSync(path.join(os.tmpdir(), 'workspace-glob-test-'))) {
    mkdirSync(root, { recursive: true });
  }

  /** Writes files (relative `/`-separated paths or raw byte names) with their times. */
  write(files: Record<string, TreeFile | number>): this {
    for (const [relative, spec] of Object.entries(files)) {
      const file = typeof spec === 'number' ? { mtime: spec } : spec;
      this.writeFile(relative, file);
    }
    return this;
  }

  writeFile(relative: string | Buffer, file: TreeFile): string | Buffer {
    const full = typeof relative === 'string' ? path.join(this.root, relative) : Buffer.concat([Buffer.from(this.root + path.sep), relative]);
    const parent = typeof full === 'string' ? path.dirname(full) : this.root;
    mkdirSync(parent, { recursive: true });
    writeFileSync(full, file.content ?? '');
    utimesSync(full, file.mtime, file.mtime);
    return full;
  }

  path(...segments: string[]): string {
    return path.join(this.root, ...segments);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}
