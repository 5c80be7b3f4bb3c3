/**
 * The first directory a pattern names that no search root has ("tests/" in "tests/**\/*.py"), and
 * the directory beside it with the nearest name, if one is near enough: the same name in another
 * case ("Src/" for "src/"), the other number ("test/" for "tests/", "docs/" for "doc/"), or one
 * letter off ("compnents/" for "components/", "scr/" for "src/"). A model recalls a project's
 * layout from other projects; the empty answer then names the directory that exists and, counted
 * by the near-pattern walk (nearMatches.ts), what the pattern finds there.
 */

import { promises as fs } from 'node:fs';
import type { ScopeRules } from '../glob';
import { entryKind, isDirectory, joinedInAnyForm } from '../request/onDisk';
import { compilePattern, type CompiledPattern } from '../pattern/pattern';
import { pathSegments } from '../request/patternPath';
import type { GlobRequest, SearchScope } from '../request/request';
import { VCS_METADATA_NAMES } from '../ripgrep/args';
import { hasNonAscii } from '../pattern/unicodeForms';
import { decodeName, joinName, nameText } from '../names';

/** An entry of a directory, a symbolic link taken as what it points at (the search follows links by default). */
interface Entry {
  /** As text, as the walk reads names: bytes that are not UTF-8 are U+FFFD. */
  readonly name: string;
  /** The name's bytes, where they are not UTF-8: only they name the entry on disk. */
  readonly bytes?: Buffer;
  readonly kind: 'directory' | 'file' | 'missing';
}

/** Whether a directory, by its path from the scope's walk root, is left out of the search (files.exclude, search.exclude). */
export type DirectoryExcluded = (scope: SearchScope, walkRelative: string) => boolean;

export interface MissingDirectory {
  /** As the pattern names it, from the search root: "src/tests/". */
  readonly directory: string;
  readonly near?: NearDirectory;
  /**
   * Where none is near: the directories beside it (not excluded ones, nor version-control
   * metadata), by name, so a model that guessed the layout sees the one there is. Ignore files are
   * not asked here: the empty answer's walk keeps those the search walks into
   * (searchedDirectories.ts).
   */
  readonly siblings?: Siblings;
}

export interface Siblings {
  /** The missing directory's parent, from the search root: [] for the root itself, ["packages"]. */
  readonly parent: readonly string[];
  /** Their names, sorted, without "/". */
  readonly names: readonly string[];
  /** The bytes of those names that are not UTF-8, by their name: what shows them as they are. */
  readonly bytes?: ReadonlyMap<string, Buffer>;
}

export interface NearDirectory {
  /** From the search root: "src/test/". */
  readonly directory: string;
  /** Its name is the missing one's in another case. */
  readonly otherCase: boolean;
  /** The pattern with the near directory in place of the missing one; none when its name holds glob syntax. */
  readonly pattern?: string;
}

/** How near a name is: lower is nearer; undefined when not near. */
type Nearness = 0 | 1 | 2;

export async function firstMissingDirectory(request: GlobRequest, excluded: DirectoryExcluded = () => false): Promise<MissingDirectory | undefined> {
  const directories = request.pattern.namedDirectories;
  for (let depth = 1; depth <= directories.length; depth += 1) {
    const relative = directories.slice(0, depth).join('/');
    if (!(await inSomeRoot(request, directories.slice(0, depth)))) {
      const parent = directories.slice(0, depth - 1);
      const name = directories[depth - 1];
      // Each root's parent directory is read once, for the near name and for those listed.
      const listings = await listingsOf(request, parent);
      const near = nearestInAny(listings, name);
      if (near === undefined) {
        const listed = directoriesListed(request, listings, parent, excluded);
        const names = [...listed.keys()];
        const bytes = new Map([...listed].flatMap(([name, raw]) => (raw ? [[name, raw] as const] : [])));
        return { directory: `${relative}/`, ...(names.length > 0 ? { siblings: { parent, names, ...(bytes.size > 0 ? { bytes } : {}) } } : {}) };
      }
      const renamed = new Map([[depth - 1, near], ...(await nearBelow(request, [...parent, near], directories.slice(depth)))]);
      const pattern = [...renamed.values()].some((name) => /[*?[\]{}\\,]/.test(name)) ? undefined : patternWithDirectories(request, renamed);
      return {
        directory: `${relative}/`,
        near: { directory: `${[...parent, near].join('/')}/`, otherCase: near.toLowerCase() === name.toLowerCase(), ...(pattern ? { pattern } : {}) },
      };
    }
  }
  return undefined;
}

