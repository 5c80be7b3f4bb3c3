/**
 * What `@glob` reads from a chat prompt: `PATTERN [PATH] [--include-ignored]`, a part with spaces
 * in double quotes, a quote in a name as `\"` (not on Windows); its words as promptWords.ts reads
 * them. Free of the `vscode` module so plain-Node tests can check it.
 */

import type { GlobInput } from '../core/request/input';
import { promptWords } from './promptWords';

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

/** The prompt's words other than the flag, in order, and whether the flag was among them. */
function promptParts(prompt: string, posix: boolean): { readonly includeIgnored: boolean; readonly words: string[] } {
  const words = promptWords(prompt, posix);
  return { includeIgnored: words.includes(INCLUDE_IGNORED), words: words.filter((word) => word !== INCLUDE_IGNORED) };
}
