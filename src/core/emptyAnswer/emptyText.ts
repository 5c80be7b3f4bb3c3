/**
 * What an empty answer says after its headline (SPEC §3): why nothing may have matched and what
 * to send instead, from the facts emptyResult.ts gathered. Each line starts with "- "; the last
 * always says that only files are returned. A search that stopped early gets none of this: its
 * emptiness proves nothing.
 */

import { onlyWhitespaceRewritten, rewriteSuggested } from './patternSlips';
import { hasGlobSyntax, slashOnlyInClass, tidyPatternPath } from '../request/patternPath';
import type { RenderContext, ResultFacts } from '../page/render';
import type { ShownPatternMatches } from '../page/result';
import type { AbsoluteElsewhere } from '../request/absolutePattern';
import { count, countedLabels, number, quoted } from '../words';

/** What an empty alternative in `{…}` means here (patternSlips.ts), said wherever a pattern has one. */
export const EMPTY_ALTERNATIVE_DROPPED = 'An empty alternative in "{…}" is dropped, as ripgrep drops it: "{a,}" matches "a" only, never "a" or nothing';

/**
 * That the pattern names a directory outside the search roots but is matched inside them, and
 * the call that searches there; for a negation, that it left out no file (said under the files it
 * listed too, render.ts).
 */
export function elsewhereSentence(elsewhere: AbsoluteElsewhere, result: Pick<ResultFacts, 'pattern' | 'rootLabel' | 'includeIgnored'>): string {
  // "~/" was read as the home directory (searchRoots.ts): that pattern has no leading "/".
  const fromHome = result.pattern.startsWith(elsewhere.negated ? '!~/' : '~/');
  const subject = elsewhere.negated ? 'pattern after its "!"' : 'pattern';
  const opening = fromHome ? `"~/" is the home directory, and the ${subject}` : `The ${subject}`;
  const anchors = fromHome ? '' : ': a leading "/" only anchors it there';
  const where = `${opening} starts with ${quoted(elsewhere.directory)}, a directory outside ${result.rootLabel}, but a pattern is matched inside ${result.rootLabel}${anchors}`;
  const said = elsewhere.negated ? `${where}, so it left out no file.` : `${where}.`;
  if (elsewhere.pattern === undefined) {
    return said;
  }
  const call = `"path": ${quoted(elsewhere.directory)}, "pattern": ${quoted(elsewhere.pattern)}${withIgnored(result.includeIgnored)}.`;
  return elsewhere.negated
    ? `${said} To list the files of that directory it does not match, pass it as "path" and the rest, with its "!", as the pattern: ${call}`
    : `${said} To search that directory, pass it as "path" and the rest as the pattern: ${call}`;
}

