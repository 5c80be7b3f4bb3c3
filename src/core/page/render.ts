/**
 * The model-facing text (SPEC §3): the page's paths inside `<files>` … `</files>`, then the
 * footer in plain sentences. A shown path never contains `</` (such names are quoted), so the
 * closing tag cannot be a path and nothing after it can be mistaken for one.
 */

import { elsewhereSentence, EMPTY_ALTERNATIVE_DROPPED, emptyHints } from '../emptyAnswer/emptyText';
import { showName } from '../names';
import { lookInside, type LookInside, type PatternShape } from './lookInside';
import { listingCut, noTimeRead, resultCountedAs, resultDistinctFiles, type GlobResult } from './result';
import { HOW_PATHS_SHARE_A_FILE, type DistinctFiles } from '../order/aliases';
import { hidingWarningLine, warningLines } from './warningText';
import { foldersNotOnDiskSentence } from '../request/foldersOnDisk';
import { withLongInputShortened } from '../longInput';
import { slipPatterns } from '../emptyAnswer/patternSlips';
import { count, countedLabels, listedLabels, number, quoted } from '../words';

/** Facts the text needs that the result does not carry. */
export interface RenderContext {
  /** The page size the result was cut to. */
  readonly maxResults: number;
  /** The pattern as matched, for advice that moves the search root into an entry. */
  readonly pattern: PatternShape;
  /** When a `/` anchors the pattern to the search root, the same pattern at any depth. */
  readonly anyDepthPattern?: string;
  /** True when the pattern was an absolute path inside the search root (it names its place). */
  readonly absolutePattern: boolean;
  /** True when exclude settings (files.exclude, search.exclude) were applied. */
  readonly excludesApplied: boolean;
  readonly timeoutMs?: number;
  readonly maxPaths: number;
  /** The "path" as given, where one was: a long one is echoed short (longInput.ts), as the pattern is. */
  readonly pathAsGiven?: string;
}

export type ResultFacts = Omit<GlobResult, 'text' | 'cautions'>;

/** How many of the largest entries the footer names. */
const LARGEST_ENTRIES_SHOWN = 8;
/**
 * How many of the entries left off the page are named: without their names, a model that
 * describes the project from the page does not know they exist (the "+N more" of the largest
 * leaves out exactly the small ones a round robin ran out of slots for).
 */
const MISSING_ENTRIES_SHOWN = 12;

/** Around the page's paths; no shown path holds "</" (names.ts quotes it), so the first end is the page's. */
const PAGE_START = '<files>';
const PAGE_END = '</files>';

/**
 * The model-facing text. A long pattern or "path" is echoed short wherever it is quoted
 * (longInput.ts), but not on the page: a path is shown as it is (SPEC §5), and one a long pattern
 * names exactly holds that pattern's middle.
 */
export function renderModelText(result: ResultFacts, context: RenderContext): string {
  const text = modelText(result, context);
  const pageEnd = text.startsWith(`${PAGE_START}\n`) ? text.indexOf(`\n${PAGE_END}`) + PAGE_END.length + 1 : 0;
  return text.slice(0, pageEnd) + echoedShort(text.slice(pageEnd), result, context);
}

/** `text` with the long input it echoes shortened (longInput.ts), as every line outside the page is. */
function echoedShort(text: string, result: ResultFacts, context: RenderContext): string {
  // A pattern offered for a slip is the pattern rewritten: 100,000 characters of braces put in
  // brackets were echoed whole, an answer of 180,000.
  return withLongInputShortened(text, [result.pattern, context.pathAsGiven, ...slipPatterns(result)]);
}

