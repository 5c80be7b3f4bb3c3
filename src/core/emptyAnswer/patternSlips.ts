/**
 * Slips in how a pattern was written that explain why it matched nothing, each with the pattern
 * as it was most likely meant. Models write globs the way other tools take them: quoted as on a
 * command line, several at once ("**\/*.ts **\/*.js", "*.ts,*.tsx", "*.ts|*.tsx"), "{a, b}" with
 * spaces, a Windows path where "\" escapes, or a regular expression. Only the pattern's text is
 * read; nothing here touches the disk, and it is asked only of a pattern that matched nothing.
 */

import { forEachGlobCharacter, pathSegments } from '../request/patternPath';

export interface PatternSlips {
  /** The pattern without the whitespace around it, which would have to be part of the names. */
  readonly withoutWhitespace?: string;
  /** The pattern with `/` for `\`, where `\` escapes and the pattern reads as a Windows path. */
  readonly backslashesAsSeparators?: string;
  /** The pattern without the quotes around it. */
  readonly unquoted?: string;
  /**
   * The patterns the pattern reads as, and the one glob that matches any of them (absent when a
   * piece holds braces of its own, which a glob cannot nest).
   */
  readonly severalPatterns?: { readonly pieces: readonly string[]; readonly joined?: string };
  /** The pattern without the spaces beside the commas (and just inside the braces) of its `{…}`. */
  readonly bracesWithoutSpaces?: string;
  /** The pattern reads as a regular expression. */
  readonly regularExpression?: true;
  /**
   * The pattern with the braces of each `{…}` that holds no comma put in brackets: such a group is
   * its one alternative, so "{name}.txt" matches name.txt, not a file named "{name}.txt" (a
   * template's placeholder, a Next.js route's "[id]" written in braces).
   */
  readonly literalBraces?: string;
  /**
   * The pattern has an empty alternative beside others in a `{…}` ("*.y{a,}ml"), which
   * ripgrep's globset, and so the tool, drops: "{a,}" matches "a", never "a" or nothing, so "*.y{a,}ml"
   * found the .yaml files and none of the .yml ones, and the answer looked complete.
   * `writtenOut` is the pattern with each alternative written out in full ("{*.yaml,*.yml}"),
   * where that takes no nested group (which ripgrep 13 refuses).
   */
  readonly emptyAlternative?: { readonly writtenOut?: string };
}

export function patternSlips(pattern: string, posix = process.platform !== 'win32'): PatternSlips {
  const trimmed = pattern.trim();
  const whitespace = trimmed !== pattern && trimmed !== '' ? { withoutWhitespace: trimmed } : {};
  const unquoted = withoutQuotesAround(trimmed);
  if (unquoted !== undefined) {
    return { ...whitespace, unquoted };
  }
  const slips: { -readonly [K in keyof PatternSlips]: PatternSlips[K] } = { ...whitespace };
  const { pieces, withoutBraceSpaces } = scanPattern(trimmed, posix);
  if (pieces.length > 1 && pieces.every(readsAsOnePattern)) {
    slips.severalPatterns = { pieces, ...(pieces.some((piece) => /[{}]/.test(piece)) ? {} : { joined: joinedAsAlternatives(pieces) }) };
  } else if (looksLikeRegularExpression(pattern)) {
    slips.regularExpression = true;
  }
  // "src\core\*.ts" is "srccore*.ts" where "\" escapes: a backslash before a letter, digit or
  // one of "_.-", which need no escaping, is a separator meant; in a regular expression's "\."
  // it is not. So is one before "**" ("src\**\*.ts", Windows' way), since no name's star is
  // escaped so; one before a single "*" may escape one ("a\*b").
  if (posix && !slips.regularExpression && /\\([\w.-]|\*\*)/.test(pattern)) {
    slips.backslashesAsSeparators = pattern.replace(/\\/g, '/');
  }
  if (withoutBraceSpaces !== undefined && pieces.length === 1) {
    slips.bracesWithoutSpaces = withoutBraceSpaces;
  }
  const emptyAlternative = emptyAlternativeIn(trimmed, posix);
  if (emptyAlternative !== undefined) {
    slips.emptyAlternative = emptyAlternative;
  }
  const literal = withLiteralBraces(trimmed, posix);
  if (literal !== undefined && slips.severalPatterns === undefined) {
    slips.literalBraces = literal;
  }
  return slips;
}

/**
 * The pattern with `[{]` and `[}]` for the braces of each group that holds no comma at its own
 * level, or undefined when it has none. Only groups with nothing nested: a glob cannot nest them.
 */
