/**
 * Facts that explain an empty result, looked up only when nothing matched: the first directory
 * the pattern names that does not exist (and the one beside it with the nearest name,
 * missingDirectory.ts, with what the pattern finds there, nearMatches.ts; or, with none near,
 * those beside it that the search walks into, searchedDirectories.ts), a pattern that repeats
 * the end of its search root ("path": "src" with "pattern": "src/core/*.ts" looks for
 * src/src/core), files that match when case is ignored and files with the name of a pattern
 * without wildcards and another extension (both found while listing, caseless.ts and
 * sameStem.ts), those near patterns match (nearPatterns.ts: an anchored one at any depth, one
 * level deeper, the file's name alone, names near it, a near directory after a wildcard, one
 * with a related ending) and those `includeIgnored` would add (one more walk each, nearMatches.ts
 * and ignoredProbe.ts; where the near directory holds no match, one more for those it hides), and
 * slips in how the pattern was written (patternSlips.ts).
 */

import * as nodePath from 'node:path';
import type { CollectedMatches } from '../walk/collect';
import { EXAMPLES } from './foundNames';
import type { IgnoredMatches } from './ignoredProbe';
import type { MissingDirectory } from './missingDirectory';
import type { NearMatches, PatternMatches } from './nearMatches';
import { showName, type RawName } from '../names';
import { quoted } from '../words';
import { offeredPattern } from '../request/absolutePattern';
import { whyNotOnDisk } from '../request/foldersOnDisk';
import { isDirectory, joinedInAnyForm } from '../request/onDisk';
import { anchoredPattern, hasGlobSyntax, pathSegments, repeatedTailLengths, versionControlNamed } from '../request/patternPath';
import { directoriesMeantOtherwise, patternSlips, type PatternSlips } from './patternSlips';
import type { GlobRequest } from '../request/request';
import type { EmptyResultFacts, ShownPatternMatches } from '../page/result';
import { shownPath } from '../walk/scopePaths';
import { hasNonAscii } from '../pattern/unicodeForms';

/** A directory's name with its "/", in quotes; one that is not UTF-8 as the page shows its bytes ("bad\xff/"). */
function shownDirectory(name: string, bytes: Buffer | undefined): string {
  return bytes ? showName(Buffer.concat([bytes, Buffer.from('/')])) : quoted(`${name}/`);
}

/**
 * Directories beside a missing one named at most. A model that guessed the layout learns it from
 * this list; a workspace's top level seldom holds more, and past it the rest are counted.
 */
const SIBLINGS_NAMED = 30;

