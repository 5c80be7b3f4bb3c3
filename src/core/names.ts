/**
 * File names as ripgrep prints them, and how they are shown (SPEC §5).
 *
 * A name is kept as a string when its bytes are valid UTF-8 and as the raw bytes otherwise, so a
 * file whose name is not UTF-8 can still be stat-ed, counted and shown. A name is shown verbatim
 * unless that could mislead whoever reads the list: a control character (a newline would split one
 * entry into two), a leading `"` (it would look quoted), a backslash on POSIX (it would look like an
 * escape), `</` (it could close a tag around the list), or what a reader would not see or would
 * take for something else (invisible and direction characters, spaces other than U+0020, a space
 * at either end of a segment; below). Those are shown as a JSON string with `</` written `<\/`
 * and the unseen characters as `\uXXXX`; bytes that are not UTF-8 are written `\xNN` inside the
 * quotes. Every shown form parses back to the exact name with `parseShownName`.
 */

import { isUtf8 } from 'node:buffer';
import * as nodePath from 'node:path';

/** A path relative to a walk root: a string, or the raw bytes when they are not valid UTF-8. */
export type RawName = string | Buffer;

/** The file a name under a root is, as fs takes it. */
export function joinName(root: string, name: RawName): string | Buffer {
  const separator = root.endsWith(nodePath.sep) ? '' : nodePath.sep;
  return typeof name === 'string' ? root + separator + name : Buffer.concat([Buffer.from(root + separator), name]);
}

/**
 * Characters that print as nothing or move the text around them: the soft hyphen, the combining
 * grapheme joiner, the Arabic letter mark, the Hangul fillers, the Khmer inherent vowels, the
 * Mongolian variation selectors and vowel separator, the zero-width space and direction marks,
 * the directional embeddings, overrides and isolates (the "Trojan Source" characters), the
 * invisible operators, the braille blank (it looks like a space), the byte order mark and the
 * interlinear annotation marks.
 */
const INVISIBLE = '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\u2800\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb';
/**
 * Above U+FFFF, as the UTF-16 pairs a string holds them in: the tag characters (U+E0000-E007F, a
 * known way to hide text from a language model) and the variation selectors U+E0100-E01EF. Each
 * is quoted unless it has its one ordinary use: tags in a subdivision flag after U+1F3F4
 * (Scotland's), a selector after a CJK ideograph (a variant of it, "葛󠄀").
 */
const INVISIBLE_PAIRS = '\\uDB40[\\uDC00-\\uDC7F\\uDD00-\\uDDEF]';
const TAG_ASTRAY = '(?<!\\uD83C\\uDFF4(?:\\uDB40[\\uDC20-\\uDC7E])*)\\uDB40[\\uDC00-\\uDC7F]';
const IDEOGRAPH_SELECTOR_ASTRAY = '(?<![\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]|[\\uD840-\\uD87F][\\uDC00-\\uDFFF])\\uDB40[\\uDD00-\\uDDEF]';
/**
 * The zero-width non-joiner and joiner and the variation selectors, which Persian and Indic words
 * and emoji sequences ("👨‍👩‍👧", "❤️") hold as a matter of course: a name is quoted for them only where
 * one stands at an end or beside a letter of a script that never needs them (Latin, Greek,
 * Cyrillic, ASCII): "readme\u200d.md" and "café\ufe0f.md" would read as other names. A selector
 * after a digit, "#" or "*" is a keycap's ("1️⃣") when U+20E3 follows.
 */
const JOINERS = '\\u200c\\u200d\\ufe00-\\ufe0f';
const PLAIN_LETTERS = '\\u0000-\\u052f';
const JOINER_ASTRAY = `^[${JOINERS}]|[${PLAIN_LETTERS}][\\u200c\\u200d]|[${PLAIN_LETTERS}][\\ufe00-\\ufe0f](?!\\u20e3)|[\\u200c\\u200d](?:$|[${PLAIN_LETTERS}])`;
/** Spaces other than U+0020: "a\u00a0b" reads as "a b", which names another file. */
const OTHER_SPACES = '\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000';
/** Whitespace at either end of a name or of one of its directories: "notes.md " reads as "notes.md". */
const SPACE_AT_SEGMENT_END = '(?:^|/)\\s|\\s(?:$|/)';