function withLiteralBraces(pattern: string, posix: boolean): string | undefined {
  const groups: Array<{ open: number; close: number }> = [];
  let open = -1;
  let comma = false;
  forEachGlobCharacter(pattern, posix, (at, braces) => {
    const char = pattern[at];
    if (char === '{' && braces === 0) {
      open = at;
      comma = false;
    } else if (braces > 0 && (char === ',' || char === '{')) {
      comma = true;
    } else if (char === '}' && braces === 0 && open !== -1) {
      if (!comma) {
        groups.push({ open, close: at });
      }
      open = -1;
    }
  });
  if (groups.length === 0) {
    return undefined;
  }
  let rewritten = '';
  let kept = 0;
  for (const { open: start, close } of groups) {
    rewritten += `${pattern.slice(kept, start)}[{]${pattern.slice(start + 1, close)}[}]`;
    kept = close + 1;
  }
  return rewritten + pattern.slice(kept);
}

/**
 * Whether a `{…}` of the pattern holds an empty alternative, and the pattern with the alternatives
 * written out where its one group holds no other: the text before and after the group goes into
 * each alternative, but for a leading `!`, `/` or `./` and a trailing `/`, which keep their
 * meaning only outside the braces. Undefined where the empty alternative names nothing ("{a,}");
 * after a leading `/` or `./` it is that lead alone, every file.
 */
function emptyAlternativeIn(pattern: string, posix: boolean): PatternSlips['emptyAlternative'] {
  // Each open group: where its alternatives start and end, and whether one is empty, one not.
  const open: Array<{ delimiters: number[]; empty: boolean; filled: boolean }> = [];
  let slipped = false;
  let groups = 0;
  let outer: number[] = [];
  forEachGlobCharacter(pattern, posix, (at) => {
    const char = pattern[at];
    if (char === '{') {
      groups += 1;
      open.push({ delimiters: [at], empty: false, filled: false });
      return;
    }
    const group = open[open.length - 1];
    if (group === undefined || (char !== ',' && char !== '}')) {
      return;
    }
    // Nothing between two delimiters: an escaped or bracketed character is never visited, but
    // takes a place between them all the same.
    const previous = group.delimiters[group.delimiters.length - 1];
    group[at === previous + 1 ? 'empty' : 'filled'] = true;
    group.delimiters.push(at);
    if (char === '}') {
      open.pop();
      // "{}" and "{,}" match nothing either way; "{a,}" matches "a" where "a" or nothing was meant.
      slipped ||= group.empty && group.filled;
      outer = group.delimiters;
    }
  });
  if (!slipped) {
    return undefined;
  }
  // On Windows "\" is a separator, as the pattern is read (request.ts): written out as "/", so each
  // alternative is read as a path there too ("src\{gen,}\*.ts" gave "src\\*.ts" in the braces,
  // which matched nothing, and "C:\ws\*.y{a,}ml" its drive letter inside them). One character
  // for one, so the group's delimiters stay where they are.
  return groups === 1 ? writtenOut(posix ? pattern : pattern.replace(/\\/g, '/'), outer, posix) : {};
}

/**
 * One alternative of a group written out in full (the text before and after the group with it),
 * read as a path: the "/" the group stood between is not doubled ("src/{gen,}/*.ts" gives
 * "src/*.ts", where "src//*.ts" matched nothing), and one it stood before anchors it.
 */
interface Piece {
  /** Its segments, without empty ones; before the pattern's trailing "/", without a last "**". */
  readonly segments: readonly string[];
  /**
   * Tied to the search root, as the pattern alone would be (SPEC §1): it holds a "/", or the
   * pattern has a leading "/" or "./" or a trailing "/". Without, it matches at any depth: "{/,}b"
   * is "/b" or "b", and "b" finds "x/b" too.
   */
  readonly anchored: boolean;
  /**
   * Read in the braces as it reads alone: no "/" in it is doubled, first or last, which ripgrep
   * takes as written there ("{/,}b" ran "/b" as a path that starts with "/": none does).
   */
  readonly asRun: boolean;
  /** Its text, ending in "/" where the pattern's trailing "/" is not its own. */
  readonly text: string;
}

