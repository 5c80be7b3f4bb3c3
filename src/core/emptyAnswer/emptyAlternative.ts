/**
 * An empty alternative in a `{…}` ("*.y{a,}ml"), which ripgrep's globset, and so the tool, drops:
 * "{a,}" matches "a", never "a" or nothing. Finds one and writes the pattern out as it was most
 * likely meant, each alternative in full, where that loses nothing and finds what it says. Only
 * the pattern's text is read (patternSlips.ts).
 */

import { forEachGlobCharacter, pathSegments } from '../request/patternPath';

/** The pattern's empty alternative, and `writtenOut`: the pattern with each alternative in full. */
export interface EmptyAlternative {
  readonly writtenOut?: string;
}

/**
 * Whether a `{…}` of the pattern holds an empty alternative, and the pattern with the alternatives
 * written out where its one group holds no other: the text before and after the group goes into
 * each alternative, but for a leading `!`, `/` or `./` and a trailing `/`, which keep their
 * meaning only outside the braces. Undefined where the empty alternative names nothing ("{a,}"),
 * or, after a "!", every file; after a leading `/` or `./` it is that lead alone, every file.
 */
export function emptyAlternativeIn(pattern: string, posix: boolean): EmptyAlternative | undefined {
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
  /**
   * Its segments, without empty ones, and with each "." and ".." taken away as the tool takes them
   * from a pattern (patternPath.ts); before the pattern's trailing "/", without a last "**".
   */
  readonly segments: readonly string[];
  /** Its ".." climbs back to the search root: alone, it is every file ("src/.." is "**"). */
  readonly everyFile: boolean;
  /**
   * Tied to the search root, as the pattern alone would be (SPEC §1): it holds a "/", or the
   * pattern has a leading "/" or "./" or a trailing "/". Without, it matches at any depth: "{/,}b"
   * is "/b" or "b", and "b" finds "x/b" too.
   */
  readonly anchored: boolean;
  /**
   * Read in the braces as it reads alone: no "/" in it is doubled, first or last, and it has no
   * "." or ".." segment, which ripgrep takes as written there ("{/,}b" ran "/b" as a path that
   * starts with "/": none does), nor a last "**" before the trailing "/".
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
 * Undefined where the alternative dropped loses nothing (emptyLosesNothing), or would leave out
 * every file after a "!".
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
  // A ".." that climbs above the search root or follows "**" is refused alone: nothing to write out.
  if (!pieces.every((piece): piece is Piece => piece !== undefined)) {
    return {};
  }
  // Before the trailing "/", an empty piece is a "/" alone, every file (SPEC §1), and so is the
  // whole: "{src,}/" meant "src/" or every file (regression: it was offered "src/"). So is one
  // after a leading "/" or "./": "/{src,}" meant "/src" or every file, not "/src" alone; and one
  // whose ".." climbs back to the search root: "src/{..,}/" meant "src/../", every file
  // (regression: it was offered "{src/..,src}/", where ".." in the braces matched no path).
  //
  // After a "!" that whole is no file: "!{src,}/" left out src/ or every file. No one searches for
  // nothing, so the negation of the other alternatives, which ripgrep ran, is what was meant, and
  // nothing is to be said (regression: "!*" was offered, which lists no file).
  if (pieces.some((piece) => piece.everyFile || ((trail || lead.includes('/')) && piece.segments.length === 0))) {
    return lead.startsWith('!') ? undefined : { writtenOut: '*' };
  }
  if (emptyLosesNothing(pieces[arms.indexOf('')], pieces.filter((_, i) => arms[i] !== ''), trail)) {
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

function readPiece(text: string, lead: string, trail: string, posix: boolean): Piece | undefined {
  const segments = pathSegments(text, posix);
  const named = withoutDots(segments.filter((segment) => segment !== ''));
  if (named === undefined) {
    return undefined;
  }
  // Before the trailing "/", a piece's own last "**" says again what the "/" says ("src/gen/**/"
  // is "src/gen/"), and inside the braces it says less: a "**" that ends an alternative is any
  // text, so the "/" after the group needed a directory more ("src/{gen/**,**}/" found no file
  // directly in src/). Such a piece is then not read in the braces as alone.
  const ends = named.length;
  while (trail && named[named.length - 1] === '**') {
    named.pop();
  }
  return {
    segments: named,
    everyFile: named.length === 0 && segments.includes('..'),
    anchored: trail !== '' || lead.includes('/') || text.includes('/'),
    asRun: named.length === ends && !segments.some((segment) => segment === '' || segment === '.' || segment === '..'),
    text,
  };
}

/**
 * `segments` as the tool reads them alone: a "." is dropped and a ".." takes the segment before it
 * away, as in a path; in the braces ripgrep took them as written, matching no path. A last "." is
 * kept: the "." ".{a,}" drops names the name ".", no file's (emptyLosesNothing). Undefined where
 * a ".." has nothing before it to take or follows "**", which the tool refuses.
 */
function withoutDots(segments: readonly string[]): string[] | undefined {
  const kept: string[] = [];
  for (const [i, segment] of segments.entries()) {
    if (segment === '.' && i < segments.length - 1) {
      continue;
    }
    if (segment !== '..') {
      kept.push(segment);
    } else if (kept.length === 0 || kept[kept.length - 1] === '**') {
      return undefined;
    } else {
      kept.pop();
    }
  }
  return kept;
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

/** Whether `segments` begin with every one of `start` (a piece's have no ".." left: readPiece). */
function startsWith(segments: readonly string[], start: readonly string[]): boolean {
  return start.length <= segments.length && start.every((segment, i) => segments[i] === segment);
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
