/**
 * Raw tool input → one validated request (STYLE habit 5): the pattern normalised and compiled
 * (an absolute one split at its root: absolutePattern.ts), `path` resolved to existing directories
 * (searchRoots.ts), and for each one the walk that lists it. Nothing downstream checks input again.
 *
 * A walk starts at the workspace folder that holds the search root, not at the search root
 * itself, and is narrowed to it with negative globs: that way the folder's own ignore files
 * apply inside `path` even when parent ignore files are off (VS Code's default), and an ignored
 * directory named in `path` or in the pattern stays ignored.
 */

import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { GlobError, isGlobError } from '../errors';
import { withLongInputShortened } from '../longInput';
import { showName } from '../names';
import { withDistinctNames } from './folderNames';
import { isDirectory } from './onDisk';
import { parseGlobInput, type GlobInput } from './input';
import { isInside, underFolderPath } from './linkedPaths';
import { compilePattern, GlobSyntaxError, type CompiledPattern } from '../pattern/pattern';
import { anchoredPattern, endOfPlainDirectories, pathSegments, tidyPatternPath, toSlashes, type PatternPath } from './patternPath';
import { VCS_METADATA_NAMES } from '../ripgrep/args';
import { ripgrepGlobReason } from '../ripgrep/globReason';
import { elsewhereNamedBy, isAbsolutePattern, negationFromFolderName, splitAbsolutePattern, type AbsoluteElsewhere } from './absolutePattern';
import { inGitRepository } from './gitRepository';
import { homeExpanded, placesOutside, resolvePath, type SearchRoot } from './searchRoots';
import { rootsOnDisk, type FolderNotOnDisk } from './foldersOnDisk';

export interface WorkspaceFolder {
  /** Shown before paths in a multi-root workspace. */
  readonly name: string;
  /** Absolute path of the folder. */
  readonly path: string;
  /** The name VS Code gives it, where another folder has it too and `name` tells them apart (folderNames.ts). */
  readonly sharedName?: string;
  /** How `name` tells it apart, where `sharedName` is set: its parent directory's name, or a number. */
  readonly toldApartBy?: 'parent' | 'number';
}

export interface RequestContext {
  /** The workspace folders; the command line passes its working directory as the only one. */
  readonly folders: readonly WorkspaceFolder[];
  /** Used only to give ripgrep's own reason when a glob is invalid. */
  readonly ripgrepPath?: string;
  /** @default process.platform */
  readonly platform?: NodeJS.Platform;
}

/** One ripgrep walk and how its output is shown. */
export interface SearchScope {
  /** ripgrep's working directory; names come back relative to it. */
  readonly walkRoot: string;
  /** The search root below the walk root, as path segments (empty when they are the same). */
  readonly rootSegments: readonly string[];
  /** Absolute path of the search root. */
  readonly searchRoot: string;
  /** Put before ripgrep's names to show them: '' , `<folder>/`, or the absolute walk root. */
  readonly shownPrefix: string;
  /** Put before a top-level entry's name to show it, so it can be passed back as `path`. */
  readonly entryPrefix: string;
  /** The workspace folder this walk belongs to, when it belongs to one. */
  readonly folder?: WorkspaceFolder;
  /**
   * The search roots of the request's other walks that lie inside this one's, as segments from
   * the walk root: a file both walks list is kept in the inner one only (nestedFolders.ts).
   */
  readonly nestedRoots?: ReadonlyArray<readonly string[]>;
  /**
   * The search root is reached through a symbolic link to a directory outside its folder: the
   * walk follows links whatever `search.followSymlinks` says, or ripgrep would not enter the one
   * "path" names.
   */
  readonly throughLink?: boolean;
  /**
   * The walk root lies in a git repository: it or a directory above it holds `.git` (a directory,
   * or the file of a worktree or submodule). ripgrep is then left to require one (ripgrep/args.ts).
   */
  readonly inGitRepository?: boolean;
}

