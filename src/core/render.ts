/**
 * The model-facing text (SPEC §3): the page's paths inside `<files>` … `</files>`, then the
 * footer in plain sentences. A shown path never contains `</` (such names are quoted), so the
 * closing tag cannot be a path and nothing after it can be mistaken for one.
 */

import type { GlobResult, Incompleteness } from './result';

/** Facts the text needs that the result does not carry. */
export interface RenderContext {
  /** The page size the result was cut to. */
  readonly maxResults: number;
  /** When a `/` anchors the pattern to the search root, the same pattern at any depth. */
  readonly anyDepthPattern?: string;
  /** True when the pattern was an absolute path inside the search root (it names its place). */
  readonly absolutePattern: boolean;
  /** True when exclude settings (files.exclude, search.exclude) were applied. */
  readonly excludesApplied: boolean;
  readonly timeoutMs?: number;
  readonly maxPaths: number;
}

export type ResultFacts = Omit<GlobResult, 'text'>;

/** How many of the largest entries the footer names. */
const LARGEST_ENTRIES_SHOWN = 8;
/** How many of ripgrep's warnings are quoted. */
const WARNINGS_QUOTED = 3;

export function renderModelText(result: ResultFacts, context: RenderContext): string {
  if (result.total === 0) {
    const headline = result.complete
      ? `No files match ${quoted(result.pattern)} in ${result.rootLabel}.`
      : `No files matching ${quoted(result.pattern)} in ${result.rootLabel} were found before the search stopped.`;
    return [headline, ...emptyHints(result, context), ...problems(result, context)].join('\n');
  }
  const lines = ['<files>'];
  result.page.forEach((path, i) => {
    if (result.sampled && i > 0 && path.entry !== result.page[i - 1].entry) {
      lines.push('');
    }
    lines.push(path.shown);
  });
  lines.push('</files>');

  if (result.sampled) {
    lines.push(...sampleFooter(result, context));
  } else if (result.page.length < result.total) {
    lines.push(...headFooter(result, context));
  } else {
    lines.push(`${count(result.total, 'file')} ${result.total === 1 ? 'matches' : 'match'} ${quoted(result.pattern)} in ${result.rootLabel}, oldest first.`);
  }
  lines.push(...problems(result, context));
  return lines.join('\n');
}

