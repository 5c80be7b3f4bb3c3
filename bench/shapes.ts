/**
 * Building blocks for tree layouts: a random subtree of a given size and depth, uneven shares,
 * names and modification times. A layout is produced lazily, one directory at a time, so the
 * million-file tree never exists in memory as a whole.
 */

import type { Random } from './random';

export interface PlannedFile {
  readonly name: string;
  /** Modification time, whole seconds since the epoch (whole seconds make equal times common). */
  readonly mtime: number;
}

export interface PlannedDirectory {
  /** Relative to the tree root with `/`; '' is the root itself. Parents always come first. */
  readonly path: string;
  readonly files: readonly PlannedFile[];
}

/** Draws a file's extension (without the dot). */
export type ExtensionModel = (random: Random) => string;
/** Draws a file's modification time. */
export type TimeModel = (random: Random) => number;

const DIRECTORY_WORDS = ['src', 'lib', 'core', 'util', 'common', 'api', 'model', 'view', 'service', 'internal', 'test', 'data', 'node', 'base', 'impl', 'parts', 'browser', 'platform'];
const FILE_WORDS = ['index', 'main', 'helper', 'types', 'service', 'model', 'widget', 'config', 'parser', 'reader', 'writer', 'store', 'event', 'client', 'server', 'format'];

/** Exact counts that add up to `total`, proportional to `weights` (the rounding remainder goes to the first). */
export function shares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((weight) => Math.floor((total * weight) / sum));
  counts[0] += total - counts.reduce((a, b) => a + b, 0);
  return counts;
}

/** Zipf-like weights 1, 1/2, 1/3, …: a few big entries and a long tail of small ones. */
export function zipfWeights(count: number): number[] {
  return Array.from({ length: count }, (_, i) => 1 / (i + 1));
}

/** `share` of the files get `extension`, the rest one of `others`. */
export function extensionMix(extension: string, share: number, others: readonly string[]): ExtensionModel {
  return (random) => (random.chance(share) ? extension : random.pick(others));
}

/**
 * Times spread over three years, except that `equalShare` of the files take one of a few fixed
 * times (a release, a checkout, an unpacked archive): ties the global (mtime, path) order must
 * break by path.
 */
export function timeModel(random: Random, equalShare: number, equalTimes: number): TimeModel {
  const start = Date.UTC(2021, 0, 1) / 1000;
  const span = 3 * 365 * 24 * 3600;
  const pool = Array.from({ length: equalTimes }, () => start + random.int(0, span));
  return (r) => (r.chance(equalShare) ? r.pick(pool) : start + r.int(0, span));
}

export function plannedFiles(random: Random, count: number, extension: ExtensionModel, time: TimeModel): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (let i = 0; i < count; i += 1) {
    files.push({ name: `${random.pick(FILE_WORDS)}-${i}.${extension(random)}`, mtime: time(random) });
  }
  return files;
}

export interface SubtreeShape {
  /** The subtree's top directory, relative to the tree root. */
  readonly top: string;
  readonly files: number;
  /** Path segments of a file below the tree root, smallest and largest (a file in `top` has 2). */
  readonly minFileDepth: number;
  readonly maxFileDepth: number;
  /** Files per directory that holds files, smallest and largest. */
  readonly filesPerDirectory: readonly [number, number];
  readonly extension: ExtensionModel;
  readonly time: TimeModel;
}

/**
 * A random directory tree holding exactly `shape.files` files. Directories grow under a parent
 * picked at random among those not yet at the deepest level, so branches end at every depth in
 * the range and the tree is uneven, as real ones are.
 */
export function* subtree(random: Random, shape: SubtreeShape): Generator<PlannedDirectory> {
  interface Node {
    readonly path: string;
    readonly depth: number;
    children: number;
  }
  const topDepth = shape.top.split('/').length;
  // A file in a directory of depth d has d + 1 segments.
  const holdsFiles = (depth: number): boolean => depth + 1 >= shape.minFileDepth && depth + 1 <= shape.maxFileDepth;
  const canGrow = (depth: number): boolean => depth + 1 < shape.maxFileDepth;

  let remaining = shape.files;
  const take = (depth: number): PlannedFile[] => {
    if (!holdsFiles(depth) || remaining === 0) {
      return [];
    }
    const count = Math.min(remaining, random.int(shape.filesPerDirectory[0], shape.filesPerDirectory[1]));
    remaining -= count;
    return plannedFiles(random, count, shape.extension, shape.time);
  };

  const top: Node = { path: shape.top, depth: topDepth, children: 0 };
  yield { path: top.path, files: take(top.depth) };
  const growable: Node[] = canGrow(top.depth) ? [top] : [];
  while (remaining > 0) {
    if (growable.length === 0) {
      throw new Error(`subtree ${shape.top}: cannot place ${remaining} more files within depth ${shape.maxFileDepth}`);
    }
    const parent = random.pick(growable);
    const child: Node = { path: `${parent.path}/${random.pick(DIRECTORY_WORDS)}${parent.children}`, depth: parent.depth + 1, children: 0 };
    parent.children += 1;
    if (canGrow(child.depth)) {
      growable.push(child);
    }
    yield { path: child.path, files: take(child.depth) };
  }
}
