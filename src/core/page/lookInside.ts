/**
 * The call that looks inside one top-level entry, for the footer's "pass it as path" advice. A
 * pattern is matched from the search root, so once the entry is the root an anchored pattern
 * must lose the segment that named it: the advice "path": "src" after "src/**\/*.ts" sent the
 * model's next call looking for src/src/, and back came an empty answer. The pattern given here
 * matches, from inside the entry, exactly the files the original one matched there.
 */

import { compilePattern } from '../pattern/pattern';
import { anchoredPattern, forEachGlobCharacter, isPlainSegment, pathSegments } from '../request/patternPath';

/** What the footer needs of the request's pattern. */
export interface PatternShape {
  /** After path normalisation (request.ts), in `/` separators. */
  readonly source: string;
  readonly anchored: boolean;
  readonly negated: boolean;
}

export interface LookInside {
  /** The directory to pass as "path": the entry, or a directory below it that holds every match. */
  readonly path: string;
  /**
   * The pattern to pass with it: unchanged when the one given works from there too, undefined
   * when none can be written that matches exactly the same files.
   */
  readonly pattern: string | undefined;
  /** True when the pattern given must be replaced by `pattern`. */
  readonly rewritten: boolean;
  /** True when every match lies directly in `path`: a round robin there picks the oldest files too. */
  readonly flat: boolean;
}

/** What a step into one directory leaves of the pattern's segments. */
type Step = { readonly segments: readonly string[] } | { readonly pattern: string } | 'same' | 'nothing' | undefined;

/**
 * How to look inside the directory entry whose path (as "path" takes it) is `entryPath`
 * (`src/`, `ws/src/`, an absolute path). With `deeper`, also down the directories the pattern
 * names literally after it (`src/core/**\/*.ts` → "path": "src/core", "pattern": "**\/*.ts"), for
 * an entry that holds every match. Undefined for a name that is not UTF-8, which stays quoted.
 */
export function lookInside(shape: PatternShape, entryPath: string, deeper: boolean): LookInside | undefined {
  if (entryPath.startsWith('"') || !entryPath.endsWith('/')) {
    return undefined;
  }
  const path = entryPath.slice(0, -1);
  if (!shape.anchored) {
    return { path, pattern: shape.source, rewritten: false, flat: false };
  }
  const negation = shape.negated ? '!' : '';
  const body = shape.source.slice(negation.length).replace(/^\/+/, '');
  const segments = pathSegments(body, process.platform !== 'win32');
  if (segments[segments.length - 1] === '') {
    // A trailing "/" means everything under.
    segments[segments.length - 1] = '**';
  }
  let step = stepInto(segments, lastSegment(path));
  let into = path;
  while (deeper && !shape.negated && typeof step === 'object' && 'segments' in step && step.segments.length > 1 && isPlainSegment(step.segments[0])) {
    into = `${into}/${step.segments[0]}`;
    step = stepInto(step.segments, step.segments[0]);
  }
  if (step === undefined) {
    return { path: into, pattern: undefined, rewritten: true, flat: false };
  }
  if (step === 'same') {
    return { path: into, pattern: shape.source, rewritten: false, flat: false };
  }
  if (step === 'nothing') {
    // No file under the entry matches what the negation takes away: every file there matches.
    return shape.negated ? { path: into, pattern: '*', rewritten: true, flat: false } : undefined;
  }
  if ('pattern' in step) {
    return { path: into, pattern: negation + step.pattern, rewritten: true, flat: false };
  }
  // A negation keeps what its last segment does not take, in the directories below too.
  const flat = !shape.negated && step.segments.length === 1 && !step.segments[0].includes('**') && !step.segments[0].includes('/');
  const rest = step.segments.length === 1 && step.segments[0] === '**' ? '*' : anchoredPattern(step.segments);
  return { path: into, pattern: negation + rest, rewritten: true, flat };
}

/**
 * The segments that match below directory `name` what `segments` match below its parent.
 * A first segment other than `**` matches exactly one directory, so it goes, or nothing under
 * `name` matches. `**` may stand for no directory at all: when the segment after it matches
 * `name`, what follows that segment also matches from inside, as an alternative.
 */
function stepInto(segments: readonly string[], name: string): Step {
  const [first, ...rest] = segments;
  if (first === '**') {
    const after = segments.findIndex((segment) => segment !== '**');
    // `**/NAME`: the last segment names the file, and the file lies below the entry.
    if (after === -1 || after === segments.length - 1) {
      return 'same';
    }
    const matches = segmentMatches(segments[after], name);
    const whole = segments.join('/');
    // Inside the braces an unbraced comma would split an alternative in two.
    if (matches === undefined || (matches && hasUnbracedComma(whole))) {
      return undefined;
    }
    return matches ? { pattern: `{${whole},${segments.slice(after + 1).join('/')}}` } : 'same';
  }
  const matches = segmentMatches(first, name);
  if (matches === undefined) {
    return undefined;
  }
  return matches ? { segments: rest } : 'nothing';
}

/**
 * Whether one segment of the pattern matches the directory name; undefined when the segment is
 * not one path segment for sure (a `/` inside braces, `**` inside a name, a leading `!`).
 */
function segmentMatches(segment: string, name: string): boolean | undefined {
  if (segment.includes('/') || segment.includes('**') || segment.startsWith('!') || segment === '') {
    return undefined;
  }
  try {
    return compilePattern(segment).matches(name);
  } catch {
    return undefined;
  }
}

function hasUnbracedComma(glob: string): boolean {
  let found = false;
  forEachGlobCharacter(glob, process.platform !== 'win32', (at, braces) => {
    found ||= braces === 0 && glob[at] === ',';
  });
  return found;
}

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
