/**
 * For an empty answer to a pattern that ends in an extension (`**\/*.yml`, `src/*.jsx`): the
 * files with a related extension instead (`.yaml`, `.tsx`), and the pattern that finds them. A
 * model often writes the extension from habit: `.yml` in a project of `.yaml` files, `.js` or
 * `.jsx` in a TypeScript one. One more walk counts them (countingWalk.ts), with the search's own
 * ignore rules and ripgrep sieving the names to those endings, alongside the look at ignored
 * files and within the same time. On a 2-core machine the two walks share the cores: an empty
 * answer for "*.jpeg" in the 100k benchmark tree (no file of either) took 0.65 s against 0.57
 * without this walk (`node dist/cli.js '*.jpeg'`, 5 interleaved runs against the build before);
 * one that saves the model a second guess is worth that.
 */

import { countingWalks, type CountingWalkOptions } from './countingWalk';
import { NameCounter, type FoundNames } from './foundNames';
import type { ScopeRules } from './glob';
import { compilePattern, type CompiledPattern } from './pattern';
import type { GlobRequest, SearchScope } from './request';
import { endingsFilterArgs } from './ripgrep/nameFilter';

/**
 * Extensions a model takes for one another: spellings of one format, and the JavaScript and
 * TypeScript pairs a project has one side of.
 */
const RELATED_EXTENSIONS: ReadonlyArray<readonly string[]> = [
  ['yml', 'yaml'],
  ['jpg', 'jpeg'],
  ['htm', 'html'],
  ['tif', 'tiff'],
  ['md', 'markdown'],
  ['js', 'ts', 'mjs', 'cjs'],
  ['jsx', 'tsx'],
];

/** Matches counted per extension at most: enough to say "at least" and show a few. */
const COUNTED_AT_MOST = 1_000;

export interface RelatedExtensionMatches extends FoundNames {
  /** Without its dot: "yaml". */
  readonly extension: string;
  /** The search's pattern with that extension: "**\/*.yaml". */
  readonly pattern: string;
  /** False when the walk stopped first (time, enough counted): `count` is then a lower bound. */
  readonly complete: boolean;
}

export interface RelatedExtensionsOptions extends CountingWalkOptions {
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
}

/** The pattern with each extension related to the one it ends in; none for a negation. */
export function relatedPatterns(pattern: CompiledPattern): Array<{ readonly extension: string; readonly pattern: CompiledPattern }> {
  const match = /\.([a-z]+)$/.exec(pattern.source);
  if (pattern.negated || match === null || pattern.requiredSuffix === undefined) {
    return [];
  }
  const extension = match[1];
  const stem = pattern.source.slice(0, -extension.length);
  const others = RELATED_EXTENSIONS.find((group) => group.includes(extension))?.filter((other) => other !== extension) ?? [];
  return others.map((other) => ({ extension: other, pattern: compilePattern(`${stem}${other}`) }));
}

/** The related extensions with files, most files first; none when nothing was learned. */
export async function probeRelatedExtensions(request: GlobRequest, options: RelatedExtensionsOptions): Promise<RelatedExtensionMatches[]> {
  const related = relatedPatterns(request.pattern);
  if (related.length === 0) {
    return [];
  }
  const found = related.map(() => new NameCounter());
  const walked = await countingWalks(
    request,
    {
      purpose: 'countRelated',
      rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: request.includeIgnored }),
      sieve: endingsFilterArgs(related.map(({ extension }) => `.${extension}`)),
      consider: (scope, name, relative) => {
        related.forEach(({ pattern }, i) => {
          if (found[i].count < COUNTED_AT_MOST && pattern.matches(relative)) {
            found[i].add(scope, name);
          }
        });
        return { counted: found.reduce((sum, counter) => sum + counter.count, 0), enough: found.every((counter) => counter.count === COUNTED_AT_MOST) };
      },
    },
    options,
  );
  if (walked === undefined) {
    return [];
  }
  return related
    .map(({ extension, pattern }, i) => ({ extension, pattern: pattern.source, count: found[i].count, first: found[i].first, complete: walked && found[i].count < COUNTED_AT_MOST }))
    .filter((matches) => matches.count > 0)
    .sort((a, b) => b.count - a.count);
}
