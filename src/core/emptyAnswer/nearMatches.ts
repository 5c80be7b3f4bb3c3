/**
 * For an empty answer: the files that patterns near the one given match (nearPatterns.ts),
 * counted by one more walk with the search's own ignore rules (and, where it runs out of time,
 * walks of the top levels: countingWalk.ts), so the answer can name them and the pattern that
 * finds them instead of leaving the model to guess again (or, for an anchored pattern at any
 * depth and a near directory, say that it finds none either).
 *
 * ripgrep sieves the names to the patterns' endings where each has one (nameFilter.ts). The walk
 * runs alongside the look at ignored files and within the same time. On a 2-core machine the two
 * walks share the cores: an empty answer for "*.jpeg" in the 100k benchmark tree (no file of
 * either extension) took 0.65 s against 0.57 without this walk (`node dist/cli.js '*.jpeg'`, 5
 * interleaved runs against the build before); one that saves the model a second guess is worth
 * that.
 */

import { countingWalksThenTopLevels, type ThenTopLevelsOptions } from './countingWalk';
import { NameCounter, NameCounterByName, type FoundNames } from './foundNames';
import type { ScopeRules } from '../glob';
import type { MissingDirectory } from './missingDirectory';
import type { RawName } from '../names';
import { nearPatterns, type NearPatterns } from './nearPatterns';
import { NearSegments } from './nearSegments';
import { literalGlob } from '../request/patternPath';
import type { CompiledPattern } from '../pattern/pattern';
import type { GlobRequest, SearchScope } from '../request/request';
import { suffixesFilterArgs } from '../ripgrep/nameFilter';
import { hasNonAscii } from '../pattern/unicodeForms';

/** Matches counted per pattern at most: enough to say "at least" and show a few. */
const COUNTED_AT_MOST = 1_000;

/** Related endings named at most, those with the most files. */
const RELATED_SHOWN = 3;

/** Files a near pattern matches. */
export interface PatternMatches extends FoundNames {
  /** The pattern, as the answer gives it: "**\/*.yaml". */
  readonly pattern: string;
  /** False when the walk stopped first (time, enough counted): `count` is then a lower bound. */
  readonly complete: boolean;
}

export interface RelatedExtensionMatches extends PatternMatches {
  /** The ending without its first dot: "yaml", "test.ts". */
  readonly extension: string;
}

export interface NearMatches {
  /** For an anchored pattern, what it matches at any depth (none too); absent when nothing was learned. */
  readonly anyDepth?: PatternMatches;
  /** What the pattern matches with a missing directory's near one in its place (none too), as anyDepth. */
  readonly nearDirectory?: PatternMatches;
  /** What the pattern matches with the missing directory anywhere inside its parent; only when it finds files. */
  readonly missingDeeper?: PatternMatches;
  /** Files with the missing directory's name in its place, without an extension and with one; each only when there are some. */
  readonly fileNamed?: PatternMatches;
  readonly fileWithExtension?: PatternMatches;
  /** Those of both the pattern's last part matches as a name, only when there are some. */
  readonly fileFits?: PatternMatches;
  /** What the pattern matches one level down and below; only when it finds files. */
  readonly deeper?: PatternMatches;
  /** Files with the name the pattern gives, anywhere; only when they exist. */
  readonly nameElsewhere?: PatternMatches;
  /** Files with a name near the one a pattern without wildcards gives, anywhere (NearName), and the glob of their names. */
  readonly nearNames?: PatternMatches;
  /**
   * Files the pattern matches with a name near a directory it names after a wildcard
   * (NearSegment), the first such directory with any, for the near name with the most.
   */
  readonly nearSegment?: PatternMatches & { readonly directory: string; readonly nearDirectory: string };
  /** The related endings with files, most files first. */
  readonly relatedExtensions: readonly RelatedExtensionMatches[];
  /**
   * What the pattern itself matches, where it was asked for (`countPattern`): the pattern with its
   * empty alternative written out (probedRequest.ts) may find what the search did not; only when it finds files.
   */
  readonly pattern?: PatternMatches;
}

export interface NearMatchesOptions extends ThenTopLevelsOptions {
  readonly rulesFor: (scope: SearchScope) => ScopeRules;
  /** How long the search itself took, listing and all: see nearWholeWalkMs. */
  readonly searchMs?: number;
  /** Also count what the request's pattern itself matches (NearMatches' `pattern`). @default false */
  readonly countPattern?: boolean;
}

/**
 * How much more than the search itself the near walk is taken to need, where it walks the same
 * directories with the same rules: it reads no time and fewer names (the sieve), so less.
 */
const SEARCH_MARGIN = 1.25;

