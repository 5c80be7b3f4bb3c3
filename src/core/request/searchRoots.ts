/**
 * `path` → the existing directories it names, each with the workspace folder that holds it: `~`
 * for the home directory, absolute paths, paths relative to each workspace folder (several when
 * the same relative path exists in several), and a multi-root workspace's folder names. A path
 * that names nothing searchable is refused with what to send instead (pathAdvice.ts).
 */

import * as os from 'node:os';
import type * as nodePath from 'node:path';
import { GlobError } from '../errors';
import { isInside, underFolderPath } from './linkedPaths';
import { besideMissing } from '../emptyAnswer/missingDirectory';
import { entryKind, isDirectoryNotLink, spelledOnDisk } from './onDisk';
import { folderState, foldersNotOnDiskSentence } from './foldersOnDisk';
import { missingPathAdvice, relativePathAdvice } from '../emptyAnswer/pathAdvice';
import { patternForName } from './patternPath';
import { readTheSame } from '../pattern/unicodeForms';
import type { WorkspaceFolder } from './request';

/** A directory to search and the workspace folder holding it, if any. */
export interface SearchRoot {
  readonly root: string;
  readonly folder: WorkspaceFolder | undefined;
}

/**
 * A pattern that starts with "~/" as the absolute pattern it means, in the home directory (as
 * "~/" in `path` is), so that it is split at a search root or gets the "path" that searches it
 * (request.ts); a model writes "~/notes/*.md" for the place in its own words. Not where a search
 * root holds a directory named "~" (holdsTildeDirectory): there the pattern means that one.
 */
export async function homeExpanded(pattern: string, searchRoots: readonly SearchRoot[], paths: nodePath.PlatformPath): Promise<string> {
  if (!pattern.startsWith('~/')) {
    return pattern;
  }
  if (await holdsTildeDirectory(searchRoots.map(({ root }) => root), paths)) {
    return pattern;
  }
  const home = paths.sep === '\\' ? os.homedir().replace(/\\/g, '/') : os.homedir();
  return `${home.replace(/\/$/, '')}${pattern.slice(1)}`;
}

/**
 * Whether one of `directories` (search roots, workspace folders) holds a directory named "~" (a
 * script's literal "~" often makes one). A real directory, not a link: "~" meant the home directory, outside the workspace, which the
 * person is asked before it is listed; a link named "~" that a repository brings (to the home
 * directory, to "/") took "path": "~" there as a place inside it, listed without asking.
 */
async function holdsTildeDirectory(directories: readonly string[], paths: nodePath.PlatformPath): Promise<boolean> {
  return (await tildeHolders(directories, paths)).length > 0;
}

/** Those of `directories` that hold a real directory named "~" (holdsTildeDirectory). */
async function tildeHolders(directories: readonly string[], paths: nodePath.PlatformPath): Promise<string[]> {
  const holds = await Promise.all(directories.map((directory) => isDirectoryNotLink(paths.join(directory, '~'))));
  return directories.filter((_, i) => holds[i]);
}

/** Whether a "path" starts with the name "~". */
export function startsWithTilde(pathText: string): boolean {
  return pathText === '~' || pathText.startsWith('~/');
}

/**
 * The places outside every workspace folder that `pathText` names, read from the text alone: an
 * absolute or `~` path, or a relative one that climbs out of its folder with "..", whether or not
 * it exists; none for a path inside. A "path" that names no directory is not searched, but the
 * error looked beside it and names what it found there (a directory of a near name, the files of
 * that stem), so the person must agree to that as to a search (prepareInvocation), told which
 * directory it is: "../x" read alone says not from where.
 */
export async function placesOutside(pathText: string, folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath): Promise<string[]> {
  const { text, readIn } = await tildeRead(pathText, folders, paths);
  const inside = (place: string): boolean => folders.some((folder) => isInside(folder.path, place, paths));
  if (paths.isAbsolute(text)) {
    const place = await underFolderPath(paths.resolve(text), folders, paths);
    return inside(place) ? [] : [place];
  }
  const named = folders.length > 1 ? folderNamedBy(relativeSegments(text), folders, (folder) => folder.name) : undefined;
  // Read both ways, as resolvePath may: after the folder of that name, and in each folder.
  const places = [...(named ? [paths.resolve(named.folder.path, named.rest.join(paths.sep))] : []), ...readIn.map((folder) => paths.resolve(folder.path, text))];
  return [...new Set(places.filter((place) => !inside(place)))];
}

