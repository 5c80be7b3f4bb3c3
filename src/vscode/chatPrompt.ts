/**
 * What `@glob` reads from a chat prompt: `PATTERN [PATH] [--include-ignored]`, a part with spaces
 * in double quotes. Free of the `vscode` module so plain-Node tests can check it.
 */

import type { GlobInput } from '../core/request/input';

const INCLUDE_IGNORED = '--include-ignored';

export function parseChatPrompt(prompt: string): GlobInput | undefined {
  const { includeIgnored, words } = promptParts(prompt);
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
export function leftOverWords(prompt: string): string[] {
  return promptParts(prompt).words.slice(2);
}

/**
 * A word: quoted parts and unquoted runs with no space between them, read as one, as a shell
 * reads them. Read apart, '"my docs"/*.md' was the pattern "my docs" and the path "/*.md", which
 * lies outside the workspace. A quote left open runs to the end of the prompt.
 */
const WORD = /(?:"[^"]*(?:"|$)|[^\s"]+)+/g;

/** The prompt's words other than the flag, in order, and whether the flag was among them. */
function promptParts(prompt: string): { readonly includeIgnored: boolean; readonly words: string[] } {
  const words = Array.from(prompt.matchAll(WORD), ([word]) => word.replace(/"/g, ''));
  return { includeIgnored: words.includes(INCLUDE_IGNORED), words: words.filter((word) => word !== INCLUDE_IGNORED) };
}
