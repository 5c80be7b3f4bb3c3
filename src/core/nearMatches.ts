/**
 * For an empty answer: the files that patterns near the one given match, counted by one more walk
 * with the search's own ignore rules (countingWalk.ts), so the answer can name them and the
 * pattern that finds them instead of leaving the model to guess again:
 * - an anchored pattern at any depth (`src/components/*.tsx` → `**\/src/components/*.tsx`): the
 *   answer says how many files that finds, or that it finds none either, where it used to only
 *   advise trying it;
 * - a pattern ending in an extension with each related one (`**\/*.yml` → `**\/*.yaml`, `*.js` →
 *   `*.ts`): a model often writes the extension from habit;
 * - a pattern naming a directory that does not exist, with the one of the nearest name in its
 *   place (`tests/**` → `test/**`, missingDirectory.ts).
 *
 * ripgrep sieves the names to the patterns' endings where each has one (nameFilter.ts). The walk
 * runs alongside the look at ignored files and within the same time. On a 2-core machine the two
 * walks share the cores: an empty answer for "*.jpeg" in the 100k benchmark tree (no file of
 * either extension) took 0.65 s against 0.57 without this walk (`node dist/cli.js '*.jpeg'`, 5
 * interleaved runs against the build before); one that saves the model a second guess is worth
 * that.
 */

import { countingWalks, type CountingWalkOptions } from './countingWalk';
import { NameCounter, type FoundNames } from './foundNames';
import type { ScopeRules } from './glob';
import { atAnyDepth, compilePattern, type CompiledPattern } from './pattern';
import type { MissingDirectory } from './missingDirectory';
import type { GlobRequest, SearchScope } from './request';
import { suffixesFilterArgs } from './ripgrep/nameFilter';

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

/** Matches counted per pattern at most: enough to say "at least" and show a few. */
const COUNTED_AT_MOST = 1_000;

/** Files a near pattern matches. */
export interface PatternMatches extends FoundNames {
  /** The pattern, as the answer gives it: "**\/*.yaml". */
  readonly pattern: string;
  /** False when the walk stopped first (time, enough counted): `count` is then a lower bound. */
  readonly complete: boolean;
}

export interface RelatedExtensionMatches extends PatternMatches {
  /** Without its dot: "yaml". */
  readonly extension: string;
}

export interface NearMatches {
  /** For an anchored pattern, what it matches at any depth (none too); absent when nothing was learned. */
  readonly anyDepth?: PatternMatches;
  /** What the pattern matches with a missing directory's near one in its place (none too), as anyDepth. */
  readonly nearDirectory?: PatternMatches;
  /** The related extensions with files, most files first. */
  readonly relatedExtensions: readonly RelatedExtensionMatches[];
}

export interface NearMatchesOptions extends CountingWalkOptions {
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

/** The anchored pattern at any depth; none for one that is not anchored or already starts with "**". */
function anyDepthPattern(pattern: CompiledPattern): CompiledPattern | undefined {
  const glob = pattern.anchored ? atAnyDepth(pattern.source) : undefined;
  return glob === undefined ? undefined : compilePattern(glob);
}

export async function probeNearMatches(request: GlobRequest, options: NearMatchesOptions, missing?: MissingDirectory): Promise<NearMatches> {
  const related = relatedPatterns(request.pattern);
  const anyDepth = anyDepthPattern(request.pattern);
  const nearDirectory = missing?.near?.pattern === undefined ? undefined : compilePattern(missing.near.pattern);
  const near = [...(anyDepth ? [anyDepth] : []), ...(nearDirectory ? [nearDirectory] : []), ...related.map(({ pattern }) => pattern)];
  if (near.length === 0) {
    return { relatedExtensions: [] };
  }
  // A sieve only where every pattern has a fixed ending: it must let each one's files through.
  const suffixes = near.map((pattern) => pattern.requiredSuffix).filter((suffix): suffix is string => suffix !== undefined);
  const sieve = suffixes.length === near.length ? suffixesFilterArgs(suffixes) : [];
  const found = near.map(() => new NameCounter());
  const walked = await countingWalks(
    request,
    {
      purpose: 'countNear',
      rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: request.includeIgnored }),
      // The pattern at any depth, and with another directory, lie under no directory the pattern names.
      directories: anyDepth || nearDirectory ? [] : request.pattern.literalDirectories,
      sieve,
      consider: (scope, name, relative) => {
        near.forEach((pattern, i) => {
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
    return { relatedExtensions: [] };
  }
  const matchesOf = (i: number): PatternMatches => ({ pattern: near[i].source, count: found[i].count, first: found[i].first, complete: walked && found[i].count < COUNTED_AT_MOST });
  const anyDepthMatches = anyDepth ? matchesOf(0) : undefined;
  const nearDirectoryMatches = nearDirectory ? matchesOf(anyDepth ? 1 : 0) : undefined;
  const offset = (anyDepth ? 1 : 0) + (nearDirectory ? 1 : 0);
  // What it found, or that it found none in a walk that ended: "none" from a cut walk proves nothing.
  const learned = (matches: PatternMatches | undefined): matches is PatternMatches => matches !== undefined && (matches.count > 0 || matches.complete);
  return {
    ...(learned(anyDepthMatches) ? { anyDepth: anyDepthMatches } : {}),
    ...(learned(nearDirectoryMatches) ? { nearDirectory: nearDirectoryMatches } : {}),
    relatedExtensions: related
      .map(({ extension }, i) => ({ extension, ...matchesOf(offset + i) }))
      .filter((matches) => matches.count > 0)
      .sort((a, b) => b.count - a.count),
  };
}
