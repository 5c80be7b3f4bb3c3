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
 *
 * The glob is compiled into a small automaton and run in time linear in the path's length
 * (as ripgrep's own regex engine does), never into a backtracking RegExp: the pattern comes from
 * a model, and `*a*a*a*a*a*a*a*a*a*ab` against one long name would take a backtracking engine
 * minutes, on the thread that also has to notice cancellation.
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
  /**
   * Text every matching path ends with, when the glob fixes one (`*.ts` → `.ts`), so names can be
   * turned away before they are even decoded.
   */
  readonly requiredSuffix?: string;
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

  const nodes = translate(body);
  const shape = simpleShape(nodes);
  let accept: (subject: string) => boolean;
  if (shape) {
    accept = shape.test;
  } else {
    const automaton = new Automaton(nodes);
    accept = (subject) => automaton.matches(subject);
  }
  const test = negated ? (subject: string): boolean => !accept(subject) : accept;
  const matches = anchored
    ? test
    : (relativePath: string): boolean => test(relativePath.slice(relativePath.lastIndexOf('/') + 1));

  return {
    source: glob,
    anchored,
    negated,
    literalDirectories: anchored && !negated ? leadingLiteralDirectories(body) : [],
    matches,
    ...(shape?.suffix && !negated ? { requiredSuffix: shape.suffix } : {}),
  };
}

/**
 * Most globs a model sends have one of a few shapes: a literal name, a star and a literal suffix
 * (`*.ts`), a literal directory, `**` and a suffix (as `src/**` then `/*.ts`). Those are answered
 * with string tests, several times faster than running the automaton over every character of
 * every listed path. Anything else returns undefined.
 */
function simpleShape(nodes: readonly GlobNode[]): { test: (subject: string) => boolean; suffix: string } | undefined {
  let i = 0;
  const literalRun = (): string => {
    let text = '';
    for (; i < nodes.length; i += 1) {
      const node = nodes[i];
      if (node.kind !== 'char' || node.literal === undefined) {
        break;
      }
      text += node.literal;
    }
    return text;
  };
  const prefix = literalRun();
  if (i === nodes.length) {
    return { test: (subject) => subject === prefix, suffix: prefix };
  }
  const throughDirectories = nodes[i].kind === 'directories' && (prefix === '' || prefix.endsWith('/'));
  if (throughDirectories) {
    i += 1;
  }
  const run = nodes[i];
  if (run?.kind !== 'run') {
    return undefined;
  }
  i += 1;
  const suffix = literalRun();
  if (i !== nodes.length || suffix.includes('/')) {
    return undefined;
  }
  const least = prefix.length + suffix.length;
  const bounded = (subject: string): boolean => subject.length >= least && subject.startsWith(prefix) && subject.endsWith(suffix);
  if (run.crossesSlash || throughDirectories) {
    // Anything between prefix and suffix: the suffix holds no slash, so it ends the last segment.
    return { test: bounded, suffix };
  }
  // One run within a segment: no slash between prefix and suffix.
  return { test: (subject) => bounded(subject) && subject.indexOf('/', prefix.length) === -1, suffix };
}

/** One piece of a glob: a single character, a run of characters, whole directories, or alternatives. */
type GlobNode =
  /** One character passing `test`; `literal` when only that one character passes. */
  | { readonly kind: 'char'; readonly test: (c: string) => boolean; readonly literal?: string }
  /** `*` (within one segment) or a whole-segment `**` (across segments). */
  | { readonly kind: 'run'; readonly crossesSlash: boolean }
  /** `**` followed by a slash: zero or more whole directories. */
  | { readonly kind: 'directories' }
  | { readonly kind: 'alternatives'; readonly options: GlobNode[][] };

const notSlash = (c: string): boolean => c !== '/';

/** Translates a glob body into a sequence of nodes, the way `globset` tokenizes it. */
function translate(glob: string): GlobNode[] {
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

/** A `[...]` class as globset reads it: no escapes inside, `]` first is literal, `-` ranges. */
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
    test: (c) => {
      const code = c.codePointAt(0) ?? 0;
      return bounds.some(([from, to]) => code >= from && code <= to) !== negated;
    },
    end: i,
  };
}

type State =
  | { readonly kind: 'char'; readonly test: (c: string) => boolean; readonly next: number }
  | { kind: 'split'; next: number; readonly other: number }
  | { readonly kind: 'match' };

