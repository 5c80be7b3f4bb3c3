/**
 * Patterns near one that matched nothing, each a slip a model makes when it guesses a project's
 * layout, for the empty answer's walk to count (nearMatches.ts):
 * - an anchored pattern at any depth (`src/components/*.tsx` → `**\/src/components/*.tsx`);
 * - a missing directory's nearest neighbour in its place (`tests/**` → `test/**`,
 *   missingDirectory.ts), the missing directory deeper inside its parent
 *   (`packages/ui/components/**` → `packages/ui/**\/components/**`), and a file with its name
 *   in its place (`src/utils/**` → `src/utils` and `src/utils.*`);
 * - a file pattern one level down and below (`src/*.ts` → `src/**\/*.ts`): files are often in
 *   subdirectories of the one named;
 * - a file named with its directories, by its name alone with any extension
 *   (`src/utils/helpers.ts` → `**\/helpers.*`): the name is remembered better than where it
 *   lies or what it ends in; and names with wildcards by those alone (`src/**\/*.test.ts` →
 *   `**\/*.test.ts`): such files exist, under other directories;
 * - for a file's name without wildcards, the names near it with the same extension, anywhere
 *   (`utils.py` → `util.py`, `requirements.txt` → `requirements-dev.txt`; see NearName);
 * - a directory named after a wildcard, by the names near it that lie there
 *   (`packages/*\/tests/*.ts` → `packages/*\/test/*.ts`, `**\/tests/**` → `**\/test/**`; see
 *   NearSegment), and a missing one
 *   with none near beside it, so one or two levels further down (`packages/tests/**` →
 *   `packages/*\/test/**`);
 * - an ending related to the one given: spellings of one format (`.yml`, `.yaml`), the
 *   JavaScript and TypeScript family a project has one side of (`.js`, `.ts`, `.tsx`), and test
 *   files named the other way (`.spec.ts`, `.test.ts`, and with the family: `.test.tsx`); where
 *   none lies where the pattern says, one level down and below (`src/*.jsx` → `src/**\/*.tsx`).
 * Pure: which patterns to try, not what they find.
 */

import { nearnessOf, wrappedInUnderscores, type MissingDirectory } from './missingDirectory';
import { atAnyDepth, compilePattern, type CompiledPattern } from '../pattern/pattern';
import { hasGlobSyntax, isPlainSegment, pathSegments } from '../request/patternPath';

/** Extensions a model takes for one another. */
const RELATED_EXTENSIONS: ReadonlyArray<readonly string[]> = [
  ['yml', 'yaml'],
  ['jpg', 'jpeg'],
  ['htm', 'html'],
  ['tif', 'tiff'],
  ['md', 'markdown', 'mdx', 'rst', 'adoc'],
  ['js', 'ts', 'tsx', 'jsx', 'mjs', 'cjs', 'mts', 'cts'],
];

/** Words before the extension that name test files, one project's way or another's. */
const RELATED_INFIXES: ReadonlyArray<readonly string[]> = [['spec', 'test']];

/** A pattern with another ending, and the ending as the answer names it ("yaml", "test.ts"). */
export interface RelatedPattern {
  readonly extension: string;
  readonly pattern: CompiledPattern;
  /** The same one level down and below, where the pattern has one (`src/**\/*.tsx` for `src/*.jsx`). */
  readonly deeper?: CompiledPattern;
  /**
   * The same at any depth, for an anchored pattern (`**\/workflows/*.yaml` for `workflows/*.yml`,
   * where the file is `.github/workflows/ci.yaml`): the look at any depth tries the ending given
   * only, and said it finds nothing either.
   */
  readonly anywhere?: CompiledPattern;
}

/**
 * The file name a pattern without wildcards ends in, to find names near it: the same extension
 * or a related one (RELATED_EXTENSIONS: "helpers.ts" for "helper.js"), and a stem one letter off
 * or of the other number ("util" for "utils", nearnessOf), or the stem with more after a "-", "_"
 * or "." ("requirements-dev" for "requirements"). Names in another case only are left to the
 * caseless look (caseless.ts), the stem itself with another extension to the looks at related
 * endings and at the same name with any extension (sameStem.ts).
 */
