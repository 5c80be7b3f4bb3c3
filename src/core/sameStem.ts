/**
 * Files named as a pattern without wildcards says, but with another extension or with one where
 * the pattern has none: "README.md" for "README", "tsconfig.base.json" for "tsconfig.json",
 * "src/index.ts" for "index.tsx". A model often recalls a name without its extension, or with
 * the wrong one; an empty answer then names the files that exist and the glob that finds them
 * (the name's stem and ".*"), instead of leaving the model to guess again.
 *
 * They are looked for while listing, among the names the pattern turns away before anything
 * matched, as caseless.ts looks for names in another case; ripgrep's sieve lets them through
 * (nameFilter.ts).
 */

import { NameCounter, type FoundNames } from './foundNames';
import type { RawName } from './names';
import { compilePattern, type CompiledPattern } from './pattern';

export interface SameStemFound extends FoundNames {
  /** The glob that finds them. */
  readonly pattern: string;
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

export class SameStemMatches {
  private readonly matcher: CompiledPattern | undefined;
  private readonly found = new NameCounter();

  constructor(readonly glob: StemGlob | undefined) {
    this.matcher = glob && compilePattern(glob.pattern);
  }

  /** Tests a name the pattern turned away; `relative` is its text relative to the search root. */
  consider(scope: number, name: RawName, relative: string): void {
    if (this.matcher?.matches(relative)) {
      this.found.add(scope, name);
    }
  }

  matches(): SameStemFound | undefined {
    return this.glob && this.found.count > 0 ? { pattern: this.glob.pattern, count: this.found.count, first: this.found.first } : undefined;
  }
}