/** A set of live automaton states, with the transitions already worked out from it. */
interface LiveSet {
  readonly states: readonly number[];
  readonly accepting: boolean;
  /** Next set per character read; null once nothing can match any more. */
  readonly next: Map<string, LiveSet | null>;
}

/** Live sets cached per glob; beyond this the automaton still runs, only without remembering more. */
const MAX_CACHED_SETS = 4096;

/**
 * A Thompson automaton over the glob's nodes, simulated one character at a time with the set of
 * live states (time linear in the subject, whatever the glob), the sets and their transitions
 * cached as they are met, so the common case costs one map lookup per character.
 */
class Automaton {
  private readonly states: State[] = [{ kind: 'match' }];
  private readonly seen: Int32Array;
  private generation = 0;
  private readonly sets = new Map<string, LiveSet>();
  private readonly initial: LiveSet;

  constructor(nodes: readonly GlobNode[]) {
    const start = this.sequence(nodes, 0);
    this.seen = new Int32Array(this.states.length).fill(-1);
    this.initial = this.liveSet(this.closure([start]));
  }

  matches(subject: string): boolean {
    let live = this.initial;
    for (const c of subject) {
      let next = live.next.get(c);
      if (next === undefined) {
        next = this.step(live, c);
        if (this.sets.size < MAX_CACHED_SETS) {
          live.next.set(c, next);
        }
      }
      if (next === null) {
        return false;
      }
      live = next;
    }
    return live.accepting;
  }

  private step(live: LiveSet, c: string): LiveSet | null {
    const next: number[] = [];
    for (const index of live.states) {
      const state = this.states[index];
      if (state.kind === 'char' && state.test(c)) {
        next.push(state.next);
      }
    }
    return next.length === 0 ? null : this.liveSet(this.closure(next));
  }

  private liveSet(states: number[]): LiveSet {
    states.sort((a, b) => a - b);
    const key = states.join(',');
    let set = this.sets.get(key);
    if (set === undefined) {
      set = { states, accepting: states.some((index) => this.states[index].kind === 'match'), next: new Map() };
      if (this.sets.size < MAX_CACHED_SETS) {
        this.sets.set(key, set);
      }
    }
    return set;
  }

  /** The states reachable from `from` without reading a character, splits left out. */
  private closure(from: readonly number[]): number[] {
    this.generation += 1;
    const out: number[] = [];
    const stack = [...from];
    while (stack.length > 0) {
      const index = stack.pop() ?? 0;
      if (this.seen[index] === this.generation) {
        continue;
      }
      this.seen[index] = this.generation;
      const state = this.states[index];
      if (state.kind === 'split') {
        stack.push(state.next, state.other);
      } else {
        out.push(index);
      }
    }
    return out;
  }

  /** Compiles `nodes` to run before state `next`; returns the first state. Built back to front. */
  private sequence(nodes: readonly GlobNode[], next: number): number {
    let start = next;
    for (let i = nodes.length - 1; i >= 0; i -= 1) {
      start = this.node(nodes[i], start);
    }
    return start;
  }

  private node(node: GlobNode, next: number): number {
    switch (node.kind) {
      case 'char':
        return this.add({ kind: 'char', test: node.test, next });
      case 'run':
        return this.loop(node.crossesSlash ? () => true : notSlash, next);
      case 'directories': {
        // (?:.*/)? — skip, or any run followed by a slash.
        const slash = this.add({ kind: 'char', test: (c) => c === '/', next });
        return this.add({ kind: 'split', next: this.loop(() => true, slash), other: next });
      }
      case 'alternatives': {
        let start = this.sequence(node.options[node.options.length - 1], next);
        for (let i = node.options.length - 2; i >= 0; i -= 1) {
          start = this.add({ kind: 'split', next: this.sequence(node.options[i], next), other: start });
        }
        return start;
      }
    }
  }

  /** Zero or more characters passing `test`, then `next`. */
  private loop(test: (c: string) => boolean, next: number): number {
    const split: State = { kind: 'split', next: -1, other: next };
    const index = this.add(split);
    split.next = this.add({ kind: 'char', test, next: index });
    return index;
  }

  private add(state: State): number {
    this.states.push(state);
    return this.states.length - 1;
  }
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
