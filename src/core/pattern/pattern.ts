/**
 * Compiles the tool's glob into a matcher over paths relative to the search root.
 *
 * The syntax is ripgrep's: a gitignore-style glob as ripgrep's `--glob` reads it (`*`, `?` and
 * `[...]` stay within one path segment, `**` spans segments, `{a,b}` alternates, `\` escapes),
 * with the tool's rules from SPEC §1 on top:
 * - no `/` (but a trailing one): the glob matches the basename at any depth; `*` is every file;
 * - a `/` anywhere else: anchored to the search root; a leading `/` only anchors (`/` alone is
 *   every file);
 * - a trailing `/`: everything under (`src/` means `src/**`), where gitignore would mean
 *   "directories only", which can never match a file;
 * - a leading `!`: every file the rest does not match, nor matches a directory above, as
 *   `--glob '!…'` does; `\!` is a literal `!`;
 *   a leading `#` is a literal `#`, not a gitignore comment.
 *
 * Matching happens here, not in ripgrep, because ripgrep's `--glob` whitelists ignored files
 * that match it (with `*` it even walks into an ignored `node_modules`), and the tool's pattern
 * must never lift an ignore rule. globSyntax.ts reads the glob as ripgrep's `globset` does, so
 * that a glob means here what it means to ripgrep (a differential test against the real binary
 * keeps the two in step); the common shapes are then answered here with string tests, and the
 * rest by globAutomaton.ts, in time linear in the path's length.
 */

import { GlobAutomaton } from './globAutomaton';
import { GlobSyntaxError, translate, type GlobNode } from './globSyntax';
import { ASCII_NFC_ALSO_MAKES, endingInEveryForm, hasNonAscii, sameInEveryForm } from './unicodeForms';

export { GlobSyntaxError } from './globSyntax';

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
   * wildcard. Only names written on disk as they are here: none from the first that holds a
   * character outside ASCII (`docs/résumé/*.md` → `docs`), which a directory may spell in
   * another normalization form (unicodeForms.ts).
   */
  readonly literalDirectories: readonly string[];
  /**
   * The leading directory names as the glob writes them, in NFC where it holds characters
   * outside ASCII (`docs/résumé/*.md` → `docs`, `résumé`): what the advice on a missing
   * directory looks for. The same as literalDirectories for an ASCII glob.
   */
  readonly namedDirectories: readonly string[];
  /**
   * Tests a `/`-separated path relative to the search root. A glob that holds characters outside
   * ASCII matches a path when the two match in Unicode's NFC form (unicodeForms.ts), or as written.
   */
  matches(relativePath: string): boolean;
  /**
   * Text every matching path ends with on disk, when the glob fixes one (`*.ts` → `.ts`), so
   * names can be turned away before they are even decoded. Of a fixed ending that holds
   * characters outside ASCII, only the end after them (`café.md` → `.md`): a name may write them
   * in another normalization form.
   */
  readonly requiredSuffix?: string;
  /**
   * True when the glob has no wildcard (`package.json`, `src/index.ts`): it names one file, or
   * one file name, so it matches at most one file per directory.
   */
  readonly literal: boolean;
}

// An anchored pattern made to match at any depth: `src/*.ts` becomes `**/src/*.ts`, and a
// negation stays in front (`!/a/b` becomes `!**/a/b`). Undefined for a pattern that already
// starts with `**` (`**/*.md`): advising `**/**/*.md` would change nothing; and for one that
// names the search root alone (`/`, `!/`, left of an absolute pattern naming a folder with a
// trailing `/`), which has no name to look for deeper.
export function atAnyDepth(glob: string): string | undefined {
  const negation = glob.startsWith('!') ? '!' : '';
  const body = glob.slice(negation.length).replace(/^\/+/, '');
  return body === '' || body.startsWith('**') ? undefined : `${negation}**/${body}`;
}

/**
 * How a glob's characters outside ASCII meet a name's: in any normalization form (the tool's
 * pattern), or as written: an exclude setting, which VS Code's own search matches so, and which
 * ripgrep applies so to every other name.
 */
export type PatternForms = 'anyForm' | 'asWritten';

