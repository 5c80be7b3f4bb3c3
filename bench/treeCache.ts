/**
 * Writes a tree to disk once and reuses it afterwards. A marker file next to the tree records the
 * generator version and what the tree holds; it is written last, so an interrupted generation is
 * redone instead of reused half-built.
 *
 * Files are empty and created with open + futimes + close on an already open descriptor (three
 * system calls per file, no second path lookup); directories are created parent first, so no
 * recursive mkdir is needed. That writes the 100k tree in a few seconds.
 */

import { closeSync, existsSync, futimesSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as nodePath from 'node:path';
import { GENERATOR_VERSION, treeRandom, type TreeSpec } from './trees';

export interface BuiltTree {
  readonly spec: TreeSpec;
  readonly root: string;
  readonly files: number;
  readonly directories: number;
  /** Files whose base name matches the tree's pattern: what every candidate must list. */
  readonly matched: number;
  /** Seconds spent writing it now, or undefined when the cached copy was reused. */
  readonly builtInSeconds?: number;
}

interface Marker {
  readonly generatorVersion: number;
  readonly files: number;
  readonly directories: number;
  readonly matched: number;
}

export function ensureTree(spec: TreeSpec, treesDirectory: string, log: (line: string) => void): BuiltTree {
  const root = nodePath.join(treesDirectory, spec.name);
  const markerPath = `${root}.json`;
  const marker = readMarker(markerPath);
  if (marker && marker.generatorVersion === GENERATOR_VERSION && existsSync(root)) {
    return { spec, root, files: marker.files, directories: marker.directories, matched: marker.matched };
  }

  log(`generating tree ${spec.name} in ${root} …`);
  const started = process.hrtime.bigint();
  rmSync(markerPath, { force: true });
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  let files = 0;
  let directories = 0;
  let matched = 0;
  for (const directory of spec.layout(treeRandom(spec))) {
    const directoryPath = directory.path === '' ? root : nodePath.join(root, directory.path);
    if (directory.path !== '') {
      mkdirSync(directoryPath);
      directories += 1;
    }
    for (const file of directory.files) {
      const fd = openSync(nodePath.join(directoryPath, file.name), 'wx');
      try {
        futimesSync(fd, file.mtime, file.mtime);
      } finally {
        closeSync(fd);
      }
      files += 1;
      if (spec.matches(file.name)) {
        matched += 1;
      }
    }
  }
  const written: Marker = { generatorVersion: GENERATOR_VERSION, files, directories, matched };
  writeFileSync(markerPath, `${JSON.stringify(written, null, 2)}\n`);
  const builtInSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  log(`  ${files.toLocaleString('en-US')} files in ${directories.toLocaleString('en-US')} directories, ${builtInSeconds.toFixed(1)} s`);
  return { spec, root, files, directories, matched, builtInSeconds };
}

function readMarker(path: string): Marker | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Marker;
  } catch {
    return undefined;
  }
}
