/**
 * What `@glob` reads from a chat prompt: `PATTERN [PATH] [--include-ignored]`, a part with spaces
 * in double quotes. Free of the `vscode` module so plain-Node tests can check it.
 */

import type { GlobInput } from '../core/input';

export function parseChatPrompt(prompt: string): GlobInput | undefined {
  const words = Array.from(prompt.matchAll(/"([^"]*)"|(\S+)/g), (match) => match[1] ?? match[2]);
  const includeIgnored = words.includes('--include-ignored');
  const [pattern, path] = words.filter((word) => word !== '--include-ignored');
  if (!pattern) {
    return undefined;
  }
  return { pattern, ...(path ? { path } : {}), ...(includeIgnored ? { includeIgnored: true } : {}) };
}