/**
 * How long the near walk's whole walk may take: the whole time bound where it walks what the
 * search walked and the search took well under the bound, since it will end and need no turn to
 * the top levels (its counts then stay exact, and "none either" can be said, in a workspace whose
 * walk takes longer than the share the whole walk gets otherwise); else the default share
 * (countingWalk.ts).
 */
export function nearWholeWalkMs({ searchMs, timeLimitMs, sameWalk }: { searchMs: number | undefined; timeLimitMs: number; sameWalk: boolean }): number | undefined {
  return sameWalk && searchMs !== undefined && searchMs * SEARCH_MARGIN <= timeLimitMs ? timeLimitMs : undefined;
}

type Single = Exclude<keyof NearPatterns, 'related' | 'nearName' | 'nearSegments' | 'fileInPlaceName'>;
const SINGLES: readonly Single[] = ['anyDepth', 'nearDirectory', 'missingDeeper', 'fileNamed', 'fileWithExtension', 'fileFits', 'deeper', 'nameElsewhere'];

export async function probeNearMatches(request: GlobRequest, options: NearMatchesOptions, missing?: MissingDirectory): Promise<NearMatches> {
  const patterns = nearPatterns(request.pattern, missing);
  const singles = SINGLES.flatMap((key) => {
    const pattern = patterns[key];
    return pattern ? [{ key, pattern }] : [];
  });
  const deeperRelated = patterns.related.flatMap(({ deeper }) => (deeper ? [deeper] : []));
  const anywhereRelated = patterns.related.flatMap(({ anywhere }) => (anywhere ? [anywhere] : []));
  const { nearName } = patterns;
  const own = options.countPattern ? [request.pattern] : [];
  const near: CompiledPattern[] = [...singles.map(({ pattern }) => pattern), ...patterns.related.map(({ pattern }) => pattern), ...deeperRelated, ...anywhereRelated, ...own];
  if (near.length === 0 && nearName === undefined && patterns.nearSegments.length === 0) {
    return { relatedExtensions: [] };
  }
  // A sieve only where every pattern has a fixed ending: it must let each one's files through. The
  // files in a missing directory's place with an extension pass by their name instead (without
  // one, by their name as an ending); those that fit are some of them.
  const byName = new Set([patterns.fileWithExtension, patterns.fileFits]);
  const tried = [...near.filter((pattern) => !byName.has(pattern)), ...patterns.nearSegments.map(({ anyName }) => anyName)];
  const suffixes = tried.map((pattern) => pattern.requiredSuffix).filter((suffix): suffix is string => suffix !== undefined);
  const stems = patterns.fileInPlaceName === undefined ? [] : [patterns.fileInPlaceName];
  const sieve = suffixes.length === tried.length ? suffixesFilterArgs([...suffixes, ...(nearName?.extensions ?? [])], stems) : [];
  const found = near.map(() => new NameCounter());
  const nearNames = new NearNames();
  const nearSegments = patterns.nearSegments.map((segment) => new NearSegments(segment));
  const counters = [...found, ...(nearName ? [nearNames] : []), ...nearSegments];
  const progress = { counted: 0, enough: false };
  // Only the related endings lie under the directories the pattern names.
  const directories = singles.length > 0 ? [] : request.pattern.literalDirectories;
  const wholeWalkMs =
    options.wholeWalkMs ?? nearWholeWalkMs({ searchMs: options.searchMs, timeLimitMs: options.timeLimitMs, sameWalk: directories.length === request.pattern.literalDirectories.length });
  const walked = await countingWalksThenTopLevels(
    request,
    {
      purpose: 'countNear',
      rules: (scope) => ({ ...options.rulesFor(scope), includeIgnored: request.includeIgnored }),
      directories,
      sieve,
      consider: (scope, name, relative) => {
        let added = false;
        near.forEach((pattern, i) => {
          if (found[i].count < COUNTED_AT_MOST && pattern.matches(relative)) {
            found[i].add(scope, name);
            added = true;
          }
        });
        for (const segment of nearSegments) {
          if (segment.count < COUNTED_AT_MOST && segment.consider(scope, name, relative)) {
            added = true;
          }
        }
        const baseName = relative.slice(relative.lastIndexOf('/') + 1);
        if (nearName?.isNear(baseName) && nearNames.count < COUNTED_AT_MOST) {
          nearNames.add(scope, name, baseName);
          added = true;
        }
        // Summed only when a count changed: most names match nothing, and summing counters of
        // three kinds for each of them took longer than the rest of this function.
        if (added) {
          progress.counted = counters.reduce((sum, counter) => sum + counter.count, 0);
          progress.enough = counters.every((counter) => counter.count === COUNTED_AT_MOST);
        }
        return progress;
      },
    },
    { ...options, ...(wholeWalkMs === undefined ? {} : { wholeWalkMs }) },
  );
  if (walked === undefined) {
    return { relatedExtensions: [] };
  }
  const matchesOf = (i: number): PatternMatches => ({ pattern: near[i].source, count: found[i].count, first: found[i].first, complete: walked && found[i].count < COUNTED_AT_MOST });
  const learned: Partial<Record<Single, PatternMatches>> = {};
  singles.forEach(({ key }, i) => {
    const matches = matchesOf(i);
    // "None" is said only of the any-depth pattern and the near directory, and only from a walk
    // that ended: from a cut walk it proves nothing.
    if (matches.count > 0 || (matches.complete && (key === 'anyDepth' || key === 'nearDirectory'))) {
      learned[key] = matches;
    }
  });
  const ownMatches = own.length > 0 ? matchesOf(near.length - 1) : undefined;
  const offeredNames = nearNames.offered();
  const nearSegment = firstNearSegment(nearSegments, walked);
  return {
    ...learned,
    ...(offeredNames ? { nearNames: { ...offeredNames, complete: walked && nearNames.count < COUNTED_AT_MOST } } : {}),
    ...(nearSegment ? { nearSegment } : {}),
    ...(ownMatches && ownMatches.count > 0 ? { pattern: ownMatches } : {}),
    relatedExtensions: patterns.related
      .map(({ extension, deeper, anywhere }, i) => {
        // Where the ending is, else one level down and below, else at any depth.
        const direct = matchesOf(singles.length + i);
        const down = deeper ? matchesOf(singles.length + patterns.related.length + deeperRelated.indexOf(deeper)) : undefined;
        const elsewhere = anywhere ? matchesOf(singles.length + patterns.related.length + deeperRelated.length + anywhereRelated.indexOf(anywhere)) : undefined;
        return { extension, ...([direct, down, elsewhere].find((matches) => matches !== undefined && matches.count > 0) ?? direct) };
      })
      .filter((matches) => matches.count > 0)
      .sort((a, b) => b.count - a.count)
      .slice(0, RELATED_SHOWN),
  };
}

