/**
 * The words of an `@glob` prompt, read as a shell reads them: quoted parts and unquoted runs with
 * no space between them are one word, on POSIX a backslash escapes a quote, and a code span's
 * backticks, as chat users write code, are markup. One character at a time rather than by
 * regular expressions: which quote closes a part depends on the escapes before it, and two
 * expressions (one to split, one to unquote) had to agree on that and did not. Free of the
 * `vscode` module so plain-Node tests can check it.
 */

const QUOTE = '"';
const BACKSLASH = '\\';

/**
 * What a word or a part of one spells, written for the two readers after it. The path is a name;
 * the pattern is a glob, which reads "\" as an escape, so a backslash the word spells is `\\` there.
 */
interface Spelling {
  /** What the word spells, for "path". */
  readonly name: string;
  /** The same as a glob, for "pattern". */
  readonly glob: string;
}

export interface PromptWord extends Spelling {
  /** The word as typed, quotes and escapes and all, to show a person which words were meant. */
  readonly typed: string;
}

/**
 * Reads a prompt into its words. On POSIX `\"` is a quote of the word, inside quotes or not, and
 * `\\` a backslash, so the quote after it opens a quoted part ('a\\"b c"' is the one name
 * 'a\b c'), and outside quotes `\ ` a space; every other escape stays as written, for the glob
 * to read ('\*' a star, not any name). Not on Windows, where "\" is a separator ('docs\"my
 * notes"' is "my notes" in docs) and `\\` starts a network path ("\\server\share"), so a path
 * keeps every backslash written there. A quote left open is a character of its word, on both.
 */
export function promptWords(typed: string, posix: boolean): PromptWord[] {
  const prompt = withoutCodeSpans(typed);
  const words: PromptWord[] = [];
  let at = 0;
  while (at < prompt.length) {
    if (isSpace(prompt[at])) {
      at += 1;
      continue;
    }
    const start = at;
    let name = '';
    let glob = '';
    while (at < prompt.length && !isSpace(prompt[at])) {
      const read = (prompt[at] === QUOTE ? quotedPart(prompt, at + 1, posix) : undefined) ?? unquotedCharacter(prompt, at, posix);
      name += read.name;
      glob += read.glob;
      at = read.end;
    }
    words.push({ name, glob, typed: prompt.slice(start, at) });
  }
  return words;
}

/**
 * A code span's text without its backticks. People write code in chat between backticks, and
 * "@glob `*.ts`" looked for names that start and end with one. Only a span that starts a word
 * and ends one, "`*.ts src`" too, so a name holding a backtick ("a`b`c") reads as written, and
 * "\`" or quotes around it keep one. A span closes with as many backticks as opened it, as in
 * Markdown: the first run of that many after it that ends a word. Each run is looked at once: a
 * regular expression looked for the close from every run that opens none to the end, and a
 * pasted prompt of 16,000 " `a" took a second, ten times that a minute and a half.
 */
function withoutCodeSpans(prompt: string): string {
  const runs = [...prompt.matchAll(/`+/g)].map(({ index, 0: ticks }) => ({ start: index, end: index + ticks.length }));
  // For each length, the runs of it that end a word, in order, and how far those are passed.
  const closing = new Map<number, { readonly at: number[]; passed: number }>();
  runs.forEach(({ start, end }, i) => {
    if (end === prompt.length || isSpace(prompt[end])) {
      const ofLength = closing.get(end - start) ?? { at: [], passed: 0 };
      ofLength.at.push(i);
      closing.set(end - start, ofLength);
    }
  });
  let text = '';
  let kept = 0;
  runs.forEach(({ start, end }, i) => {
    const opens = start >= kept && (start === 0 || isSpace(prompt[start - 1])) && end < prompt.length;
    const ofLength = opens ? closing.get(end - start) : undefined;
    if (ofLength === undefined) {
      return;
    }
    while (ofLength.passed < ofLength.at.length && ofLength.at[ofLength.passed] <= i) {
      ofLength.passed += 1;
    }
    const close = runs[ofLength.at[ofLength.passed]];
    if (close !== undefined) {
      text += prompt.slice(kept, start) + withoutInfoString(prompt.slice(end, close.start), end - start);
      kept = close.end;
    }
  });
  return text + prompt.slice(kept);
}

/**
 * A fenced block's text without its info string: three backticks or more with a line break
 * inside are a fence, whose first line names the language ("```ts"); it is no word of the search,
 * and "@glob ```ts⏎*.ts⏎```" looked for "ts" in a directory "*.ts".
 */
function withoutInfoString(text: string, ticks: number): string {
  const lineEnd = text.search(/[\n\r]/);
  return ticks >= 3 && lineEnd !== -1 ? text.slice(lineEnd) : text;
}

interface Read extends Spelling {
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
  let name = '';
  let glob = '';
  let at = start;
  while (at < prompt.length && prompt[at] !== QUOTE) {
    // Inside quotes, as in a shell, only a quote and a backslash are escaped.
    const pair = prompt.slice(at, at + 2);
    const escape = posix && (pair === `${BACKSLASH}${QUOTE}` || pair === `${BACKSLASH}${BACKSLASH}`);
    const read = escape ? escapeRead(pair) : asWritten(prompt[at]);
    name += read.name;
    glob += read.glob;
    at += escape ? 2 : 1;
  }
  return at < prompt.length ? { name, glob, end: at + 1 } : undefined;
}

/**
 * One character outside quotes, or on POSIX an escape: a backslash and the character after it.
 * A backslash before a space makes the space part of the word, as in a shell: "@glob *.md my\ docs"
 * was the path "my\" and "docs" left over. Not before a line break, which still ends the word.
 */
function unquotedCharacter(prompt: string, at: number, posix: boolean): Read {
  const next = prompt[at + 1];
  if (!posix || prompt[at] !== BACKSLASH || next === undefined || /[\n\r]/.test(next)) {
    return { ...asWritten(prompt[at]), end: at + 1 };
  }
  return { ...(isSpace(next) ? asWritten(next) : escapeRead(prompt.slice(at, at + 2))), end: at + 2 };
}

/**
 * An escape: `\"` is the quote it stands for, and `\\` one backslash, in a path too: there it
 * stayed "\\", and "@glob * back\\slash" looked for a folder with two backslashes in its name,
 * while the same word as the pattern matched one. Any other escape is as written, for the glob.
 */
function escapeRead(pair: string): Spelling {
  if (pair === `${BACKSLASH}${QUOTE}`) {
    return asWritten(QUOTE);
  }
  return pair === `${BACKSLASH}${BACKSLASH}` ? { name: BACKSLASH, glob: pair } : asWritten(pair);
}

function asWritten(text: string): Spelling {
  return { name: text, glob: text };
}

function isSpace(character: string): boolean {
  return /\s/.test(character);
}