export interface GlobRequest {
  /** What is matched: relative to the search roots (an absolute pattern inside one is split). */
  readonly pattern: CompiledPattern;
  /**
   * The pattern as it was given, for whatever names it to the model or the person: a pattern
   * split off an absolute path is matched as its anchored rest, which the caller never wrote.
   */
  readonly patternAsGiven: string;
  /** The "path" as it was given, where one was: answers that echo it shorten it (longInput.ts). */
  readonly pathAsGiven?: string;
  /** True when the pattern was an absolute path inside a search root, split into root and rest. */
  readonly patternWasAbsolute: boolean;
  readonly includeIgnored: boolean;
  readonly scopes: readonly SearchScope[];
  /** True when the search root lies outside every workspace folder (the person must agree). */
  readonly outsideWorkspace: boolean;
  /**
   * How messages name what was searched: "the workspace", `src/`, an absolute path, each shown
   * as a path on the page is (`"new\nline/"`).
   */
  readonly rootLabel: string;
  /**
   * How the `path` given is named (as `rootLabel`, but as written: the complete list's header
   * quotes it); absent when none was given, so whatever titles a search can leave out the root
   * of a search of the whole workspace.
   */
  readonly pathLabel?: string;
  /**
   * Set when the pattern reads as an absolute path into a directory outside every search root.
   * A leading `/` only anchors a pattern to the search root, so such a pattern looks for that
   * path inside the root instead; when that finds nothing, the answer says how to search there.
   * A negation ("!/elsewhere/*.md") then leaves out no file: the answer says so, whatever it lists.
   */
  readonly absoluteElsewhere?: AbsoluteElsewhere;
  /**
   * Workspace folders a search of the whole workspace left out: gone from disk, a file now, or
   * unreadable (foldersOnDisk.ts). The answer names each and why (render.ts).
   */
  readonly foldersNotOnDisk?: readonly FolderNotOnDisk[];
  /**
   * Where an absolute pattern named one workspace folder of several, without a "path": that
   * folder's path, with "/" between its names. The search is that folder's alone, so patterns an
   * answer offers are written from it, absolute, as the model wrote its own (absolutePattern.ts
   * absoluteFrom): relative, they would be matched in every folder.
   */
  readonly absoluteRoot?: string;
}

export async function resolveRequest(rawInput: unknown, context: RequestContext): Promise<GlobRequest> {
  const input = parseGlobInput(rawInput);
  try {
    return await resolveInput(input, context);
  } catch (error) {
    // An error quotes the input, often twice ("does not exist (resolved to /abs/<path>)").
    throw isGlobError(error) ? new GlobError(error.kind, withLongInputShortened(error.message, [input.pattern, input.path]), error.stderr) : error;
  }
}