function sampleFooter(result: ResultFacts, context: RenderContext): string[] {
  return [
    `Showing ${number(result.page.length)} of ${count(result.total, 'file')} matching ${quoted(result.pattern)} in ${result.rootLabel}.`,
    `That is more than fit on one page (${number(context.maxResults)}), so this page is a sample taken round-robin across the top-level entries (each entry in turn, oldest first within an entry). It is not the ${number(result.page.length)} oldest files: it cannot tell which files are oldest or newest. The complete list can.`,
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
  const lines = [`Showing the ${shown} oldest of ${count(result.total, 'file')} matching ${quoted(result.pattern)} in ${result.rootLabel}, oldest first.`];
  if (!entries.some((entry) => entry.isDirectory)) {
    lines.push(`Every match is a file directly in ${result.rootLabel}, so each is a top-level entry of its own: a round-robin sample across the entries picks the same files as the ${shown} oldest.`);
  } else if (entries.length === 1) {
    const only = entries[0].label;
    lines.push(`All of them are under one top-level entry, ${only}: a round-robin sample across the entries picks the same files as the ${shown} oldest. To see how they spread inside it, pass it as "path": ${quoted(trimSlash(only))}.`);
  } else {
    lines.push(`A round-robin sample across the top-level entries picks these same files here, so the page is simply the ${shown} oldest.`, reachLine(result), ...narrowingAdvice(result, context));
  }
  lines.push(spillLine(result));
  return lines;
}

/** How many entries the page reaches, and the largest ones with their counts. */
function reachLine(result: ResultFacts): string {
  const { entries, reached } = result.topLevel;
  const reach = reached === entries.length ? `all ${number(entries.length)} top-level entries` : `${number(reached)} of ${number(entries.length)} top-level entries`;
  return `The page reaches ${reach}. Matches per entry: ${largestEntries(entries)}.`;
}

/** Which "path" to pass to see more, naming the largest directory (a file cannot be a "path"). */
function narrowingAdvice(result: ResultFacts, context: RenderContext): string[] {
  const { entries, reached } = result.topLevel;
  const largest = entries.filter((entry) => entry.isDirectory).sort((a, b) => b.count - a.count)[0];
  if (entries.length > context.maxResults) {
    const example = largest ? `: pass one entry as "path" to look inside it, for example "path": ${quoted(trimSlash(largest.label))}` : '';
    return [`There are more top-level entries (${number(entries.length)}) than paths on a page (${number(context.maxResults)}), so ${count(entries.length - reached, 'entry', 'entries')} ${entries.length - reached === 1 ? 'is' : 'are'} not on it at all${example}.`];
  }
  if (largest && largest.count > largest.onPage) {
    return [`To see more of one entry, pass it as "path", for example "path": ${quoted(trimSlash(largest.label))}.`];
  }
  return [];
}

function spillLine(result: ResultFacts): string {
  const spill = result.spill;
  if (!spill) {
    return 'The complete list was not saved.';
  }
  if (!spill.saved) {
    return `The complete list could not be saved (${spill.reason}); narrow "path" or the pattern to see the rest.`;
  }
  const cut = spill.written < result.total ? ` (cut at its size bound after ${number(spill.written)} paths)` : '';
  return `The complete list of ${count(result.total, 'path')}, oldest first, is saved in ${spill.path}${cut}: read it with a file-reading tool; after a short header, it holds one path per line.`;
}

function largestEntries(entries: ResultFacts['topLevel']['entries']): string {
  const largest = [...entries].sort((a, b) => b.count - a.count).slice(0, LARGEST_ENTRIES_SHOWN);
  const parts = largest.map((entry) => `${entry.label} ${number(entry.count)}`);
  if (entries.length > largest.length) {
    parts.push(`+${number(entries.length - largest.length)} more`);
  }
  return parts.join(' · ');
}

/** Lines about anything that makes the result less than the whole truth. */
function problems(result: ResultFacts, context: RenderContext): string[] {
  const lines: string[] = [];
  if (!result.complete) {
    const skipped = result.dropped.skipped > 0 ? ` (${count(result.dropped.skipped, 'more match', 'more matches')} found but not yet ordered are left out)` : '';
    lines.push(`INCOMPLETE: ${stopSentence(result.incompleteBecause, context)}, so these ${count(result.total, 'file')} are only what was found before that${skipped}; more files may match. Narrow "path" or the pattern and search again.`);
  }
  if (result.warnings.count > 0) {
    const quotedWarnings = result.warnings.first.slice(0, WARNINGS_QUOTED).join('; ');
    lines.push(`ripgrep reported ${count(result.warnings.count, 'problem')} reading the tree, so files below those paths may be missing: ${quotedWarnings}${result.warnings.count > WARNINGS_QUOTED ? '; …' : ''}.`);
  }
  const gone = result.dropped.vanished + result.dropped.unreadable;
  if (gone > 0) {
    lines.push(`${count(gone, 'matching file')} vanished or could not be read while the search ran and ${gone === 1 ? 'is' : 'are'} left out.`);
  }
  return lines;
}

function stopSentence(reason: Incompleteness | undefined, context: RenderContext): string {
  switch (reason) {
    case 'timeout':
      return `the search stopped at its time limit of ${number(Math.round((context.timeoutMs ?? 0) / 1000))} s`;
    case 'cancelled':
      return 'the search was cancelled';
    case 'limit':
      return `the search stopped at its bound of ${number(context.maxPaths)} matching paths`;
    case 'ripgrepKilled':
      return 'ripgrep was killed before it finished';
    default:
      return 'the search stopped early';
  }
}

function emptyHints(result: ResultFacts, context: RenderContext): string[] {
  if (!result.complete) {
    return [];
  }
  const hints = slipHints(result);
  // Advice about where a pattern matches is about the pattern as written, which a slip says to
  // write again first. Nor is it given when ignored files match the pattern where it is anchored.
  const rewritten = hints.length > 0;
  if (result.missingDirectory !== undefined) {
    const otherCase = result.missingDirectoryOtherCase;
    hints.push(
      otherCase === undefined
        ? `- ${quoted(result.missingDirectory)} does not exist in ${result.rootLabel}.`
        : `- ${quoted(result.missingDirectory)} does not exist in ${result.rootLabel}, but ${quoted(otherCase)} does: names are matched case-sensitively.`,
    );
  }
  if (result.caseless) {
    const { count: files, examples } = result.caseless;
    hints.push(
      `- ${count(files, 'file')} ${files === 1 ? 'matches' : 'match'} when case is ignored${someOf(files, examples)}. Names are matched case-sensitively, so write the pattern in their case.`,
    );
  }
  const elsewhere = result.absoluteElsewhere;
  if (result.rootRepeated) {
    // Starting the pattern with "**/" would not help: the directories would still be looked for
    // below themselves.
    const { directories, pattern } = result.rootRepeated;
    hints.push(
      `- The pattern starts with ${quoted(directories)}, but the search already starts inside ${directories} and matches from there down, so it looked for ${directories}${directories}. Leave it out of the pattern: "pattern": ${quoted(pattern)}.`,
    );
  } else if (elsewhere) {
    // The advice below, to start the pattern with "**/", would only send the model looking
    // inside the root for a path it meant outside it.
    hints.push(
      `- The pattern starts with ${quoted(elsewhere.directory)}, a directory outside ${result.rootLabel}, but a pattern is matched inside ${result.rootLabel}: a leading "/" only anchors it there. To search that directory, pass it as "path" and the rest as the pattern: "path": ${quoted(elsewhere.directory)}, "pattern": ${quoted(elsewhere.pattern)}.`,
    );
  } else if (context.anyDepthPattern !== undefined && !rewritten && !result.directories?.found.length && !result.ignoredMatches?.count) {
    hints.push(
      context.absolutePattern
        ? `- The pattern is an absolute path, so only that place was searched. To match the same names at any depth of ${result.rootLabel}, use ${quoted(context.anyDepthPattern)}.`
        : `- The pattern contains "/", so it is anchored to ${result.rootLabel} (it must match from there down). To match at any depth, start it with "**/", for example ${quoted(context.anyDepthPattern)}.`,
    );
  }
  if (!result.includeIgnored) {
    hints.push(ignoredHint(result.ignoredMatches, context.excludesApplied));
  }
  if (result.pattern !== result.pattern.trim()) {
    hints.push('- The pattern starts or ends with whitespace, which must then be part of the file name.');
  }
  if (result.regularExpression) {
    hints.push('- The pattern is read as a glob, not a regular expression: "*" stands for any characters within a name, "?" for one, "{a,b}" for either; for example "*.test.ts" finds names ending in ".test.ts".');
  }
  hints.push(directoriesHint(result));
  return hints;
}

/** That only files are returned, and how to list what is inside the directories the pattern may name. */
function directoriesHint(result: ResultFacts): string {
  const directories = result.directories;
  if (directories === undefined) {
    return '- Only files are returned, never directories; to list what is inside a directory, end the pattern with "/" ("src/" for the src directory). Matching is case-sensitive.';
  }
  const { inside, found } = directories;
  if (found.length > 0) {
    const named = found.length === 1 ? `${quoted(found[0])} is a directory` : `${found.map(quoted).join(', ')} are directories`;
    return `- ${named}, and only files are returned, never directories. To list the files inside: "pattern": ${quoted(inside)}.`;
  }
  return `- Only files are returned, never directories; if ${quoted(result.pattern)} names directories, "pattern": ${quoted(inside)} lists the files inside them. Matching is case-sensitive.`;
}

/** The pattern as it was likely meant, for each slip in how it was written (patternSlips.ts). */
function slipHints(result: ResultFacts): string[] {
  const hints: string[] = [];
  if (result.unquoted !== undefined) {
    hints.push(`- The pattern is wrapped in quotes, which would have to be part of the file name. Without them: "pattern": ${quoted(result.unquoted)}.`);
  }
  const several = result.severalPatterns;
  if (several) {
    const pieces = `${several.pieces.length} patterns (${several.pieces.map(quoted).join(', ')})`;
    hints.push(
      several.joined === undefined
        ? `- The pattern reads as ${pieces}, but it is one glob, and a "{…}" cannot hold another: search for each on its own.`
        : `- The pattern reads as ${pieces}, but it is one glob; "{a,b}" matches either: "pattern": ${quoted(several.joined)}.`,
    );
  }
  if (result.bracesWithoutSpaces !== undefined) {
    hints.push(`- The spaces beside the commas and braces of "{…}" are part of the names it matches. Without them: "pattern": ${quoted(result.bracesWithoutSpaces)}.`);
  }
  if (result.backslashesAsSeparators !== undefined) {
    hints.push(`- Here "\\" escapes the character after it; directories are separated by "/": ${quoted(result.backslashesAsSeparators)}.`);
  }
  return hints;
}

/** What passing `includeIgnored` would do, as far as the empty search's look at ignored files learned. */
function ignoredHint(ignored: ResultFacts['ignoredMatches'], excludesApplied: boolean): string {
  const hidden = `hidden by .gitignore, .ignore and .rgignore files${excludesApplied ? ' and by the files.exclude and search.exclude settings' : ''}`;
  if (ignored === undefined) {
    return `- Files ${hidden} were not searched; pass "includeIgnored": true to search them too.`;
  }
  if (ignored.count === 0) {
    return `- No file ${hidden} matches either, so "includeIgnored" would not help.`;
  }
  const files = ignored.complete ? count(ignored.count, 'file') : `At least ${count(ignored.count, 'file')}`;
  return `- ${files} ${hidden} ${ignored.count === 1 ? 'matches' : 'match'}${someOf(ignored.count, ignored.examples)}. Pass "includeIgnored": true to search them.`;
}

/** Examples after a count of files: all of them after a colon, or "such as" when there are more. */
function someOf(total: number, examples: readonly string[]): string {
  const shown = examples.map(quoted).join(', ');
  return total > examples.length ? `, such as ${shown}` : `: ${shown}`;
}

function trimSlash(label: string): string {
  return label.endsWith('/') ? label.slice(0, -1) : label;
}

function quoted(text: string): string {
  return JSON.stringify(text);
}

/**
 * A whole number with thousands separators, as en-US writes it (12,345). Not Intl: building a
 * NumberFormat loads ICU's locale data, about 17 ms at the command line's start-up.
 */
export function number(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`;
  }
  return value < 0 ? `-${grouped}` : grouped;
}

function count(value: number, singular: string, plural = `${singular}s`): string {
  return `${number(value)} ${value === 1 ? singular : plural}`;
}
