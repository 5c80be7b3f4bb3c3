/**
 * Patterns that name a place rather than files below the search root: an absolute pattern inside
 * a workspace folder becomes that root and a pattern anchored to it (SPEC §1); one that names a
 * root whole, a negation of one of several roots, or a negation written with a folder's name as
 * its paths are shown is refused with the calls that list what was meant; and an absolute
 * pattern outside every root, negated or not, is read as a directory elsewhere, for the advice.
 */

import * as nodePath from 'node:path';
import { GlobError } from '../errors';
import { entryKind, isDirectory, spelledOnDisk } from './onDisk';
import { anchoredPattern, endOfPlainDirectories, isPlainSegment, toSlashes } from './patternPath';
import type { WorkspaceFolder } from './request';
import type { SearchRoot } from './searchRoots';

/** A directory an absolute-looking pattern names outside the search roots, and the rest of it. */
export interface AbsoluteElsewhere {
  readonly directory: string;
  /**
   * The rest of the pattern as it reads from `directory`, a negation's with its "!"; absent for a
   * negation that would list no file there (LEAVES_NO_FILE).
   */
  readonly pattern?: string;
  /** True for a negation, which left out no file: no search root holds the path it names. */
  readonly negated?: true;
}

/**
 * A rest of the pattern that, negated, leaves no file: one matching every file, or "./*", which
 * leaves out each file directly in the directory and, as a negation leaves out every file in a
 * directory it matches, every file in each directory there.
 */
const LEAVES_NO_FILE = /^(?:\.\/\*|(?:\*\*\/)*\*\*?)$/;

/**
 * A pattern relative to `root` (with "/" between names) written absolute again, as
 * splitAbsolutePattern reads it back into the same root and pattern: `root` then the pattern,
 * anchored where the pattern is ("/a" and "a/b" from the root), at any depth where it is not
 * ("a" is "<root>/**\/a"). A negation keeps its "!" in front.
 */
export function absoluteFrom(root: string, pattern: string): string {
  const negation = pattern.startsWith('!') ? '!' : '';
  const body = pattern.slice(negation.length);
  const rest = body.startsWith('/') ? body : body.includes('/') ? `/${body}` : `/**/${body}`;
  return `${negation}${root.replace(/\/+$/, '')}${rest}`;
}

/**
 * A pattern an answer offers, as the model is to pass it: as it is, or, where an absolute pattern
 * narrowed a workspace of several folders to one (the request's `absoluteRoot`), written from that
 * folder, since relative it would be matched in every folder.
 */
export function offeredPattern(absoluteRoot: string | undefined, pattern: string): string {
  return absoluteRoot === undefined ? pattern : absoluteFrom(absoluteRoot, pattern);
}

/**
 * An absolute pattern inside a workspace folder (or inside `path`) becomes that root plus a
 * pattern anchored to it (SPEC §1), a negated one too (`!/ws/dist/` → `!/dist/`: every file not
 * under dist/). Any other leading `/` keeps its glob meaning: anchored.
 */
export function splitAbsolutePattern(
  pattern: string,
  searchRoots: SearchRoot[],
  explicitPath: boolean,
  folders: readonly WorkspaceFolder[],
  paths: nodePath.PlatformPath,
): { pattern: string; searchRoots: SearchRoot[] } {
  const negation = pattern.startsWith('!') ? '!' : '';
  const body = pattern.slice(negation.length);
  if (!isAbsolutePattern(body, paths)) {
    return { pattern, searchRoots };
  }
  const restUnder = (root: string): string | undefined => {
    const prefix = toSlashes(root, paths).replace(/\/?$/, '/');
    return body.startsWith(prefix) ? `/${body.slice(prefix.length)}` : undefined;
  };
  const named = searchRoots.find(({ root }) => toSlashes(root, paths).replace(/\/$/, '') === body);
  // "!<root>/" leaves out that root whole, as "!<root>" does: of several, "!/" inside it would
  // find nothing, and the others' files are what is asked for.
  const wholeRoot = negation === '' ? undefined : (named ?? searchRoots.find(({ root }) => restUnder(root) === '/'));
  if (wholeRoot && searchRoots.length > 1) {
    throw leavesOutOneRoot(pattern, wholeRoot, searchRoots, restUnder, paths);
  }
  if (named) {
    // Split, it would be no pattern at all; left whole, the folder's own path would be looked for
    // inside it, and its parent offered as a directory outside the workspace.
    throw new GlobError(
      'invalidInput',
      negation
        ? `The pattern ${JSON.stringify(pattern)} leaves out the directory searched itself, so no file in it can match. To list every file in it, use "pattern": "*".`
        : `The pattern ${JSON.stringify(pattern)} is the path of the directory searched, and only files are returned, never directories. To list every file in it, use "pattern": "*" (or ${JSON.stringify(`${body}/`)}).`,
    );
  }
  // The innermost root wins when workspace folders nest.
  for (const searchRoot of [...searchRoots].sort((a, b) => b.root.length - a.root.length)) {
    const rest = restUnder(searchRoot.root);
    if (rest !== undefined && negation !== '' && searchRoots.length > 1) {
      // A negation matches outside the directory it names, in every root: narrowed to the one
      // root that holds it, the search silently left out every other folder's files.
      throw new GlobError(
        'invalidInput',
        `The pattern ${JSON.stringify(pattern)} leaves out a directory of ${searchRoot.root}, but one pattern is matched in each of the ${searchRoots.length} directories searched, so it cannot leave out files of one of them only. To list the files of ${searchRoot.root} outside it, pass ${JSON.stringify(searchRoot.root)} as "path" and ${JSON.stringify(negation + rest)} as "pattern"; for the others, search each of them.`,
      );
    }
    if (rest !== undefined) {
      return { pattern: negation + rest, searchRoots: [searchRoot] };
    }
  }
  if (explicitPath && folders.some((folder) => restUnder(folder.path) !== undefined)) {
    throw new GlobError('invalidInput', `The pattern ${JSON.stringify(pattern)} is an absolute path outside "path". Give the directory either in the pattern or in "path", not both.`);
  }
  return { pattern, searchRoots };
}