async function resolveInput(input: GlobInput, context: RequestContext): Promise<GlobRequest> {
  const platform = context.platform ?? process.platform;
  const paths = platform === 'win32' ? nodePath.win32 : nodePath.posix;
  const folders = withDistinctNames(context.folders, paths);

  const tidied = tidyPattern(input.pattern, platform);
  let patternText = tidied.pattern;

  let searchRoots: SearchRoot[];
  if (input.path !== undefined) {
    searchRoots = await resolvePath(input.path, folders, paths, input.pattern);
  } else if (folders.length > 0) {
    searchRoots = folders.map((folder) => ({ root: folder.path, folder }));
  } else {
    throw new GlobError('invalidInput', 'No workspace folder is open, so there is nothing to search by default. Pass an absolute directory as "path".');
  }
  if (tidied.unresolvedParent !== undefined) {
    throw await unresolvedParentError(input.pattern, tidied, searchRoots, paths);
  }

  // A negation's path is read as a positive pattern's is: "!<link>/src" and "!~/ws/src" leave out
  // that src/ (splitAbsolutePattern), where left as written they named nothing and left out no file.
  const negation = patternText.startsWith('!') ? '!' : '';
  patternText = negation + (await underFolderPath(await homeExpanded(patternText.slice(negation.length), searchRoots, paths), folders, paths));
  const split = splitAbsolutePattern(patternText, searchRoots, input.path !== undefined, folders, paths);
  const patternWasAbsolute = split.pattern !== patternText;
  // Not split: the pattern is relative, or absolute outside every root.
  const absoluteElsewhere = patternWasAbsolute ? undefined : await elsewhereNamedBy(patternText, split.searchRoots, paths);
  patternText = split.pattern;
  searchRoots = split.searchRoots;
  // Before the negation is read: a folder left out is not among the folders its refusal names.
  let foldersNotOnDisk: FolderNotOnDisk[] = [];
  if (input.path === undefined) {
    ({ onDisk: searchRoots, notOnDisk: foldersNotOnDisk } = await rootsOnDisk(searchRoots, folders.length > 1));
  }
  if (negation !== '' && !patternWasAbsolute && input.path === undefined) {
    const refusal = await negationFromFolderName(patternText, searchRoots, paths);
    if (refusal !== undefined) {
      throw refusal;
    }
  }

  const pattern = await compileOrExplain(patternText, input.pattern, context.ripgrepPath, searchRoots[0].root);
  const multiRoot = folders.length > 1;
  const scopes = withNestedRoots(await Promise.all(searchRoots.map(async ({ root, folder }) => withGitRepository(await scopeFor(root, folder, multiRoot, paths), paths))), paths);
  const outsideWorkspace = scopes.some((scope) => scope.folder === undefined);
  // An absolute pattern that names one folder of several searches that folder alone, as a "path" would.
  const absoluteRoot = patternWasAbsolute && input.path === undefined && folders.length > 1 && scopes.length === 1 ? toSlashes(scopes[0].searchRoot, paths) : undefined;
  const label = rootLabel(input.path !== undefined || absoluteRoot !== undefined, scopes, showName, foldersNotOnDisk.length);
  return {
    pattern,
    patternAsGiven: input.pattern,
    patternWasAbsolute,
    includeIgnored: input.includeIgnored === true,
    scopes,
    outsideWorkspace,
    rootLabel: label,
    ...(input.path !== undefined ? { pathAsGiven: input.path, pathLabel: rootLabel(true, scopes, (prefix) => prefix) } : {}),
    ...(absoluteElsewhere ? { absoluteElsewhere } : {}),
    ...(foldersNotOnDisk.length > 0 ? { foldersNotOnDisk } : {}),
    ...(absoluteRoot !== undefined ? { absoluteRoot } : {}),
  };
}

/**
 * The places outside every workspace folder that the input's "path" names, existing or not
 * (searchRoots.ts's placesOutside): for asking the person before a call whose request does not
 * resolve. Input that does not parse is refused before anything is read, so it never asks.
 */
export async function pathPlacesOutside(rawInput: unknown, context: RequestContext): Promise<string[]> {
  let input: ReturnType<typeof parseGlobInput>;
  try {
    input = parseGlobInput(rawInput);
  } catch {
    return [];
  }
  const platform = context.platform ?? process.platform;
  const paths = platform === 'win32' ? nodePath.win32 : nodePath.posix;
  return input.path !== undefined ? placesOutside(input.path, withDistinctNames(context.folders, paths), paths) : [];
}

/**
 * `\` is a separator on Windows only (elsewhere it escapes); `.`, `..` and empty segments are
 * read as in a path (patternPath.ts).
 */
function tidyPattern(pattern: string, platform: NodeJS.Platform): PatternPath {
  const windows = platform === 'win32';
  return tidyPatternPath(windows ? pattern.replace(/\\/g, '/') : pattern, !windows);
}

export function normalizePattern(pattern: string, platform: NodeJS.Platform): string {
  return tidyPattern(pattern, platform).pattern;
}