/** Whether the search's excludes leave a directory out (none do with `includeIgnored`). */
export function excludedBy(request: GlobRequest, rulesFor: (scope: SearchScope) => ScopeRules): DirectoryExcluded {
  const compiled = new Map<SearchScope, CompiledPattern[]>();
  return (scope, walkRelative) => {
    if (request.includeIgnored) {
      return false;
    }
    let excludes = compiled.get(scope);
    if (excludes === undefined) {
      excludes = rulesFor(scope).excludeGlobs.map((glob) => compilePattern(glob, 'asWritten'));
      compiled.set(scope, excludes);
    }
    return excludes.some((exclude) => exclude.matches(walkRelative));
  };
}

/**
 * The directories in each root's `parent`, `listings` in the order of the scopes, by name: the
 * pattern is matched in each root. Not excluded ones, nor version-control metadata, which the
 * search never enters; hidden ones are listed, since it walks them (".github/" for
 * "workflows/*.yml"), and so are links to directories.
 */
function directoriesListed(request: GlobRequest, listings: readonly Entry[][], parent: readonly string[], excluded: DirectoryExcluded): Map<string, Buffer | undefined> {
  const vcs: ReadonlySet<string> = new Set(VCS_METADATA_NAMES);
  const names = new Map<string, Buffer | undefined>();
  request.scopes.forEach((scope, index) => {
    for (const entry of listings[index]) {
      if (entry.kind === 'directory' && !vcs.has(entry.name) && !excluded(scope, [...scope.rootSegments, ...parent, entry.name].join('/'))) {
        names.set(entry.name, entry.bytes);
      }
    }
  });
  return new Map(inCodeUnitOrder([...names.keys()]).map((name) => [name, names.get(name)]));
}

/**
 * What `parent` holds for a missing `name`, from one reading of it: the directory whose name is
 * nearest (nearnessOf), if one is near, and the files named `name` with an extension ("tools.ts"
 * for "tools"), sorted; nothing where it cannot be read.
 */
export async function besideMissing(parent: string, name: string): Promise<{ nearDirectory?: string; filesWithStem: string[] }> {
  const entries = await directoryEntries(parent);
  const nearDirectory = nearestAmong(entries, name);
  const filesWithStem = entries.filter((entry) => entry.kind === 'file' && !entry.bytes && entry.name.startsWith(`${name}.`)).map((entry) => entry.name);
  return { ...(nearDirectory !== undefined ? { nearDirectory } : {}), filesWithStem: inCodeUnitOrder(filesWithStem) };
}

/** `names` sorted in place by code units, the same on every platform and locale. */
function inCodeUnitOrder(names: string[]): string[] {
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A directory's entries, each link stat-ed for what it points at ("settings" linked to
 * "real/config" is a directory; one that points nowhere is missing); none where it cannot be read.
 * Read as bytes: a name that is not UTF-8, read as text, names nothing on disk.
 */
async function directoryEntries(path: string): Promise<Entry[]> {
  const entries = await fs.readdir(path, { withFileTypes: true, encoding: 'buffer' }).catch(() => []);
  return Promise.all(
    entries.map(async (entry): Promise<Entry> => {
      const raw = decodeName(entry.name, 0, entry.name.length);
      const name = { name: nameText(raw), ...(typeof raw === 'string' ? {} : { bytes: raw }) };
      if (entry.isSymbolicLink()) {
        return { ...name, kind: await entryKind(joinName(path, raw)) };
      }
      return { ...name, kind: entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'missing' };
    }),
  );
}

/** Whether the directory at `segments` below some search root exists. */
async function inSomeRoot(request: GlobRequest, segments: readonly string[]): Promise<boolean> {
  const exists = await Promise.all(request.scopes.map(async (scope) => isDirectory(await joinedInAnyForm(scope.searchRoot, segments))));
  return exists.some(Boolean);
}

/** The entries of the directory at `segments` below each search root, in the order of the scopes. */
function listingsOf(request: GlobRequest, segments: readonly string[]): Promise<Entry[][]> {
  return Promise.all(request.scopes.map(async (scope) => directoryEntries(await joinedInAnyForm(scope.searchRoot, segments))));
}

/** The near name of the first root whose listing has one. */
function nearestInAny(listings: readonly Entry[][], name: string): string | undefined {
  return listings.map((entries) => nearestAmong(entries, name)).find((found) => found !== undefined);
}

/** The directory among `entries` whose name is nearest `name`, if one is near. */
function nearestAmong(entries: readonly Entry[], name: string): string | undefined {
  let best: { name: string; nearness: Nearness } | undefined;
  for (const entry of entries) {
    // A name that is not UTF-8 cannot be written in a pattern or "path".
    const nearness = entry.kind === 'directory' && !entry.bytes ? nearnessOf(entry.name, name) : undefined;
    if (nearness !== undefined && (best === undefined || nearness < best.nearness)) {
      best = { name: entry.name, nearness };
    }
  }
  return best?.name;
}