export function emptyHints(result: ResultFacts, context: RenderContext): string[] {
  if (!result.complete) {
    return [];
  }
  if (result.versionControl !== undefined) {
    // Where it lies is the whole answer: no other pattern, place or setting finds those files.
    return [
      `- The pattern names ${quoted(result.versionControl)}, version-control metadata, which this tool never lists (no file inside it, nor a file of that name), with "includeIgnored" or without. Read those files with a file-reading tool instead.`,
    ];
  }
  const hints = slipHints(result);
  // Advice on where the written pattern matches is left out when a pattern meant is given (for a
  // slip; for files with its name and another extension, a related ending or a near name; in a
  // near directory, one level down or by the name alone), and when ignored files match it where
  // it is anchored.
  const nameElsewhere = result.nameElsewhereMatches;
  const nearNames = result.nearNameMatches;
  const otherPatternGiven =
    rewriteSuggested(result) ||
    result.sameStem !== undefined ||
    // Other endings found beside files of the pattern's own ending at any depth: both are said.
    ((result.relatedExtensions?.length ?? 0) > 0 && !result.anyDepthMatches?.count) ||
    (result.missingDirectoryNear?.matches?.count ?? 0) > 0 ||
    (result.missingDirectoryNear?.ignored?.count ?? 0) > 0 ||
    result.ignoredMatches?.sameStem !== undefined ||
    (result.ignoredMatches?.anyDepth?.count ?? 0) > 0 ||
    result.missingDirectoryDeeper !== undefined ||
    result.missingDirectoryFile !== undefined ||
    result.deeperMatches !== undefined ||
    nameElsewhere !== undefined ||
    nearNames !== undefined ||
    result.nearSegmentMatches !== undefined;
  // A pattern that repeats the directories searched from, or starts with a workspace folder's
  // name as paths are shown: that directory is not there, which the line on the repetition says,
  // first. What a folder holds elsewhere is beside the point then; files of the name elsewhere
  // below the root searched are not ("src/helpers.ts" from "src" may be src/util/helpers.ts).
  const startsWithFolder = result.rootRepeated?.path !== undefined;
  if (result.missingDirectory !== undefined && result.rootRepeated === undefined) {
    hints.push(missingDirectoryHint(result, result.missingDirectory, context.excludesApplied));
  }
  if (result.rootRepeated) {
    hints.push(rootRepeatedHint(result, result.rootRepeated));
  }
  if (result.nearSegmentMatches) {
    const { directory, nearDirectory } = result.nearSegmentMatches;
    hints.push(`- No directory matches ${quoted(directory)}, but ${quoted(nearDirectory)} does, where ${filesThatMatch(result.nearSegmentMatches, result.includeIgnored)}`);
  }
  if (result.caseless) {
    const { count: files, examples, inTheirCase } = result.caseless;
    // Several may be named in several cases ("README.md", "Readme.md"), which one pattern in
    // their case cannot name; one file's case is in its example, plainer than a class per letter.
    const pattern =
      inTheirCase && (files > 1 || inTheirCase.lowerCase)
        ? `: "pattern": ${quoted(inTheirCase.pattern)}${withIgnored(result.includeIgnored)} finds ${inTheirCase.finds === files ? (files === 1 ? 'it' : 'them') : `${number(inTheirCase.finds)} of them`}.`
        : ', so write the pattern in their case.';
    hints.push(`- ${count(files, 'file')} ${files === 1 ? 'matches' : 'match'} when case is ignored${someOf(files, examples)}. Names are matched case-sensitively${pattern}`);
  }
  if (result.sameStem) {
    const { pattern, count: files, examples, otherCase } = result.sameStem;
    const finds = otherCase && otherCase.patternFinds < files ? `"pattern": ${quoted(pattern)}${withIgnored(result.includeIgnored)} finds ${otherCase.patternFinds} of them.` : findsThem(pattern, files, result.includeIgnored);
    hints.push(`- ${count(files, 'file')} ${files === 1 ? 'has' : 'have'} the same name${otherCase ? ' in another case and' : ''} with any extension${someOf(files, examples)}. ${finds}`);
  }
  for (const { extension, pattern, count: files, complete, examples } of result.relatedExtensions ?? []) {
    hints.push(`- ${countedFiles(files, complete, true)} ${files === 1 ? 'ends' : 'end'} in ".${extension}" instead${someOf(files, examples)}. ${findsThem(pattern, files, result.includeIgnored)}`);
  }
  if (result.deeperMatches) {
    const { pattern, count: files, complete, examples } = result.deeperMatches;
    hints.push(`- ${countedFiles(files, complete, true)} ${files === 1 ? 'matches' : 'match'} with "**/" before the name, in subdirectories${someOf(files, examples)}. ${findsThem(pattern, files, result.includeIgnored)}`);
  }
  if (nameElsewhere && !startsWithFolder) {
    const { pattern, count: files, complete, examples } = nameElsewhere;
    hints.push(`- ${countedFiles(files, complete, true)} named ${quoted(pattern.slice(pattern.lastIndexOf('/') + 1))} ${files === 1 ? 'lies' : 'lie'} elsewhere${someOf(files, examples)}. ${findsThem(pattern, files, result.includeIgnored)}`);
  }
  if (nearNames) {
    const { name, pattern, count: files, complete, examples } = nearNames;
    hints.push(`- ${countedFiles(files, complete, true)} ${files === 1 ? 'has' : 'have'} a name near ${quoted(name)}${someOf(files, examples)}. ${findsThem(pattern, files, result.includeIgnored)}`);
  }
  const elsewhere = result.absoluteElsewhere;
  if (result.rootRepeated) {
    // Said above. Starting the pattern with "**/" would not help: the directories would still be
    // looked for below themselves.
  } else if (elsewhere) {
    // The advice below, to start the pattern with "**/", would only send the model looking
    // inside the root for a path it meant outside it.
    hints.push(`- ${elsewhereSentence(elsewhere, result)}`);
  } else if (context.anyDepthPattern !== undefined && !context.pattern.negated && !otherPatternGiven && !result.directories?.found.length && !result.ignoredMatches?.count) {
    // Not for a negation: at any depth it leaves out more, never less, so its anchoring cannot be
    // why nothing is left ("!*/" is empty at any depth too), and "**/" would find nothing more.
    const anchoring = context.absolutePattern ? '- The pattern is an absolute path, so only that place was searched.' : anchoredSentence(result);
    hints.push(`${anchoring} ${anyDepthAdvice(result, context.anyDepthPattern, context.absolutePattern)}`);
  }
  // Where the near directory's ignored files are named, that "includeIgnored" would not help the
  // pattern as written (no directory of its name) would only muddle the line that says it helps.
  if (!result.includeIgnored && !result.missingDirectoryNear?.ignored) {
    hints.push(ignoredHint(result.ignoredMatches, context.excludesApplied, result.emptyAlternative?.writtenOut));
  }
  if (result.regularExpression) {
    hints.push('- The pattern is read as a glob, not a regular expression: "*" stands for any characters within a name, "?" for one, "{a,b}" for either; for example "*.test.ts" finds names ending in ".test.ts".');
  }
  hints.push(directoriesHint(result, context.pattern.negated, context.pattern.source));
  return hints;
}