export class NearName {
  private readonly stem: string;
  readonly extension: string;
  /** The extension, then those related to it, each with its dot. */
  readonly extensions: readonly string[];

  constructor(readonly name: string) {
    const dot = name.lastIndexOf('.');
    this.stem = name.slice(0, dot);
    this.extension = name.slice(dot);
    const bare = this.extension.slice(1);
    const related = RELATED_EXTENSIONS.find((group) => group.includes(bare)) ?? [];
    this.extensions = [this.extension, ...related.filter((other) => other !== bare).map((other) => `.${other}`)];
  }

  isNear(candidate: string): boolean {
    const extension = this.extensions.find((ending) => candidate.endsWith(ending));
    if (extension === undefined) {
      return false;
    }
    const stem = candidate.slice(0, -extension.length);
    return (nearnessOf(stem, this.stem) ?? 0) > 0 || (stem.startsWith(this.stem) && /^[-_.]./.test(stem.slice(this.stem.length)));
  }
}

/**
 * A directory a pattern names after a wildcard ("tests" in `packages/*\/tests/*.ts` or in
 * `**\/tests/**`), where no listing of a parent can look for it (missingDirectory.ts looks
 * beside the literal ones): a file whose path has a directory with a name near the one given
 * (nearnessOf, not another case only: the caseless look tells that), and which the pattern
 * matches with that name in its place, counts for that name.
 */
export class NearSegment {
  /** The pattern with any name in that place: where it has a fixed ending, so do the files counted. */
  readonly anyName: CompiledPattern;
  /** The pattern's directories up to the one named, as the answer quotes them: "packages/*\/tests/". */
  readonly directory: string;
  private readonly withName = new Map<string, CompiledPattern>();
  /** Its place among a path's segments, where no "**" comes before it; else any place. */
  private readonly place: number | undefined;
  /** The name given has underscores around it, so near names may differ more in length. */
  private readonly wrapped: boolean;

  constructor(
    private readonly prefix: string,
    private readonly segments: readonly string[],
    /** Its place among the pattern's segments. */
    private readonly index: number,
  ) {
    this.anyName = compilePattern(this.with('*'));
    this.directory = this.directoryWith(segments[index]);
    this.place = segments.slice(0, index).some((segment) => segment.includes('**')) ? undefined : index;
    this.wrapped = wrappedInUnderscores(segments[index]);
  }

  /** The name the pattern gives there. */
  get name(): string {
    return this.segments[this.index];
  }

  /** Whether a directory of this name is near the one the pattern gives. */
  isNear(candidate: string): boolean {
    return (nearnessOf(candidate, this.name) ?? 0) > 0;
  }

  /** How near a name `isNear` took is (nearnessOf): the lower, the nearer. */
  nearness(candidate: string): number {
    return nearnessOf(candidate, this.name) ?? Number.POSITIVE_INFINITY;
  }

  /**
   * The part of `relative` (a path from the search root) that decides its near names
   * (nearNamesIn), with its "/": up to the directory in its place where that is fixed, which
   * decides for its whole subtree; else the file's directory, which decides for its own files.
   */
  decidingPart(relative: string): { readonly deciding: string; readonly subtree: boolean } {
    if (this.place !== undefined) {
      let end = -1;
      for (let segment = 0; segment <= this.place; segment += 1) {
        end = relative.indexOf('/', end + 1);
        if (end < 0) {
          break;
        }
      }
      if (end >= 0) {
        return { deciding: relative.slice(0, end + 1), subtree: true };
      }
    }
    return { deciding: relative.slice(0, relative.lastIndexOf('/') + 1), subtree: false };
  }

