/**
 * Compiles the tool's glob into a matcher over paths relative to the search root.
 *
 * The syntax is ripgrep's: a gitignore-style glob as ripgrep's `--glob` reads it (`*`, `?` and
 * `[...]` stay within one path segment, `**` spans segments, `{a,b}` alternates, `\` escapes),
 * with the tool's rules from SPEC §1 on top:
 * - no `/` (but a trailing one): the glob matches the basename at any depth; `*` is every file;
 * - a `/` anywhere else: anchored to the search root; a leading `/` only anchors;
 * - a trailing `/`: everything under (`src/` means `src/**`), where gitignore would mean
 *   "directories only", which can never match a file;
 * - a leading `!`: every file the rest does not match, as `--glob '!…'` does; `\!` is a literal `!`;
 *   a leading `#` is a literal `#`, not a gitignore comment.
 *
 * Matching happens here, not in ripgrep, because ripgrep's `--glob` whitelists ignored files
 * that match it (with `*` it even walks into an ignored `node_modules`), and the tool's pattern
 * must never lift an ignore rule. The translation follows ripgrep's `globset` parser rule for
 * rule, including its error texts, so that a glob means here what it means to ripgrep; a
 * differential test against the real binary keeps the two in step.
 */

export class GlobSyntaxError extends Error {
  override readonly name = 'GlobSyntaxError';
}

export interface CompiledPattern {
  /** The glob as the caller gave it (after path normalisation). */
  readonly source: string;
  /** True when the glob is tied to the search root (it contained a `/`). */
  readonly anchored: boolean;
  /** True for a leading `!`: the matcher selects files the rest does not match. */
  readonly negated: boolean;
  /**
   * Leading directory names that every match must lie under (`src/lib/*.ts` → `src`, `lib`),
   * so the walk can be narrowed to them. Empty when the glob is not anchored or starts with a
   * wildcard.
   */
  readonly literalDirectories: readonly string[];
  /** Tests a `/`-separated path relative to the search root. */
  matches(relativePath: string): boolean;
}

export function compilePattern(glob: string): CompiledPattern {
  let body = glob;
  let negated = false;
  if (body.startsWith('\\!') || body.startsWith('\\#')) {
    body = body.slice(1);
  } else if (body.startsWith('!')) {
    negated = true;
    body = body.slice(1);
  }

  let anchored = false;
  if (body.startsWith('/')) {
    anchored = true;
    body = body.slice(1);
  }
  if (body.endsWith('/') && !body.endsWith('\\/')) {
    body += '**';
  }
  if (body.includes('/')) {
    anchored = true;
  }
  // gitignore: `dir/**` matches what is inside dir, never dir itself.
  if (body.endsWith('/**')) {
    body += '/*';
  }
  if (body === '') {
    throw new GlobSyntaxError('the glob is empty after removing its leading `!` or `/`');
  }

  const regex = new RegExp(`^${translate(body)}$`, 'su');
  const test = (subject: string): boolean => regex.test(subject) !== negated;
  const matches = anchored
    ? test
    : (relativePath: string): boolean => test(relativePath.slice(relativePath.lastIndexOf('/') + 1));

  return {
    source: glob,
    anchored,
    negated,
    literalDirectories: anchored && !negated ? leadingLiteralDirectories(body) : [],
    matches,
  };
}

/** Translates a glob body into regular-expression source, the way `globset` tokenizes it. */
function translate(glob: string): string {
  const chars = Array.from(glob);
  let out = '';
  let openAlternates = 0;
  let i = 0;
  while (i < chars.length) {
    const c = chars[i];
    switch (c) {
      case '\\': {
        if (i + 1 >= chars.length) {
          throw new GlobSyntaxError("dangling '\\'");
        }
        out += escapeLiteral(chars[i + 1]);
        i += 2;
        break;
      }
      case '?':
        out += '[^/]';
        i += 1;
        break;
      case '*': {
        const consumed = translateStar(chars, i, openAlternates > 0);
        out += consumed.regex;
        i += consumed.length;
        break;
      }
      case '[': {
        const consumed = translateClass(chars, i + 1);
        out += consumed.regex;
        i = consumed.end;
        break;
      }
      case '{':
        out += '(?:';
        openAlternates += 1;
        i += 1;
        break;
      case '}':
        if (openAlternates === 0) {
          throw new GlobSyntaxError("unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)");
        }
        out += ')';
        openAlternates -= 1;
        i += 1;
        break;
      case ',':
        out += openAlternates > 0 ? '|' : ',';
        i += 1;
        break;
      default:
        out += escapeLiteral(c);
        i += 1;
    }
  }
  if (openAlternates > 0) {
    throw new GlobSyntaxError("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)");
  }
  return out;
}