function modelText(result: ResultFacts, context: RenderContext): string {
  if (result.total === 0) {
    const headline = result.complete
      ? `No files match ${quoted(result.pattern)} in ${result.rootLabel}.`
      : `No files matching ${quoted(result.pattern)} in ${result.rootLabel} were found before the search stopped.`;
    const stopped = incompleteLine(result, context);
    return [headline, ...emptyHints(result, context), ...(stopped === undefined ? [] : [stopped]), ...problems(result)].join('\n');
  }
  const lines = [PAGE_START];
  result.page.forEach((path, i) => {
    if (result.sampled && i > 0 && path.entry !== result.page[i - 1].entry) {
      lines.push('');
    }
    lines.push(path.shown);
  });
  lines.push(PAGE_END);
  // First, so that no count or "complete list" below is read before it.
  const stopped = incompleteLine(result, context);
  if (stopped !== undefined) {
    lines.push(stopped);
  }

  const footerStart = lines.length;
  const fits = !result.sampled && result.page.length >= result.total;
  if (result.sampled) {
    lines.push(...sampleFooter(result, context));
  } else if (!fits) {
    lines.push(...headFooter(result, context));
  } else {
    lines.push(`${ofTotal(result, true)} ${result.total === 1 ? 'matches' : 'match'} ${quoted(result.pattern)} in ${result.rootLabel}, oldest first.`);
  }
  if (result.bracesWithoutSpaces !== undefined) {
    // On the count's own line: a result that fits keeps a one-line footer (SPEC §3).
    lines[footerStart] += ` The spaces beside the commas and braces of "{…}" are part of the names it matches, so an alternative written with one found only names with that space. Without them: "pattern": ${quoted(result.bracesWithoutSpaces)}${keptIgnored(result.includeIgnored)}.`;
  }
  if (result.emptyAlternative !== undefined) {
    // On the count's own line too, for the same reason. After a "!" the files are not missing but
    // listed: "!*.y{a,}ml" left out the .yaml files and listed the .yml ones.
    const lost = context.pattern.negated ? 'are listed here, where the "!" was meant to leave them out' : 'are not here';
    lines[footerStart] += ` ${EMPTY_ALTERNATIVE_DROPPED}, so files only the empty alternative would match ${lost}. ${writtenOutAdvice(result.emptyAlternative.writtenOut, result.includeIgnored)}`;
  }
  if (result.absoluteElsewhere?.negated) {
    // As an empty answer says it of the pattern without its "!": here it lists every file, which
    // looks like what the negation asked for.
    lines[footerStart] += ` ${elsewhereSentence(result.absoluteElsewhere, result)}`;
  }
  const distinct = resultDistinctFiles(result);
  if (distinct !== undefined) {
    // Where the result fits, on the count's own line too: it keeps a one-line footer (SPEC §3).
    if (fits) {
      lines[footerStart] += ` ${aliasLine(result, distinct)}`;
    } else {
      lines.push(aliasLine(result, distinct));
    }
  }
  lines.push(...problems(result));
  return lines.join('\n');
}

/**
 * That some paths lead to one file, so the count of paths is not read as one of files. A path
 * whose time a stop left unread was never compared (it has no inode number), nor was one a stop
 * reached before its turn came; where there are such paths the distinct files are fewer than or
 * as many as said, never more.
 */
function aliasLine(result: ResultFacts, distinct: DistinctFiles): string {
  const { total, aliases, unread, aliasesUncompared: uncompared } = result;
  const files = `${distinct.atMost ? 'at most ' : ''}${count(distinct.count, 'distinct file')}`;
  const unreadNotCompared = unread === 0 ? '' : `; the ${number(unread)} whose ${unread === 1 ? 'time was not read was' : 'times were not read were'} not compared`;
  const paths = `The ${count(total, 'path')} ${total === 1 ? 'is' : 'are'} ${files}`;
  const found = `${number(aliases)} of them ${aliases === 1 ? 'leads' : 'lead'} to a file another path here leads to as well`;
  if (uncompared === undefined) {
    return `${paths}: ${found} ${HOW_PATHS_SHARE_A_FILE}${unreadNotCompared}.`;
  }
  const stoppedFirst = uncompared.because === 'timeout' ? 'the search reached its time limit' : 'the search was cancelled';
  const one = uncompared.paths === 1;
  const others = `${count(uncompared.paths, 'path')} that ${one ? 'shares' : 'share'} an inode number with another path here, so may lead to the same file ${HOW_PATHS_SHARE_A_FILE}, ${one ? 'was' : 'were'} not compared: ${stoppedFirst} first`;
  return `${paths}${aliases === 0 ? '' : `: ${found}`}; ${others}${unreadNotCompared}.`;
}

