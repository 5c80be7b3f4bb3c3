/**
 * Files named as a pattern without wildcards says, but with another extension or with one where
 * the pattern has none: "README.md" for "README", "tsconfig.base.json" for "tsconfig.json",
 * "src/index.ts" for "index.tsx". A model often recalls a name without its extension, or with
 * the wrong one; an empty answer then names the files that exist and the glob that finds them
 * (the name's stem and ".*"), instead of leaving the model to guess again. A name recalled in
 * another case as well ("readme" for "README.md") is found the same way, when no name has the
 * pattern's own case; the glob then has their case ("README.*", "{README,Readme}.*").
 *
 * They are looked for while listing, among the names the pattern turns away before anything
 * matched, as caseless.ts looks for names in another case; ripgrep's sieve lets them through
 * (nameFilter.ts).
 */

import { NameCounter, type FoundNames } from './foundNames';
import type { RawName } from '../names';
import { compilePattern, type CompiledPattern } from '../pattern/pattern';

export interface SameStemFound extends FoundNames {
  /** The glob that finds them. */
  readonly pattern: string;
  /**
   * Set when their names have another case than the pattern's: then `pattern` is written in
   * their cases (the most common few), and matches `patternFinds` of them.
   */
  readonly otherCase?: { readonly patternFinds: number };
}

/** The glob of the pattern's name with any extension. */
export interface StemGlob {
  /** As a pattern, anchored where the pattern is: "README.*", "src/config.*". */
  readonly pattern: string;
  /** The stem alone, for ripgrep's sieve: "README", "config". */
  readonly stem: string;
}

/**
 * The glob for a pattern without wildcards (and without escapes, which would have to be carried
 * into the glob): its last segment up to its extension, then ".*". A name starting with "." and
 * no other dot (".env") is all stem.
 */
export function stemGlob(pattern: CompiledPattern): StemGlob | undefined {
  const source = pattern.source;
  if (!pattern.literal || source.includes('\\')) {
    return undefined;
  }
  const nameStart = source.lastIndexOf('/') + 1;
  const lastName = source.slice(nameStart);
  const dot = lastName.lastIndexOf('.');
  const stem = dot > 0 ? lastName.slice(0, dot) : lastName;
  if (stem === '') {
    return undefined;
  }
  return { pattern: `${source.slice(0, nameStart)}${stem}.*`, stem };
}

/** Stems in other cases offered in one glob, the most common first ("{README,Readme}.*"). */
const OTHER_CASE_STEMS = 4;

export class SameStemMatches {
  private readonly matcher: CompiledPattern | undefined;
  private readonly caselessMatcher: CompiledPattern | undefined;
  private readonly found = new NameCounter();
  private readonly foundInOtherCase = new NameCounter();
  /** How many names found in another case have each stem, as written there ("README"). */
  private readonly otherCaseStems = new Map<string, number>();
  /** Each name's directories and stem as found, and the stem when the glob with it finds the name. */
  private readonly stemsChecked = new Map<string, string | undefined>();

  constructor(readonly glob: StemGlob | undefined) {
    this.matcher = glob && compilePattern(glob.pattern);
    this.caselessMatcher = glob && compilePattern(glob.pattern.toLowerCase());
  }

  /**
   * Tests a name the pattern turned away; `relative` is its text relative to the search root.
   * `caselessTaken`: the name matches the pattern itself when case is ignored, and is named as
   * such (caseless.ts), not here.
   */
  consider(scope: number, name: RawName, relative: string, caselessTaken: boolean): void {
    if (this.matcher?.matches(relative)) {
      this.found.add(scope, name);
      return;
    }
    if (caselessTaken || !this.glob || !this.caselessMatcher?.matches(relative.toLowerCase())) {
      return;
    }
    this.foundInOtherCase.add(scope, name);
    // Compiled once for each way of writing the directories and the stem, not for each name.
    const key = relative.slice(0, relative.lastIndexOf('/') + 1 + this.glob.stem.length);
    const stem = this.stemsChecked.has(key) ? this.stemsChecked.get(key) : stemInCaseOf(this.glob, relative);
    this.stemsChecked.set(key, stem);
    if (stem !== undefined) {
      this.otherCaseStems.set(stem, (this.otherCaseStems.get(stem) ?? 0) + 1);
    }
  }

  matches(): SameStemFound | undefined {
    if (!this.glob) {
      return undefined;
    }
    if (this.found.count > 0) {
      return { pattern: this.glob.pattern, count: this.found.count, first: this.found.first };
    }
    const mostCommon = [...this.otherCaseStems].sort(([, a], [, b]) => b - a);
    // A stem with "," or a brace cannot stand in an alternation; then the most common stem alone.
    const stems = mostCommon.slice(0, mostCommon.some(([stem]) => /[,{}]/.test(stem)) ? 1 : OTHER_CASE_STEMS);
    if (stems.length === 0) {
      return undefined;
    }
    const written = stems.length === 1 ? stems[0][0] : `{${stems.map(([stem]) => stem).join(',')}}`;
    const patternFinds = stems.reduce((sum, [, files]) => sum + files, 0);
    const { count, first } = this.foundInOtherCase;
    return { pattern: `${directoriesOf(this.glob)}${written}.*`, count, first, otherCase: { patternFinds } };
  }
}

/**
 * The stem as `relative` writes it, a name the stem glob matches only when case is ignored:
 * undefined when the glob with that stem would not match it either (its directories have
 * another case than the pattern's, or the stem's letters change length in lower case).
 */
function stemInCaseOf(glob: StemGlob, relative: string): string | undefined {
  const nameStart = relative.lastIndexOf('/') + 1;
  const stem = relative.slice(nameStart, nameStart + glob.stem.length);
  return compilePattern(`${directoriesOf(glob)}${stem}.*`).matches(relative) ? stem : undefined;
}

/** What the stem glob puts before the stem: the pattern's directories ("src/"), or nothing. */
function directoriesOf(glob: StemGlob): string {
  return glob.pattern.slice(0, glob.pattern.length - glob.stem.length - '.*'.length);
}
