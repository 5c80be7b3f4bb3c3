/**
 * The words of an `@glob` prompt, read as a shell reads them: quoted parts and unquoted runs with
 * no space between them are one word, and on POSIX a backslash escapes a quote. One character at
 * a time rather than by regular expressions: which quote closes a part depends on the escapes
 * before it, and two expressions (one to split, one to unquote) had to agree on that and did not.
 * Free of the `vscode` module so plain-Node tests can check it.
 */

const QUOTE = '"';
const BACKSLASH = '\\';

/**
 * Reads `prompt` into its words. On POSIX `\"` is a quote of the word, inside quotes or not, and
 * `\\` a backslash, so the quote after it opens a quoted part ('a\\"b c"' is the one name
 * 'a\b c'); every other escape stays as written, for the glob to read. Not on Windows, where "\"
 * is a separator and 'docs\"my notes"' is "my notes" in docs. A quote left open is a character
 * of its word, on both.
 */
export function promptWords(prompt: string, posix: boolean): string[] {
  const words: string[] = [];
  let at = 0;
  while (at < prompt.length) {
    if (isSpace(prompt[at])) {
      at += 1;
      continue;
    }
    let word = '';
    while (at < prompt.length && !isSpace(prompt[at])) {
      const read = (prompt[at] === QUOTE ? quotedPart(prompt, at + 1, posix) : undefined) ?? unquotedCharacter(prompt, at, posix);
      word += read.text;
      at = read.end;
    }
    words.push(word);
  }
  return words;
}

interface Read {
  readonly text: string;
  /** Where reading goes on. */
  readonly end: number;
}

/**
 * The part after an opening quote at `start - 1`, to its closing quote; none where the quote is
 * not closed, and the quote is then a character of the word, as an apostrophe is. A quote left
 * open ran to the end of the prompt: 'say"hi.txt docs' (a name holding a quote) was the one
 * pattern 'sayhi.txt docs', its path gone with no word said, and a stray quote was dropped.
 */
function quotedPart(prompt: string, start: number, posix: boolean): Read | undefined {
  let text = '';
  let at = start;
  while (at < prompt.length && prompt[at] !== QUOTE) {
    const pair = prompt.slice(at, at + 2);
    if (posix && (pair === `${BACKSLASH}${QUOTE}` || pair === `${BACKSLASH}${BACKSLASH}`)) {
      text += escapeRead(pair);
      at += 2;
    } else {
      text += prompt[at];
      at += 1;
    }
  }
  return at < prompt.length ? { text, end: at + 1 } : undefined;
}

/** One character outside quotes, or on POSIX an escape: a backslash and the character after it. */
function unquotedCharacter(prompt: string, at: number, posix: boolean): Read {
  const next = prompt[at + 1];
  if (posix && prompt[at] === BACKSLASH && next !== undefined && !isSpace(next)) {
    return { text: escapeRead(prompt.slice(at, at + 2)), end: at + 2 };
  }
  return { text: prompt[at], end: at + 1 };
}

/** `\"` as the quote it stands for; any other escape as written, for the glob to read. */
function escapeRead(pair: string): string {
  return pair === `${BACKSLASH}${QUOTE}` ? QUOTE : pair;
}

function isSpace(character: string): boolean {
  return /\s/.test(character);
}