export async function explainEmpty(
  request: GlobRequest,
  { caseless, sameStem }: Pick<CollectedMatches, 'caseless' | 'sameStem'>,
  { ignored, nearIgnored }: { readonly ignored?: IgnoredMatches; readonly nearIgnored?: IgnoredMatches },
  { anyDepth, relatedExtensions, nearDirectory, missingDeeper, fileNamed, fileWithExtension, fileFits, deeper, nameElsewhere, nearNames, nearSegment }: NearMatches,
  missing: MissingDirectory | undefined,
): Promise<EmptyResultFacts> {
  const versionControl = versionControlNamed(request.pattern.source);
  if (versionControl !== undefined) {
    return { versionControl };
  }
  const shown = (found: ReadonlyArray<{ scope: number; name: RawName }>): string[] => found.map(({ scope, name }) => shownPath(request.scopes[scope], name));
  const offered = (pattern: string): string => offeredPattern(request.absoluteRoot, pattern);
  const shownMatches = ({ pattern, count, complete, first }: PatternMatches): ShownPatternMatches => ({ pattern: offered(pattern), count, complete, examples: shown(first) });
  const slips = emptyAnswerSlips(request);
  // Named only where the pattern would have found one of them there (nearPatterns.ts).
  const fileInstead = fileFits ? joinedFilesInPlace(fileNamed, fileWithExtension) : undefined;
  const placeBelowOrNearFinds = Boolean(deeper || nearDirectory?.count || nearIgnored?.count || missingDeeper || fileInstead || nearSegment);
  const nearPlaceFinds = placeBelowOrNearFinds || Boolean(anyDepth?.count);
  // Other endings "instead" only where no place near the one written finds the pattern's own:
  // "src/**/*.ts" in a monorepo without a src/ at the top is "**/src/**/*.ts", not the .js files
  // beside those. Where the directory written is there, a stray match at any depth (a fixture's
  // src/x.ts) does not hide the 40 .js files in it.
  const ownEndingNear = placeBelowOrNearFinds || (missing !== undefined && Boolean(anyDepth?.count));
  const facts: { -readonly [K in keyof EmptyResultFacts]: EmptyResultFacts[K] } = {
    ...slips,
    ...(caseless ? { caseless: { count: caseless.count, examples: shown(caseless.first), ...(caseless.inTheirCase ? { inTheirCase: { ...caseless.inTheirCase, pattern: offered(caseless.inTheirCase.pattern) } } : {}) } } : {}),
    ...(sameStem ? { sameStem: { pattern: offered(sameStem.pattern), count: sameStem.count, examples: shown(sameStem.first), ...(sameStem.otherCase ? { otherCase: sameStem.otherCase } : {}) } } : {}),
    ...(anyDepth ? { anyDepthMatches: shownMatches(anyDepth) } : {}),
    ...(deeper ? { deeperMatches: shownMatches(deeper) } : {}),
    // The name alone tells more only where no place near the one written finds files (at any
    // depth, one level down, a near or deeper directory) and no ignored file matches where the
    // pattern says; names near it, only where none has the name with another extension.
    ...(nameElsewhere && !nearPlaceFinds && !ignored?.count && !ignored?.sameStem && !ignored?.anyDepth?.count && !onlyWhereWritten(nameElsewhere, sameStem)
      ? { nameElsewhereMatches: shownMatches(nameElsewhere) }
      : {}),
    ...(nearNames && !sameStem ? { nearNameMatches: { name: request.pattern.source.slice(request.pattern.source.lastIndexOf('/') + 1), ...shownMatches(nearNames) } } : {}),
    ...(nearSegment ? { nearSegmentMatches: { directory: nearSegment.directory, nearDirectory: nearSegment.nearDirectory, ...shownMatches(nearSegment) } } : {}),
    ...(relatedExtensions.length > 0 && !ownEndingNear
      ? { relatedExtensions: relatedExtensions.map((matches) => ({ extension: matches.extension, ...shownMatches(matches) })) }
      : {}),
    ...(ignored
      ? {
          ignoredMatches: {
            count: ignored.count,
            complete: ignored.complete,
            examples: shown(ignored.first),
            entries: ignored.entries,
            ...(ignored.sameStem ? { sameStem: shownMatches(ignored.sameStem) } : {}),
            // Ignored ones only where the search's rules find none at any depth, or its look there
            // stopped before it knew: either way "includeIgnored" finds them.
            ...(ignored.anyDepth && !anyDepth?.count ? { anyDepth: shownMatches(ignored.anyDepth) } : {}),
          },
        }
      : {}),
  };
  // Nor for a "/" in a class: ended in "/", such a pattern still names no directory ("src[/]*/").
  if (directoriesMeantOtherwise(slips) || slips.slashInClass !== undefined) {
    return facts;
  }
  const directories = slips.emptyAlternative === undefined ? await directoriesNamed(request) : directoriesWrittenOut(slips.emptyAlternative.writtenOut);
  if (directories) {
    facts.directories = directories;
  }
  if (missing === undefined) {
    return facts;
  }
  const rootRepeated = repeatedRoot(request);
  const { near } = missing;
  return {
    ...facts,
    missingDirectory: missing.directory,
    ...(near
      ? {
          missingDirectoryNear: {
            directory: near.directory,
            otherCase: near.otherCase,
            ...(nearDirectory ? { matches: shownMatches(nearDirectory) } : {}),
            ...(nearIgnored?.count ? { ignored: { count: nearIgnored.count, complete: nearIgnored.complete, examples: shown(nearIgnored.first) } } : {}),
          },
        }
      : {}),
    ...(missingDeeper ? { missingDirectoryDeeper: shownMatches(missingDeeper) } : {}),
    ...(fileInstead ? { missingDirectoryFile: shownMatches(fileInstead) } : {}),
    ...(missing.siblings?.names.length ? { missingDirectorySiblings: { first: missing.siblings.names.slice(0, SIBLINGS_NAMED).map((name) => shownDirectory(name, missing.siblings?.bytes?.get(name))), count: missing.siblings.names.length } } : {}),
    ...(rootRepeated ? { rootRepeated } : {}),
  };
}

