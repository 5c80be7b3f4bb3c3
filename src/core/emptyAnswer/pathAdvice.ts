/**
 * What to send instead of a "path" that does not exist, when its text shows how it went wrong.
 * Models write "path" the way other tools and editors take one: a file URI, quoted as on a
 * command line, with a variable (`${workspaceFolder}/src`, `$HOME/project`) that nothing here
 * expands, or with a glob in it; those are told from the text alone. A relative "path" that
 * starts with the workspace folder's own name, or lists several directories ("src, test"), is
 * checked on disk: what the advice names must be directories there.
 */

import type * as nodePath from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDirectory } from '../request/onDisk';
import { anchoredPattern, repeatedTailLengths } from '../request/patternPath';
import { withoutQuotesAround } from './patternSlips';

/**
 * Advice that needs the disk, for a relative "path" found in no workspace folder: it repeats
 * the folder's own name, or it lists several directories. `pattern` is the one given with it.
 */
export async function relativePathAdvice(
  pathText: string,
  folderPaths: readonly string[],
  paths: nodePath.PlatformPath,
  pattern: string,
): Promise<string | undefined> {
  return (await folderNameAdvice(pathText, folderPaths, paths)) ?? (await severalPathsAdvice(pathText, folderPaths, paths, pattern));
}

/**
 * Directories a listed "path" is looked into for at most: each is a stat, and a "path" of 40,000
 * "a, " pieces took 1.7 s of them to end in the general advice anyway.
 */
const MOST_LISTED_PATHS = 16;

/**
 * For a "path" that lists directories ("src, test", "src test"): "path" takes one, so the
 * directories go into the pattern as alternatives, where each still holds what it matched.
 */
async function severalPathsAdvice(
  pathText: string,
  folderPaths: readonly string[],
  paths: nodePath.PlatformPath,
  pattern: string,
): Promise<string | undefined> {
  const pieces = pathText.split(/\s*[,;|]\s*|\s+/).filter((piece) => piece !== '').map(withoutDotSlashAndTrailingSlashes);
  // Nor a piece with "..": it can name a place outside the workspace, looked at here without the
  // person asked (the "path" as a whole, "src, ../x", stays inside), and no pattern reaches it.
  if (pieces.length < 2 || pieces.length > MOST_LISTED_PATHS || pieces.some((piece) => piece === '' || paths.isAbsolute(piece) || piece.split(/[\\/]+/).includes('..'))) {
    return undefined;
  }
  const inSomeFolder = async (piece: string): Promise<boolean> =>
    (await Promise.all(folderPaths.map((folder) => isDirectory(paths.join(folder, piece))))).some(Boolean);
  if (!(await Promise.all(pieces.map(inSomeFolder))).every(Boolean)) {
    return undefined;
  }
  const named = pieces.map((piece) => JSON.stringify(piece)).join(' and ');
  // Braces cannot nest, a negation would take in every file outside the directories too, and an
  // absolute pattern names its own place.
  if (/[{}]/.test(pattern) || pattern.startsWith('!') || paths.isAbsolute(pattern) || /[{}*?[\]]/.test(pieces.join(''))) {
    return `"path" takes one directory: search ${named} one at a time.`;
  }
  // A pattern without "/" matches names at any depth; with one it is anchored to each directory.
  const body = pattern.replace(/^\.?\/+/, '');
  const joined = `{${pieces.join(',')}}/${pattern.includes('/') ? body : `**/${body}`}`;
  return `"path" takes one directory. To search ${named} together, omit "path" and name them in the pattern: "pattern": ${JSON.stringify(joined)}.`;
}

/**
 * "./src/" → "src". The trailing slashes are counted off rather than matched with /\/+$/, which
 * starts again at every slash of a long run that does not end the text (19 s at 100,000).
 */
function withoutDotSlashAndTrailingSlashes(piece: string): string {
  const text = piece.replace(/^\.\/+/, '');
  let end = text.length;
  while (end > 0 && text[end - 1] === '/') {
    end -= 1;
  }
  return text.slice(0, end);
}

/**
 * For a relative "path" that starts with the workspace folder's own name ("proj/src" where the
 * folder is /home/me/proj): models see that name in paths and prompts and repeat it, but a
 * relative "path" already starts inside the folder. The advice names the rest, when it is a
 * directory there, or says to omit "path" when nothing is left.
 */
async function folderNameAdvice(
  pathText: string,
  folderPaths: readonly string[],
  paths: nodePath.PlatformPath,
): Promise<string | undefined> {
  const given = pathText.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  for (const folder of folderPaths) {
    for (const count of repeatedTailLengths(given, folder)) {
      const rest = given.slice(count);
      if (rest.length === 0) {
        return `${JSON.stringify(pathText)} names the workspace folder itself (${folder}), and a relative "path" starts inside it: omit "path" to search it all.`;
      }
      if (await isDirectory(paths.join(folder, rest.join(paths.sep)))) {
        return `A relative "path" starts inside the workspace folder (${folder}), so its name is not repeated: "path": ${JSON.stringify(rest.join('/'))}.`;
      }
    }
  }
  return undefined;
}

/**
 * The advice for a missing `path`, or undefined when its text looks like an ordinary path.
 * `pattern` is the one given with it, which a glob in the path is joined with.
 */
export function missingPathAdvice(pathText: string, pattern: string, paths: nodePath.PlatformPath): string | undefined {
  return fileUriAdvice(pathText) ?? quotesAdvice(pathText) ?? variableAdvice(pathText) ?? globInPathAdvice(pathText, pattern) ?? windowsPathAdvice(pathText, paths);
}