  /**
   * The names near the one given among the directories of `directory` (a path from the search
   * root, without the file's name), each once: only the one in its place where that is fixed (no
   * "**" before it), which spares testing the pattern on every file below a near name elsewhere.
   * A name's length is looked at before it is cut out.
   */
  nearNamesIn(directory: string): string[] {
    const names: string[] = [];
    let segment = 0;
    for (let start = 0; start < directory.length && (this.place === undefined || segment <= this.place); segment += 1) {
      const slash = directory.indexOf('/', start);
      const end = slash < 0 ? directory.length : slash;
      // Every near name is within two characters of the length of the one given, or has
      // underscores around it or the one given has (nearnessOf).
      const nearInLength = Math.abs(end - start - this.name.length) <= 2 || directory[start] === '_' || directory[end - 1] === '_' || this.wrapped;
      if ((this.place === undefined || segment === this.place) && nearInLength) {
        const name = directory.slice(start, end);
        if (this.isNear(name) && !names.includes(name)) {
          names.push(name);
        }
      }
      start = end + 1;
    }
    return names;
  }

  /** Whether the pattern with `name` in that place matches `relative`. */
  matchesWith(name: string, relative: string): boolean {
    let pattern = this.withName.get(name);
    if (pattern === undefined) {
      pattern = compilePattern(this.with(name));
      this.withName.set(name, pattern);
    }
    return pattern.matches(relative);
  }

  /** The pattern with `name` in that place. */
  with(name: string): string {
    return `${this.prefix}${this.segments.map((segment, i) => (i === this.index ? name : segment)).join('/')}`;
  }

  /** `directory` with `name` in that place: "packages/*\/test/". */
  directoryWith(name: string): string {
    return `${this.prefix}${[...this.segments.slice(0, this.index), name].join('/')}/`;
  }
}

/** Directories after a wildcard looked at per pattern, at most: each is one more test of every name walked. */
const NEAR_SEGMENTS_TRIED = 3;

export interface NearPatterns {
  readonly anyDepth?: CompiledPattern;
  readonly nearDirectory?: CompiledPattern;
  readonly missingDeeper?: CompiledPattern;
  /** The missing directory's name as a file's, where the directory would be (`src/utils`)... */
  readonly fileNamed?: CompiledPattern;
  /** ...and with any extension (`src/utils.*`). */
  readonly fileWithExtension?: CompiledPattern;
  /** Those of both that the pattern's last part would match as a name (fittingFiles). */
  readonly fileFits?: CompiledPattern;
  /** The name those files have ("utils"), for ripgrep's sieve (nameFilter.ts). */
  readonly fileInPlaceName?: string;
  readonly deeper?: CompiledPattern;
  readonly nameElsewhere?: CompiledPattern;
  readonly nearName?: NearName;
  /** In the pattern's order: the first that finds files is told. */
  readonly nearSegments: readonly NearSegment[];
  readonly related: readonly RelatedPattern[];
}