function sampleFooter(result: ResultFacts, context: RenderContext): string[] {
  // Only a list that is there can answer: where it was not saved, the spill line says so and to
  // narrow the search instead. Nor can one whose last files are in path order (their times were
  // not read), or one cut at its size bound, which holds no newest files: the spill line says each.
  const spill = result.spill;
  const listAnswers = !listingCut(result) && spill?.saved === true && spill.written === result.total && result.unread === 0;
  // Where no time was read, the complete result, and so each entry, is in path order.
  const withinEntry = noTimeRead(result) ? 'by path' : 'oldest first';
  return [
    `Showing ${number(result.page.length)} of ${ofTotal(result)} matching ${quoted(result.pattern)} in ${result.rootLabel}.`,
    `That is more than fit on one page (${number(context.maxResults)}), so this page is a sample taken round-robin across the top-level entries (each entry in turn, ${withinEntry} within an entry). It is not the ${number(result.page.length)} oldest ${resultCountedAs(result)}s: it cannot tell which files are oldest or newest.${listAnswers ? ' The complete list can.' : ''}`,
    reachLine(result),
    ...narrowingAdvice(result, context),
    spillLine(result),
  ];
}

/**
 * Over the cap, but the round-robin page holds exactly the oldest files: the text says so rather
 * than call it a sample that cannot answer age questions, which would be false.
 */
function headFooter(result: ResultFacts, context: RenderContext): string[] {
  const { entries } = result.topLevel;
  const shown = number(result.page.length);
  const lines = [headLine(result)];
  const found = foundSoFar(result);
  // Where a stop left times unread, the head of the order is not known to be the oldest files.
  const head = result.unread > 0 ? `the first ${shown} in that order` : `the ${shown} oldest`;
  if (!entries.some((entry) => entry.isDirectory)) {
    lines.push(`Every match${found} is a file directly in ${result.rootLabel}, so each is a top-level entry of its own: a round-robin sample across the entries picks the same files as ${head}.`);
  } else if (entries.length === 1) {
    lines.push(`All of them${found} are under one top-level entry, ${entries[0].label}: a round-robin sample across the entries picks the same files as ${head}.${spreadAdvice(entries[0].path, result, context)}`);
  } else {
    lines.push(`A round-robin sample across the top-level entries picks these same files here, so the page is simply ${head}.`, reachLine(result), ...narrowingAdvice(result, context));
  }
  lines.push(spillLine(result));
  return lines;
}

/**
 * The head's count line: "the 100 oldest", but where a stop left times unread (they come last, by
 * path) only of the files whose times were read, since an unread one may be older than any shown
 * (regression: "Showing the 100 oldest of 5,000 files" left out an older file whose time was not
 * read); and where the page reaches the unread ones, which of them it holds.
 */
function headLine(result: ResultFacts): string {
  const matching = `matching ${quoted(result.pattern)} in ${result.rootLabel}`;
  const shown = result.page.length;
  if (result.unread === 0) {
    return `Showing the ${number(shown)} oldest of ${ofTotal(result)} ${matching}, oldest first.`;
  }
  if (noTimeRead(result)) {
    // "The 0 files whose times were read, oldest first" named an order the page does not have.
    return `Showing ${number(shown)} of ${ofTotal(result)} ${matching}, by path: no file's time was read.`;
  }
  const timed = result.total - result.unread;
  if (shown <= timed) {
    return `Showing the ${number(shown)} oldest of the ${count(timed, resultCountedAs(result))} ${matching} whose times were read, oldest first; the ${number(result.unread)} whose times were not read may be older.`;
  }
  return `Showing ${number(shown)} of ${ofTotal(result)} ${matching}: the ${count(timed, resultCountedAs(result))} whose times were read, oldest first, then ${number(shown - timed)} whose times were not read, by path.`;
}

/** " found so far" where the listing was cut, else nothing. */
function foundSoFar(result: ResultFacts): string {
  return listingCut(result) ? ' found so far' : '';
}

/**
 * "160 files", or "the 160 files found so far" where the listing was cut (opening a sentence: "160
 * files found so far"); paths where some lead to one file (resultCountedAs).
 */
function ofTotal(result: ResultFacts, opening = false): string {
  const files = count(result.total, resultCountedAs(result));
  return listingCut(result) ? `${opening ? '' : 'the '}${files}${foundSoFar(result)}` : files;
}

/** How many entries the page reaches, and the largest ones with their counts. */
function reachLine(result: ResultFacts): string {
  const { entries, reached } = result.topLevel;
  // A listing cut short may not have met every entry: "all 3" would say there are no others.
  const found = foundSoFar(result);
  const every = entries.length === 2 ? 'both' : `all ${number(entries.length)}`;
  const reach = reached === entries.length ? `${every} top-level entries${found}` : `${number(reached)} of ${number(entries.length)} top-level entries${found}`;
  // A list of names each followed by "1" says no more than this, at length.
  const counts = entries.every((entry) => entry.count === 1) ? `Every entry${found} holds 1 match.` : `Matches per entry: ${largestEntries(entries)}.`;
  return `The page reaches ${reach}. ${counts}`;
}

