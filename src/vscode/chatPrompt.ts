/**
 * What `@glob` reads from a chat prompt: `PATTERN [PATH] [--include-ignored]`, a part with spaces
 * in double quotes. Free of the `vscode` module so plain-Node tests can check it.
 */

import type { GlobInput } from '../core/request/input';

const INCLUDE_IGNORED = '--include-ignored';

export function parseChatPrompt(prompt: string): GlobInput | undefined {
  const words = promptWords(prompt);
  const includeIgnored = words.includes(INCLUDE_IGNORED);
  const [pattern, path] = words.filter((word) => word !== INCLUDE_IGNORED);
  if (!pattern) {
    return undefined;
  }
  return { pattern, ...(path ? { path } : {}), ...(includeIgnored ? { includeIgnored: true } : {}) };
}

/**
 * The words of a prompt after its pattern and path. Read as they are, they would be dropped
 * without a word: "@glob *.ts src test" searched src alone and said so only as "in src/".
 */
export function leftOverWords(prompt: string): string[] {
  return promptWords(prompt)
    .filter((word) => word !== INCLUDE_IGNORED)
    .slice(2);
}

function promptWords(prompt: string): string[] {
  return Array.from(prompt.matchAll(/"([^"]*)"|(\S+)/g), (match) => match[1] ?? match[2]);
}
