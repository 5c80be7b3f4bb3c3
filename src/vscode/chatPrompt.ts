/**
 * What `@glob` reads from a chat prompt: `PATTERN [PATH] [--include-ignored]`, a part with spaces
 * in double quotes, a quote in a name as `\"` (not on Windows); its words as promptWords.ts reads
 * them. Free of the `vscode` module so plain-Node tests can check it.
 */

import type { GlobInput } from '../core/request/input';
import { promptWords, type PromptWord } from './promptWords';

const INCLUDE_IGNORED = '--include-ignored';
/**
 * The flag as it is also written: the tool's own field name ("--includeIgnored"), or with "_" or
 * no dash between the words. Each was the "path", and "@glob *.log --includeIgnored" answered
 * that no directory "--includeIgnored" exists.
 */
const INCLUDE_IGNORED_AS_WRITTEN = /^--include[-_]?ignored$/i;

export function parseChatPrompt(prompt: string, posix = process.platform !== 'win32'): GlobInput | undefined {
  const { includeIgnored, words } = promptParts(prompt, posix);
  const [pattern, path] = [words[0]?.glob, words[1]?.name];
  if (!pattern) {
    return undefined;
  }
  return { pattern, ...(path ? { path } : {}), ...(includeIgnored ? { includeIgnored: true } : {}) };
}

/**
 * The words of a prompt after its pattern and path, as typed. Read as they are, they would be
 * dropped without a word: "@glob *.ts src test" searched src alone and said so only as "in src/".
 * As typed, not as read: an empty '""' left over showed as nothing, and 'x "y z"' as three words.
 */
export function leftOverWords(prompt: string, posix = process.platform !== 'win32'): string[] {
  return promptParts(prompt, posix).words.slice(2).map(({ typed }) => typed);
}

/** The prompt's words other than the flag, in order, and whether the flag was among them. */
function promptParts(prompt: string, posix: boolean): { readonly includeIgnored: boolean; readonly words: PromptWord[] } {
  const words = promptWords(prompt, posix);
  const isFlag = ({ name }: PromptWord): boolean => INCLUDE_IGNORED_AS_WRITTEN.test(name);
  return { includeIgnored: words.some(isFlag), words: words.filter((word) => !isFlag(word)) };
}

/**
 * The prompt `parseChatPrompt` reads back as `input`: a part with a space, or a backtick at an
 * end, in quotes, and on POSIX each backslash of the path as `\\`, which the path reads as one
 * (the pattern's backslashes are the glob's own and go as written), and each double quote as
 * `\"`, as a shell takes it (a name holding one had no next search offered). None when a part is
 * empty, holds a double quote on Windows (where no prompt can carry one), or the prompt would not
 * read back as `input`.
 */
export function chatPromptFor(input: GlobInput, posix = process.platform !== 'win32'): string | undefined {
  const path = input.path === undefined ? [] : [posix ? input.path.replace(/\\/g, '\\\\') : input.path];
  const parts = [input.pattern, ...path].map((part) => (posix ? part.replace(/"/g, '\\"') : part));
  if (parts.some((part) => part === '' || (!posix && part.includes('"')))) {
    return undefined;
  }
  // Quoted, a backtick at a word's end is not read as a code span's.
  const words = parts.map((part) => (/\s|^`|`$/.test(part) ? `"${part}"` : part));
  const prompt = [...words, ...(input.includeIgnored ? [INCLUDE_IGNORED] : [])].join(' ');
  return readsBackAs(prompt, input, posix) ? prompt : undefined;
}

/**
 * Whether `prompt` is read as `input` and nothing more. Some parts no quoting carries, and a
 * prompt written for one read as another search, offered as the one: a part that is the flag is
 * the flag, a code span is markup inside quotes too ('"a `b` c"' is "a b c"), and on POSIX a
 * pattern's last backslash escapes the space or the quote after it.
 */
function readsBackAs(prompt: string, input: GlobInput, posix: boolean): boolean {
  const read = parseChatPrompt(prompt, posix);
  return (
    read?.pattern === input.pattern &&
    read.path === input.path &&
    Boolean(read.includeIgnored) === Boolean(input.includeIgnored) &&
    leftOverWords(prompt, posix).length === 0
  );
}
