/**
 * Reads a glob's text into nodes the way ripgrep's `globset` tokenizes it, rule for rule and with
 * its error texts: `*` and `?` and `[...]` within one path segment, `**` as a whole segment across
 * segments, `{a,b}` alternatives, `\` escapes. pattern.ts applies the tool's own rules first.
 */

export class GlobSyntaxError extends Error {
  override readonly name = 'GlobSyntaxError';
}

/** One piece of a glob: a single character, a run of characters, whole directories, or alternatives. */
export type GlobNode =
  /** One character passing `test`; `literal` when only that one character passes. */
  | { readonly kind: 'char'; readonly test: (c: string) => boolean; readonly literal?: string }
  /** `*` (within one segment) or a whole-segment `**` (across segments). */
  | { readonly kind: 'run'; readonly crossesSlash: boolean }
  /** `**` followed by a slash: zero or more whole directories. */
  | { readonly kind: 'directories' }
  | { readonly kind: 'alternatives'; readonly options: GlobNode[][] };

export const notSlash = (c: string): boolean => c !== '/';

/** Translates a glob body into a sequence of nodes, the way `globset` tokenizes it. */
export function translate(glob: string): GlobNode[] {
  const chars = Array.from(glob);
  const root: GlobNode[] = [];
  let current = root;
  const open: Array<{ readonly parent: GlobNode[]; readonly options: GlobNode[][] }> = [];
  let i = 0;
  while (i < chars.length) {
    const c = chars[i];
    switch (c) {
      case '\\': {
        if (i + 1 >= chars.length) {
          throw new GlobSyntaxError("dangling '\\'");
        }
        current.push(literal(chars[i + 1]));
        i += 2;
        break;
      }
      case '?':
        current.push({ kind: 'char', test: notSlash });
        i += 1;
        break;
      case '*': {
        const consumed = translateStar(chars, i, open.length > 0);
        current.push(consumed.node);
        i += consumed.length;
        break;
      }
      case '[': {
        const consumed = translateClass(chars, i + 1);
        current.push({ kind: 'char', test: consumed.test });
        i = consumed.end;
        break;
      }
      case '{': {
        const group = { parent: current, options: [[]] as GlobNode[][] };
        current.push({ kind: 'alternatives', options: group.options });
        open.push(group);
        current = group.options[0];
        i += 1;
        break;
      }
      case '}': {
        const group = open.pop();
        if (group === undefined) {
          throw new GlobSyntaxError("unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)");
        }
        // ripgrep's globset drops an empty alternative ("a{.ts,}" is "a.ts", never "a"), and a
        // group left with none, as if it were not there.
        const options = group.options.filter((option) => option.length > 0);
        group.options.splice(0, group.options.length, ...options);
        if (options.length === 0) {
          group.parent.pop();
        }
        current = group.parent;
        i += 1;
        break;
      }
      case ',':
        if (open.length > 0) {
          current = [];
          open[open.length - 1].options.push(current);
        } else {
          current.push(literal(','));
        }
        i += 1;
        break;
      default:
        current.push(literal(c));
        i += 1;
    }
  }
  if (open.length > 0) {
    throw new GlobSyntaxError("unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)");
  }
  return root;
}

function literal(expected: string): GlobNode {
  return { kind: 'char', test: (c) => c === expected, literal: expected };
}

/**
 * `**` spans directories only as a whole path segment (at the start, at the end, or between two
 * slashes); anywhere else globset reads it as two `*`, which is one `*`.
 */
function translateStar(chars: string[], at: number, inAlternates: boolean): { node: GlobNode; length: number } {
  if (chars[at + 1] !== '*') {
    return { node: { kind: 'run', crossesSlash: false }, length: 1 };
  }
  const before = chars[at - 1];
  const after = chars[at + 2];
  const startsSegment = at === 0 || before === '/' || (inAlternates && (before === '{' || before === ','));
  const endsSegment = after === undefined || after === '/' || (inAlternates && (after === ',' || after === '}'));
  if (!startsSegment || !endsSegment) {
    return { node: { kind: 'run', crossesSlash: false }, length: 2 };
  }
  if (after === '/') {
    // Zero or more whole directories: `**/x` matches `x` and `a/b/x`.
    return { node: { kind: 'directories' }, length: 3 };
  }
  return { node: { kind: 'run', crossesSlash: true }, length: 2 };
}

/**
 * A `[...]` class as globset reads it: no escapes inside, `]` first is literal, `-` ranges; but,
 * unlike globset, one that never matches a slash.
 */
function translateClass(chars: string[], start: number): { test: (c: string) => boolean; end: number } {
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
  const bounds = ranges.map(([from, to]) => [from.codePointAt(0) ?? 0, to.codePointAt(0) ?? 0]);
  return {
    // Never a slash, whatever the class holds: globset lets `[!a]` (or `[.-0]`) match one, so
    // that `src/lib[!_]*.ts` found `src/lib/x.ts` a directory down. A class is one character
    // of one name, as in gitignore and as `?` is here.
    test: (c) => {
      const code = c.codePointAt(0) ?? 0;
      return c !== '/' && bounds.some(([from, to]) => code >= from && code <= to) !== negated;
    },
    end: i,
  };
}
