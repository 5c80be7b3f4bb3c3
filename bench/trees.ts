/**
 * The benchmark trees (issue 4). Each is fully determined by its name and GENERATOR_VERSION:
 * change a layout and bump the version, so cached copies are rebuilt instead of silently reused.
 */

import { Random } from './random';
import {
  extensionMix,
  plannedFiles,
  shares,
  subtree,
  timeModel,
  zipfWeights,
  type PlannedDirectory,
} from './shapes';

/** Bump whenever any layout below (or the writer) changes. */
export const GENERATOR_VERSION = 1;

export interface TreeSpec {
  readonly name: string;
  /** One line for the report. */
  readonly summary: string;
  /** The glob every candidate is given. */
  readonly pattern: string;
  /** The same test on a file's base name, to know the expected count without running anything. */
  readonly matches: (fileName: string) => boolean;
  /** Only built and run with `--huge`. */
  readonly huge: boolean;
  layout(random: Random): Iterable<PlannedDirectory>;
}

const OTHER_EXTENSIONS = ['js', 'json', 'md', 'css', 'txt', 'py', 'go', 'rs', 'html', 'svg', 'yml', 'sh'];
const TOP_LEVEL_NAMES = [
  'src', 'lib', 'packages', 'test', 'docs', 'tools', 'scripts', 'examples', 'vendor', 'build', 'assets', 'config',
  'e2e', 'fixtures', 'benchmarks', 'extensions', 'resources', 'i18n', 'server', 'client', 'cli', 'plugins', 'types', 'website',
];
const ROOT_FILES = ['README.md', 'package.json', 'tsconfig.json', 'LICENSE.txt'];

/** About `count` uneven top-level directories of random depth, plus a few files in the root. */
function* projectLayout(random: Random, totalFiles: number, topLevel: number): Generator<PlannedDirectory> {
  const time = timeModel(random, 0.2, 40);
  const extension = extensionMix('ts', 0.3, OTHER_EXTENSIONS);
  yield { path: '', files: ROOT_FILES.map((name) => ({ name, mtime: time(random) })) };
  const names = TOP_LEVEL_NAMES.slice(0, topLevel);
  // Shuffle which name gets which share, so size is not alphabetical.
  for (let i = names.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [names[i], names[j]] = [names[j], names[i]];
  }
  const counts = shares(totalFiles - ROOT_FILES.length, zipfWeights(names.length));
  for (let i = 0; i < names.length; i += 1) {
    yield* subtree(random, { top: names[i], files: counts[i], minFileDepth: 3, maxFileDepth: 6, filesPerDirectory: [4, 40], extension, time });
  }
}

/**
 * Like tldr-pages: a handful of top-level directories, each with a few platform directories that
 * hold thousands of files directly.
 */
function* wideLayout(random: Random, totalFiles: number): Generator<PlannedDirectory> {
  const time = timeModel(random, 0.3, 20);
  const extension = extensionMix('md', 0.9, ['json', 'png', 'txt']);
  yield { path: '', files: ['README.md', 'package.json', 'CONTRIBUTING.md'].map((name) => ({ name, mtime: time(random) })) };
  const languages = ['pages', 'pages.de', 'pages.es', 'pages.fr', 'pages.it', 'pages.ja', 'pages.pt_BR', 'pages.zh'];
  const platforms = ['common', 'linux', 'osx', 'windows', 'android', 'sunos'];
  const perLanguage = shares(totalFiles - 3, [4, ...zipfWeights(languages.length - 1)]);
  for (let i = 0; i < languages.length; i += 1) {
    yield { path: languages[i], files: [] };
    const perPlatform = shares(perLanguage[i], [55, 20, 12, 8, 3, 2]);
    for (let j = 0; j < platforms.length; j += 1) {
      yield { path: `${languages[i]}/${platforms[j]}`, files: plannedFiles(random, perPlatform[j], extension, time) };
    }
  }
}

/**
 * One subtree holds 90% of the files, most of them on a few equal times (an unpacked archive
 * keeps its old timestamps: SPEC's motivating case); the rest spread over 15 small directories.
 */
function* concentratedLayout(random: Random, totalFiles: number): Generator<PlannedDirectory> {
  const extension = extensionMix('js', 0.5, OTHER_EXTENSIONS);
  const archiveFiles = Math.round(totalFiles * 0.9);
  yield* subtree(random, {
    top: 'archive',
    files: archiveFiles,
    minFileDepth: 3,
    maxFileDepth: 6,
    filesPerDirectory: [5, 60],
    extension,
    time: timeModel(random, 0.7, 6),
  });
  const time = timeModel(random, 0.1, 10);
  const names = TOP_LEVEL_NAMES.filter((name) => name !== 'vendor').slice(0, 15);
  const counts = shares(totalFiles - archiveFiles, zipfWeights(names.length));
  for (let i = 0; i < names.length; i += 1) {
    yield* subtree(random, { top: names[i], files: counts[i], minFileDepth: 2, maxFileDepth: 5, filesPerDirectory: [3, 30], extension, time });
  }
}

export const TREES: readonly TreeSpec[] = [
  {
    name: '100k',
    summary: '100,000 files, 24 uneven top-level directories, depth 3–6, `*.ts` matches ~30%',
    pattern: '*.ts',
    matches: (name) => name.endsWith('.ts'),
    huge: false,
    layout: (random) => projectLayout(random, 100_000, 24),
  },
  {
    name: 'wide',
    summary: '40,000 files, 8 top-level directories × 6 platform directories of up to 13,350 files each (tldr-like), `*.md` matches ~90%',
    pattern: '*.md',
    matches: (name) => name.endsWith('.md'),
    huge: false,
    layout: (random) => wideLayout(random, 40_000),
  },
  {
    name: 'concentrated',
    summary: '60,000 files, 90% under archive/ with 70% of those on 6 equal times, `*` matches all',
    pattern: '*',
    matches: () => true,
    huge: false,
    layout: (random) => concentratedLayout(random, 60_000),
  },
  {
    name: '1m',
    summary: '1,000,000 files, 24 uneven top-level directories, depth 3–6, `*` matches all',
    pattern: '*',
    matches: () => true,
    huge: true,
    layout: (random) => projectLayout(random, 1_000_000, 24),
  },
];

/** The generator every tree is built from: the same name and version always give the same tree. */
export function treeRandom(spec: TreeSpec): Random {
  return new Random(`workspace-glob bench ${spec.name} v${GENERATOR_VERSION}`);
}

/** The tree of that name, for the scripts that take one (stopLatency, statStrategies). */
export function treeNamed(name: string): TreeSpec {
  const spec = TREES.find((tree) => tree.name === name);
  if (!spec) {
    throw new Error(`no benchmark tree named ${name}; one of ${TREES.map((tree) => tree.name).join(', ')}`);
  }
  return spec;
}