/**
 * `pattern` with its one group's alternatives (between `delimiters`) written out in full, each
 * read as a path (Piece). One the group stood before anchors them all ("{src,}/*.ts" →
 * "/{src/*.ts,*.ts}"), one that holds no "/" beside one that does matches at any depth
 * ("x{/,}b" → "{x/b,**\/xb}"), and the directories every one starts with stay in front of the
 * braces ("~/notes/*.y{a,}ml" → "~/notes/{*.yaml,*.yml}"), so an absolute or "~/" pattern is still
 * read as one: inside the braces it named a directory below the search root, and found nothing.
 * Undefined where the alternative dropped loses nothing (emptyLosesNothing).
 */
function writtenOut(pattern: string, delimiters: readonly number[], posix: boolean): { writtenOut?: string } | undefined {
  const open = delimiters[0];
  const close = delimiters[delimiters.length - 1];
  const lead = /^!?(?:\.?\/)*/.exec(pattern.slice(0, open))?.[0] ?? '';
  const trail = pattern.endsWith('/') && close < pattern.length - 1 ? '/' : '';
  const before = pattern.slice(lead.length, open);
  const after = pattern.slice(close + 1, pattern.length - trail.length);
  const arms = delimiters.slice(1).map((end, i) => pattern.slice(delimiters[i] + 1, end));
  const pieces = arms.map((arm) => readPiece(`${before}${arm}${after}`, lead, trail, posix));
  // Before the trailing "/", an empty piece is a "/" alone, every file (SPEC §1), and so is the
  // whole: "{src,}/" meant "src/" or every file (regression: it was offered "src/"). So is one
  // after a leading "/" or "./": "/{src,}" meant "/src" or every file, not "/src" alone.
  if ((trail || lead.includes('/')) && pieces.some((piece) => piece.segments.length === 0)) {
    return { writtenOut: `${lead.startsWith('!') ? '!' : ''}*` };
  }
  if (emptyLosesNothing(readPiece(`${before}${after}`, lead, trail, posix), pieces.filter((_, i) => arms[i] !== ''), trail)) {
    return undefined;
  }
  // A piece ending in "/" would mean everything under it only at the pattern's end.
  if (!trail && pieces.some((piece) => piece.text.endsWith('/'))) {
    return {};
  }
  const distinct = distinctPieces(pieces);
  // Before the trailing "/", a piece holds every file of one it starts ("ws/" those of "ws/src/"):
  // kept beside it, the directories in front stopped short of its last, and "/home/me/ws/{src,}/"
  // was offered "/home/me/{ws/src,ws}/", a directory above the workspace, where nothing was found.
  const kept = trail ? distinct.filter((piece) => !distinct.some((other) => other !== piece && startsWith(piece.segments, other.segments))) : distinct;
  if (kept.length === 0) {
    return {};
  }
  const anchored = kept.some((piece) => piece.anchored);
  const forms = kept.map((piece) => (anchored ? anyDepthForm(piece) : piece.segments));
  const shared = sharedDirectories(forms);
  const front = shared.length === 0 ? '' : `${shared.join('/')}/`;
  const rest = forms.map((segments) => segments.slice(shared.length).join('/'));
  const body = `${front}${rest.length === 1 ? rest[0] : `{${rest.join(',')}}`}`;
  // A "/" the pieces started with, or one no piece kept, anchors them all in front ("{/a,/}b" is "/{ab,b}").
  const anchoring = anchored && !lead.includes('/') && (kept.some((piece) => piece.text.startsWith('/')) || !`${body}${trail}`.includes('/')) ? '/' : '';
  return { writtenOut: `${lead}${anchoring}${body}${trail}` };
}

function readPiece(text: string, lead: string, trail: string, posix: boolean): Piece {
  const segments = pathSegments(text, posix);
  const named = segments.filter((segment) => segment !== '');
  // Before the trailing "/", a piece's own last "**" says again what the "/" says ("src/gen/**/"
  // is "src/gen/"), and inside the braces it says less: a "**" that ends an alternative is any
  // text, so the "/" after the group needed a directory more ("src/{gen/**,**}/" found no file
  // directly in src/).
  while (trail && named[named.length - 1] === '**') {
    named.pop();
  }
  return { segments: named, anchored: trail !== '' || lead.includes('/') || text.includes('/'), asRun: !segments.includes(''), text };
}

/**
 * Whether the piece the empty alternative made (`dropped`) finds no file the others find as the
 * braces ran them: it names none, as "{a,}" names "a" or nothing, "{a/,}" "a/" or nothing and
 * ".{a,}" ".a" or the name ".", which no file has (regression: each was said to lose files, and
 * ".{a,}" offered "{.a,.}", which finds what it found); or another finds its files, as "**\/b"
 * of "{**\/,}b" does those of "b". Said to have been cut short, the answer offered the very pattern searched.
 */