/**
 * Why the pattern is anchored: the "/" it holds. Where that "/" is only in classes ("[!/]" in
 * "src[!/]*"), the sentence names them, each once: the model sees no "/" between names, yet
 * ripgrep anchors a glob for a "/" anywhere, and so does the tool (SPEC §1).
 */
function anchoredSentence(result: ResultFacts): string {
  const holdingClasses = [...new Set(slashOnlyInClass(result.pattern, process.platform !== 'win32'))];
  const why =
    holdingClasses.length === 0
      ? 'The pattern contains "/"'
      : `The pattern contains "/" only in ${listedFromPattern(holdingClasses)}, where it separates no names, but a "/" anywhere anchors a pattern, as in ripgrep`;
  return `- ${why}, so it is anchored to ${result.rootLabel} (it must match from there down).`;
}

/** That the pattern repeats the directories searched from, and what to pass instead. */
function rootRepeatedHint(result: ResultFacts, { directories, pattern, path, notSearched }: NonNullable<ResultFacts['rootRepeated']>): string {
  if (notSearched !== undefined) {
    return `- The pattern starts with ${quoted(directories)}, the start of the paths shown from the workspace folder ${quoted(directories.slice(0, -1))}, which is ${notSearched}, so it was not searched; a pattern is matched inside ${result.roots.length === 1 ? 'the folder searched' : `each of ${result.rootLabel}`}, so it looked for ${directories} ${result.roots.length === 1 ? 'there' : 'within each'}.`;
  }
  return path !== undefined
    ? `- The pattern starts with ${quoted(directories)}, the start of the paths shown from ${quoted(path)}, but a pattern is matched inside each of ${result.rootLabel}, so it looked for ${directories} within each. To search ${quoted(path)} alone, pass it as "path" and the rest as the pattern: "path": ${quoted(path)}, "pattern": ${quoted(pattern)}${withIgnored(result.includeIgnored)}.`
    : `- The pattern starts with ${quoted(directories)}, but the search already starts inside ${directories} and matches from there down, so it looked for ${directories}${directories}. Leave it out of the pattern: "pattern": ${quoted(pattern)}${withIgnored(result.includeIgnored)}.`;
}

/**
 * That a directory the pattern names does not exist, and what the one with the nearest name
 * holds (or, holding none, hides from the search); where none near holds matches, the files with
 * its name in its place, if any.
 */