/**
 * A "path" as text to read, and the folders a relative one is read in. `~` and `~/…` are the home
 * directory and a path in it; but where a folder holds a real directory named "~", "path" names
 * that one, as a pattern starting with "~/" does (homeExpanded), and is read only in the folders
 * that hold one: another folder's link named "~" (to the home directory, to "/") was read too, and
 * listed where it led without asking. The folders are looked at once for both answers.
 */
async function tildeRead(pathText: string, folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath): Promise<{ text: string; readIn: readonly WorkspaceFolder[] }> {
  if (!startsWithTilde(pathText)) {
    return { text: pathText, readIn: folders };
  }
  const holders = new Set(await tildeHolders(folders.map((folder) => folder.path), paths));
  return holders.size === 0
    ? { text: paths.join(os.homedir(), pathText.slice(1)), readIn: folders }
    : { text: pathText, readIn: folders.filter((folder) => holders.has(folder.path)) };
}

/**
 * How folderNames.ts told apart folders that would be shown by one name, as it recorded it: by
 * their parent directory's name, and by a number where that is shared too. Said as it was done
 * ("client/web" written "client-web" beside a folder named so, in directories of one name, are
 * numbered): "told apart by their parent directory" sent a model looking for directories the
 * names lack. Read from the names, two folders numbered in directories named "1" read as told
 * apart by their parent.
 */
function toldApartBy(sharing: readonly WorkspaceFolder[]): string {
  const byParent = sharing.map((folder) => folder.toldApartBy === 'parent');
  if (byParent.every(Boolean)) {
    return "its parent directory's name after it";
  }
  return byParent.some(Boolean) ? "its parent directory's name after it, or a number where that is shared too" : 'a number after it';
}

/**
 * Resolves `path` to the directories it names; several when a relative path exists in several
 * folders. `pattern`, the one given with it, only shapes the advice when nothing is found.
 */
export async function resolvePath(
  pathText: string,
  folders: readonly WorkspaceFolder[],
  paths: nodePath.PlatformPath,
  pattern: string,
): Promise<SearchRoot[]> {
  const { text, readIn } = await tildeRead(pathText, folders, paths);
  if (paths.isAbsolute(text)) {
    const root = await spelledOnDisk(await underFolderPath(paths.resolve(text), folders, paths), paths);
    const folder = innermostFolder(root, folders, paths);
    await requireDirectory(root, pathText, paths, pattern, folder && { folder, folders });
    return [{ root, folder }];
  }
  if (folders.length === 0) {
    throw new GlobError('invalidInput', `The "path" ${JSON.stringify(pathText)} is relative, but no workspace folder is open. Pass an absolute directory.`);
  }

  const segments = relativeSegments(text);
  const named = folders.length > 1 ? folderNamedBy(segments, folders, (folder) => folder.name) : undefined;
  const shared = named ? undefined : folderNamedBy(segments, folders, (folder) => folder.sharedName);
  const inEachFolder = readIn.map((folder) => paths.resolve(folder.path, text));
  if (shared) {
    const sharing = folders.filter((folder) => folder.sharedName === shared.folder.sharedName);
    // Which of them is meant is asked only where one of them could be: where none holds the rest
    // and another folder holds the path as written (proj/app/x beside two folders named app), that is it.
    const inSharing = await directoriesAmong(await spelledAll(sharing.map((folder) => paths.resolve(folder.path, shared.rest.join(paths.sep))), paths), folders, paths);
    const asWritten = inSharing.length === 0 ? await directoriesAmong(await spelledAll(inEachFolder, paths), folders, paths) : [];
    if (asWritten.length > 0) {
      return asWritten;
    }
    const names = sharing.map((folder) => JSON.stringify([folder.name, ...shared.rest].join('/')));
    throw new GlobError(
      'pathNotFound',
      `The "path" ${JSON.stringify(pathText)} starts with ${JSON.stringify(shared.folder.sharedName)}, which ${sharing.length} workspace folders would all be shown as, so each is shown with ${toldApartBy(sharing)}: pass one of ${names.join(', ')}.`,
    );
  }
  const candidates = await spelledAll(named ? [paths.resolve(named.folder.path, named.rest.join(paths.sep))] : inEachFolder, paths);

  const found = await directoriesAmong(candidates, folders, paths);
  if (found.length === 0 && named) {
    // The folder of that name lacks the rest, but the path may be meant relative to each folder,
    // as one that names no folder is: "docs/api" for proj/docs/api beside a folder named docs.
    found.push(...(await directoriesAmong(await spelledAll(inEachFolder, paths), folders, paths)));
  }
  if (found.length === 0) {
    if (named !== undefined) {
      await requireNamedFolder(pathText, named.folder, folders);
    }
    // Read in one folder only (the workspace's one): that folder gone was "does not exist (looked
    // for …/gone/src)", with advice to omit "path", which then failed for the same reason.
    if (readIn.length === 1) {
      await requireNamedFolder(pathText, readIn[0], folders);
    }
    if (candidates.length === 1 && (await entryKind(candidates[0])) === 'file') {
      throw notADirectory(pathText, candidates[0], paths);
    }
    const onDisk = await relativePathAdvice(text, folders.map((folder) => folder.path), paths, pattern);
    if (onDisk !== undefined) {
      throw new GlobError('pathNotFound', `The "path" ${JSON.stringify(pathText)} does not exist (looked for ${candidates.join(', ')}). ${onDisk}`);
    }
    if (candidates.length === 1) {
      await requireDirectory(candidates[0], pathText, paths, pattern);
    }
    const tried = candidates.join(', ');
    const advice = missingPathAdvice(pathText, pattern, paths) ?? 'Give a directory that exists, relative to the workspace or absolute, or omit "path" to search the whole workspace.';
    throw new GlobError('pathNotFound', `The "path" ${JSON.stringify(pathText)} does not exist (looked for ${tried}). ${advice}`);
  }
  return found;
}