/**
 * The error for a `..` a pattern cannot resolve. Above the search root it names the directory the
 * pattern points at, and the "path" and "pattern" that search it, when there is one root to
 * count from.
 */
async function unresolvedParentError(
  asGiven: string,
  tidied: PatternPath,
  searchRoots: readonly SearchRoot[],
  paths: nodePath.PlatformPath,
): Promise<GlobError> {
  if (tidied.unresolvedParent === 'afterAnyDirectories') {
    return new GlobError(
      'invalidInput',
      `The pattern ${JSON.stringify(asGiven)} has ".." right after "**", which stands for any number of directories, so it names no directory. Write it without "..", naming the directories to match (for example "src/**/*.ts").`,
    );
  }
  const problem = `The pattern ${JSON.stringify(asGiven)} climbs above the directory searched with "..", but a pattern only matches paths inside that directory.`;
  if (searchRoots.length !== 1 || isAbsolutePattern(tidied.pattern, paths)) {
    return new GlobError('invalidInput', `${problem} To search another directory, pass it as "path" and the rest of the pattern as "pattern".`);
  }
  const { directory, pattern } = splitParentPattern(searchRoots[0].root, tidied, paths);
  if (!(await isDirectory(directory))) {
    return new GlobError('invalidInput', `${problem} It points at ${directory}, which is not a directory that exists; give a pattern for files inside ${searchRoots[0].root}.`);
  }
  return new GlobError('invalidInput', `${problem} To search ${directory}, pass it as "path" and ${JSON.stringify(pattern)} as "pattern".`);
}

/**
 * The directory a pattern that climbs above `root` points at (its `..`s and the plain directory
 * names after them) and the rest, as a pattern relative to it that is anchored as the original was.
 */
function splitParentPattern(root: string, tidied: PatternPath, paths: nodePath.PlatformPath): { directory: string; pattern: string } {
  const negation = tidied.pattern.startsWith('!') ? '!' : '';
  const segments = pathSegments(tidied.pattern.slice(negation.length), paths === nodePath.posix).slice(tidied.parentsAbove);
  const named = endOfPlainDirectories(segments);
  // Joined first: a pattern can hold more segments than a call takes arguments.
  const directory = paths.resolve(root, [...Array<string>(tidied.parentsAbove).fill('..'), ...segments.slice(0, named)].join(paths.sep));
  return { directory, pattern: negation + anchoredPattern(segments.slice(named)) };
}

async function compileOrExplain(
  pattern: string,
  asGiven: string,
  ripgrepPath: string | undefined,
  cwd: string,
): Promise<CompiledPattern> {
  try {
    return compilePattern(pattern);
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) {
      throw error;
    }
    const reason = (ripgrepPath && (await ripgrepGlobReason(ripgrepPath, pattern.replace(/^!/, ''), cwd))) || error.message;
    throw new GlobError(
      'invalidGlob',
      `The pattern ${JSON.stringify(asGiven)} is not a valid glob: ${reason}. Wrap a literal special character in brackets ([[], [{], [*]) or fix the pattern; for example "src/**/*.ts".`,
    );
  }
}