function missingDirectoryHint(result: ResultFacts, missing: string, excludesApplied: boolean): string {
  const missingText = `- ${quoted(missing)} does not exist in ${result.rootLabel}`;
  const near = result.missingDirectoryNear;
  const deeper = result.missingDirectoryDeeper;
  const nameStart = missing.lastIndexOf('/', missing.length - 2) + 1;
  if (deeper && !near?.matches?.count) {
    return `${missingText}, but ${quoted(missing.slice(nameStart))} lies deeper inside ${quoted(missing.slice(0, nameStart))}, where ${filesThatMatch(deeper, result.includeIgnored)}`;
  }
  const file = result.missingDirectoryFile ? ` ${filesInPlaceSentence(result.missingDirectoryFile, result.includeIgnored)}` : '';
  if (near === undefined) {
    const siblings = result.missingDirectorySiblings;
    if (siblings === undefined) {
      return `${missingText}.${file}`;
    }
    const where = nameStart === 0 ? 'at the top' : `in ${quoted(missing.slice(0, nameStart))}`;
    if (siblings.count === 1) {
      return `${missingText}.${file} The only directory ${where} is ${siblings.first[0]}.`;
    }
    const more = siblings.count > siblings.first.length ? `, and ${siblings.count - siblings.first.length} more` : '';
    return `${missingText}.${file} The directories ${where} are ${siblings.first.join(', ')}${more}.`;
  }
  const existing = `${quoted(near.directory)} does${near.otherCase ? ' (names are matched case-sensitively)' : ''}`;
  const matches = near.matches;
  if (matches === undefined) {
    return `${missingText}, but ${existing}.${file}`;
  }
  const ignored = near.ignored;
  if (matches.count === 0 && ignored !== undefined) {
    const { count: files, complete, examples } = ignored;
    return `${missingText}, but ${existing}, where ${countedFiles(files, complete)} ${hiddenBy(excludesApplied)} ${files === 1 ? 'matches' : 'match'}${someOf(files, examples)}. ${findsThem(matches.pattern, files, true)}${file}`;
  }
  if (matches.count === 0) {
    return `${missingText}; ${existing}, but "pattern": ${quoted(matches.pattern)} finds nothing there either.${file}`;
  }
  return `${missingText}, but ${existing}, where ${filesThatMatch(matches, result.includeIgnored)}`;
}

/** "In its place is a file of that name: "src/utils.ts". "pattern": "src/utils.*" finds it." */
function filesInPlaceSentence(files: ShownPatternMatches, includeIgnored: boolean): string {
  const { count: found, complete, examples, pattern } = files;
  const counted = found === 1 && complete ? 'is a file' : `${found === 1 ? 'is' : 'are'} ${countedFiles(found, complete)}`;
  return `In its place ${counted} of that name${someOf(found, examples)}. ${findsThem(pattern, found, includeIgnored)}`;
}

/**
 * What the pattern would find at any depth, as far as the empty answer's walk learned
 * (nearMatches.ts): the files and the pattern, that it finds none either, or, unknown, how to try.
 */
function anyDepthAdvice(result: ResultFacts, anyDepthPattern: string, absolute: boolean): string {
  const matches = result.anyDepthMatches;
  if (matches === undefined) {
    return absolute
      ? `To match the same names at any depth of ${result.rootLabel}, use ${quoted(anyDepthPattern)}.`
      : `To match at any depth, start it with "**/", for example ${quoted(anyDepthPattern)}.`;
  }
  if (matches.count === 0) {
    return `At any depth it finds nothing either: no file matches ${quoted(matches.pattern)}.`;
  }
  return `At any depth ${filesThatMatch(matches, result.includeIgnored)}`;
}

/**
 * That only files are returned, and how to list what is inside the directories the pattern may
 * name; and that matching is case-sensitive, unless a line on files or a directory in another
 * case has said so. For a negation, that it leaves out each directory its glob matches whole:
 * why "!s*" can leave nothing where every file lies under src/, and ending it with "/" would
 * change nothing; or, where it names the search root alone (`source`, the pattern as matched:
 * "!/" for "!<root>/"), that it leaves out every file.
 */