// What makes a name need quoting, in one pass over it: a leading `"`, `</`, C0 controls, DEL,
// C1 controls and the Unicode line and paragraph separators (which some readers treat as line
// breaks), on POSIX a backslash, and what a reader cannot see or tell from something else (above).
const UNSEEN = `${SPACE_AT_SEGMENT_END}|${JOINER_ASTRAY}|${TAG_ASTRAY}|${IDEOGRAPH_SELECTOR_ASTRAY}`;
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is looked for on its own
const MISLEADING_ON_POSIX = new RegExp(`^"|</|${UNSEEN}|[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\\\${INVISIBLE}${OTHER_SPACES}]`);
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is looked for on its own
const MISLEADING_ON_WINDOWS = new RegExp(`^"|</|${UNSEEN}|[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE}${OTHER_SPACES}]`);
/** Written as `\uXXXX` inside the quotes too, where as themselves they would still go unseen. */
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is looked for on its own
const ESCAPED_IN_QUOTES = new RegExp(`${INVISIBLE_PAIRS}|[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE}${JOINERS}${OTHER_SPACES}]`, 'g');

/**
 * What can make a name need quoting, any whitespace included: one scan of a character class,
 * which settles most names, where the test at both ends of every segment took twice as long
 * (100,000 names of the benchmark tree: 5 ms against 10).
 */
// eslint-disable-next-line no-misleading-character-class -- each joiner and selector is looked for on its own
const MAYBE_MISLEADING = new RegExp(`^"|</|[\\u0000-\\u001f\\u007f-\\u009f\\s\\\\\\uDB40${INVISIBLE}${JOINERS}]`);

/**
 * Whether any of the lines in `text` (shown paths, each ending with a newline) may need quoting:
 * every character that can make one need it, on any platform, except the newline that ends each
 * line, and U+0020 only at either end of a line or of a segment. False means none does.
 */
export function linesMayNeedQuoting(text: string): boolean {
  return LINES_MAY_NEED_QUOTING.test(text);
}

const LINES_MAY_NEED_QUOTING = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- each joiner and selector is looked for on its own
  `(?:^|[\\n/]) | (?:[\\n/]|$)|[\\u0000-\\u0009\\u000b-\\u001f"<\\\\\\u007f-\\u009f\\u2028\\u2029\\uDB40${INVISIBLE}${JOINERS}${OTHER_SPACES}]`,
);

export function needsQuoting(name: string, posix = process.platform !== 'win32'): boolean {
  return MAYBE_MISLEADING.test(name) && (posix ? MISLEADING_ON_POSIX : MISLEADING_ON_WINDOWS).test(name);
}

/** The form a name is printed in: verbatim, or quoted as described above. */
export function showName(name: RawName, posix = process.platform !== 'win32'): string {
  if (typeof name === 'string') {
    return needsQuoting(name, posix) ? quote(name) : name;
  }
  return quoteBytes(name);
}

/** Text in quotes as showName quotes a name: JSON, with "</" written "<\/" and what goes unseen as `\uXXXX`. */
export function quote(text: string): string {
  return `"${jsonEscape(text)}"`;
}