/**
 * The slips in how the pattern was written, but for a negation's empty alternative: dropped, it
 * left out fewer files, never more (render.ts says so where files are listed), so written out it
 * lists none either, and offered, it was one more pattern that finds nothing.
 */
function emptyAnswerSlips(request: GlobRequest): PatternSlips {
  const slips = patternSlips(request.patternAsGiven);
  return request.pattern.negated ? { ...slips, emptyAlternative: undefined } : slips;
}

/**
 * Whether the files of the name anywhere ("**\/ci.*") are no more than those of the name where
 * the pattern says ("'.github/workflows/ci.*"), which the answer names already: "lies elsewhere"
 * would be said of files in the very directory the pattern names.
 */
function onlyWhereWritten(nameElsewhere: PatternMatches, sameStem: CollectedMatches['sameStem']): boolean {
  return sameStem !== undefined && nameElsewhere.complete && nameElsewhere.count <= sameStem.count;
}

/**
 * The files with a missing directory's name in its place, without an extension and with one, as
 * one set with the pattern that finds them all: "src/utils.*", "src/utils", or where there are
 * both, "src/{utils,utils.*}"; none where both are there and the name has a ",", which would
 * split the braces (nearPatterns.ts leaves out names with other glob syntax).
 */
function joinedFilesInPlace(named: PatternMatches | undefined, extended: PatternMatches | undefined): PatternMatches | undefined {
  if (named === undefined || extended === undefined) {
    return named ?? extended;
  }
  const nameStart = named.pattern.lastIndexOf('/') + 1;
  const name = named.pattern.slice(nameStart);
  if (name.includes(',')) {
    return undefined;
  }
  return {
    pattern: `${named.pattern.slice(0, nameStart)}{${name},${name}.*}`,
    count: named.count + extended.count,
    complete: named.complete && extended.complete,
    first: [...named.first, ...extended.first].slice(0, EXAMPLES),
  };
}

/**
 * For a pattern that may name directories rather than files (its last part has no extension, as
 * in "core" or "src/core", or it names a directory that exists): the pattern that lists the files
 * inside them, and the directories it names that exist, looked up where a stat can tell (a
 * pattern without wildcards).
 */
async function directoriesNamed(request: GlobRequest): Promise<EmptyResultFacts['directories']> {
  const { pattern, patternAsGiven: given } = request;
  if (pattern.negated || given.endsWith('/') || pattern.source.endsWith('**')) {
    return undefined;
  }
  const body = pattern.source.replace(/^\/+/, '');
  const found: string[] = [];
  // Without wildcards the pattern names one place below each root: for a bare name ("src"),
  // the directory of that name in the root itself.
  if (!hasGlobSyntax(body)) {
    for (const scope of request.scopes) {
      // A name outside ASCII may be a directory in another normalization form, which the
      // pattern ending in "/" lists as well (unicodeForms.ts); it is shown as it is on disk.
      const written = nodePath.join(scope.searchRoot, body);
      const onDisk = await joinedInAnyForm(scope.searchRoot, body.split('/'));
      if (await isDirectory(onDisk)) {
        const shownBody = onDisk === written ? body : nodePath.relative(scope.searchRoot, onDisk).split(nodePath.sep).join('/');
        found.push(`${shownPath(scope, [...scope.rootSegments, shownBody].join('/'))}/`);
      }
    }
  }
  if (found.length === 0 && namesFilesOnly(body)) {
    return undefined;
  }
  return { inside: pattern.anchored || found.length > 0 ? `${given}/` : `**/${given}/`, found };
}