function directoriesHint(result: ResultFacts, negated: boolean, source: string): string {
  const directories = result.directories;
  const caseSensitive = result.caseless !== undefined || result.missingDirectoryNear?.otherCase ? '' : ' Matching is case-sensitive.';
  if (negated && (/^!\/*$/.test(source) || namesOnlyTheRoot(result.pattern.slice(1)))) {
    // "!/", or "!<root>/" split at its root, or "!." and "!./" read as a path: no glob is left to speak of.
    return `- ${quoted(result.pattern)} names the directory searched, so it leaves out every file in it. To list them all, use "pattern": "*"${withIgnored(result.includeIgnored)}.`;
  }
  if (negated && !result.absoluteElsewhere) {
    const glob = result.pattern.slice(1);
    return `- Only files are returned, never directories. A negation leaves out every file in a directory its glob matches, as ripgrep's --glob "!…" does: ${quoted(result.pattern)} leaves out the files inside each directory ${quoted(glob)} matches, not only the files it names.${caseSensitive}`;
  }
  // A pattern ending in "/" (or "**") already lists what is inside the directories it names. One
  // with an empty alternative is not told to end in "/" either: that gives the alternative a
  // meaning of its own ("/{a,}/" is "/a/" or every file) and drops it again (emptyResult.ts).
  const endInSlash = !/(\/|\*\*)$/.test(result.pattern) && result.emptyAlternative === undefined;
  if (result.absoluteElsewhere) {
    // Ended in "/", the pattern is still matched inside the root: the line on the directory
    // outside has said how to list it.
    return `- Only files are returned, never directories.${caseSensitive}`;
  }
  if (directories === undefined) {
    return endInSlash
      ? `- Only files are returned, never directories; to list what is inside a directory, end the pattern with "/" ("src/" for the src directory).${caseSensitive}`
      : `- Only files are returned, never directories.${caseSensitive}`;
  }
  const { inside, found } = directories;
  if (found.length > 0) {
    const named = found.length === 1 ? `${quoted(found[0])} is a directory` : `${found.map(quoted).join(', ')} are directories`;
    return `- ${named}, and only files are returned, never directories. To list the files inside: "pattern": ${quoted(inside)}${withIgnored(result.includeIgnored)}.`;
  }
  return `- Only files are returned, never directories; if ${quoted(result.pattern)} names directories, "pattern": ${quoted(inside)}${withIgnored(result.includeIgnored)} lists the files inside them.${caseSensitive}`;
}

/**
 * Whether a pattern's body names the search root as a path does, with no glob in it: "." and
 * empty segments, or a ".." that goes back up ("src/..", "./src/.."), all read so by patternPath.ts
 * (to "**"). Negated, they leave out every file, and no glob in them matches directories.
 */
function namesOnlyTheRoot(body: string): boolean {
  const tidied = tidyPatternPath(body, true);
  return !hasGlobSyntax(body) && tidied.parentsAbove === 0 && tidied.pattern === '**';
}

/** The pattern as it was likely meant, for each slip in how it was written (patternSlips.ts). */
function slipHints(result: ResultFacts): string[] {
  const hints: string[] = [];
  const ignored = withIgnored(result.includeIgnored);
  if (result.withoutWhitespace !== undefined) {
    const alone = onlyWhitespaceRewritten(result);
    hints.push(`- The pattern starts or ends with whitespace, which would have to be part of the file names.${alone ? ` Without it: "pattern": ${quoted(result.withoutWhitespace)}${ignored}.` : ''}`);
  }
  if (result.unquoted !== undefined) {
    hints.push(`- The pattern is wrapped in quotes, which would have to be part of the file name. Without them: "pattern": ${quoted(result.unquoted)}${ignored}.`);
  }
  const several = result.severalPatterns;
  if (several) {
    const pieces = `${number(several.pieces.length)} patterns (${listedFromPattern(several.pieces)})`;
    hints.push(
      several.joined === undefined
        ? `- The pattern reads as ${pieces}, but it is one glob, and a "{…}" cannot hold another: search for each on its own.`
        : `- The pattern reads as ${pieces}, but it is one glob; "{a,b}" matches either: "pattern": ${quoted(several.joined)}${ignored}.`,
    );
  }
  if (result.bracesWithoutSpaces !== undefined) {
    hints.push(`- The spaces beside the commas and braces of "{…}" are part of the names it matches. Without them: "pattern": ${quoted(result.bracesWithoutSpaces)}${ignored}.`);
  }
  if (result.emptyAlternative !== undefined) {
    const { writtenOut } = result.emptyAlternative;
    hints.push(`- ${EMPTY_ALTERNATIVE_DROPPED}.${writtenOut === undefined ? ' Write each alternative out in full instead.' : ` With each alternative written out: "pattern": ${quoted(writtenOut)}${ignored}.`}`);
  }
  if (result.literalBraces !== undefined) {
    hints.push(`- A "{…}" holds alternatives separated by commas, so one without a comma matches its one alternative, without the braces. To match braces in a name, put each in brackets: "pattern": ${quoted(result.literalBraces)}${ignored}.`);
  }
  if (result.backslashesAsSeparators !== undefined) {
    hints.push(`- Here "\\" escapes the character after it; directories are separated by "/": "pattern": ${quoted(result.backslashesAsSeparators)}${ignored}.`);
  }
  if (result.windowsDrive !== undefined) {
    const name = result.pattern.split(/[\\/]/).pop() ?? '';
    const negation = result.pattern.startsWith('!') ? '!' : '';
    const example = name === '' ? '' : ` (for example ${quoted(`${negation}**/${name}`)})`;
    hints.push(
      `- The pattern starts with the Windows drive ${quoted(result.windowsDrive)}, but this machine's paths start with "/", so it names no directory here: write the pattern relative to ${result.rootLabel}${example}, or pass a directory of this machine as "path".`,
    );
  }
  if (result.slashInClass !== undefined) {
    const { classes, written } = result.slashInClass;
    const said = `- A "[…]" class matches one character of a name, never the "/" between two names, so the "/" in ${listedFromPattern([...new Set(classes)])} matches nothing.`;
    hints.push(written === undefined ? `${said} Write "/" outside the class.` : `${said} With the "/" outside it: "pattern": ${quoted(written)}${ignored}.`);
  }
  return hints;
}

/**
 * Pieces of the pattern, quoted, at most LISTED_FROM_PATTERN of them: a pattern of 100,000
 * characters is 20,000 of them, and all were listed, an answer of 260,000.
 */
function listedFromPattern(pieces: readonly string[]): string {
  const listed = pieces.slice(0, LISTED_FROM_PATTERN).map(quoted).join(', ');
  return pieces.length > LISTED_FROM_PATTERN ? `${listed} and ${number(pieces.length - LISTED_FROM_PATTERN)} more` : listed;
}

/** As many as a line reads at a glance; more only make a long pattern's answer longer. */
const LISTED_FROM_PATTERN = 8;

/**
 * What passing `includeIgnored` would do, as far as the empty search's look at ignored files
 * learned. The look ran the pattern with its empty alternative written out (`writtenOut`,
 * probedRequest.ts), so that is the pattern that finds the files it names.
 */
function ignoredHint(ignored: ResultFacts['ignoredMatches'], excludesApplied: boolean, writtenOut: string | undefined): string {
  const hidden = hiddenBy(excludesApplied);
  if (ignored === undefined) {
    return `- Files ${hidden} were not searched; pass "includeIgnored": true to search them too.`;
  }
  if (ignored.count === 0 && ignored.anyDepth?.count === 0) {
    // Not "would not help": at any depth they may match, and its look stopped before it knew.
    return `- No file ${hidden} matches it either, and the look for them at any depth (${quoted(ignored.anyDepth.pattern)}) stopped early, before it found one: with "includeIgnored": true that pattern searches them all.`;
  }
  if (ignored.count === 0 && ignored.anyDepth) {
    return hiddenNearLine(hidden, 'at any depth ', ignored.anyDepth, ['file matches', 'files match'], '');
  }
  if (ignored.count === 0 && ignored.sameStem) {
    return hiddenNearLine(hidden, '', ignored.sameStem, ['file has', 'files have'], ' the same name with another extension');
  }
  if (ignored.count === 0) {
    return ignored.complete
      ? `- No file ${hidden} matches either, so "includeIgnored" would not help.`
      : `- Files ${hidden} were searched only in part: the look at them stopped early, and none it reached matches. Pass "includeIgnored": true to search them all.`;
  }
  const files = ignored.complete ? count(ignored.count, 'file') : `At least ${count(ignored.count, 'file')}`;
  const withPattern = writtenOut === undefined ? '' : ` with "pattern": ${quoted(writtenOut)}`;
  return `- ${files} ${hidden} ${ignored.count === 1 ? 'matches' : 'match'}${whereTheyLie(ignored)}${someOf(ignored.count, ignored.examples)}. Pass "includeIgnored": true${withPattern} to search ${ignored.count === 1 ? 'it' : 'them'}.`;
}

/**
 * "- No file hidden by ... matches it, but 1 such file has the same name with another extension:
 * "dist/index.js". "pattern": "dist/index.*" with "includeIgnored": true finds it.": hidden files
 * a pattern near the one given matches, where none matches it.
 */
function hiddenNearLine(hidden: string, where: string, matches: ShownPatternMatches, [one, many]: readonly [string, string], what: string): string {
  const { pattern, count: files, complete, examples } = matches;
  const such = `${complete ? '' : 'at least '}${number(files)} such ${files === 1 ? one : many}`;
  return `- No file ${hidden} matches it, but ${where}${such}${what}${someOf(files, examples)}. ${findsThem(pattern, files, true)}`;
}

/** Top-level entries named with their counts at most; the rest are counted. */
const ENTRIES_NAMED = 4;

/**
 * Where ignored matches lie, by top-level entry, where the examples do not show them all: most
 * lie in installed packages or build output, and a model deciding on "includeIgnored" should
 * know which ("node_modules/ 950 · dist/ 50"). Of a look that stopped early (at 1,000, or out of
 * time, often inside the first large tree it walked) only what it found so far: other entries
 * may hold more.
 */
function whereTheyLie({ count: files, complete, examples, entries }: NonNullable<ResultFacts['ignoredMatches']>): string {
  if (files <= examples.length || entries.length === 0) {
    return '';
  }
  if (entries.length === 1) {
    return complete ? `, all in ${entries[0].label}` : `, all found so far in ${entries[0].label}`;
  }
  const named = entries.slice(0, ENTRIES_NAMED);
  return ` (${complete ? '' : 'found so far: '}${countedLabels(named, entries.length - named.length)})`;
}

/** What hides the files `includeIgnored` lifts: the excludes only where the search had any. */
function hiddenBy(excludesApplied: boolean): string {
  return `hidden by .gitignore, .ignore and .rgignore files${excludesApplied ? ' and by the files.exclude and search.exclude settings' : ''}`;
}

/** "12 files", or "at least 1,000 files" for a count a walk cut short; capitalised to open a line. */
function countedFiles(files: number, complete: boolean, opening = false): string {
  return complete ? count(files, 'file') : `${opening ? 'At' : 'at'} least ${count(files, 'file')}`;
}

/** "2 files match: "a.ts", "b.ts". "pattern": "**\/*.ts" finds them.", for files a near pattern matches. */
function filesThatMatch({ pattern, count: files, complete, examples }: ShownPatternMatches, includeIgnored: boolean): string {
  return `${countedFiles(files, complete)} ${files === 1 ? 'matches' : 'match'}${someOf(files, examples)}. ${findsThem(pattern, files, includeIgnored)}`;
}

/**
 * The pattern to send for files an empty answer names; with "includeIgnored" where the search had
 * it, since they were found with it (without, "**\/src/x.js" in node_modules finds nothing).
 */
function findsThem(pattern: string, files: number, includeIgnored: boolean): string {
  return `"pattern": ${quoted(pattern)}${withIgnored(includeIgnored)} finds ${files === 1 ? 'it' : 'them'}.`;
}

function withIgnored(includeIgnored: boolean): string {
  return includeIgnored ? ' with "includeIgnored": true' : '';
}

/** Examples after a count of files: all of them after a colon, or "such as" when there are more. */
function someOf(total: number, examples: readonly string[]): string {
  // Examples are shown paths: one that needs quoting is quoted already (it starts with '"', which
  // no path shown as it is does), and quoted again it read "\"tab\\there.txt\"".
  const shown = examples.map((example) => (example.startsWith('"') ? example : quoted(example))).join(', ');
  return total > examples.length ? `, such as ${shown}` : `: ${shown}`;
}