export function compilePattern(glob: string, forms: PatternForms = 'anyForm'): CompiledPattern {
  // Not normalized, an ASCII glob takes the path it always took (unicodeForms.ts).
  const normalized = forms === 'anyForm' && hasNonAscii(glob);
  let body = normalized ? glob.normalize('NFC') : glob;
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
    // "/" alone names the search root, and a trailing "/" means everything under: every file. It
    // is also what is left of an absolute pattern naming a workspace folder with a trailing "/"
    // (request.ts), which the empty answer offers for one naming the folder without it.
    if (body === '') {
      body = '**';
    }
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
  const suffix = shape?.suffix ?? nameEndingOf(nodes);
  let accept: (subject: string) => boolean;
  if (shape) {
    accept = shape.test;
  } else {
    const automaton = new GlobAutomaton(nodes);
    // The automaton reads every character; most paths are turned away by their ending alone.
    accept = suffix ? (subject) => subject.endsWith(suffix) && automaton.matches(subject) : (subject) => automaton.matches(subject);
  }
  const selects = anchored ? accept : (relativePath: string): boolean => accept(relativePath.slice(relativePath.lastIndexOf('/') + 1));
  const matchesAsWritten = negated ? outsideEveryMatch(accept, anchored) : selects;
  const composed = !normalized && forms === 'anyForm' && (takesOneCharacter(nodes) || (hasOneCharacterNode(nodes) && !sameInEveryForm(body)));
  const matches = normalized ? inEitherForm(glob, negated, matchesAsWritten) : composed ? composedToo(negated, matchesAsWritten) : matchesAsWritten;
  const directories = anchored && !negated ? leadingLiteralDirectories(body) : [];
  // Matched in NFC too, a name may write its ending in another form ("\u212A" for "K").
  const onDisk = normalized || composed ? endingInEveryForm(suffix) : suffix;

  return {
    source: glob,
    anchored,
    negated,
    // Matched in NFC too, a directory may be written otherwise on disk ("\u212A" for "K").
    literalDirectories: normalized || composed ? untilFormsDiffer(directories) : directories,
    namedDirectories: directories,
    matches,
    ...(onDisk && !negated ? { requiredSuffix: onDisk } : {}),
    literal: shape?.literal === true && !negated,
  };
}

/**
 * What a negated glob selects: the paths the glob matches neither itself nor at a directory above
 * them, as ripgrep's `--glob '!…'` and gitignore leave out a directory they match with all it
 * holds ("!test" leaves out every test/ directory, not only files named test). `accept` tests a
 * path (anchored) or a name. Paths come directory by directory, so the last directory's answer is
 * kept for the next path.
 */
function outsideEveryMatch(accept: (subject: string) => boolean, anchored: boolean): (relativePath: string) => boolean {
  let lastDirectory = '';
  let lastDirectoryMatched = false;
  return (relativePath) => {
    const slash = relativePath.lastIndexOf('/');
    if (accept(anchored ? relativePath : relativePath.slice(slash + 1))) {
      return false;
    }
    if (slash === -1) {
      return true;
    }
    // The same directory as the path before: its text is the start of this one, up to the slash.
    if (slash !== lastDirectory.length || !relativePath.startsWith(lastDirectory)) {
      lastDirectory = relativePath.slice(0, slash);
      lastDirectoryMatched = directoryMatched(accept, anchored, lastDirectory);
    }
    return !lastDirectoryMatched;
  };
}

/** Whether `accept` takes `directory` or a directory above it: its path (anchored) or its name. */
function directoryMatched(accept: (subject: string) => boolean, anchored: boolean, directory: string): boolean {
  let start = 0;
  for (;;) {
    const end = directory.indexOf('/', start);
    const above = end === -1 ? directory : directory.slice(0, end);
    if (accept(anchored ? above : above.slice(start))) {
      return true;
    }
    if (end === -1) {
      return false;
    }
    start = end + 1;
  }
}

/**
 * A path matches a glob outside ASCII when the two match in NFC, or as they are written: ripgrep
 * and VS Code's search match as written, and so did this tool, which found the decomposed names
 * a glob spells decomposed, a jamo of a Korean syllable or a combining accent alone ("*\u0301*",
 * every name with a decomposed accent), none of which is left in the NFC of the name. A negated
 * glob selects the paths the glob matches in neither way. `inNfc` tests the glob in NFC.
 */