function emptyLosesNothing(dropped: Piece, others: readonly Piece[], trail: string): boolean {
  const last = dropped.segments[dropped.segments.length - 1];
  if (last === undefined || (!trail && last === '.')) {
    return true;
  }
  return others.some((other) => other.asRun && (sameForm(other, dropped) || holdsByName(other, dropped)));
}

/** A piece as it matches beside anchored ones: one that is not matches at any depth. */
function anyDepthForm(piece: Piece): readonly string[] {
  return piece.anchored ? piece.segments : ['**', ...piece.segments];
}

function sameForm(piece: Piece, other: Piece): boolean {
  return anyDepthForm(piece).join('/') === anyDepthForm(other).join('/');
}

/**
 * Whether `piece`, a name at any depth, matches every path `other`, anchored, does: those end in
 * a name its last segment matches, and the name is `piece` ("b" holds "/b" and "x/b").
 */
function holdsByName(piece: Piece, other: Piece): boolean {
  return !piece.anchored && other.anchored && piece.segments.length === 1 && other.segments[other.segments.length - 1] === piece.segments[0];
}

/**
 * The pieces that are not empty, each once, in the order they first come, but for an anchored one
 * a name at any depth among them holds ("{/,}b" is "b": offered "/b", it left out "x/b").
 */
function distinctPieces(pieces: readonly Piece[]): Piece[] {
  const byForm = new Map<string, Piece>();
  for (const piece of pieces) {
    const form = anyDepthForm(piece).join('/');
    if (piece.segments.length > 0 && !byForm.has(form)) {
      byForm.set(form, piece);
    }
  }
  const distinct = [...byForm.values()];
  return distinct.filter((piece) => !distinct.some((other) => holdsByName(other, piece)));
}

/** Whether `segments` begin with every one of `start` and go on only downwards (no ".."). */
function startsWith(segments: readonly string[], start: readonly string[]): boolean {
  return start.length <= segments.length && start.every((segment, i) => segments[i] === segment) && !segments.slice(start.length).includes('..');
}

/** The leading segments every piece has, short of the last one of any. */
function sharedDirectories(pieces: ReadonlyArray<readonly string[]>): string[] {
  const [first, ...others] = pieces;
  // Not Math.min(...): a group can hold more alternatives than a call takes arguments.
  const most = pieces.reduce((fewest, segments) => Math.min(fewest, segments.length - 1), first.length - 1);
  let count = 0;
  while (count < most && others.every((segments) => segments[count] === first[count])) {
    count += 1;
  }
  return first.slice(0, count);
}

/**
 * Whether the pattern meant names other directories than the one written (the '"src' of
 * '"src/*.ts"', the 'test' of 'src/*.ts;test/*.ts', the ' src' of ' src/*.ts'): the written
 * one's directories are then not worth looking for on disk.
 */
export function directoriesMeantOtherwise(slips: PatternSlips): boolean {
  return slips.withoutWhitespace !== undefined || slips.unquoted !== undefined || slips.severalPatterns !== undefined;
}

/**
 * Whether the answer gives a pattern that was likely meant instead of the one written: advice on
 * where the written one matches would then carry the slip along. A regular expression gets no
 * pattern meant, only a word on how globs read, so it does not count.
 */
export function rewriteSuggested(slips: PatternSlips): boolean {
  return (
    directoriesMeantOtherwise(slips) ||
    slips.bracesWithoutSpaces !== undefined ||
    slips.backslashesAsSeparators !== undefined ||
    slips.literalBraces !== undefined ||
    slips.emptyAlternative?.writtenOut !== undefined
  );
}

/**
 * Whether the whitespace around the pattern is its only slip with a pattern meant: the others are
 * read in the pattern without it, so their pattern meant already leaves it out.
 */
export function onlyWhitespaceRewritten(slips: PatternSlips): boolean {
  return slips.withoutWhitespace !== undefined && !rewriteSuggested({ ...slips, withoutWhitespace: undefined });
}

/** The pattern a slip says was meant, if one gives it; the whitespace's only when no other slip asks for a rewrite. */
export function slipPatternMeant(slips: PatternSlips): string | undefined {
  return (
    slips.unquoted ??
    slips.severalPatterns?.joined ??
    slips.bracesWithoutSpaces ??
    slips.backslashesAsSeparators ??
    slips.literalBraces ??
    slips.emptyAlternative?.writtenOut ??
    (onlyWhitespaceRewritten(slips) ? slips.withoutWhitespace : undefined)
  );
}