export function nearPatterns(pattern: CompiledPattern, missing?: MissingDirectory): NearPatterns {
  const anyDepthGlob = pattern.anchored ? atAnyDepth(pattern.source) : undefined;
  if (pattern.negated) {
    // A negation at any depth ("!**/src/**") still says something; a negation with another
    // directory, name or ending would match nearly everything.
    return { ...(anyDepthGlob ? { anyDepth: compilePattern(anyDepthGlob) } : {}), nearSegments: [], related: [] };
  }
  const { prefix, segments } = split(pattern.source);
  const last = segments[segments.length - 1];
  // Below a directory that does not exist there is nothing deeper either.
  const deeperGlob = missing === undefined ? oneLevelDown(pattern.source) : undefined;
  // Where the missing directory's parent exists, it may lie further down inside it.
  const missingAt = missing === undefined ? 0 : missing.directory.split('/').length - 2;
  const missingDeeperGlob = missingAt > 0 ? `${prefix}${[...segments.slice(0, missingAt), '**', ...segments.slice(missingAt)].join('/')}` : undefined;
  // A file may have the missing directory's name, with an extension or without: a model takes a
  // module for a folder ("src/utils/**" where "src/utils.ts" is). Not for a name glob syntax
  // would read otherwise.
  const inPlace = missing === undefined ? undefined : segments.slice(0, missingAt + 1);
  const inPlacePatterns = inPlace !== undefined && !hasGlobSyntax(inPlace[missingAt]) ? fileInPlace(prefix, inPlace, last) : {};
  // A name with a stem and an extension ("utils.py", not ".env" or "Makefile"), told by index: a
  // regular expression for it backtracks over a long name of many dots.
  const extensionDot = last.lastIndexOf('.');
  const fileName = !hasGlobSyntax(last) && extensionDot > 0 && extensionDot < last.length - 1 && !last.startsWith('.');
  // The name alone, anywhere, where the pattern names directories (not "**" alone): a file's name
  // with any extension, which is as often misremembered as the directories; any other name or
  // names as written ("src/**/*.test.ts" → "**/*.test.ts"), unless nearly all of it is wildcards.
  const underDirectories = segments.slice(0, -1).some((segment) => segment !== '**');
  const namesAlone = !last.includes('**') && last.replace(/[*?]/g, '').length >= 2 ? `**/${last}` : undefined;
  const named = underDirectories ? (fileName ? `**/${last.slice(0, extensionDot)}.*` : namesAlone) : undefined;
  const globs = {
    anyDepth: anyDepthGlob,
    nearDirectory: missing?.near?.pattern,
    missingDeeper: missingDeeperGlob,
    deeper: deeperGlob,
    nameElsewhere: named === anyDepthGlob ? undefined : named,
  };
  const compiled: { -readonly [K in keyof typeof globs]?: CompiledPattern } = {};
  for (const key of Object.keys(globs) as Array<keyof typeof globs>) {
    const glob = globs[key];
    if (glob !== undefined) {
      compiled[key] = compilePattern(glob);
    }
  }
  const nearName = pattern.literal && fileName && !/[,{}]/.test(last) ? new NearName(last) : undefined;
  // A missing directory with no near one beside it may have one a level or two further down, in
  // each of the directories there (`packages/tests/**` → `packages/*\/test/**`, and in a
  // monorepo's root `tests/**` → `*\/*\/test/**`).
  const missingDown =
    missing !== undefined && missing.near === undefined
      ? [['*'], ['*', '*']].map((levels) => new NearSegment(prefix, [...segments.slice(0, missingAt), ...levels, ...segments.slice(missingAt)], missingAt + levels.length))
      : [];
  const nearSegments = pattern.anchored ? [...nearSegmentsOf(prefix, segments), ...missingDown] : [];
  // In a missing directory's near one too: ".github/workflow/*.yml" where
  // ".github/workflows/ci.yaml" is, "doc/*.md" where "docs/guide.rst" is.
  const nearDirectory = missing?.near?.pattern === undefined ? undefined : compilePattern(missing.near.pattern);
  const related = [...relatedPatterns(pattern), ...(nearDirectory ? relatedPatterns(nearDirectory) : [])].map((relative) => {
    const deeper = deeperGlob === undefined ? undefined : oneLevelDown(relative.pattern.source);
    const anywhere = anyDepthGlob === undefined ? undefined : atAnyDepth(relative.pattern.source);
    return { ...relative, ...(deeper === undefined ? {} : { deeper: compilePattern(deeper) }), ...(anywhere === undefined ? {} : { anywhere: compilePattern(anywhere) }) };
  });
  return { ...compiled, ...inPlacePatterns, ...(nearName ? { nearName } : {}), nearSegments, related };
}

/**
 * The files with the name of the directory `inPlace` ends in, where that directory would be:
 * with that name alone, with any extension, and those of either the pattern's last part `last`
 * would match (fittingFiles). At the top they are offered as "./bin" ("bin" alone would match
 * at any depth, "/bin" reads as a path outside the workspace) and matched as "/bin".
 */
function fileInPlace(prefix: string, inPlace: readonly string[], last: string): Pick<NearPatterns, 'fileNamed' | 'fileWithExtension' | 'fileFits' | 'fileInPlaceName'> {
  const path = `${prefix}${inPlace.join('/')}`;
  const compiled = (glob: string): CompiledPattern => (prefix === '' && inPlace.length === 1 ? { ...compilePattern(`/${glob}`), source: `./${glob}` } : compilePattern(glob));
  const fileNamed = compiled(path);
  const fileWithExtension = compiled(`${path}.*`);
  return { fileNamed, fileWithExtension, fileFits: fittingFiles([fileNamed, fileWithExtension], last), fileInPlaceName: inPlace[inPlace.length - 1] };
}