/**
 * Each path as it is spelled on disk, in any normalization form (onDisk.ts), each once. Read in
 * several folders, one "path" can name one place from more than one ("../app/a.txt" from the
 * folders app and web beside it): a file so named was said not to exist, since only a single
 * candidate was checked for being a file, and the error named the place twice.
 */
async function spelledAll(written: readonly string[], paths: nodePath.PlatformPath): Promise<string[]> {
  return [...new Set(await Promise.all(written.map((root) => spelledOnDisk(root, paths))))];
}

/**
 * The candidates that are directories, each once, with the innermost workspace folder holding it.
 * Read in several folders, one "path" can name one directory from more than one of them ("../app/src"
 * from the folders app and web beside it): searched once for each, every file was listed and counted twice.
 */
async function directoriesAmong(candidates: readonly string[], folders: readonly WorkspaceFolder[], paths: nodePath.PlatformPath): Promise<SearchRoot[]> {
  const distinct = [...new Set(candidates)];
  const kinds = await Promise.all(distinct.map((root) => entryKind(root)));
  return distinct.filter((_, index) => kinds[index] === 'directory').map((root) => ({ root, folder: innermostFolder(root, folders, paths) }));
}

/**
 * A relative "path"'s segments, without "." ones: "./docs" names what "docs" names (in a multi-root
 * workspace, the folder named docs, as VS Code's own "./docs" in files to include does), where it
 * was looked for as a directory docs inside each folder instead.
 */
function relativeSegments(text: string): string[] {
  return text.split(/[\\/]+/).filter((segment) => segment !== '.');
}

/**
 * The folder whose name (as `nameOf` gives it) the leading segments of a relative "path" spell,
 * and the segments after it. A name may hold "/" itself (a workspace file can name a folder
 * "client/web", and its files are shown as "client/web/src/…"), so the longest run of leading
 * segments that is a folder's name wins, as it does where a complete list's links are resolved.
 * A name may be written on disk in another normalization form than the model types it.
 */
function folderNamedBy(
  segments: readonly string[],
  folders: readonly WorkspaceFolder[],
  nameOf: (folder: WorkspaceFolder) => string | undefined,
): { folder: WorkspaceFolder; rest: string[] } | undefined {
  // No name holds more segments than this: a "path" thousands of segments deep is not joined again for each.
  const mostSegments = folders.reduce((most, folder) => Math.max(most, (nameOf(folder) ?? '').split('/').length), 0);
  for (let count = Math.min(segments.length, mostSegments); count >= 1; count -= 1) {
    const name = segments.slice(0, count).join('/');
    const folder = folders.find((candidate) => nameOf(candidate) === name) ?? folders.find((candidate) => {
      const candidateName = nameOf(candidate);
      return candidateName !== undefined && readTheSame(candidateName, name);
    });
    if (folder) {
      return { folder, rest: segments.slice(count) };
    }
  }
  return undefined;
}

