/**
 * A pattern's path segments read the way a path's are. ripgrep lists paths with no `.`, `..` or
 * empty segments, so a glob holding one never matches anything, yet models write them: `./*.json`
 * (files in the search root), `src//lib/*.ts` (two pieces joined), `src/core/../cli.ts`. Here an
 * empty or `.` segment is dropped and a `..` takes the segment before it away, as in a path, so
 * each of those finds what it names. A pattern that held a `/` keeps one, so it stays anchored
 * (`./*.json` is the root's JSON files, not every JSON file). Only the slashes that separate
 * segments count: those inside `{…}` or `[…]` or after a `\` are left as they are.
 */

import type * as nodePath from 'node:path';
import { VCS_METADATA_NAMES } from '../ripgrep/args';
import { readTheSame } from '../pattern/unicodeForms';

/** A `..` that no segment before it can take away. */
export type UnresolvedParent =
  /** The pattern climbs above the directory searched. */
  | 'aboveRoot'
  /** It follows `**`, which stands for any number of directories. */
  | 'afterAnyDirectories';

export interface PatternPath {
  /** The pattern with its segments tidied (unchanged when there was nothing to tidy). */
  readonly pattern: string;
  /** Set when a `..` is left that cannot be resolved; `pattern` then still holds it. */
  readonly unresolvedParent?: UnresolvedParent;
  /** Leading `..` segments, for the advice when the pattern climbs above the root. */
  readonly parentsAbove: number;
}

/**
 * Tidies `pattern` (already in `/` separators). A leading `!` (negation), a leading `/` (anchor)
 * and a trailing `/` (everything under) keep their meaning.
 */
export function tidyPatternPath(pattern: string, backslashEscapes: boolean): PatternPath {
  const negation = pattern.startsWith('!') ? '!' : '';
  const body = pattern.slice(negation.length);
  const segments = pathSegments(body, backslashEscapes);
  if (!segments.slice(1, -1).some(isRemovable) && !isDotOrParent(segments[0]) && !isDotOrParent(segments[segments.length - 1])) {
    return { pattern, parentsAbove: 0 };
  }
  const anchoredAtStart = segments[0] === '';
  const everythingUnder = segments.length > 1 && segments[segments.length - 1] === '';
  const inner = segments.slice(anchoredAtStart ? 1 : 0, everythingUnder ? -1 : undefined);
  const kept: string[] = [];
  let parentsAbove = 0;
  let unresolvedParent: UnresolvedParent | undefined;
  for (const segment of inner) {
    if (segment === '' || segment === '.') {
      continue;
    }
    if (segment !== '..') {
      kept.push(segment);
    } else if (kept.length === 0 || kept[kept.length - 1] === '..') {
      parentsAbove += 1;
      unresolvedParent ??= 'aboveRoot';
      kept.push(segment);
    } else if (kept[kept.length - 1] === '**') {
      unresolvedParent ??= 'afterAnyDirectories';
      kept.push(segment);
    } else {
      kept.pop();
    }
  }
  // Nothing left names the search root itself: every file under it.
  if (kept.length === 0) {
    return { pattern: `${negation}**`, parentsAbove };
  }
  let tidied = kept.join('/') + (everythingUnder ? '/' : '');
  // The pattern held a `/` before its last segment, so it was anchored; it stays so. A first
  // segment that starts with `!` ("./!drafts/*.md") keeps its `/` too: in front it would read as
  // a negation, every file but those.
  if (anchoredAtStart || tidied.startsWith('!') || (!withoutTrailingSlash(tidied).includes('/') && unresolvedParent === undefined)) {
    tidied = `/${tidied}`;
  }
  return { pattern: negation + tidied, parentsAbove, ...(unresolvedParent ? { unresolvedParent } : {}) };
}

function isRemovable(segment: string | undefined): boolean {
  return segment === '' || isDotOrParent(segment);
}

function isDotOrParent(segment: string | undefined): boolean {
  return segment === '.' || segment === '..';
}

function withoutTrailingSlash(text: string): string {
  return text.endsWith('/') ? text.slice(0, -1) : text;
}

/**
 * The glob split at the slashes that separate its segments: not inside `{…}` or a `[…]` class,
 * not escaped. A pattern with no such slash is one segment.
 */
export function pathSegments(glob: string, backslashEscapes: boolean): string[] {
  const segments: string[] = [];
  let start = 0;
  forEachGlobCharacter(glob, backslashEscapes, (at, braces) => {
    if (braces === 0 && glob[at] === '/') {
      segments.push(glob.slice(start, at));
      start = at + 1;
    }
  });
  segments.push(glob.slice(start));
  return segments;
}

/**
 * Calls `visit` with the position of each character that means something in the glob (not
 * escaped, not inside a `[…]` class) and how many `{…}` it stands in; a brace itself counts as
 * outside the group it opens or closes. `visitClass`, where given, gets each class's `[` and its
 * closing `]` (the glob's end for one left open).
 */
export function forEachGlobCharacter(
  glob: string,
  backslashEscapes: boolean,
  visit: (at: number, braces: number) => void,
  visitClass?: (open: number, close: number) => void,
): void {
  let braces = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '\\' && backslashEscapes) {
      i += 1;
    } else if (c === '[') {
      const close = classEnd(glob, i);
      visitClass?.(i, close);
      i = close;
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      visit(i, braces);
    } else {
      visit(i, braces);
      if (c === '{') {
        braces += 1;
      }
    }
  }
}