async function scopeFor(
  searchRoot: string,
  folder: WorkspaceFolder | undefined,
  multiRoot: boolean,
  paths: nodePath.PlatformPath,
): Promise<SearchScope> {
  const metadata = paths
    .relative(folder?.path ?? paths.parse(searchRoot).root, searchRoot)
    .split(paths.sep)
    .find((segment) => (VCS_METADATA_NAMES as readonly string[]).includes(segment));
  if (metadata) {
    throw new GlobError('pathInMetadata', `"path" ${searchRoot} is inside version-control metadata (${metadata}), which this tool never lists. Read those files with a file-reading tool instead.`);
  }

  if (folder === undefined) {
    const shown = toSlashes(searchRoot, paths).replace(/\/?$/, '/');
    return { walkRoot: searchRoot, rootSegments: [], searchRoot, shownPrefix: shown, entryPrefix: shown };
  }
  const folderPrefix = multiRoot ? `${folder.name}/` : '';
  const relative = toSlashes(paths.relative(folder.path, searchRoot), paths);
  const rootSegments = relative === '' ? [] : relative.split('/');
  const entryPrefix = folderPrefix + (relative === '' ? '' : `${relative}/`);
  const linked = rootSegments.length > 0 ? await throughSymbolicLink(folder.path, rootSegments, searchRoot, paths) : undefined;
  if (linked?.inFolder !== undefined) {
    // A link to a directory in the same folder is searched as that directory: ripgrep would not
    // follow one to a directory above it (a loop), and one inside may hold links the settings say
    // not to follow.
    return scopeFor(linked.inFolder, folder, multiRoot, paths);
  }
  // Still from the folder: a walk started at the link would leave the folder's ignore files and
  // excludes behind, and read its excludes from the link.
  return { walkRoot: folder.path, rootSegments, searchRoot, shownPrefix: folderPrefix, entryPrefix, folder, ...(linked ? { throughLink: true } : {}) };
}

/** The scope, marked where its walk root lies in a git repository. */
async function withGitRepository(scope: SearchScope, paths: nodePath.PlatformPath): Promise<SearchScope> {
  return (await inGitRepository(scope.walkRoot, paths)) ? { ...scope, inGitRepository: true } : scope;
}

function withNestedRoots(scopes: SearchScope[], paths: nodePath.PlatformPath): SearchScope[] {
  return scopes.map((scope) => {
    const nestedRoots = scopes
      .filter((other) => other !== scope && other.searchRoot !== scope.searchRoot && isInside(scope.searchRoot, other.searchRoot, paths))
      .map((other) => toSlashes(paths.relative(scope.walkRoot, other.searchRoot), paths).split('/'));
    return nestedRoots.length > 0 ? { ...scope, nestedRoots } : scope;
  });
}

/**
 * Undefined when no symbolic link lies on the way from the folder to the search root; else the
 * directory the root stands for as a path in the folder, when it lies there.
 */
async function throughSymbolicLink(
  folderPath: string,
  segments: readonly string[],
  searchRoot: string,
  paths: nodePath.PlatformPath,
): Promise<{ readonly inFolder: string | undefined } | undefined> {
  const [realFolder, realRoot] = await Promise.all([fs.realpath(folderPath), fs.realpath(searchRoot)]);
  if (paths.join(realFolder, segments.join(paths.sep)) === realRoot) {
    return undefined;
  }
  return { inFolder: isInside(realFolder, realRoot, paths) ? paths.join(folderPath, paths.relative(realFolder, realRoot)) : undefined };
}

/**
 * How what was searched is named: in the model's text each place as its paths are shown (a
 * newline in a directory's name printed as it is split the footer's count line), in a complete
 * list's header, which quotes it, as it is.
 */
function rootLabel(explicitPath: boolean, scopes: readonly SearchScope[], show: (prefix: string) => string, foldersNotOnDisk = 0): string {
  if (!explicitPath) {
    // With a folder left out (foldersOnDisk.ts), "the workspace" or "the 2 workspace folders"
    // would say every folder was searched; the footer says how many there are. Not "2 of the 3
    // workspace folders": the label ends sentences such as '"lib/" does not exist in …', which
    // then read as if it existed in the third, and "inside each of 2 of the 3 …".
    if (foldersNotOnDisk > 0) {
      return `the ${scopes.length === 1 ? 'one workspace folder' : `${scopes.length} workspace folders`} searched`;
    }
    return scopes.length > 1 ? `the ${scopes.length} workspace folders` : 'the workspace';
  }
  return scopes.map((scope) => (scope.entryPrefix === '' ? 'the workspace' : show(scope.entryPrefix))).join(', ');
}
