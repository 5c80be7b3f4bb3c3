/**
 * The files an empty answer's walk counts for a directory named after a wildcard (NearSegment in
 * nearPatterns.ts): by the near name their path has there, so the answer can offer the one with
 * the most.
 */

import { NameCounterByName, type FoundNames } from './foundNames';
import type { RawName } from '../names';
import type { NearSegment } from './nearPatterns';

/** Files under directories with a name near the one a pattern gives after a wildcard, by that name (NearSegment). */
export class NearSegments extends NameCounterByName {
  /** The part of the last path that decided its near names ("packages/core/test/"), whether for its subtree, and those names. */
  private last: { deciding: string; subtree: boolean; near: readonly string[] } | undefined;

  constructor(readonly segment: NearSegment) {
    super();
  }

  /**
   * Counts the file when a directory of its path has a near name and the pattern matches the
   * file with that name in its place. ripgrep lists the paths below a directory mostly together,
   * so the part of a path that decides (NearSegment.decidingPart) is judged once for them: judged
   * for each path, slicing and lowering names cost the 100k tree's empty answer about 60 ms.
   */
  consider(scope: number, name: RawName, relative: string): boolean {
    // Most directories have no near name: no closure, no search.
    for (const near of this.nearNamesOf(relative)) {
      if (this.segment.matchesWith(near, relative)) {
        this.add(scope, name, near);
        return true;
      }
    }
    return false;
  }

  /** The near names of a path's directories: the last path's where the same part decides. */
  private nearNamesOf(relative: string): readonly string[] {
    const last = this.last;
    if (last !== undefined && relative.startsWith(last.deciding) && (last.subtree || relative.indexOf('/', last.deciding.length) < 0)) {
      return last.near;
    }
    const { deciding, subtree } = this.segment.decidingPart(relative);
    this.last = { deciding, subtree, near: this.segment.nearNamesIn(deciding) };
    return this.last.near;
  }

  /**
   * The nearest name, and of those the one with the most files, which the answer offers: "test/"
   * or "__tests__/" for "tests/" before "test3/", a fixture's, however many files it holds. None
   * without files, nor where it holds glob syntax (the pattern would read it as a glob).
   */
  offered(): { name: string; found: FoundNames } | undefined {
    const offered = this.mostFirst().filter(([name]) => !/[*?[\]{}\\,]/.test(name));
    const [best] = offered.sort(([a], [b]) => this.segment.nearness(a) - this.segment.nearness(b));
    return best && { name: best[0], found: best[1] };
  }
}
