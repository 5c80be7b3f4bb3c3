/**
 * The searches the footer suggests, for a person to run with a click: `@glob`'s follow-ups and
 * the quick pick's items. Over the cap, a look inside each of the largest entries the page shows
 * only part of (with the pattern as it reads from there, lookInside.ts); for an empty answer, the
 * pattern a slip was meant as (or the name with any extension, sameStem.ts, or a near pattern
 * that finds files, nearMatches.ts, such as one with a near directory in place of a missing one;
 * in the workspace folder a pattern started with the name of, emptyResult.ts), and the same
 * search with ignored files when some of those match.
 * Free of the `vscode` module so plain-Node tests can check it.
 */

import type { GlobResult } from '../core';
import type { GlobInput } from '../core/request/input';
import { lookInside, type PatternShape } from '../core/page/lookInside';
import { slipPatternMeant } from '../core/emptyAnswer/patternSlips';
import { chatPromptFor } from './chatPrompt';
import { escapeMarkdown } from './markdown';

export interface NextSearch {
  readonly label: string;
  readonly input: GlobInput;
  /** The same as `@glob` reads it: `PATTERN [PATH] [--include-ignored]` (chatPrompt.ts). */
  readonly prompt: string;
}

/**
 * A next search as `@glob`'s follow-up. VS Code (1.139) renders a follow-up's label as Markdown,
 * so its pattern is escaped: "Search for *a*" showed "Search for a" in italics. The quick pick and
 * the notification's buttons show the label as plain text, and take it as it is.
 */
export function chatFollowup({ label, prompt }: NextSearch): { readonly label: string; readonly prompt: string } {
  return { label: escapeMarkdown(label), prompt };
}

/** How many entries get a search of their own. */
const ENTRIES_OFFERED = 2;

/** `shape`: the request's pattern as matched; without it no entry is offered. */
export function nextSearches(result: GlobResult, shape: PatternShape | undefined, input: GlobInput): NextSearch[] {
  // A result with matches cut short by "{ts, tsx}" written with spaces: the search meant first.
  // So is one that "*.y{a,}ml" cut short: its empty alternative is dropped (patternSlips.ts).
  const rewritten = result.bracesWithoutSpaces ?? result.emptyAlternative?.writtenOut;
  const meant = result.total > 0 && rewritten !== undefined ? [nextSearch(`Search for ${rewritten}`, { ...input, pattern: rewritten })] : [];
  const offered = result.total === 0 ? emptyAnswerSearches(result, input) : [...meant, ...(shape === undefined ? [] : entrySearches(result, shape, input))];
  return offered.filter((next): next is NextSearch => next !== undefined);
}

function entrySearches(result: GlobResult, shape: PatternShape, input: GlobInput): Array<NextSearch | undefined> {
  if (result.page.length >= result.total) {
    return [];
  }
  const partly = result.topLevel.entries.filter((entry) => entry.isDirectory && entry.count > entry.onPage).sort((a, b) => b.count - a.count);
  return partly.slice(0, ENTRIES_OFFERED).map((entry) => {
    const look = lookInside(shape, entry.path, false);
    return look?.pattern === undefined ? undefined : nextSearch(`Look inside ${entry.label}`, { ...input, pattern: look.pattern, path: look.path });
  });
}

function emptyAnswerSearches(result: GlobResult, input: GlobInput): Array<NextSearch | undefined> {
  const meant = patternMeant(result);
  // A near directory whose files only ignore rules hide: the search with them lifted.
  const nearIgnored = result.missingDirectoryNear?.ignored !== undefined && meant === result.missingDirectoryNear.matches?.pattern;
  // Where ignored files match, and where the look at them stopped before it had searched them all
  // (the answer then says to search them all).
  const ignoredMayMatch = result.ignoredMatches !== undefined && (result.ignoredMatches.count > 0 || !result.ignoredMatches.complete);
  // Ignored files the pattern matches at any depth, or of its name with another extension.
  const stemIgnored = result.ignoredMatches?.count === 0 ? (result.ignoredMatches.anyDepth?.pattern ?? result.ignoredMatches.sameStem?.pattern) : undefined;
  const ignored = input.includeIgnored
    ? undefined
    : ignoredMayMatch
      ? nextSearch('Include ignored files', { ...input, includeIgnored: true })
      : stemIgnored !== undefined
        ? nextSearch(`Search for ${stemIgnored} with ignored files`, { ...input, pattern: stemIgnored, includeIgnored: true })
        : undefined;
  // A pattern that starts with a workspace folder's name is meant for that folder alone.
  const folder = meant !== undefined && meant === result.rootRepeated?.pattern ? result.rootRepeated.path : undefined;
  const search =
    meant === undefined
      ? undefined
      : nearIgnored
        ? nextSearch(`Search for ${meant} with ignored files`, { ...input, pattern: meant, includeIgnored: true })
        : folder === undefined
          ? nextSearch(`Search for ${meant}`, { ...input, pattern: meant })
          : nextSearch(`Search ${folder} for ${meant}`, { ...input, pattern: meant, path: folder });
  return [search, ignored];
}

/** The pattern the empty answer says was likely meant, if it names one. */
function patternMeant(result: GlobResult): string | undefined {
  return (
    slipPatternMeant(result) ??
    result.rootRepeated?.pattern ??
    (result.missingDirectoryNear?.matches?.count || result.missingDirectoryNear?.ignored ? result.missingDirectoryNear.matches?.pattern : undefined) ??
    result.missingDirectoryDeeper?.pattern ??
    result.missingDirectoryFile?.pattern ??
    result.nearSegmentMatches?.pattern ??
    (result.directories?.found.length ? result.directories.inside : undefined) ??
    result.sameStem?.pattern ??
    result.nearNameMatches?.pattern ??
    result.relatedExtensions?.[0]?.pattern ??
    result.deeperMatches?.pattern ??
    result.nameElsewhereMatches?.pattern ??
    (result.anyDepthMatches?.count ? result.anyDepthMatches.pattern : undefined)
  );
}

/** A search of `input`, or none when no prompt reads back as it (chatPrompt.ts). */
function nextSearch(label: string, input: GlobInput): NextSearch | undefined {
  const prompt = chatPromptFor(input);
  return prompt === undefined ? undefined : { label, input, prompt };
}
