/**
 * Files an empty answer points to that the search itself did not return (they match when case is
 * ignored, or with `includeIgnored`): how many, and the first few, to name in the answer.
 */

import type { RawName } from '../names';

/** Names kept: enough to show where those files are and what case they have. */
export const EXAMPLES = 3;

export interface FoundNames {
  readonly count: number;
  /**
   * A few, with their scope (index into the request's scopes): those in the fewest directories,
   * the first met among equals, shallowest first.
   */
  readonly first: ReadonlyArray<{ readonly scope: number; readonly name: RawName }>;
}

export class NameCounter implements FoundNames {
  count = 0;
  readonly first: Array<{ scope: number; name: RawName }> = [];
  /** How many directories each of `first` lies in. */
  private readonly depths: number[] = [];

  /**
   * The shallowest are kept, not the first met: ripgrep may reach a fixture deep in a package
   * before the top, and "README" was answered with three test fixtures' README.md, not the
   * project's own at the root.
   */
  add(scope: number, name: RawName): void {
    this.count += 1;
    if (this.first.length === EXAMPLES && this.depths[EXAMPLES - 1] === 0) {
      return;
    }
    const depth = directoriesIn(name);
    let at = this.first.length;
    while (at > 0 && this.depths[at - 1] > depth) {
      at -= 1;
    }
    if (at < EXAMPLES) {
      this.first.splice(at, 0, { scope, name });
      this.depths.splice(at, 0, depth);
      this.first.length = Math.min(this.first.length, EXAMPLES);
      this.depths.length = this.first.length;
    }
  }
}

/** How many "/" a name holds. */
function directoriesIn(name: RawName): number {
  const next = typeof name === 'string' ? (from: number): number => name.indexOf('/', from) : (from: number): number => name.indexOf(0x2f, from);
  let slashes = 0;
  for (let at = next(0); at !== -1; at = next(at + 1)) {
    slashes += 1;
  }
  return slashes;
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

/**
 * Names counted as a whole and by the top-level entry each lies in (its first segment below the
 * search root, as the page's entries: "node_modules/", "README.md"). The first names met often all
 * lie in one entry (ripgrep walks one directory to its end before the next), so the examples are
 * one of each entry, as a round-robin page takes them, and the answer can say how the count
 * splits: "node_modules/ 950 · dist/ 50", not three names from node_modules alone. Each entry's
 * example is its shallowest name, as NameCounter's are: "dist/index.d.ts", not the first met,
 * "dist/esm/internal/x.d.ts".
 */
export class NameCounterByEntry extends NameCounter {
  private readonly byEntry = new Map<string, { count: number; first: { scope: number; name: RawName }; depth: number }>();

  override add(scope: number, name: RawName, entry?: string): void {
    super.add(scope, name);
    if (entry === undefined) {
      return;
    }
    const counted = this.byEntry.get(entry);
    if (counted === undefined) {
      this.byEntry.set(entry, { count: 1, first: { scope, name }, depth: directoriesIn(name) });
      return;
    }
    counted.count += 1;
    // An entry's top is as shallow as a name in it gets ("dist/x.d.ts"): past it, no look.
    if (counted.depth > 1) {
      const depth = directoriesIn(name);
      if (depth < counted.depth) {
        counted.first = { scope, name };
        counted.depth = depth;
      }
    }
  }

  /** The entries with their counts, the most first (ties in the order they were met). */
  entries(): Array<{ label: string; count: number }> {
    return [...this.byEntry].map(([label, { count }]) => ({ label, count })).sort((a, b) => b.count - a.count);
  }

  /** The shallowest name of each entry, in the order the entries were met, then the shallowest names met. */
  examples(): Array<{ scope: number; name: RawName }> {
    const picked = [...this.byEntry.values()].slice(0, EXAMPLES).map(({ first }) => first);
    for (const found of this.first) {
      if (picked.length === EXAMPLES) {
        break;
      }
      if (!picked.some((chosen) => chosen.scope === found.scope && chosen.name === found.name)) {
        picked.push(found);
      }
    }
    return picked;
  }
}