/**
 * The classes that hold a pattern's only `/`s ("[!/]" in "src[!/]*"), or none where a `/` stands
 * outside every class (an escaped one, `\/`, matches the `/` between two names as a bare one
 * does) or nowhere. A class never matches that `/` (README), yet ripgrep anchors a glob for a `/`
 * anywhere in it, and so does the tool (SPEC §1): a model that wrote "[!/]" to mean "not a slash"
 * sees no "/" between names and has to be told which one anchored it.
 */
export function slashOnlyInClass(glob: string, backslashEscapes: boolean): string[] {
  let outside = '';
  let kept = 0;
  const holding: string[] = [];
  forEachGlobCharacter(
    glob,
    backslashEscapes,
    () => undefined,
    (open, close) => {
      const written = glob.slice(open, close + 1);
      if (written.includes('/')) {
        holding.push(written);
      }
      outside += glob.slice(kept, open);
      kept = close + 1;
    },
  );
  outside += glob.slice(kept);
  return outside.includes('/') ? [] : holding;
}

/**
 * The position of the `]` closing the class opened at `open`, as globset reads one: a `]` right
 * after `[` or `[!` is a member, not the end. An unclosed class runs to the end (the glob is then
 * invalid, and compiling it says so).
 */
function classEnd(glob: string, open: number): number {
  let i = open + 1;
  if (glob[i] === '!' || glob[i] === '^') {
    i += 1;
  }
  if (glob[i] === ']') {
    i += 1;
  }
  const end = glob.indexOf(']', i);
  return end === -1 ? glob.length : end;
}

/** A segment that names one directory as it is: not empty, not `.` or `..`, no glob syntax. */
export function isPlainSegment(segment: string): boolean {
  return segment !== '' && segment !== '.' && segment !== '..' && !hasGlobSyntax(segment);
}

/**
 * Whether `text` holds a character a glob reads otherwise than as itself (`*`, `?`, a class, a
 * brace, a `\` escape): without one, the text matches only the name it writes.
 */
export function hasGlobSyntax(text: string): boolean {
  return /[*?[\]{}\\]/.test(text);
}

/**
 * Where the plain directory names that open `segments` from `from` end: the index of the first
 * segment that is not plain (isPlainSegment), or of the last, which names files (or is the empty
 * one a trailing `/` leaves), never a directory.
 */
export function endOfPlainDirectories(segments: readonly string[], from = 0): number {
  let end = from;
  while (end < segments.length - 1 && isPlainSegment(segments[end])) {
    end += 1;
  }
  return end;
}

/**
 * Segments as a pattern anchored where they start: one segment gets `./` (alone it would match
 * names at any depth) unless it is `**`, which matches at every depth anyway; none at all is
 * every file (`*`). A first segment that starts with `!` gets `./` too: in front, the `!` would
 * make the pattern a negation, every file but those (tidyPatternPath keeps it a name).
 */
export function anchoredPattern(segments: readonly string[]): string {
  const text = segments.join('/');
  return text === '' ? '*' : (segments.length === 1 && !text.startsWith('**')) || text.startsWith('!') ? `./${text}` : text;
}

/**
 * A pattern for the file `name` directly in the search root and for nothing else: anchored with
 * `./` (alone a name matches at every depth, and a leading `!` would negate), each character glob
 * syntax would read otherwise in brackets ("[a].md" → "./[[]a].md", which matches "[a].md", not
 * "a.md"). `ending` is glob text put after it as it is (".*").
 */
export function patternForName(name: string, ending = ''): string {
  return `./${literalGlob(name)}${ending}`;
}

/**
 * `name` as a glob that matches it alone: each character glob syntax would read otherwise in
 * brackets, and with `inAlternatives` a "," too, which inside "{…}" would end the alternative.
 */
export function literalGlob(name: string, inAlternatives = false): string {
  return name.replace(inAlternatives ? /[*?[{}\\,]/g : /[*?[{}\\]/g, (c) => `[${c}]`);
}

/**
 * How many of `leading`'s first segments repeat the last ones of `directory`, in order, longest
 * first ("src/core" under a root ending in "/src" gives [1]). A model that narrows the search to a
 * directory often names that directory again at the start of what is searched inside it.
 */
export function repeatedTailLengths(leading: readonly string[], directory: string): number[] {
  const tail = directory.split(/[\\/]+/).filter((segment) => segment !== '');
  const lengths: number[] = [];
  for (let count = Math.min(leading.length, tail.length); count >= 1; count -= 1) {
    if (leading.slice(0, count).every((segment, i) => readTheSame(segment, tail[tail.length - count + i]))) {
      lengths.push(count);
    }
  }
  return lengths;
}

/**
 * The version-control directory a pattern names as one of its segments (".git/config",
 * "**\/.git/hooks/*"), where every file it matches lies: the search never lists those, with
 * "includeIgnored" or not. Undefined for a negation, which matches everything else.
 */
export function versionControlNamed(pattern: string): string | undefined {
  if (pattern.startsWith('!')) {
    return undefined;
  }
  const names: ReadonlySet<string> = new Set(VCS_METADATA_NAMES);
  return pattern.split('/').find((segment) => names.has(segment));
}

/**
 * A path in `/` separators. Only where `\\` is a separator: elsewhere it is part of a name, and
 * "path": "back\\slash" showed its files as back/slash/…, paths that do not exist.
 */
export function toSlashes(path: string, paths: nodePath.PlatformPath): string {
  return paths.sep === '\\' ? path.replace(/\\/g, '/') : path;
}
