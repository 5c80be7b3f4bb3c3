/**
 * The complete list's lines (one shown path each, SPEC §5), handed to the spill a chunk at a time.
 *
 * Almost every name is shown verbatim, so a chunk is first joined from the raw names and checked
 * once, as one string, for any character quoting could concern; only a chunk where one turns up
 * is built again name by name with showName. Measured at 30,000 paths, warm: 19 ms against 21 ms
 * name by name. When the listing stage found no name that needs quoting, even that check is
 * skipped (it took 145 ms of the spill at a million paths).
 *
 * What is left is reading the names in time order, which scatters the reads over the heap: at a
 * million paths, 650 ms against 150 ms for the same join in listing order. So when every name is
 * verbatim no name is read before the join: a chunk is a number of lines rather than of
 * characters, guessed from the lines before it, which took the gather on the 100k benchmark tree
 * from 16–23 ms to 11–15; joining the lines a few hundred at a time (JOINED_LINES) took it lower,
 * and writing those pieces into one reused buffer, not joining them into a chunk of a megabyte,
 * lower again (joinedChunks). A list of ASCII names of up to LISTING_ORDER_MAX_LINES avoids the
 * scattered reads altogether: it is written as bytes in listing order (asciiList.ts).
 */

import { asciiList, LINES_PER_STEP, LISTING_ORDER_MAX_LINES, type AsciiList } from './asciiList';
import { BLOCK_LENGTH } from '../blocks';
import { linesMayNeedQuoting, needsQuoting, type RawName } from '../names';
import type { SearchScope } from '../request/request';
import { shownPath } from '../walk/scopePaths';

/**
 * Whole lines, each ending with `\n`, as text or as UTF-8 bytes; `lines` is how many it holds, 0
 * once every line was given. Bytes lie in a buffer the next chunk of any list on this thread may
 * write over: they are written or copied before the next is asked for.
 */
export type LineChunk = { readonly text: string; readonly lines: number } | { readonly bytes: Buffer; readonly lines: number };

/** The lines from position `from` on, until the chunk holds about `maxChars` characters. */
export type LineChunks = (from: number, maxChars: number) => LineChunk;

/** Chunks of `total` lines, line `position` being `line(position)`. */
export function chunksOfLines(total: number, line: (position: number) => string): LineChunks {
  return (from, maxChars) => {
    let text = '';
    let end = from;
    while (end < total && text.length < maxChars) {
      text += `${line(end)}\n`;
      end += 1;
    }
    return { text, lines: end - from };
  };
}

/**
 * The shown paths of the complete result, in its order. `namesVerbatim` says that no name needs
 * quoting (the listing stage checks each as it arrives); the chunks are then not checked at all.
 */
export function shownPathChunks(
  order: Uint32Array,
  names: readonly RawName[],
  scopeOf: ArrayLike<number>,
  scopes: readonly SearchScope[],
  namesVerbatim: boolean,
): LineChunks {
  // A prefix is '' or ends with '/', so no `</` can form where it meets a name: prefix and name
  // together need quoting only when one of them does.
  const verbatim =
    namesVerbatim && scopes.every(({ shownPrefix }) => shownPrefix === '' || (shownPrefix.endsWith('/') && !needsQuoting(shownPrefix)));
  if (verbatim) {
    // The listing stage says so only when every name is a string that needs no quoting.
    return verbatimChunks(order, names as readonly string[], scopeOf, scopes);
  }
  const total = order.length;
  const oneByOne = chunksOfLines(total, (position) => shownPath(scopes[scopeOf[order[position]]], names[order[position]]));
  return (from, maxChars) => {
    // Joined from an array: appending to a string builds a tree of pieces that has to be
    // flattened before it can be tested or encoded, which took as long as the appends.
    const gathered: GatheredLines = { lines: [], chars: 0 };
    // In blocks, as blocks.ts explains. A block that ends short ends the chunk: it is full, or
    // the next name is bytes.
    let end = from;
    for (let blockEnd = from; end === blockEnd && end < total; ) {
      blockEnd = Math.min(end + BLOCK_LENGTH, total);
      end = gatherLines(order, names, scopeOf, scopes, end, blockEnd, maxChars, gathered);
    }
    const { lines } = gathered;
    lines.push('');
    const text = lines.join('\n');
    // A newline inside a name (it needs quoting) shows up as one newline more than lines.
    if (end > from && !linesMayNeedQuoting(text) && newlines(text) === end - from) {
      return { text, lines: end - from };
    }
    return oneByOne(from, maxChars);
  };
}

/** What a line is guessed to take before any chunk has been made: the first chunk is short. */
const FIRST_GUESS_BYTES_PER_LINE = 128;

/**
 * Chunks of names that are all shown verbatim: for a list of up to LISTING_ORDER_MAX_LINES, written
 * as bytes in listing order a window at a time (asciiList.ts) while every name is ASCII; joined
 * in time order otherwise, and from a name that is not ASCII on.
 */
function verbatimChunks(order: Uint32Array, names: readonly string[], scopeOf: ArrayLike<number>, scopes: readonly SearchScope[]): LineChunks {
  const prefixes = scopes.map(({ shownPrefix }) => shownPrefix);
  const joined = joinedChunks(order, names, scopeOf, prefixes);
  if (order.length > LISTING_ORDER_MAX_LINES) {
    return joined;
  }
  // Built on the first call: the list is saved only when a page is asked for.
  let list: AsciiList | undefined;
  let tried = false;
  return (from, maxChars) => {
    if (!tried) {
      tried = true;
      list = asciiList(order, names, scopeOf, prefixes);
    }
    // Each chunk given ends on a step, so the next starts on one; any other start is joined, and
    // so is the rest of the list from a name that is not ASCII on.
    if (list !== undefined && from % LINES_PER_STEP === 0) {
      const chunk = listChunk(list, order.length, from, Math.min(maxChars, list.windowBytes));
      if (chunk !== undefined) {
        return chunk;
      }
      list = undefined;
    }
    return joined(from, maxChars);
  };
}