/**
 * Which "path" to pass to see more, naming the largest directory the page does not show all of (a
 * file cannot be a "path"); after the entries the page leaves out, the largest of those, which the
 * page shows nothing of.
 */
function narrowingAdvice(result: ResultFacts, context: RenderContext): string[] {
  const { entries, reached } = result.topLevel;
  // A name that is not UTF-8 keeps its quoted form ("\"bad\\xff/\""), which no "path" can name.
  const nameable = (path: string): boolean => !(path.startsWith('"') && path.endsWith('"'));
  const largestFirst = entries.filter((entry) => entry.isDirectory && nameable(entry.path)).sort((a, b) => b.count - a.count);
  if (entries.length > context.maxResults) {
    // An entry holding one match shows that one file as "path", no more than the complete list
    // does: the example holds files the page does not show, one it leaves out where there is one.
    const withFilesOff = largestFirst.filter((entry) => entry.count > 1 && entry.count > entry.onPage);
    const leftOut = withFilesOff.find((entry) => entry.onPage === 0) ?? withFilesOff[0];
    const example = leftOut ? `: pass one entry as "path" to look inside it, for example ${entryCall(leftOut.path, result, context)}` : '';
    const missing = entries.filter((entry) => entry.onPage === 0);
    // Named all the same (MISSING_ENTRIES_SHOWN), each without the "1" that says nothing.
    const missingCounts = missing.every((entry) => entry.count === 1)
      ? `, ${missing.length === 1 ? 'with' : 'each with'} 1 match (${entryNames(missing, MISSING_ENTRIES_SHOWN)})`
      : ` (${entryCounts(missing, MISSING_ENTRIES_SHOWN)})`;
    return [`There are more top-level entries (${number(entries.length)}) than paths on a page (${number(context.maxResults)}), so ${count(entries.length - reached, 'entry', 'entries')} ${entries.length - reached === 1 ? 'is' : 'are'} not on it at all${missingCounts}${example}.`];
  }
  // Of entries of equal size, the first may be all on the page where a later one is not.
  const largestWithFilesOff = largestFirst.find((entry) => entry.count > entry.onPage);
  if (largestWithFilesOff) {
    return [`To see more of one entry, pass it as "path", for example ${entryCall(largestWithFilesOff.path, result, context)}.`];
  }
  return [];
}

/**
 * The input that searches inside one entry: its "path", and the pattern as it reads from there
 * when the one given was anchored to the search root above it (lookInside.ts).
 */
function entryCall(entryPath: string, result: ResultFacts, context: RenderContext): string {
  return callInto(lookInside(context.pattern, entryPath, false) ?? { path: trimSlash(entryPath), pattern: context.pattern.source, rewritten: false, flat: false }, result.includeIgnored);
}

/** The input to pass, with "includeIgnored" kept (keptIgnored). */
function callInto(look: LookInside, includeIgnored: boolean): string {
  const ignored = keptIgnored(includeIgnored);
  const path = `"path": ${quoted(look.path)}`;
  if (!look.rewritten) {
    return `${path}${ignored}`;
  }
  return look.pattern === undefined ? `${path}${ignored} (with the pattern written from inside it)` : `${path}, "pattern": ${quoted(look.pattern)}${ignored}`;
}

/** The pattern with each alternative written out, or how to write it where it could not be. */
function writtenOutAdvice(writtenOut: string | undefined, includeIgnored: boolean): string {
  return writtenOut === undefined
    ? 'Write each alternative out in full instead.'
    : `With each alternative written out: "pattern": ${quoted(writtenOut)}${keptIgnored(includeIgnored)}.`;
}

/** Advice into an entry keeps "includeIgnored": without it the entry may hold none of the files counted there. */
function keptIgnored(includeIgnored: boolean): string {
  return includeIgnored ? ', "includeIgnored": true' : '';
}