/** The text inside quotes that stand around all of it, as a command line would take them off. */
export function withoutQuotesAround(text: string): string | undefined {
  return /^(["'`])(.+)\1$/.exec(text)?.[2];
}

/**
 * What a regular expression has and a glob almost never does: an escaped dot, `.+`, `.*` after
 * other characters of a name (a leading `.*` is the glob for dot files), `|`, `(…)`, a leading `^`
 * or a trailing `$`. The parentheses are looked for apart: as one regular expression, `\(.*\)`
 * takes time quadratic in the length of a pattern full of "(".
 */
function looksLikeRegularExpression(text: string): boolean {
  const open = text.indexOf('(');
  // ".*" ends a name's stem in a glob ("README.*", "tsconfig.*.json", "*.config.*"): only before
  // more of a name ("test.*Spec") does it read as "any characters".
  return /\\\.|\.\+|[^/]\.\*(?![./]|$)|\||^\^|\$$/.test(text) || (open !== -1 && text.lastIndexOf(')') > open);
}

/** What separates patterns in the lists other tools take; outside braces none means anything in a glob. */
const SEPARATORS = /[\s,;|]/;

/**
 * The pattern cut at separators outside `{…}` and `[…]` (runs of them count as one, so "a, b"
 * gives two pieces), and the whole pattern without the spaces inside braces that stand beside a
 * `{`, `,` or `}`, when it has any.
 */
function scanPattern(pattern: string, posix: boolean): { pieces: string[]; withoutBraceSpaces?: string } {
  const cuts: number[] = [];
  const dropped: Array<{ start: number; end: number }> = [];
  let runEnd = 0;
  forEachGlobCharacter(pattern, posix, (at, braces) => {
    const char = pattern[at];
    if (braces === 0) {
      if (SEPARATORS.test(char)) {
        cuts.push(at);
      }
    } else if (at >= runEnd && /\s/.test(char)) {
      // A run of spaces at once, so a long one costs one pass: it stands beside a delimiter when
      // the character before or after it is one.
      runEnd = at;
      while (runEnd < pattern.length && /\s/.test(pattern[runEnd])) {
        runEnd += 1;
      }
      if (/[{,]/.test(pattern[at - 1] ?? '') || /[,}]/.test(pattern[runEnd] ?? '')) {
        dropped.push({ start: at, end: runEnd });
      }
    }
  });
  const pieces: string[] = [];
  let start = 0;
  for (const cut of [...cuts, pattern.length]) {
    if (cut > start) {
      pieces.push(pattern.slice(start, cut));
    }
    start = cut + 1;
  }
  if (dropped.length === 0) {
    return { pieces };
  }
  let withoutBraceSpaces = '';
  let kept = 0;
  for (const run of dropped) {
    withoutBraceSpaces += pattern.slice(kept, run.start);
    kept = run.end;
  }
  return { pieces, withoutBraceSpaces: withoutBraceSpaces + pattern.slice(kept) };
}

/**
 * Whether a piece reads as a pattern or file name of its own: it has a wildcard, a brace, a dot or
 * a slash. Words alone ("My Document.pdf" cut at its space) do not, nor does a negation or a
 * piece of a regular expression.
 */
function readsAsOnePattern(piece: string): boolean {
  return /[*?[{./]/.test(piece) && !piece.startsWith('!') && !looksLikeRegularExpression(piece);
}

/**
 * One glob for several: `{a,b}`. A piece with a `/` is anchored to the search root and one without
 * matches at any depth, so once any piece is anchored (so is the whole) the others get `**\/`.
 * A leading `./` or `/` anchors a piece too; a trailing `/` means everything under it.
 */
function joinedAsAlternatives(pieces: readonly string[]): string {
  const parts = pieces.map((piece) => {
    const markedAnchored = /^\.?\//.test(piece);
    const body = piece.replace(/^\.?\/+/, '').replace(/\/$/, '/**');
    return { body, anchored: markedAnchored || body.includes('/') };
  });
  if (!parts.some((part) => part.anchored)) {
    return `{${parts.map((part) => part.body).join(',')}}`;
  }
  const bodies = parts.map(({ body, anchored }) => (anchored || body.startsWith('**') ? body : `**/${body}`));
  const joined = `{${bodies.join(',')}}`;
  // Pieces anchored only by a leading "./" hold no "/" of their own to anchor the whole.
  return joined.includes('/') ? joined : `/${joined}`;
}
