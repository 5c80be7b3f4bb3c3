/**
 * Files an empty answer points to that the search itself did not return (they match when case is
 * ignored, or with `includeIgnored`): how many, and the first few, to name in the answer.
 */

import type { RawName } from './names';

/** Names kept: enough to show where those files are and what case they have. */
const EXAMPLES = 3;

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