/**
 * For a page under one entry: where a round robin would spread, which may be further down the
 * directories the pattern names (`src/core/**\/*.ts`) or, for a pattern that is not anchored,
 * that every match lies under (`within`), or that it would not, when every match lies directly in
 * one directory (`src/core/*.ts`, or as the matches show). A directory is named as the page shows
 * its paths: a tab or newline in its name, printed as it is, broke the line.
 */
function spreadAdvice(only: string, result: ResultFacts, context: RenderContext): string {
  const within = result.topLevel.within;
  const ignored = keptIgnored(result.includeIgnored);
  if (within?.flat) {
    return ` They all lie directly in ${showName(within.path)}, so a round robin inside it would pick the same files.`;
  }
  // "**/*.ts" matches the same names from any directory, as a pattern that is not anchored does.
  const anywhere = !context.pattern.anchored || (!context.pattern.negated && /^\*\*\/[^/]*$/.test(context.pattern.source));
  if (within !== undefined && anywhere && within.path.length > only.length) {
    return ` To see how they spread inside ${showName(within.path)}, pass it as "path": ${quoted(trimSlash(within.path))}${ignored}.`;
  }
  const look = lookInside(context.pattern, only, true);
  if (look === undefined) {
    return ` To see how they spread inside it, pass it as "path": ${quoted(trimSlash(only))}${ignored}.`;
  }
  if (look.flat) {
    return ` They all lie directly in ${showName(`${look.path}/`)}, so a round robin inside it would pick the same files.`;
  }
  const where = look.path === trimSlash(only) ? 'it' : showName(`${look.path}/`);
  return ` To see how they spread inside ${where}, pass ${look.rewritten ? '' : 'it as '}${callInto(look, result.includeIgnored)}.`;
}

function spillLine(result: ResultFacts): string {
  const spill = result.spill;
  if (!spill) {
    return listingCut(result) ? 'The list of the files found was not saved.' : 'The complete list was not saved.';
  }
  if (!spill.saved) {
    return `The ${listingCut(result) ? 'list of the files found' : 'complete list'} could not be saved (${spill.reason}); narrow "path" or the pattern to see the rest.`;
  }
  const cut = spill.written < result.total ? ` (cut at its size bound after ${number(spill.written)} paths)` : '';
  const list = listingCut(result) ? `The list of the ${count(result.total, 'path')} found so far` : `The complete list of ${count(result.total, 'path')}`;
  // Where no time was read at all, every line is by path: "oldest first", and the newest "just
  // before" the unread ones, named an order the list does not have (as headLine's did).
  const byPathOnly = noTimeRead(result);
  const read = `${list}, ${byPathOnly ? 'by path (no file\'s time was read)' : 'oldest first'}, is saved in ${spill.path}${cut}: read it with a file-reading tool.`;
  if (spill.written === 0) {
    return read;
  }
  // Files whose times a stop left unread come last, by path: the last lines are not the newest then.
  const newest =
    spill.written < result.total || byPathOnly
      ? ''
      : result.unread > 0
        ? `; ${result.unread === 1 ? 'the last line is a file whose time was not read' : `the last ${count(result.unread, 'line')} are files whose times were not read, by path,`} and the newest of the others come just before ${result.unread === 1 ? 'it' : 'them'}`
        : ', so the newest files are on its last lines';
  return `${read} After a short header it holds one path per line, on lines ${number(spill.pathLines.first)} to ${number(spill.pathLines.last)}${newest}.`;
}

function largestEntries(entries: ResultFacts['topLevel']['entries']): string {
  return entryCounts(entries, LARGEST_ENTRIES_SHOWN);
}

/** The first `shown` of `entries` by name alone, and how many more there are. */
function entryNames(entries: ResultFacts['topLevel']['entries'], shown: number): string {
  return listedLabels(entries.slice(0, shown), entries.length - Math.min(shown, entries.length));
}

/** The largest `shown` of `entries` with their match counts, and how many more there are. */
function entryCounts(entries: ResultFacts['topLevel']['entries'], shown: number): string {
  const largest = [...entries].sort((a, b) => b.count - a.count).slice(0, shown);
  return countedLabels(largest, entries.length - largest.length);
}

