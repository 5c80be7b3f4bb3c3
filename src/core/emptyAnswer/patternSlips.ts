/**
 * Slips in how a pattern was written that explain why it matched nothing, each with the pattern
 * as it was most likely meant. Models write globs the way other tools take them: quoted as on a
 * command line, several at once ("**\/*.ts **\/*.js", "*.ts,*.tsx", "*.ts|*.tsx"), "{a, b}" with
 * spaces, a Windows path where "\" escapes, or a regular expression. Only the pattern's text is
 * read; nothing here touches the disk, and it is asked only of a pattern that matched nothing.
 */

import { emptyAlternativeIn, type EmptyAlternative } from './emptyAlternative';
import { forEachGlobCharacter } from '../request/patternPath';

export interface PatternSlips {
  /** The pattern without the whitespace around it, which would have to be part of the names. */
  readonly withoutWhitespace?: string;
  /** The pattern with `/` for `\`, where `\` escapes and the pattern reads as a Windows path. */
  readonly backslashesAsSeparators?: string;
  /** The drive ("C:") a pattern starts with where paths are POSIX ones, so it names no directory. */
  readonly windowsDrive?: string;
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
  readonly emptyAlternative?: EmptyAlternative;
  /**
   * The pattern has a `[…]` class that holds "/", which a class never matches (README): "src[/]*"
   * matches nothing, and read as anchored and told to end in "/" ("src[/]*\/"), it still did not.
   * `classes` are those classes as written; `written` is the pattern with "/" for each, where each
   * holds nothing else ("src/*").
   */
  readonly slashInClass?: { readonly classes: readonly string[]; readonly written?: string };
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
  // "C:\Users\me\*.txt" given back with "/" found nothing again ("C:/" does not exist): the drive
  // is what names no directory here.
  const drive = posix ? /^!?([A-Za-z]:)[\\/]/.exec(trimmed)?.[1] : undefined;
  if (drive !== undefined) {
    slips.windowsDrive = drive;
  } else if (posix && !slips.regularExpression && /\\([\w.-]|\*\*)/.test(pattern)) {
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
  // In the pattern with its empty alternative written out, where it is: the pattern offered mends both.
  const slashInClass = slashClassesIn(emptyAlternative?.writtenOut ?? trimmed, posix);
  if (slashInClass !== undefined) {
    slips.slashInClass = slashInClass;
  }
  return slips;
}

/**
 * The classes of the pattern that hold "/" as a member, and the pattern with "/" for each where
 * each holds only "/" ("[/]", or "[\/]" where "\" escapes). A class that leaves "/" out ("[!/]")
 * means what it says, and a range ("[.-0]") is not looked into.
 */
function slashClassesIn(pattern: string, posix: boolean): PatternSlips['slashInClass'] {
  const classes: string[] = [];
  let written = '';
  let kept = 0;
  let eachOnlySlash = true;
  forEachGlobCharacter(
    pattern,
    posix,
    () => undefined,
    (open, close) => {
      const members = pattern.slice(open + 1, close);
      if (close < pattern.length && !/^[!^]/.test(members) && members.includes('/')) {
        classes.push(pattern.slice(open, close + 1));
        if ((posix ? /^(?:\\?\/)+$/ : /^\/+$/).test(members)) {
          written += `${pattern.slice(kept, open)}/`;
          kept = close + 1;
        } else {
          eachOnlySlash = false;
        }
      }
    },
  );
  if (classes.length === 0) {
    return undefined;
  }
  return eachOnlySlash ? { classes, written: written + pattern.slice(kept) } : { classes };
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
    slips.emptyAlternative?.writtenOut !== undefined ||
    slips.slashInClass?.written !== undefined
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
    slips.slashInClass?.written ??
    slips.emptyAlternative?.writtenOut ??
    (onlyWhitespaceRewritten(slips) ? slips.withoutWhitespace : undefined)
  );
}

/**
 * Every pattern the slips' lines give as meant (emptyText.ts): each is the pattern rewritten, as
 * long as it, so a long one is echoed short as the pattern is (render.ts, longInput.ts).
 */
export function slipPatterns(slips: PatternSlips): string[] {
  return [
    slips.withoutWhitespace,
    slips.unquoted,
    slips.severalPatterns?.joined,
    slips.bracesWithoutSpaces,
    slips.backslashesAsSeparators,
    slips.literalBraces,
    slips.slashInClass?.written,
    slips.emptyAlternative?.writtenOut,
  ].filter((pattern): pattern is string => pattern !== undefined);
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