/**
 * The files `inPlace` matches that the pattern's last part would match as a name, all of them
 * where it holds "**" or is empty (a pattern ending in "/", "src/utils/", means everything
 * under): the answer names a file in a missing directory's place only where the pattern would
 * have found it there ("src/utils.ts" for "src/utils/*.ts", not "tests.txt" for
 * "tests/**\/*.py"). Not a glob: it is only counted, never offered.
 */
function fittingFiles(inPlace: readonly CompiledPattern[], last: string): CompiledPattern {
  const name = last === '' || last.includes('**') ? undefined : compilePattern(last);
  return {
    source: `${inPlace.map(({ source }) => source).join(' or ')}, named ${last}`,
    anchored: true,
    negated: false,
    literalDirectories: [],
    namedDirectories: [],
    literal: false,
    matches: (relative) => inPlace.some((pattern) => pattern.matches(relative)) && (name?.matches(relative) ?? true),
  };
}

/**
 * Directories named without wildcards after one with them, "**" too (any one of them may be the
 * one that is not there: `packages/*\/src/tests/*.ts`), at most NEAR_SEGMENTS_TRIED.
 */
function nearSegmentsOf(prefix: string, segments: readonly string[]): NearSegment[] {
  const found: NearSegment[] = [];
  let afterWildcard = false;
  // The last segment names files.
  for (let i = 0; i < segments.length - 1 && found.length < NEAR_SEGMENTS_TRIED; i += 1) {
    if (afterWildcard && isPlainSegment(segments[i])) {
      found.push(new NearSegment(prefix, segments, i));
    }
    afterWildcard ||= !isPlainSegment(segments[i]);
  }
  return found;
}

/** The file pattern with "**" before its name (`src/**\/*.ts` for `src/*.ts`); none without a directory before the name. */
function oneLevelDown(source: string): string | undefined {
  const { prefix, segments } = split(source);
  const last = segments[segments.length - 1];
  const parent = segments.length > 1 ? segments[segments.length - 2] : undefined;
  return parent !== undefined && parent !== '**' && !last.includes('**') ? `${prefix}${[...segments.slice(0, -1), '**', last].join('/')}` : undefined;
}

/** The pattern with each ending related to the one it has; none for a negation. */
export function relatedPatterns(pattern: CompiledPattern): RelatedPattern[] {
  if (pattern.negated) {
    return [];
  }
  const source = pattern.source;
  const extension = /\.([a-z]+)$/.exec(source)?.[1];
  const stem = extension === undefined ? source : source.slice(0, -extension.length);
  const withExtensions = (RELATED_EXTENSIONS.find((group) => extension !== undefined && group.includes(extension)) ?? [])
    .filter((other) => other !== extension)
    .map((other) => ({ extension: other, pattern: compilePattern(`${stem}${other}`) }));
  const infix = /\.([a-z]+)\.([a-z]+)$/.exec(source);
  // Test files named the other way, with the extension given first, then its family's.
  const infixExtensions = infix === null ? [] : [infix[2], ...(RELATED_EXTENSIONS.find((group) => group.includes(infix[2])) ?? []).filter((other) => other !== infix[2])];
  const withInfixes =
    infix === null
      ? []
      : (RELATED_INFIXES.find((group) => group.includes(infix[1])) ?? [])
          .filter((other) => other !== infix[1])
          .flatMap((other) =>
            infixExtensions.map((ending) => ({ extension: `${other}.${ending}`, pattern: compilePattern(`${source.slice(0, infix.index)}.${other}.${ending}`) })),
          );
  return [...withInfixes, ...withExtensions];
}

/** The pattern's segments, and what comes before them ("/" of a leading "/"). */
function split(source: string): { prefix: string; segments: string[] } {
  const body = source.replace(/^\/+/, '');
  return { prefix: source.slice(0, source.length - body.length), segments: pathSegments(body, process.platform !== 'win32') };
}