/**
 * The directories a pattern whose empty alternative was dropped may name: those of the pattern
 * written out, where patternSlips.ts could write it. A "/" after the written one gives that
 * alternative a meaning of its own: "/{a,}/" is "/a/" or every file, and drops it again
 * (regression: the empty answer to "/{a,}" offered it, and "{/,}b/" for "{/,}b", which matches
 * no path; "**\/b/" lists what the "b" directories hold).
 */
function directoriesWrittenOut(writtenOut: string | undefined): EmptyResultFacts['directories'] {
  if (writtenOut === undefined || writtenOut.endsWith('**') || namesFilesOnly(writtenOut)) {
    return undefined;
  }
  // No directory is looked up: what is written out holds braces, or a name meant at any depth.
  return { inside: writtenOut.includes('/') ? `${writtenOut}/` : `**/${writtenOut}/`, found: [] };
}

/**
 * Whether a pattern's last part names files only: an extension names files; wildcards alone ("*")
 * name everything, directories no more than files. A class is taken out only where no other "["
 * comes before its "]": one pass, even over a pattern full of escaped "[".
 */
function namesFilesOnly(pattern: string): boolean {
  const lastPart = pattern.slice(pattern.lastIndexOf('/') + 1);
  return /.\./.test(lastPart) || lastPart.replace(/\[[^[\]]*\]|[*?{},]/g, '') === '';
}

/**
 * The longest run of the pattern's leading directories that a search root already ends with, and
 * the pattern without them. A model that narrows "path" often keeps the same directories in the
 * pattern, which is then matched below them a second time. Searching several workspace folders,
 * first the name of one of them (and the directories "path" named in it).
 */
function repeatedRoot(request: GlobRequest): EmptyResultFacts['rootRepeated'] {
  const body = request.pattern.source.replace(/^\//, '');
  // Searching several folders, paths are shown starting with their folder's name, and a model
  // writes a pattern the way it reads them.
  // In NFC where the body holds characters outside ASCII, as the glob matches names (unicodeForms.ts).
  const inForm = hasNonAscii(body) ? (text: string): string => text.normalize('NFC') : (text: string): string => text;
  // The longest name that fits: a folder may be named "front/end" beside one named "front".
  const longestStarting = <T>(candidates: readonly T[], prefixOf: (candidate: T) => string): T | undefined =>
    candidates
      .filter((candidate) => inForm(body).startsWith(inForm(prefixOf(candidate))))
      .reduce<T | undefined>((longest, candidate) => (longest === undefined || prefixOf(candidate).length > prefixOf(longest).length ? candidate : longest), undefined);
  const startedIn = request.scopes.length > 1 ? longestStarting(request.scopes.filter(({ folder }) => folder !== undefined), (scope) => scope.entryPrefix) : undefined;
  // A folder left out has no scope, but its name starts the paths it would have shown: "gone/**"
  // was told that "gone/" is in no folder searched and which directories are, as if mistyped.
  const notSearched = longestStarting(request.foldersNotOnDisk ?? [], ({ folder }) => `${folder.name}/`);
  const restAfter = (prefix: string): string => anchoredPattern(pathSegments(inForm(body).slice(inForm(prefix).length), process.platform !== 'win32'));
  if (notSearched !== undefined && (startedIn === undefined || `${notSearched.folder.name}/`.length > startedIn.entryPrefix.length)) {
    const directories = `${notSearched.folder.name}/`;
    return { directories, pattern: restAfter(directories), notSearched: whyNotOnDisk(notSearched) };
  }
  if (startedIn !== undefined) {
    return { directories: startedIn.entryPrefix, pattern: restAfter(startedIn.entryPrefix), path: startedIn.entryPrefix.slice(0, -1) };
  }
  const directories = request.pattern.namedDirectories;
  for (const scope of request.scopes) {
    const [count] = repeatedTailLengths(directories, scope.searchRoot);
    if (count !== undefined) {
      const rest = pathSegments(body, process.platform !== 'win32').slice(count);
      return { directories: `${directories.slice(0, count).join('/')}/`, pattern: anchoredPattern(rest) };
    }
  }
  return undefined;
}
