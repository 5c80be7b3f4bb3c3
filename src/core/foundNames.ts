/**
 * Files an empty answer points to that the search itself did not return (they match when case is
 * ignored, or with `includeIgnored`): how many, and the first few, to name in the answer.
 */

import type { RawName } from './names';

/** Names kept: enough to show where those files are and what case they have. */
export const EXAMPLES = 3;

export interface FoundNames {
  readonly count: number;
  /** The first few, with their scope (index into the request's scopes). */
  readonly first: ReadonlyArray<{ readonly scope: number; readonly name: RawName }>;
}

export class NameCounter implements FoundNames {
  count = 0;
  readonly first: Array<{ scope: number; name: RawName }> = [];

  add(scope: number, name: RawName): void {
    this.count += 1;
    if (this.first.length < EXAMPLES) {
      this.first.push({ scope, name });
    }
  }
}

/**
 * Names counted as a whole and by a name each comes with (the near name a file or its directory
 * has), so an answer can offer the one with the most.
 */
export class NameCounterByName extends NameCounter {
  protected readonly byName = new Map<string, NameCounter>();

  override add(scope: number, name: RawName, by?: string): void {
    super.add(scope, name);
    if (by !== undefined) {
      let found = this.byName.get(by);
      if (found === undefined) {
        found = new NameCounter();
        this.byName.set(by, found);
      }
      found.add(scope, name);
    }
  }

  /** The names they came with, those with the most first. */
  protected mostFirst(): Array<[string, NameCounter]> {
    return [...this.byName].sort(([, a], [, b]) => b.count - a.count);
  }
}