/** That the search stopped early, and what that leaves out; undefined for a complete result. */
function incompleteLine(result: ResultFacts, context: RenderContext): string | undefined {
  if (result.complete) {
    return undefined;
  }
  const counted = resultCountedAs(result);
  // Found but not read: in the result, after the others (walk/statWays/record.ts NOT_READ).
  const unread = result.unread > 0 ? `the times of ${count(result.unread, counted)} were not read, so ${result.unread === 1 ? 'it comes' : 'they come'} last, by path, not by time` : '';
  const stopped = stopSentence(result, context);
  return result.listedAll
    ? `INCOMPLETE: ${stopped} while file times were read. All ${count(result.total, `matching ${counted}`)} are here${unread ? `, but ${unread}` : ''}. Search again for their whole order.`
    : result.total === 0
      ? `INCOMPLETE: ${stopped} before any file was found; files may match. Narrow "path" or the pattern and search again.`
      : `INCOMPLETE: ${stopped}, so these ${count(result.total, counted)} are only what was found before that${unread ? `; ${unread}` : ''}; more files may match. Narrow "path" or the pattern and search again.`;
}

/**
 * That workspace folders were left out and how many were searched, on a line of its own, whatever
 * else the answer says: without "path" there is one root per folder searched.
 */
function notSearchedLine(notOnDisk: NonNullable<ResultFacts['foldersNotOnDisk']>, searched: number): string {
  const all = searched + notOnDisk.length;
  return `${foldersNotOnDiskSentence(notOnDisk)}, so ${notOnDisk.length === 1 ? 'it was' : 'they were'} not searched; only ${number(searched)} of the ${number(all)} workspace folders ${searched === 1 ? 'was' : 'were'}.`;
}

/** Lines about anything else that makes the result less than the whole truth. */
function problems(result: ResultFacts): string[] {
  const notOnDisk = result.foldersNotOnDisk ?? [];
  const gone = droppedLine(result);
  return [
    ...(notOnDisk.length > 0 ? [notSearchedLine(notOnDisk, result.roots.length)] : []),
    ...warningLines(result.warnings),
    ...(gone === undefined ? [] : [gone]),
  ];
}

function droppedLine(result: ResultFacts): string | undefined {
  const gone = result.dropped.vanished + result.dropped.unreadable;
  return gone > 0 ? `${count(gone, 'matching file')} vanished or could not be read while the search ran and ${gone === 1 ? 'is' : 'are'} left out.` : undefined;
}

/**
 * The footer's lines that say files may be missing from the result or out of their order (the
 * stop, ripgrep's problems reading the tree, matches gone while it ran), word for word, for the
 * quick pick, which shows the page without the footer (result.ts `cautions`).
 */
export function renderCautions(result: ResultFacts, context: RenderContext): string[] {
  return [incompleteLine(result, context), hidingWarningLine(result.warnings), droppedLine(result)].filter((line) => line !== undefined).map((line) => echoedShort(line, result, context));
}

function stopSentence(result: ResultFacts, context: RenderContext): string {
  const bound = `the search stopped at its bound of ${number(context.maxPaths)} matching paths`;
  // A cancellation or the time limit after the bound ended the reading of the held files' times:
  // both are said, or a Ctrl-C there read as the bound alone.
  const afterBound = result.boundReached === true;
  switch (result.incompleteBecause) {
    case 'timeout':
      return `${afterBound ? `${bound} and then` : 'the search stopped'} at its time limit of ${seconds(context.timeoutMs ?? 0)}`;
    case 'cancelled':
      return afterBound ? `${bound} and was then cancelled` : 'the search was cancelled';
    case 'limit':
      return bound;
    case 'ripgrepKilled':
      return 'ripgrep was killed before it finished';
    default:
      return 'the search stopped early';
  }
}

/**
 * A time limit as set: "30 s", "1.5 s", "1.23456 s" (not rounded to whole seconds, which made 0.4 s
 * read "0 s"), to twelve digits (seconds to milliseconds and back made 1e-9 read
 * 1.0000000000000003e-9), whole seconds grouped ("1,234,567.5 s"). Under a millisecond it is said
 * in words: a timer waits at least that long, and "1e-300 s" read as a slip, not as a time. (A
 * limit too long for a timer never fires: stopper.ts.)
 */
function seconds(ms: number): string {
  if (ms < 1) {
    return 'less than a millisecond';
  }
  const [whole, fraction] = String(Number((ms / 1000).toPrecision(12))).split('.');
  return `${number(Number(whole))}${fraction === undefined ? '' : `.${fraction}`} s`;
}

function trimSlash(label: string): string {
  return label.endsWith('/') ? label.slice(0, -1) : label;
}