/**
 * Refuses a "path" that starts with the name of a folder gone from disk (foldersOnDisk.ts), saying
 * so: "does not exist (looked for …/gone)" told the model to omit "path" to search the folder,
 * or to give a directory that exists, as if the name were a slip.
 */
async function requireNamedFolder(pathText: string, folder: WorkspaceFolder, folders: readonly WorkspaceFolder[]): Promise<void> {
  const state = await folderState(folder.path);
  if (state !== 'directory') {
    // With no other folder, omitting "path" fails too (request.ts refuses a search of none).
    const advice = folders.length > 1 ? 'Omit "path" to search the other workspace folders, or pass a directory inside one of them.' : 'Pass an absolute directory that exists as "path".';
    throw new GlobError('pathNotFound', `${foldersNotOnDiskSentence([{ folder, ...state }])}, so the "path" ${JSON.stringify(pathText)} cannot be searched. ${advice}`);
  }
}

/** The workspace folder holding `directory`: the innermost one, when folders nest. */
function innermostFolder(
  directory: string,
  folders: readonly WorkspaceFolder[],
  paths: nodePath.PlatformPath,
): WorkspaceFolder | undefined {
  let best: WorkspaceFolder | undefined;
  for (const folder of folders) {
    if (isInside(folder.path, directory, paths) && (best === undefined || folder.path.length > best.path.length)) {
      best = folder;
    }
  }
  return best;
}

/**
 * Refuses a `root` that is not a directory, saying why and what to pass instead. `within`, the
 * workspace folder it lies in: where that folder is gone from disk, that is said of the folder, as
 * for a "path" that starts with its name.
 */
async function requireDirectory(
  root: string,
  asGiven: string,
  paths: nodePath.PlatformPath,
  pattern: string,
  within?: { readonly folder: WorkspaceFolder; readonly folders: readonly WorkspaceFolder[] },
): Promise<void> {
  const kind = await entryKind(root);
  if (kind !== 'directory' && within !== undefined) {
    await requireNamedFolder(asGiven, within.folder, within.folders);
  }
  if (kind === 'missing') {
    const name = paths.basename(root);
    const parent = paths.dirname(root);
    const { nearDirectory: nearName, filesWithStem } = await besideMissing(parent, name);
    const near = nearName === undefined ? undefined : paths.join(parent, nearName);
    const advice =
      missingPathAdvice(asGiven, pattern, paths) ??
      (near === undefined
        ? (filesInsteadAdvice(parent, name, filesWithStem, paths) ?? 'Give a directory that exists, or omit "path" to search the whole workspace.')
        : nearName?.toLowerCase() === name.toLowerCase()
          ? `Names are case-sensitive here, and ${near} exists: pass that as "path".`
          : `${near} exists: pass that as "path" if it is the directory meant.`);
    throw new GlobError('pathNotFound', `The "path" ${JSON.stringify(asGiven)} does not exist (resolved to ${root}). ${advice}`);
  }
  if (kind === 'file') {
    throw notADirectory(asGiven, root, paths);
  }
}

/**
 * For a "path" that names a module as if it were a folder ("src/tools" where src/tools.ts is):
 * the files of that name and an extension where it would be, and how to find them. (A file of
 * the name itself is the "path", and gets notADirectory's advice.)
 */
function filesInsteadAdvice(parent: string, name: string, files: readonly string[], paths: nodePath.PlatformPath): string | undefined {
  if (files.length === 0) {
    return undefined;
  }
  const pattern = files.length === 1 ? patternForName(files[0]) : patternForName(name, '.*');
  const shown = files.slice(0, FILES_INSTEAD_SHOWN).map((file) => paths.join(parent, file));
  const named = files.length === 1 ? `${shown[0]} is a file of that name` : `${files.length} files have that name (${shown.join(', ')}${files.length > shown.length ? ', …' : ''})`;
  return `${named}: to find ${files.length === 1 ? 'it' : 'them'}, pass ${parent} as "path" and ${JSON.stringify(pattern)} as "pattern".`;
}

/** Files of a missing "path"'s name named at most. */
const FILES_INSTEAD_SHOWN = 3;

function notADirectory(asGiven: string, root: string, paths: nodePath.PlatformPath): GlobError {
  return new GlobError(
    'pathNotDirectory',
    `The "path" ${JSON.stringify(asGiven)} is a file, not a directory. To find it, pass its directory as "path" (${paths.dirname(root)}) and its name as "pattern" (${JSON.stringify(patternForName(paths.basename(root)))}).`,
  );
}
