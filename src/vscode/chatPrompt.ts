/**
 * What `@glob` reads from a chat prompt: `PATTERN [PATH] [--include-ignored]`, a part with spaces
 * in double quotes, a quote in a name as `\"` (not on Windows). Free of the `vscode` module so
 * plain-Node tests can check it.
 */

import type { GlobInput } from '../core/request/input';

const INCLUDE_IGNORED = '--include-ignored';

export function parseChatPrompt(prompt: string, posix = process.platform !== 'win32'): GlobInput | undefined {
  const { includeIgnored, words } = promptParts(prompt, posix);
  const [pattern, path] = words;
  if (!pattern) {
    return undefined;
  }
  return { pattern, ...(path ? { path } : {}), ...(includeIgnored ? { includeIgnored: true } : {}) };
}

/**
 * The words of a prompt after its pattern and path. Read as they are, they would be dropped
 * without a word: "@glob *.ts src test" searched src alone and said so only as "in src/".
 */
export function leftOverWords(prompt: string, posix = process.platform !== 'win32'): string[] {
  return promptParts(prompt, posix).words.slice(2);
}

/**
 * A word: quoted parts and unquoted runs with no space between them, read as one, as a shell
 * reads them. Read apart, '"my docs"/*.md' was the pattern "my docs" and the path "/*.md", which
 * lies outside the workspace. A quote left open runs to the end of the prompt.
 */
const WORD = /(?:"[^"]*(?:"|$)|[^\s"]+)+/g;

/**
 * The same, where `\"` outside quotes is a quote of the word, as in a shell, and the glob (where
 * `\"` matches `"`) read it before quoted parts were joined: 'say\"hi\".txt' was the pattern
 * 'say\hi\.txt', and a name holding a quote could not be asked for. Not on Windows, where "\" is
 * a separator and 'docs\"my notes"' is "my notes" in docs. A "\" escapes whatever follows it, so
 * "\\" is one backslash, to a shell and to the glob alike, and the quote after it opens a quoted
 * part ('a\\"b c"' is the one name 'a\b c', not 'a"b' and a path 'c'). Inside quotes, as in
 * a shell, `\"` is a quote too and `\\` one backslash: '"say \"hi\".txt" src' is a name and a path.
 */
const POSIX_WORD = /(?:"(?:\\["\\]|[^"\\]|\\)*(?:"|$)|(?:\\\S|[^\s"])+)+/g;

/** The prompt's words other than the flag, in order, and whether the flag was among them. */
function promptParts(prompt: string, posix: boolean): { readonly includeIgnored: boolean; readonly words: string[] } {
  const words = Array.from(prompt.matchAll(posix ? POSIX_WORD : WORD), ([word]) => unquoted(word, posix));
  return { includeIgnored: words.includes(INCLUDE_IGNORED), words: words.filter((word) => word !== INCLUDE_IGNORED) };
}

/**
 * A word without its quotes; on POSIX each `\"`, inside them or not, is the quote it stands
 * for, and every other escape stays as written, for the glob to read.
 */
function unquoted(word: string, posix: boolean): string {
  if (!posix) {
    return word.replace(/"[^"]*(?:"|$)/g, (part) => part.replace(/"/g, ''));
  }
  // The quoted part's own pairs are read from its start, as the word's were, so "\\\"" is "\\" and '"'.
  return word.replace(/"((?:\\["\\]|[^"\\]|\\)*)"?|\\\S/g, (part, quoted: string | undefined) =>
    quoted === undefined ? escapedQuoteRead(part) : quoted.replace(/\\["\\]/g, escapedQuoteRead),
  );
}

/** `\"` as the quote it stands for; any other escape as written, for the glob to read. */
function escapedQuoteRead(pair: string): string {
  return pair === '\\"' ? '"' : pair;
}
