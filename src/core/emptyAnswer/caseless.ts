/**
 * Files that would match if case were ignored, looked for only while a search has matched
 * nothing. An empty answer can then name them ("README.md" for "readme.md"); "matching is
 * case-sensitive" alone leaves a model guessing which case the files have. (Directories in another
 * case are found by missingDirectory.ts.)
 */

import { NameCounter, type FoundNames } from './foundNames';
import type { RawName } from '../names';
import { compilePattern, type CompiledPattern } from '../pattern/pattern';

export type CaselessFound = FoundNames;

export class CaselessMatches {
  private readonly pattern: CompiledPattern | undefined;
  private readonly found = new NameCounter();

  constructor(pattern: CompiledPattern) {
    this.pattern = caselessPattern(pattern);
  }

  /**
   * Tests a name the pattern turned away; `relative` is its text relative to the search root.
   * True when it matches with case ignored.
   */
  consider(scope: number, name: RawName, relative: string): boolean {
    if (this.pattern?.matches(relative.toLowerCase())) {
      this.found.add(scope, name);
      return true;
    }
    return false;
  }

  matches(): CaselessFound | undefined {
    return this.found.count > 0 ? this.found : undefined;
  }
}

/**
 * The pattern in lower case, for names in lower case. None for a negated pattern (ignoring case
 * would turn files away, not find more) or one without letters that have a case.
 */
function caselessPattern(pattern: CompiledPattern): CompiledPattern | undefined {
  const lower = pattern.source.toLowerCase();
  if (pattern.negated || lower === pattern.source.toUpperCase()) {
    return undefined;
  }
  try {
    return compilePattern(lower);
  } catch {
    // Lower case can make a class invalid ("[Z-a]" becomes "[z-a]"); then no advice.
    return undefined;
  }
}