/**
 * 0: the same name in another case; 1: one is the other with "s" or "es" added; 2: one letter
 * inserted, dropped or changed, or two side by side swapped (case ignored). Edits only for names
 * of four letters or more, swaps from three: shorter names are one letter off many others ("app"
 * and "api"), and a swap is the slip of a hand, not another word. Underscores around a name are
 * set aside, and then it is 1 at best ("__tests__" for "tests" and for "test").
 */
export function nearnessOf(candidate: string, wanted: string): Nearness | undefined {
  // A name outside ASCII is compared in NFC, as the pattern matches it (unicodeForms.ts).
  return hasNonAscii(wanted) ? nearnessAsWritten(candidate.normalize('NFC'), wanted.normalize('NFC')) : nearnessAsWritten(candidate, wanted);
}

function nearnessAsWritten(candidate: string, wanted: string): Nearness | undefined {
  if (candidate === wanted) {
    return undefined;
  }
  // "__tests__" for "tests" or "test": the underscores are a convention (Jest's __tests__,
  // __mocks__), so the names inside them are compared, and at best that is "s" added.
  if (wrappedInUnderscores(candidate) || wrappedInUnderscores(wanted)) {
    const bareCandidate = withoutUnderscores(candidate);
    const bareWanted = withoutUnderscores(wanted);
    // Short names are near too many others ("_a" and "a"), as for edits below.
    if (Math.min(bareCandidate.length, bareWanted.length) < 3) {
      return undefined;
    }
    const bare = bareCandidate === bareWanted ? 1 : nearnessAsWritten(bareCandidate, bareWanted);
    return bare === undefined ? undefined : (Math.max(bare, 1) as Nearness);
  }
  // Every other way of being near changes the length by two at most; this keeps a name of 100 KB cheap.
  if (Math.abs(candidate.length - wanted.length) > 2) {
    return undefined;
  }
  const a = candidate.toLowerCase();
  const b = wanted.toLowerCase();
  if (a === b) {
    return 0;
  }
  if (a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`) {
    return 1;
  }
  const shorter = Math.min(a.length, b.length);
  if ((shorter >= 3 && swapsTwo(a, b)) || (shorter >= 4 && oneEditApart(a, b))) {
    return 2;
  }
  return undefined;
}

/** A name that starts or ends with "_". */
export function wrappedInUnderscores(name: string): boolean {
  return name.startsWith('_') || name.endsWith('_');
}

function withoutUnderscores(name: string): string {
  let start = 0;
  let end = name.length;
  while (start < end && name[start] === '_') {
    start += 1;
  }
  while (end > start && name[end - 1] === '_') {
    end -= 1;
  }
  return name.slice(start, end);
}

/** True when `a` is `b` with two neighbouring characters swapped. */
function swapsTwo(a: string, b: string): boolean {
  if (a.length !== b.length) {
    return false;
  }
  let first = 0;
  while (first < a.length && a[first] === b[first]) {
    first += 1;
  }
  return first < a.length && first + 1 < a.length && a[first] === b[first + 1] && a[first + 1] === b[first] && a.slice(first + 2) === b.slice(first + 2);
}

/** True when one character inserted, dropped or changed turns `a` into `b`. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) {
    return false;
  }
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) {
    i += 1;
  }
  if (a.length === b.length) {
    return a.slice(i + 1) === b.slice(i + 1);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Below a near directory, the literal directories the pattern names after the missing one that
 * are missing too, each with the nearest name there, by index in the pattern: a model that
 * misspells one directory may misspell the next ("distt/subs/*.js" for dist/sub/). Stops at the
 * first with none near, which stays as written.
 */
async function nearBelow(request: GlobRequest, found: readonly string[], rest: readonly string[]): Promise<Array<[number, string]>> {
  const renamed: Array<[number, string]> = [];
  const path = [...found];
  for (const name of rest) {
    if (await inSomeRoot(request, [...path, name])) {
      path.push(name);
      continue;
    }
    const near = nearestInAny(await listingsOf(request, path), name);
    if (near === undefined) {
      break;
    }
    renamed.push([path.length, near]);
    path.push(near);
  }
  return renamed;
}

/** The pattern with its directories at the given indexes (leading literal ones) renamed. */
function patternWithDirectories(request: GlobRequest, renamed: ReadonlyMap<number, string>): string {
  const source = request.pattern.source;
  const body = source.replace(/^\/+/, '');
  const segments = pathSegments(body, process.platform !== 'win32');
  for (const [index, name] of renamed) {
    segments[index] = name;
  }
  const renamedBody = segments.join('/');
  // A near directory that starts with "!" ("!drafts/" for "drafts/") would turn the pattern into
  // a negation, every file but those; a leading "/" only anchors, as the pattern already was.
  const prefix = source.slice(0, source.length - body.length) || (renamedBody.startsWith('!') ? '/' : '');
  return `${prefix}${renamedBody}`;
}