/**
 * Searching several workspace folders, whose paths are shown as "<folder>/<path>", a negation
 * written the way a model reads them ("!front/dist", "!front/") is matched inside each folder,
 * where it names nothing unless a folder holds a directory of that folder's name: it left out no
 * file, and the answer listed every file it was meant to leave out. Where none holds one, it is
 * refused with the calls that list what was asked for, as the same negation written with the
 * folder's absolute path is (splitAbsolutePattern).
 */
export async function negationFromFolderName(pattern: string, searchRoots: readonly SearchRoot[], paths: nodePath.PlatformPath): Promise<GlobError | undefined> {
  if (searchRoots.length < 2) {
    return undefined;
  }
  const body = pattern.slice(1).replace(/^\//, '');
  // The longest name that fits: a folder may be named "front/end" beside one named "front".
  const nameOf = (root: SearchRoot): string => root.folder?.name ?? '';
  const named = searchRoots
    .filter((root) => root.folder !== undefined && body.startsWith(`${nameOf(root)}/`))
    .reduce<SearchRoot | undefined>((longest, root) => (longest === undefined || nameOf(root).length > nameOf(longest).length ? root : longest), undefined);
  if (named === undefined) {
    return undefined;
  }
  const name = nameOf(named);
  // The name is read as the pattern reads it: one with glob syntax ("app[1]", "app?") can match a
  // directory of another name, and one outside ASCII one that reads the same in another Unicode
  // form; the negation then names that directory, which a look-up of the name as written misses.
  if (!name.split('/').every(isPlainSegment)) {
    return undefined;
  }
  if (await anyRootHolds(name, searchRoots, paths)) {
    return undefined;
  }
  const rest = body.slice(name.length + 1);
  const others = searchRoots.filter((root) => root !== named).map(({ root, folder }) => `"path": ${JSON.stringify(folder?.name ?? root)}, "pattern": "*"`);
  const asked = rest === '' ? [] : [`"path": ${JSON.stringify(name)}, "pattern": ${JSON.stringify(`!/${rest}`)}`];
  return new GlobError(
    'invalidInput',
    `The pattern ${JSON.stringify(pattern)} starts with ${JSON.stringify(name)}, the name of a workspace folder, as the paths of the ${searchRoots.length} folders searched are shown, but a pattern is matched inside each folder, where no directory ${JSON.stringify(name)} lies, so it would leave out no file. To list the files it was meant to keep, search each folder: ${[...asked, ...others].join('; ')}.`,
  );
}

/**
 * The refusal of a negation that names one of several search roots whole ("!<root>" or
 * "!<root>/"): one pattern is matched in each root, so it cannot leave out one of them only. What
 * the model asked for is the other roots' files, so each is named with the call that lists them:
 * "*", or the negation from a root that holds the one left out (nested workspace folders). Roots
 * inside the one left out go with it; when that leaves none, no file can match.
 */
function leavesOutOneRoot(
  pattern: string,
  leftOut: SearchRoot,
  searchRoots: readonly SearchRoot[],
  restUnder: (root: string) => string | undefined,
  paths: nodePath.PlatformPath,
): GlobError {
  const within = toSlashes(leftOut.root, paths).replace(/\/?$/, '/');
  const others = searchRoots.filter((searchRoot) => searchRoot !== leftOut && !toSlashes(searchRoot.root, paths).startsWith(within));
  if (others.length === 0) {
    return new GlobError('invalidInput', `The pattern ${JSON.stringify(pattern)} leaves out ${leftOut.root}, which holds every directory searched, so no file can match. To list every file in it, use "pattern": "*".`);
  }
  const calls = others.map((searchRoot) => {
    const rest = restUnder(searchRoot.root);
    return `"path": ${JSON.stringify(searchRoot.root)}, "pattern": ${JSON.stringify(rest === undefined ? '*' : `!${rest}`)}`;
  });
  return new GlobError(
    'invalidInput',
    `The pattern ${JSON.stringify(pattern)} leaves out ${leftOut.root} whole, one of the ${searchRoots.length} directories searched, but one pattern is matched in each of them, so it cannot leave out one of them only. To list the files of the others, search each of them: ${calls.join('; ')}.`,
  );
}

/** Whether a directory (or, with `fileToo`, a file) at `relative` (`/`-separated) lies in any of the search roots. */
async function anyRootHolds(relative: string, searchRoots: readonly SearchRoot[], paths: nodePath.PlatformPath, fileToo = false): Promise<boolean> {
  const kinds = await Promise.all(searchRoots.map(async ({ root }) => entryKind(await spelledOnDisk(paths.join(root, relative.split('/').join(paths.sep)), paths))));
  return kinds.some((kind) => kind === 'directory' || (fileToo && kind === 'file'));
}

/**
 * The directory outside the search roots that an absolute pattern names (directoryNamedBy), a
 * negation's too: "!/elsewhere/*.md" is matched inside the roots, anchored there, so where none
 * holds that path it leaves out no file and lists every one, as silently as "/elsewhere/*.md"
 * would find none without the advice.
 */
export async function elsewhereNamedBy(pattern: string, searchRoots: readonly SearchRoot[], paths: nodePath.PlatformPath): Promise<AbsoluteElsewhere | undefined> {
  if (!pattern.startsWith('!')) {
    return directoryNamedBy(pattern, paths);
  }
  const body = pattern.slice(1);
  const named = await directoryNamedBy(body, paths);
  // Where a root holds that path, the negation left out the files there, as it says. A path named
  // whole ("!/elsewhere/src") is matched as a name too, so a file there is left out as well.
  if (named === undefined || (await anyRootHolds(named.directory, searchRoots, paths, named.directory === body))) {
    return undefined;
  }
  return { directory: named.directory, negated: true, ...(LEAVES_NO_FILE.test(named.pattern) ? {} : { pattern: `!${named.pattern}` }) };
}

export function isAbsolutePattern(pattern: string, paths: nodePath.PlatformPath): boolean {
  return paths === nodePath.win32 ? /^[A-Za-z]:\//.test(pattern) : pattern.startsWith('/');
}

/**
 * The longest run of plain leading segments of an absolute pattern that is an existing directory
 * (at least one below the filesystem root), and the rest of the pattern after it. A pattern that
 * is a directory as a whole, which no file can match, names that directory and every file in it:
 * offered its parent and its name, the model would look for a file of that name.
 */
async function directoryNamedBy(pattern: string, paths: nodePath.PlatformPath): Promise<{ directory: string; pattern: string } | undefined> {
  if (!isAbsolutePattern(pattern, paths)) {
    return undefined;
  }
  const segments = pattern.split('/');
  if (segments.length >= 2 && segments.every((segment, index) => index === 0 || isPlainSegment(segment)) && (await isDirectory(await spelledOnDisk(pattern, paths)))) {
    return { directory: pattern, pattern: '*' };
  }
  // segments[0] is '' (POSIX) or the drive ('C:').
  for (let count = endOfPlainDirectories(segments, 1); count >= 2; count -= 1) {
    const directory = segments.slice(0, count).join('/');
    // Looked up as a "path" is (searchRoots.ts), in any normalization form: the advice passes it so.
    if (await isDirectory(await spelledOnDisk(directory, paths))) {
      // Anchored, as the absolute pattern was: "/notes/*.md" means the files directly in notes/,
      // where "*.md" from there would match at every depth. A pattern ending in `/` means
      // everything under the directory it names.
      return { directory, pattern: anchoredPattern(segments.slice(count)) };
    }
  }
  return undefined;
}