/** What the first directory after a wildcard with files under a near name finds there (the near name with the most). */
function firstNearSegment(counted: readonly NearSegments[], walked: boolean): NearMatches['nearSegment'] {
  for (const segments of counted) {
    const nearest = segments.offered();
    if (nearest !== undefined) {
      return {
        pattern: segments.segment.with(nearest.name),
        count: nearest.found.count,
        first: nearest.found.first,
        complete: walked && segments.count < COUNTED_AT_MOST,
        directory: segments.segment.directory,
        nearDirectory: segments.segment.directoryWith(nearest.name),
      };
    }
  }
  return undefined;
}

/** Names offered in one glob at most, those of the most files first ("{util.py,utils2.py}"). */
const NEAR_NAMES_OFFERED = 3;

/** Files with a near name, and how many have each name. */
class NearNames extends NameCounterByName {
  /**
   * A name outside ASCII is counted under its NFC form: the glob offered for it matches a name in
   * any normalization form (unicodeForms.ts), so two that read the same are one name to it, and
   * counted apart, one of them fell out of the count of the files the glob finds.
   */
  override add(scope: number, name: RawName, by?: string): void {
    super.add(scope, name, by !== undefined && hasNonAscii(by) ? by.normalize('NFC') : by);
  }

  /**
   * The glob of the most common names (a pattern without "/" matches a name at any depth) and the
   * files it finds; none without files. Glob syntax in a name is put in brackets ("rea{me.md" as
   * "rea[{]me.md"), which is also how a "," stands in "{...}": written as they are, a brace made
   * the advice an invalid glob, and "[" or "*" one that finds other files.
   */
  offered(): (FoundNames & { readonly pattern: string }) | undefined {
    const offered = this.mostFirst().slice(0, NEAR_NAMES_OFFERED);
    if (offered.length === 0) {
      return undefined;
    }
    const names = offered.map(([name]) => name);
    const glob = names.length === 1 ? literalGlob(names[0]) : `{${names.map((name) => literalGlob(name, true)).join(',')}}`;
    // The files of the names offered only: with more near names than those, "finds them" was
    // said of every file with a near name, most of which the glob does not find.
    const examples = new NameCounter();
    for (const [, found] of offered) {
      found.first.forEach(({ scope, name }) => examples.add(scope, name));
    }
    return {
      // A "!" in front would make the glob a negation, every file but those ("!notes.md" for
      // "notes.md"); after "**/" it is part of the name, still matched at any depth.
      pattern: glob.startsWith('!') ? `**/${glob}` : glob,
      count: offered.reduce((sum, [, found]) => sum + found.count, 0),
      first: examples.first,
    };
  }
}