/** JSON string escaping without the surrounding quotes, and `</` written `<\/`. */
function jsonEscape(text: string): string {
  return escapedJson(text).slice(1, -1).replace(/<\//g, '<\\/');
}

/**
 * A value as JSON text with each character a reader could misread, or take for a line break
 * (U+0085, U+2028, U+2029, which JSON.stringify leaves as they are), written as `\uXXXX`.
 */
export function escapedJson(value: unknown): string {
  return JSON.stringify(value).replace(ESCAPED_IN_QUOTES, (found) => [...Array(found.length).keys()].map((i) => `\\u${found.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''));
}

/** Quotes bytes that are not valid UTF-8: valid runs as JSON text, other bytes as `\xNN`. */
function quoteBytes(bytes: Buffer): string {
  // A `</` split across a run boundary cannot occur: `\xNN` always sits between them.
  return `"${mapUtf8Runs(bytes, jsonEscape, (byte) => `\\x${byte.toString(16).padStart(2, '0')}`)}"`;
}

/** Bytes as text: each run of valid UTF-8 decoded and passed through `run`, each other byte written by `byte`. */
function mapUtf8Runs(bytes: Buffer, run: (text: string) => string, byte: (value: number) => string): string {
  let out = '';
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const length = utf8SequenceLength(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += run(bytes.toString('utf8', runStart, i)) + byte(bytes[i]);
    i += 1;
    runStart = i;
  }
  return out + run(bytes.toString('utf8', runStart, i));
}

/** Length of the valid UTF-8 sequence starting at `at`, or 0 when the byte there starts none. */
function utf8SequenceLength(bytes: Buffer, at: number): number {
  const lead = bytes[at];
  if (lead < 0x80) {
    return 1;
  }
  const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || at + length > bytes.length) {
    return 0;
  }
  return isUtf8(bytes.subarray(at, at + length)) ? length : 0;
}

/**
 * Reads a shown name back: verbatim text stays as it is; a quoted one is unescaped, and comes
 * back as bytes when it holds `\xNN`.
 */
export function parseShownName(shown: string): RawName {
  if (!shown.startsWith('"')) {
    return shown;
  }
  if (!shown.endsWith('"') || shown.length < 2) {
    throw new SyntaxError(`not a quoted name: ${shown}`);
  }
  const parts: Buffer[] = [];
  let text = '';
  let sawByte = false;
  const flushText = (): void => {
    if (text !== '') {
      parts.push(Buffer.from(JSON.parse(`"${text}"`) as string, 'utf8'));
      text = '';
    }
  };
  const body = shown.slice(1, -1);
  for (let i = 0; i < body.length; i += 1) {
    if (body[i] !== '\\') {
      text += body[i];
    } else if (body[i + 1] === 'x') {
      flushText();
      parts.push(Buffer.from([Number.parseInt(body.slice(i + 2, i + 4), 16)]));
      sawByte = true;
      i += 3;
    } else {
      // A JSON escape: `\uXXXX` is six characters, the others two.
      const length = body[i + 1] === 'u' ? 6 : 2;
      text += body.slice(i, i + length);
      i += length - 1;
    }
  }
  if (!sawByte) {
    return JSON.parse(shown) as string;
  }
  flushText();
  return Buffer.concat(parts);
}

/**
 * A name as one string for JSON: the name itself when it is UTF-8; otherwise its valid runs as
 * text and each other byte B as the lone surrogate U+DC00 + B, as Python's "surrogateescape" reads
 * file names (os.fsencode gives the bytes back). No UTF-8 name holds a lone surrogate, so no two
 * names give the same string, where the quoted form of one could be the plain name of another.
 */
export function surrogateEscaped(name: RawName): string {
  return typeof name === 'string' ? name : mapUtf8Runs(name, (text) => text, (byte) => String.fromCharCode(0xdc00 + byte));
}

/** Decodes one name from ripgrep's output, keeping the bytes when they are not UTF-8. */
export function decodeName(chunk: Buffer, start: number, end: number): RawName {
  const text = chunk.toString('utf8', start, end);
  // U+FFFD is rare in real names; only then is it worth checking the bytes.
  if (text.includes('\uFFFD') && !isUtf8(chunk.subarray(start, end))) {
    return Buffer.from(chunk.subarray(start, end));
  }
  return text;
}

/** Whether two names are the same name, byte for byte. */
export function sameName(a: RawName, b: RawName): boolean {
  if (typeof a === 'string' || typeof b === 'string') {
    return a === b;
  }
  return a.equals(b);
}

/**
 * Orders two names that read as the same text: a name that is text first, names that are bytes
 * by their bytes. Bytes that are not UTF-8 all read as U+FFFD, so different names can read the
 * same; this tells them apart the way sameName does.
 */
export function compareSameText(a: RawName, b: RawName): number {
  if (typeof a === 'string') {
    return typeof b === 'string' ? 0 : -1;
  }
  return typeof b === 'string' ? 1 : Buffer.compare(a, b);
}

/** A name as text for matching and ordering: bytes that are not UTF-8 become U+FFFD. */
export function nameText(name: RawName): string {
  return typeof name === 'string' ? name : name.toString('utf8');
}
