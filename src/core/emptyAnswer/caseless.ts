/**
 * Files that would match if case were ignored, looked for only while a search has matched
 * nothing. An empty answer can then name them ("README.md" for "readme.md"); "matching is
 * case-sensitive" alone leaves a model guessing which case the files have. (Directories in another
 * case are found by missingDirectory.ts.)
 */

import { NameCounter, type FoundNames } from './foundNames';
import type { RawName } from '../names';
import { compilePattern, type CompiledPattern } from '../pattern/pattern';
import { hasNonAscii } from '../pattern/unicodeForms';

export interface CaselessFound extends FoundNames {
  /**
   * A pattern that finds them, and how many it finds: the pattern in lower case where that finds
   * every one ("package.json" for "Package.json"), else the pattern with each letter written as a
   * class of its two cases ("[rR][eE]..."): where the names are written in more than one case
   * ("README.md", "Readme.md"), "write the pattern in their case" takes one pattern per case.
   */
  readonly inTheirCase?: InTheirCase;
}

/** A pattern that finds files named in another case, how many of them it finds, and whether it is the pattern in lower case. */
export interface InTheirCase {
  readonly pattern: string;
  readonly finds: number;
  readonly lowerCase: boolean;
}

export class CaselessMatches {
  private readonly pattern: CompiledPattern | undefined;
  private readonly found = new NameCounter();
  private readonly anyCase: { readonly glob: string; readonly pattern: CompiledPattern } | undefined;
  private lowerCaseFinds = 0;
  private anyCaseFinds = 0;
  /**
   * Whether a pattern offered could take a name that does not match with case ignored: a class
   * keeps its case in the offered pattern but not in the caseless look ("[A-z]" takes "_", lower
   * "[a-z]" does not; "[!a-z]" takes "A"), and "?" takes one "İ" where the caseless look reads
   * two characters. "[A-z][xX]" was offered as finding "ax" and "Bx", and found "_x" too.
   */
  private readonly mayFindOthers: boolean;
  private lowerCaseFindsOthers = false;
  private anyCaseFindsOthers = false;

  constructor(pattern: CompiledPattern) {
    this.pattern = caselessPattern(pattern);
    this.anyCase = this.pattern && anyCasePattern(pattern.source);
    // Without a class, "?" or a character outside ASCII, a name either pattern takes as written
    // matches with case ignored, and the names need no second test.
    this.mayFindOthers = /[[?]/.test(pattern.source) || hasNonAscii(pattern.source);
  }

  /**
   * Tests a name the pattern turned away; `relative` is its text relative to the search root.
   * True when it matches with case ignored.
   */
  consider(scope: number, name: RawName, relative: string): boolean {
    const lower = relative.toLowerCase();
    if (this.pattern?.matches(lower)) {
      this.found.add(scope, name);
      // The lower-case pattern finds the name as it is written where that is in lower case.
      if (this.pattern.matches(relative)) {
        this.lowerCaseFinds += 1;
      }
      if (this.anyCase?.pattern.matches(relative)) {
        this.anyCaseFinds += 1;
      }
      return true;
    }
    if (this.mayFindOthers) {
      // A name in lower case is one the lower-case pattern takes only if the caseless look does.
      this.lowerCaseFindsOthers ||= lower !== relative && this.pattern?.matches(relative) === true;
      this.anyCaseFindsOthers ||= this.anyCase?.pattern.matches(relative) === true;
    }
    return false;
  }

  matches(): CaselessFound | undefined {
    if (this.found.count === 0) {
      return undefined;
    }
    const { count, first } = this.found;
    const inTheirCase =
      this.pattern && this.lowerCaseFinds === count && !this.lowerCaseFindsOthers
        ? { pattern: this.pattern.source, finds: count, lowerCase: true }
        : this.anyCase && this.anyCaseFinds > 0 && !this.anyCaseFindsOthers
          ? { pattern: this.anyCase.glob, finds: this.anyCaseFinds, lowerCase: false }
          : undefined;
    return { count, first, ...(inTheirCase ? { inTheirCase } : {}) };
  }
}

/**
 * `glob` with each letter outside a class written as a class of its two cases ("*.MD" is
 * "*.[mM][dD]"), escaped ones too; classes are kept as written. A letter whose other case is
 * more than one character ("ß", "SS") is kept, as are characters without case. Undefined where
 * the result does not compile.
 */
function anyCasePattern(glob: string): { glob: string; pattern: CompiledPattern } | undefined {
  const chars = Array.from(glob);
  let written = '';
  for (let i = 0; i < chars.length; i += 1) {
    const c = chars[i];
    if (c === '[') {
      const end = classEnd(chars, i + 1);
      written += chars.slice(i, end).join('');
      i = end - 1;
    } else if (c === '\\' && i + 1 < chars.length) {
      const escaped = chars[i + 1];
      written += bothCases(escaped) ?? `\\${escaped}`;
      i += 1;
    } else {
      written += bothCases(c) ?? c;
    }
  }
  try {
    return { glob: written, pattern: compilePattern(written) };
  } catch {
    return undefined;
  }
}

/** "[rR]" for "r" or "R"; undefined for a character without two one-character cases. */
function bothCases(c: string): string | undefined {
  const lower = c.toLowerCase();
  const upper = c.toUpperCase();
  return lower !== upper && Array.from(lower).length === 1 && Array.from(upper).length === 1 ? `[${lower}${upper}]` : undefined;
}

/** Where the class whose body starts at `start` ends (after its "]"), as globSyntax.ts reads one; the glob's end if it never closes. */
function classEnd(chars: readonly string[], start: number): number {
  let i = chars[start] === '!' || chars[start] === '^' ? start + 1 : start;
  // A "]" first in the class is one of its characters.
  if (chars[i] === ']') {
    i += 1;
  }
  while (i < chars.length && chars[i] !== ']') {
    i += 1;
  }
  return Math.min(i + 1, chars.length);
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