/**
 * `**` spans directories only as a whole path segment (at the start, at the end, or between two
 * slashes); anywhere else globset reads it as two `*`, which is one `*`.
 */
function translateStar(chars: string[], at: number, inAlternates: boolean): { regex: string; length: number } {
  if (chars[at + 1] !== '*') {
    return { regex: '[^/]*', length: 1 };
  }
  const before = chars[at - 1];
  const after = chars[at + 2];
  const startsSegment = at === 0 || before === '/' || (inAlternates && (before === '{' || before === ','));
  const endsSegment = after === undefined || after === '/' || (inAlternates && (after === ',' || after === '}'));
  if (!startsSegment || !endsSegment) {
    return { regex: '[^/]*', length: 2 };
  }
  if (after === '/') {
    // Zero or more whole directories: `**/x` matches `x` and `a/b/x`.
    return { regex: '(?:.*/)?', length: 3 };
  }
  return { regex: '.*', length: 2 };
}

/** A `[...]` class as globset reads it: no escapes inside, `]` first is literal, `-` ranges. */
function translateClass(chars: string[], start: number): { regex: string; end: number } {
  let i = start;
  let negated = false;
  if (chars[i] === '!' || chars[i] === '^') {
    negated = true;
    i += 1;
  }
  const ranges: Array<[string, string]> = [];
  let first = true;
  let inRange = false;
  for (;;) {
    const c = chars[i];
    i += 1;
    if (c === undefined) {
      throw new GlobSyntaxError("unclosed character class; missing ']'");
    }
    if (c === ']' && !first) {
      break;
    }
    if (c === '-' && !first && !inRange) {
      inRange = true;
    } else if (inRange) {
      const last = ranges[ranges.length - 1];
      last[1] = c;
      if ((last[1].codePointAt(0) ?? 0) < (last[0].codePointAt(0) ?? 0)) {
        throw new GlobSyntaxError(`invalid range; '${last[0]}' > '${last[1]}'`);
      }
      inRange = false;
    } else {
      ranges.push([c, c]);
    }
    first = false;
  }
  if (inRange) {
    ranges.push(['-', '-']);
  }
  const body = ranges
    .map(([from, to]) => (from === to ? escapeClassMember(from) : `${escapeClassMember(from)}-${escapeClassMember(to)}`))
    .join('');
  return { regex: `[${negated ? '^' : ''}${body}]`, end: i };
}

/** The directory names a glob starts with before its first wildcard, unescaped. */
function leadingLiteralDirectories(body: string): string[] {
  const directories: string[] = [];
  let segment = '';
  const chars = Array.from(body);
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i];
    if (c === '*' || c === '?' || c === '[' || c === '{' || c === '}') {
      return directories;
    }
    if (c === '\\') {
      i += 1;
      segment += chars[i] ?? '';
    } else if (c === '/') {
      if (segment === '' || segment === '.' || segment === '..') {
        return directories;
      }
      directories.push(segment);
      segment = '';
    } else {
      segment += c;
    }
  }
  // The last segment may name a file, so it never narrows the walk.
  return directories;
}

const REGEX_SYNTAX = /[\\^$.*+?()[\]{}|/]/;

function escapeLiteral(c: string): string {
  return REGEX_SYNTAX.test(c) ? `\\${c}` : c;
}

function escapeClassMember(c: string): string {
  return c === '\\' || c === ']' || c === '[' || c === '^' || c === '-' ? `\\${c}` : c;
}