function inEitherForm(glob: string, negated: boolean, inNfc: (relativePath: string) => boolean): (relativePath: string) => boolean {
  const written = compilePattern(glob, 'asWritten');
  const globInNfc = glob === glob.normalize('NFC');
  return (relativePath) => {
    const composed = relativePath.normalize('NFC');
    const matched = inNfc(composed);
    // The same glob on the same text: the test as written would repeat this one.
    if (globInNfc && composed === relativePath) {
      return matched;
    }
    return negated ? matched && written.matches(relativePath) : matched || written.matches(relativePath);
  };
}

/**
 * An ASCII glob with `?` or a `[...]` class, each one character of a name: "caf?.md" takes the
 * "é" of a composed café.md, but of a decomposed one (an "e" and a combining accent, as names
 * made on macOS often are) it takes the "e" and leaves the accent unmatched. Such a glob also
 * matches a path in NFC, where the two read the same; a negated one selects the paths it
 * matches in neither form. Other ASCII globs are matched as written: a literal or `*` reads the
 * same of either form.
 */
function composedToo(negated: boolean, asWritten: (relativePath: string) => boolean): (relativePath: string) => boolean {
  return (relativePath) => {
    const matched = asWritten(relativePath);
    // Only a path outside ASCII can read the same in another form; most paths are ASCII.
    if (matched !== negated || !hasNonAscii(relativePath)) {
      return matched;
    }
    const composed = relativePath.normalize('NFC');
    return composed === relativePath ? matched : asWritten(composed);
  };
}

/**
 * Whether an ASCII glob has a node that takes one character of a name that NFC writes otherwise:
 * `?` or a negated class, which take a composed letter, or a class that takes a "K", ";" or "`",
 * which NFC also makes of a Kelvin sign, a Greek question mark and a Greek varia (`[A-Z]*`). A
 * class of other ASCII characters (`*.t[sx]`) takes none, and a composed letter that `*` takes in
 * NFC, `*` takes as a letter and an accent as written: such globs match the same either way.
 */
function takesOneCharacter(nodes: readonly GlobNode[]): boolean {
  return nodes.some((node) => (node.kind === 'char' && node.literal === undefined && takesAnotherForm(node.test)) || (node.kind === 'alternatives' && node.options.some(takesOneCharacter)));
}

function takesAnotherForm(test: (character: string) => boolean): boolean {
  return test('\u00e9') || ASCII_NFC_ALSO_MAKES.some((character) => test(character));
}

/**
 * Whether a glob has `?` or a class, which the README says also matches in NFC; takesOneCharacter
 * may pass over one that takes no other form itself while a literal "K" beside it does: "K.t[sx]"
 * missed a name written with a Kelvin sign, NFC "K.ts".
 */
function hasOneCharacterNode(nodes: readonly GlobNode[]): boolean {
  return nodes.some((node) => (node.kind === 'char' && node.literal === undefined) || (node.kind === 'alternatives' && node.options.some(hasOneCharacterNode)));
}

/**
 * Most globs a model sends have one of a few shapes: a literal name, a star and a literal suffix
 * (`*.ts`), a literal directory, `**` and a suffix (as `src/**` then `/*.ts`). Those are answered
 * with string tests, several times faster than running the automaton over every character of
 * every listed path. Anything else returns undefined.
 */
function simpleShape(nodes: readonly GlobNode[]): { test: (subject: string) => boolean; suffix: string; literal?: true } | undefined {
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
    return { test: (subject) => subject === prefix, suffix: prefix, literal: true };
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

/**
 * The literal text a glob of any other shape ends with, within its last segment (`.ts` for
 * `packages/*\/src/**\/*.ts`, `index.ts` for `src/*\/index.ts`); '' when it ends in a wildcard,
 * a class or alternatives. Every path it matches ends so, which lets ripgrep leave out the other
 * names (requiredSuffix) and the match turn them away before the automaton runs.
 */
function nameEndingOf(nodes: readonly GlobNode[]): string {
  let ending = '';
  for (let i = nodes.length - 1; i >= 0; i -= 1) {
    const node = nodes[i];
    if (node.kind !== 'char' || node.literal === undefined || node.literal === '/') {
      break;
    }
    ending = node.literal + ending;
  }
  return ending;
}

/** The leading `directories` that are written the same in every normalization form. */
function untilFormsDiffer(directories: readonly string[]): string[] {
  const differing = directories.findIndex((name) => !sameInEveryForm(name));
  return differing === -1 ? [...directories] : directories.slice(0, differing);
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