/**
 * The steps of the list from line `from` on, until they hold about `maxBytes` bytes (one at
 * least); undefined when one of their names is not ASCII.
 */
function listChunk(list: AsciiList, total: number, from: number, maxBytes: number): LineChunk | undefined {
  if (from >= total) {
    return { bytes: Buffer.alloc(0), lines: 0 };
  }
  const { stepStarts } = list;
  const steps = stepStarts.length - 1;
  const first = from / LINES_PER_STEP;
  let last = first + 1;
  while (last < steps && stepStarts[last + 1] - stepStarts[first] <= maxBytes) {
    last += 1;
  }
  const bytes = list.bytes(stepStarts[first], stepStarts[last]);
  return bytes === undefined ? undefined : { bytes, lines: Math.min(total, last * LINES_PER_STEP) - from };
}

/**
 * Where joinedChunks writes its lines: one buffer for every list on this thread, grown when a
 * chunk needs more. The pieces were first joined into one string per chunk of a megabyte, which
 * took fresh memory each time (V8 keeps a string that large apart, on pages of its own, given
 * back once it is collected; on these machines the first touch of a page costs ~13 µs,
 * asciiList.ts), and was then encoded into another buffer: the 1m benchmark tree's lines took
 * 316 ms, and 136 ms written this way (stage split of 3 in-process searches each, old and new
 * build alternated). The spill writes each chunk before it asks for the next.
 */
let joinedBytes = Buffer.alloc(0);

/**
 * Chunks of verbatim names, as UTF-8 bytes, without reading any name first: the lines are joined
 * JOINED_LINES at a time, and each piece is written into one reused buffer. A chunk holds as many
 * lines as the lines before it say fit in about `maxBytes` bytes.
 */
function joinedChunks(order: Uint32Array, names: readonly string[], scopeOf: ArrayLike<number>, prefixes: readonly string[]): LineChunks {
  const prefixed = prefixes.some((prefix) => prefix !== '');
  let bytesPerLine = FIRST_GUESS_BYTES_PER_LINE;
  return (from, maxBytes) => {
    const end = Math.min(order.length, from + Math.max(1, Math.floor(maxBytes / bytesPerLine)));
    let bytes = 0;
    for (let start = from; start < end; start += JOINED_LINES) {
      const stop = Math.min(start + JOINED_LINES, end);
      const piece = prefixed ? prefixedLines(order, names, scopeOf, prefixes, start, stop) : nameLines(order, names, start, stop);
      // A UTF-16 code unit never takes more than 3 UTF-8 bytes.
      if (joinedBytes.length < bytes + 3 * piece.length) {
        const grown = Buffer.allocUnsafe(Math.max(2 * joinedBytes.length, bytes + 3 * piece.length));
        joinedBytes.copy(grown, 0, 0, bytes);
        joinedBytes = grown;
      }
      bytes += joinedBytes.write(piece, bytes);
    }
    if (end > from) {
      bytesPerLine = Math.max(1, bytes / (end - from));
    }
    return { bytes: joinedBytes.subarray(0, bytes), lines: end - from };
  };
}

/**
 * Lines are joined this many at a time, each piece then written on its own. Names read in time
 * order lie scattered over the heap, and one join over a chunk of 20,000 of them copied them more
 * slowly than joins of a few hundred: the gather row of the 100k benchmark tree's stage split
 * (30,000 paths) went from 7.8–21.6 ms (median 12.9) to 7.0–12.1 (median 8.8) over 8 interleaved
 * runs. 256 measured the same as 512, within the noise.
 */
const JOINED_LINES = 512;

/** The lines of positions `from` to `to`, each name and a newline. */
function nameLines(order: Uint32Array, names: readonly string[], from: number, to: number): string {
  const parts: string[] = [];
  for (let position = from; position < to; position += 1) {
    parts.push(names[order[position]]);
  }
  parts.push('');
  return parts.join('\n');
}

/** The same with each scope's prefix: joining `prefix + name` here would read the name. */
function prefixedLines(order: Uint32Array, names: readonly string[], scopeOf: ArrayLike<number>, prefixes: readonly string[], from: number, to: number): string {
  const parts: string[] = [];
  for (let position = from; position < to; position += 1) {
    const match = order[position];
    parts.push(prefixes[scopeOf[match]], names[match], '\n');
  }
  return parts.join('');
}

interface GatheredLines {
  readonly lines: string[];
  /** The characters of `lines`, newlines included. */
  chars: number;
}

/**
 * Adds the raw shown paths of positions `from` to `to` to `gathered`, until it holds about
 * `maxChars` characters or a name is bytes (always quoted: the chunk ends before it); returns the
 * position after the last added.
 */
function gatherLines(
  order: Uint32Array,
  names: readonly RawName[],
  scopeOf: ArrayLike<number>,
  scopes: readonly SearchScope[],
  from: number,
  to: number,
  maxChars: number,
  gathered: GatheredLines,
): number {
  const { lines } = gathered;
  let chars = gathered.chars;
  let end = from;
  while (end < to && chars < maxChars) {
    const match = order[end];
    const name = names[match];
    if (typeof name !== 'string') {
      break;
    }
    const prefix = scopes[scopeOf[match]].shownPrefix;
    const line = prefix === '' ? name : prefix + name;
    lines.push(line);
    chars += line.length + 1;
    end += 1;
  }
  gathered.chars = chars;
  return end;
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    count += 1;
  }
  return count;
}