/**
 * For a "path" written as on Windows where paths are POSIX ones: a drive letter or a share names
 * nothing here, and "\" is part of a name, not a separator ("src\lib" is one name). Read from the text
 * alone: "..\x" rewritten names a place outside the workspace, not looked at without the person asked.
 */
function windowsPathAdvice(pathText: string, paths: nodePath.PlatformPath): string | undefined {
  if (paths.sep !== '/') {
    return undefined;
  }
  // A share's "\\server\share" too: written with "/" it read as the absolute "/server/share".
  if (/^(?:[A-Za-z]:[\\/]|\\\\)/.test(pathText)) {
    return `${JSON.stringify(pathText)} is a Windows path, but this machine's paths start with "/": pass an absolute path that starts with "/", or one relative to the workspace.`;
  }
  return pathText.includes('\\')
    ? `"\\" is part of a name here, not a separator; directories are separated by "/": "path": ${JSON.stringify(pathText.replace(/\\+/g, '/'))}.`
    : undefined;
}

function fileUriAdvice(pathText: string): string | undefined {
  if (!/^file:\/\//i.test(pathText)) {
    return undefined;
  }
  let path: string;
  try {
    path = fileURLToPath(pathText);
  } catch {
    return '"path" takes a file system path, not a URI.';
  }
  return `"path" takes a file system path, not a URI: "path": ${JSON.stringify(path)}.`;
}

function quotesAdvice(pathText: string): string | undefined {
  const unquoted = withoutQuotesAround(pathText.trim());
  return unquoted !== undefined ? `The quotes would have to be part of the directory's name. Without them: "path": ${JSON.stringify(unquoted)}.` : undefined;
}

/**
 * VS Code's `${workspaceFolder}` (`${workspaceRoot}`, `${workspaceFolder:name}`) at the start
 * stands for what a relative "path" already starts from; any other `$NAME`, `${NAME}` or
 * `%NAME%` is an environment variable the caller has to write out.
 */
function variableAdvice(pathText: string): string | undefined {
  const workspace = /^\$\{(?:workspaceFolder|workspaceRoot)(?::[^}]*)?\}[\\/]*(.*)$/.exec(pathText);
  if (workspace) {
    const rest = workspace[1];
    return rest === ''
      ? `"path" takes no variables: omit "path" to search the whole workspace.`
      : `"path" takes no variables, and a relative "path" starts from the workspace: "path": ${JSON.stringify(rest)}.`;
  }
  const variable = /\$\{?[A-Za-z_]\w*\}?|%[A-Za-z_]\w*%/.exec(pathText);
  return variable
    ? `"path" takes no variables: ${JSON.stringify(variable[0])} is not expanded. Write out the directory it stands for${variable[0].includes('HOME') ? ' ("~" works for the home directory)' : ''}.`
    : undefined;
}

/**
 * For a "path" that holds glob syntax ("src/*.ts", "src/**"): the directory part to pass as
 * "path" and the rest as "pattern", joined with the pattern given ("packages/*\/src" with "*.ts"
 * is "packages" with "*\/src/**\/*.ts"), so that the advice finds what was asked for. Models put
 * a whole glob in "path" now and then.
 */
function globInPathAdvice(pathText: string, given: string): string | undefined {
  const segments = pathText.split(/[\\/]+/);
  const firstGlob = segments.findIndex((segment) => /[*?[\]{}]/.test(segment));
  if (firstGlob === -1) {
    return undefined;
  }
  const directory = segments.slice(0, firstGlob).join('/') || (pathText.startsWith('/') ? '/' : '');
  const globSegments = segments.slice(firstGlob).filter((segment) => segment !== '');
  const start = directory === '' ? '"path" names a directory and takes no glob: omit "path" and' : `"path" names a directory and takes no glob: pass the directory part as "path" (${JSON.stringify(directory)}) and`;
  if (given.startsWith('!')) {
    // "Not .ts under packages/*\/src" is no one glob: the negation would take in everything else.
    return `${start} search each directory ${JSON.stringify(globSegments.join('/'))} names with the pattern ${JSON.stringify(given)}, one at a time.`;
  }
  const pattern = JSON.stringify(joinedWithPattern(globSegments, given));
  return directory === '' ? `${start} pass the glob as "pattern" (${pattern}).` : `${start} the rest as "pattern" (${pattern}).`;
}

/** Files every pattern here matches: with one of these, the glob in the path is the pattern meant. */
const EVERY_FILE = new Set(['*', '**', '**/*', './*', './**']);

/**
 * The glob in a path followed by the pattern given: one without "/" matches names at any depth
 * below, one with "/" is anchored there. A pattern that repeats the path's last part ("dir/*.txt"
 * with "*.txt", "**\/*.txt") leaves the path's glob as the pattern, as one that matches every file
 * does: as the files meant where it ends in a name with an extension, else everything under the
 * directories it names. A directory's name may hold a dot too ("lib/python3.*" with "*.py").
 */
function joinedWithPattern(globSegments: readonly string[], given: string): string {
  const last = globSegments[globSegments.length - 1];
  const written = given.trim().replace(/^(\.\/)+/, '');
  // A leading "/" anchors the pattern to the search root, as a "/" inside it does.
  const anchored = written.includes('/');
  const body = written.replace(/^\/+/, '');
  const repeatsPath = body === last || body.endsWith(`/${last}`);
  if (repeatsPath || body === '' || EVERY_FILE.has(body) || /^[A-Za-z]:[\\/]/.test(body) || body.startsWith('~')) {
    const namesFiles = repeatsPath || (last !== '**' && /\.[^./]+$/.test(last.replace(/[{}]/g, '')));
    return namesFiles || last === '**' ? anchoredPattern(globSegments) : `${globSegments.join('/')}/`;
  }
  const below = anchored || last === '**' ? body : `**/${body}`;
  return [...globSegments, below].join('/');
}
